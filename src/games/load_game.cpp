// Loading a built-in game with card data overrides (docs/data-overrides.md):
// the game's data folder is copied to a private temporary folder, the
// overridden entries are patched there, the game's own loader reads the copy,
// and the copy is removed. So a patched value is checked exactly as a value
// in the data files is.
#include "games/load_game.h"

#include <stdlib.h>  // mkdtemp

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/data_file.h"
#include "core/registry.h"

namespace tt {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// A private folder, removed with everything in it when this goes.
class TempFolder {
 public:
  TempFolder() {
    std::string pattern = (fs::temp_directory_path() / "tabletop-data-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw Error("cannot make a temporary folder for the card data");
    path_ = pattern;
  }
  ~TempFolder() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// One data file of the game (a .json file at the top of its folder).
struct DataFile {
  std::string name;  // "cards.json"
  json content;
  bool changed = false;
};

// Where an entry with an "id" is: a file, the list it is in, its index.
struct Entry {
  std::size_t file;
  std::string list;  // the top-level key ("cards", "monsters"); "" for a file that is a list
  std::size_t index;
};

std::vector<DataFile> read_data_files(const fs::path& folder) {
  std::vector<DataFile> files;
  std::error_code ec;
  for (const auto& item : fs::directory_iterator(folder, ec))
    if (item.is_regular_file() && item.path().extension() == ".json")
      files.push_back({item.path().filename().string(), read_data_file(item.path().string())});
  std::sort(files.begin(), files.end(),
            [](const DataFile& a, const DataFile& b) { return a.name < b.name; });
  return files;
}

// The entries of `files` with this id, in lists named `in` (any when empty).
std::vector<Entry> find_entries(const std::vector<DataFile>& files, const std::string& id,
                                const std::string& in) {
  std::vector<Entry> found;
  const auto scan = [&](std::size_t f, const std::string& list, const json& array) {
    if (!array.is_array() || (!in.empty() && list != in)) return;
    for (std::size_t i = 0; i < array.size(); ++i) {
      const json& e = array[i];
      if (e.is_object() && e.contains("id") && e["id"] == id) found.push_back({f, list, i});
    }
  };
  for (std::size_t f = 0; f < files.size(); ++f) {
    const json& content = files[f].content;
    if (content.is_array()) scan(f, "", content);
    if (content.is_object())
      for (const auto& [key, value] : content.items()) scan(f, key, value);
  }
  return found;
}

std::string where(const std::vector<DataFile>& files, const Entry& e) {
  return files[e.file].name + (e.list.empty() ? "" : " \"" + e.list + "\"");
}

// The override's fields, checked; `n` counts overrides from 1 for messages.
struct Override {
  std::string card, in;
  const json* set = nullptr;
};

Override read_override(const json& o, std::size_t n) {
  const std::string at = "override " + std::to_string(n) + ": ";
  if (!o.is_object())
    throw Error(at + "expected an object {\"card\": \"<id>\", \"set\": {...}}, got " + o.dump());
  for (const auto& [key, value] : o.items())
    if (key != "card" && key != "set" && key != "in")
      throw Error(at + "unknown field \"" + key + "\" (fields: card, set, in)");
  if (!o.contains("card") || !o["card"].is_string())
    throw Error(at + "\"card\" must name a card id");
  if (!o.contains("set") || !o["set"].is_object())
    throw Error(at + "\"set\" must be an object of the fields to change");
  if (o.contains("in") && !o["in"].is_string())
    throw Error(at + "\"in\" must name a list of the data file (\"cards\", \"monsters\")");
  if (o["set"].contains("id")) throw Error(at + "an override cannot change a card's id");
  return {o["card"].get<std::string>(), o.value("in", std::string()), &o["set"]};
}

// The known games, for a message.
std::string known_games() {
  std::string known;
  for (const std::string& g : builtin_game_names()) known += (known.empty() ? "" : ", ") + g;
  return known;
}

// `text` with every occurrence of `from` replaced by `to`.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); !from.empty() && at != std::string::npos;
       at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

}  // namespace

std::shared_ptr<const Game> load_game(const std::string& name, const std::string& data_dir,
                                      const json& overrides) {
  const auto names = builtin_game_names();
  if (std::find(names.begin(), names.end(), name) == names.end())
    throw Error("unknown game '" + name + "' (known: " + known_games() + ")");
  if (!overrides.is_array())
    throw Error("card data overrides must be a JSON array of {\"card\": \"<id>\", \"set\": {...}}");
  std::vector<Override> wanted;
  for (std::size_t i = 0; i < overrides.size(); ++i)
    wanted.push_back(read_override(overrides[i], i + 1));

  const fs::path source = fs::path(data_dir) / name;
  std::error_code ec;
  if (!fs::is_directory(source, ec))
    throw DataError("there is no card data folder " + source.string() + " for " + name);
  std::vector<DataFile> files = read_data_files(source);
  for (std::size_t i = 0; i < wanted.size(); ++i) {
    const Override& o = wanted[i];
    const std::string at = "override " + std::to_string(i + 1) + ": ";
    const auto found = find_entries(files, o.card, o.in);
    if (found.empty())
      throw Error(at + "no entry with id '" + o.card + "'" + (o.in.empty() ? "" : " in " + o.in) +
                  " in the " + name + " card data");
    if (found.size() > 1) {
      std::string list;
      for (const Entry& e : found) list += (list.empty() ? "" : ", ") + where(files, e);
      throw Error(at + "the id '" + o.card + "' names " + std::to_string(found.size()) +
                  " entries (" + list + "): say which list with \"in\"");
    }
    const Entry& e = found.front();
    json& content = files[e.file].content;
    const json& list = e.list.empty() ? content : content[e.list];
    // A field no entry of the list has is a misspelling: the game's loader
    // would skip it and the study would measure nothing.
    for (const auto& item : o.set->items()) {
      const std::string& field = item.key();  // named: clang 14 cannot capture a structured binding
      const bool known = std::any_of(list.begin(), list.end(), [&](const json& other) {
        return other.is_object() && other.contains(field);
      });
      if (!known)
        throw Error(at + "no entry of " + where(files, e) + " has a field '" + field +
                    "' (misspelt?)");
    }
    json& entry = e.list.empty() ? content[e.index] : content[e.list][e.index];
    entry.merge_patch(*o.set);
    files[e.file].changed = true;
  }

  const TempFolder temp;
  const fs::path copy = temp.path() / name;
  fs::copy(source, copy, fs::copy_options::recursive, ec);
  if (ec) throw DataError("cannot copy the card data of " + name + ": " + ec.message());
  for (const DataFile& f : files) {
    if (!f.changed) continue;
    std::ofstream out(copy / f.name, std::ios::trunc);
    out << f.content.dump(2) << '\n';
    if (!out) throw DataError("cannot write the patched card data of " + name);
  }
  try {
    return construct_builtin_game(name, temp.path().string());
  } catch (const std::exception& e) {
    // The loader names the copy; name the data folder the user gave.
    throw DataError("the card data of " + name + " with the overrides applied is refused: " +
                    replaced(e.what(), copy.string(), source.string()));
  }
}

}  // namespace tt
