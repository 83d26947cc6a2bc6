#include "core/data_file.h"

#include <fstream>
#include <nlohmann/json.hpp>

#include "core/error.h"

namespace tt {

nlohmann::json read_data_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw Error("cannot read " + path);
  try {
    return nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    // "[json.exception.parse_error.101] parse error at line 1, column 3: ..."
    // says nothing more to an author than "not JSON: parse error at ...".
    std::string what = e.what();
    if (const auto end = what.find("] ");
        what.rfind("[json.exception.", 0) == 0 && end != std::string::npos)
      what.erase(0, end + 2);
    throw Error(path + ": not JSON: " + what);
  }
}

void DataProblems::add(const std::string& where, const std::string& what) {
  // A JSON type error's "[json.exception.type_error.302] " says nothing to an author.
  std::string text = what;
  if (text.rfind("[json.exception.", 0) == 0) {
    const auto end = text.find("] ");
    if (end != std::string::npos) text.erase(0, end + 2);
  }
  // A message that already names its entry is not prefixed twice.
  const bool named = !where.empty() && text.rfind(where, 0) == 0;
  list_.push_back(where.empty() || named ? text : where + ": " + text);
}

void DataProblems::throw_if_any(const std::string& what) const {
  if (list_.empty()) return;
  if (list_.size() == 1) throw Error(list_.front());
  std::string text = what + ": " + std::to_string(list_.size()) + " problems";
  for (auto& p : list_) text += "\n  - " + p;
  throw Error(text);
}

}  // namespace tt
