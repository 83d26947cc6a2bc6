// The games this program knows, by name. Core owns the list; the games layer
// fills it (see src/games/registry.cpp), so core never names a game.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"

namespace tt {

class Registry {
 public:
  static Registry& instance();
  void add(std::shared_ptr<const Game> game);
  // nullptr when unknown.
  std::shared_ptr<const Game> find(const std::string& name) const;
  // Throws tt::Error listing the known games.
  std::shared_ptr<const Game> get(const std::string& name) const;
  const std::vector<std::shared_ptr<const Game>>& games() const { return games_; }

 private:
  std::vector<std::shared_ptr<const Game>> games_;
};

// Defined by the games layer: registers every built-in game once.
void register_builtin_games();
// Where card data lives: $TABLETOP_DATA, or the data/ folder of the source tree.
std::string data_dir();

}  // namespace tt
