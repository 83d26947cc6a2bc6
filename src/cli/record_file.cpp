#include "cli/record_file.h"

#include <filesystem>
#include <fstream>

namespace tt::cli {

std::string default_record_path(const std::string& game, std::uint64_t seed) {
  return "records/" + game + "-" + std::to_string(seed) + ".json";
}

std::string unused_record_path(const std::string& game, std::uint64_t seed) {
  const std::string stem = "records/" + game + "-" + std::to_string(seed);
  std::error_code ec;
  std::string path = stem + ".json";
  for (int n = 2; std::filesystem::exists(path, ec); ++n)
    path = stem + "-" + std::to_string(n) + ".json";
  return path;
}

std::string write_record(const std::string& path, const nlohmann::json& record) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path parent = fs::path(path).parent_path();
  if (!parent.empty()) fs::create_directories(parent, ec);
  if (ec) return "cannot create " + parent.string() + ": " + ec.message();
  // Write beside the target and rename, so a crash never leaves half a record.
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::trunc);
    if (!out) return "cannot write " + tmp;
    out << record.dump(2) << "\n";
    if (!out.flush()) return "cannot write " + tmp;
  }
  fs::rename(tmp, path, ec);
  if (ec) return "cannot write " + path + ": " + ec.message();
  return {};
}

}  // namespace tt::cli
