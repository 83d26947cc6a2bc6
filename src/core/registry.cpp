#include "core/registry.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>

namespace tt {

namespace fs = std::filesystem;

Registry& Registry::instance() {
  static Registry registry;
  return registry;
}

void Registry::add(std::shared_ptr<const Game> game, std::string data_hash) {
  if (find(game->name())) return;
  games_.push_back(std::move(game));
  hashes_.push_back(std::move(data_hash));
}

void Registry::add_broken(const std::string& name, const std::string& error) {
  for (auto& b : broken_)
    if (b.name == name) return;
  broken_.push_back({name, error});
}

void Registry::clear() {
  games_.clear();
  hashes_.clear();
  broken_.clear();
  loaded_from_.clear();
}

std::shared_ptr<const Game> Registry::find(const std::string& name) const {
  for (auto& g : games_)
    if (g->name() == name) return g;
  return nullptr;
}

std::shared_ptr<const Game> Registry::get(const std::string& name) const {
  if (auto g = find(name)) return g;
  for (auto& b : broken_)
    if (b.name == name)
      throw DataError("the card data of " + name +
                      " cannot be loaded, so it cannot be played: " + b.error);
  std::string known;
  for (auto& g : games_) known += (known.empty() ? "" : ", ") + g->name();
  throw Error("unknown game '" + name + "' (known: " + known + ")");
}

std::string Registry::data_hash(const std::string& name) const {
  for (std::size_t i = 0; i < games_.size(); ++i)
    if (games_[i]->name() == name) return hashes_[i];
  return {};
}

std::string content_hash(const std::string& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return {};
  std::vector<std::string> files;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::end(it);
       it.increment(ec))
    if (it->is_regular_file(ec))
      files.push_back(fs::relative(it->path(), dir, ec).generic_string());
  std::sort(files.begin(), files.end());
  std::uint64_t h = 0xcbf29ce484222325ull;
  auto feed = [&h](const char* bytes, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
      h ^= static_cast<unsigned char>(bytes[i]);
      h *= 0x100000001b3ull;
    }
  };
  const char zero = 0;
  for (auto& rel : files) {
    feed(rel.data(), rel.size());
    feed(&zero, 1);
    std::ifstream in(fs::path(dir) / rel, std::ios::binary);
    char buf[4096];
    while (in.read(buf, sizeof buf) || in.gcount() > 0)
      feed(buf, static_cast<std::size_t>(in.gcount()));
    feed(&zero, 1);
  }
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(h));
  return text;
}

std::string resolve_data_dir(const std::string& option, const std::string& env,
                             const std::string& exe_path, const std::string& source_dir) {
  if (!option.empty()) return option;
  if (!env.empty()) return env;
  std::error_code ec;
  if (!exe_path.empty()) {
    // An installed binary's own data comes first: the source tree it was
    // built from may have moved on, or be gone.
    const fs::path installed =
        fs::path(exe_path).parent_path() / ".." / "share" / "tabletop" / "data";
    if (fs::is_directory(installed, ec)) return installed.lexically_normal().string();
  }
  return source_dir;
}

}  // namespace tt
