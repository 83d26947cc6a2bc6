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
    throw Error(path + ": " + e.what());
  }
}

}  // namespace tt
