#include "core/starter_decks.h"

#include <algorithm>
#include <filesystem>

#include "core/data_file.h"
#include "core/error.h"

namespace tt {

StarterDecks::StarterDecks(const std::string& folder) {
  std::error_code ec;
  for (auto& entry : std::filesystem::directory_iterator(folder, ec))
    if (entry.path().extension() == ".json") names_.push_back(entry.path().stem().string());
  std::sort(names_.begin(), names_.end());
  for (auto& name : names_) {
    files_.push_back(folder + "/" + name + ".json");
    try {
      decks_.push_back(read_data_file(files_.back()));
      errors_.emplace_back();
    } catch (const Error& e) {  // names the file
      decks_.emplace_back();
      errors_.emplace_back(e.what());
    }
  }
}

const nlohmann::json* StarterDecks::find(const std::string& name) const {
  for (std::size_t i = 0; i < names_.size(); ++i)
    if (names_[i] == name) return errors_[i].empty() ? &decks_[i] : nullptr;
  return nullptr;
}

const nlohmann::json& StarterDecks::get(const std::string& name, const std::string& kind) const {
  for (std::size_t i = 0; i < names_.size(); ++i) {
    if (names_[i] != name) continue;
    if (!errors_[i].empty())
      throw DataError("the starter " + kind + " '" + name + "' is broken: " + errors_[i]);
    return decks_[i];
  }
  std::string known;
  for (auto& s : names_) known += (known.empty() ? "" : ", ") + s;
  throw Error("unknown starter " + kind + " '" + name + "' (known: " + known + ")");
}

std::string StarterDecks::file(const std::string& name) const {
  for (std::size_t i = 0; i < names_.size(); ++i)
    if (names_[i] == name) return files_[i];
  return "";
}

}  // namespace tt
