// The games layer: registers every built-in game with the core registry,
// each loaded on its own, so one game's broken data breaks only that game.
#include "core/registry.h"

#include <cstdlib>
#include <filesystem>

#include "games/ddm/game.h"
#include "games/lastchronicle/game.h"
#include "games/load_game.h"
#include "games/magic/game.h"
#include "games/suikoden/game.h"

namespace tt {

namespace {

// Each game with the constructor that reads its data from <dir>/<name>.
struct BuiltIn {
  const char* name;
  std::shared_ptr<const Game> (*load)(const std::string& dir);
};

template <typename G>
std::shared_ptr<const Game> make(const std::string& dir) {
  return std::make_shared<G>(dir);
}

constexpr BuiltIn kBuiltIns[] = {
    {"suikoden", make<suikoden::SuikodenGame>},
    {"ddm", make<ddm::DdmGame>},
    {"lastchronicle", make<lastchronicle::LcGame>},
    {"magic", make<magic::MagicGame>},
};

std::string& data_dir_option() {
  static std::string dir;
  return dir;
}

std::string own_path() {
  std::error_code ec;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::string() : exe.string();
}

}  // namespace

std::vector<std::string> builtin_game_names() {
  std::vector<std::string> names;
  for (const BuiltIn& game : kBuiltIns) names.emplace_back(game.name);
  return names;
}

std::shared_ptr<const Game> construct_builtin_game(const std::string& name,
                                                   const std::string& dir) {
  for (const BuiltIn& game : kBuiltIns)
    if (name == game.name) return game.load(dir);
  return nullptr;
}

std::string source_data_dir() {
  return TABLETOP_DATA_DIR;
}

std::string data_dir() {
  const char* env = std::getenv("TABLETOP_DATA");
  return resolve_data_dir(data_dir_option(), env ? env : "", own_path(), source_data_dir());
}

void set_data_dir(const std::string& dir) {
  data_dir_option() = dir;
}

void load_builtin_games(const std::string& dir) {
  auto& r = Registry::instance();
  r.clear();
  std::error_code ec;
  const bool found = std::filesystem::is_directory(dir, ec);
  for (const BuiltIn& game : kBuiltIns) {
    if (!found) {
      r.add_broken(game.name, "there is no card data folder " + dir +
                                  " (name one with --data DIR or TABLETOP_DATA)");
      continue;
    }
    try {
      r.add(game.load(dir), content_hash(dir + "/" + game.name));
    } catch (const std::exception& e) {  // tt::Error, or a JSON type error the loader let through
      r.add_broken(game.name, e.what());
    }
  }
  r.set_loaded_from(dir);
}

void register_builtin_games() {
  const std::string dir = data_dir();
  auto& r = Registry::instance();
  if (r.loaded_from() == dir) return;
  load_builtin_games(dir);
}

}  // namespace tt
