// The games this program knows, by name. Core owns the list; the games layer
// fills it (see src/games/registry.cpp), so core never names a game.
//
// A game whose card data cannot be loaded is kept as a broken game: it is
// listed with its error, and asking for it throws DataError, while every other
// game plays on.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/game.h"

namespace tt {

struct BrokenGame {
  std::string name;
  std::string error;  // what the loader said, naming the file
};

class Registry {
 public:
  static Registry& instance();
  // `data_hash` pins the content the game was loaded from (see content_hash).
  void add(std::shared_ptr<const Game> game, std::string data_hash = {});
  void add_broken(const std::string& name, const std::string& error);
  // Forgets every game (before loading them again from another data folder).
  void clear();

  // nullptr when unknown or broken.
  std::shared_ptr<const Game> find(const std::string& name) const;
  // Throws DataError for a broken game, tt::Error listing the known games
  // for an unknown one.
  std::shared_ptr<const Game> get(const std::string& name) const;
  const std::vector<std::shared_ptr<const Game>>& games() const { return games_; }
  const std::vector<BrokenGame>& broken() const { return broken_; }
  // The hash of the data the game was loaded from; "" when not known.
  std::string data_hash(const std::string& name) const;

  // The data folder the games were loaded from ("" before any load).
  const std::string& loaded_from() const { return loaded_from_; }
  void set_loaded_from(std::string dir) { loaded_from_ = std::move(dir); }

 private:
  std::vector<std::shared_ptr<const Game>> games_;
  std::vector<std::string> hashes_;  // parallel to games_
  std::vector<BrokenGame> broken_;
  std::string loaded_from_;
};

// FNV-1a (64 bits) over every regular file under `dir`, in sorted order of
// their paths relative to `dir`: each path, a 0 byte, the file's bytes, a 0
// byte. As 16 hex digits; "" when `dir` is not a folder.
std::string content_hash(const std::string& dir);

// Where the card data is, given what the user said (--data, then
// $TABLETOP_DATA), the program's own path (an installed binary keeps its data
// in <prefix>/share/tabletop/data beside <prefix>/bin) and the source tree's
// data/ folder: the first that is given, or that exists.
std::string resolve_data_dir(const std::string& option, const std::string& env,
                             const std::string& exe_path, const std::string& source_dir);

// Defined by the games layer. Loads every built-in game from data_dir()
// unless they were loaded from there already.
void register_builtin_games();
// Replaces every game with those loaded from `dir` (a game whose data is
// broken is registered as broken).
void load_builtin_games(const std::string& dir);
// Where card data lives: the folder set by set_data_dir (--data), else
// $TABLETOP_DATA, else <prefix>/share/tabletop/data beside an installed
// binary, else the data/ folder of the source tree.
std::string data_dir();
// The data/ folder of the source tree this binary was built from (tests copy
// it; the last default of data_dir()).
std::string source_data_dir();
// --data: overrides $TABLETOP_DATA and the defaults ("" clears it).
void set_data_dir(const std::string& dir);

}  // namespace tt
