// The setups of the tables created lately, prepared (Game::prepare: options
// resolved, decks checked against their schema and rules and parsed, the
// shared rules built), by game and setup but its seed. Tables created alike
// (the same game, seats, variant, options and decks: the starter decks, for
// most) are dealt from one prepared setup: preparing it cost more than
// anything else a create does, and a deal is a copy and a shuffle. The
// state dealt is the one Match(game, setup) would start from
// (PreparedSetup::deal's contract; prepared_setups_test.cpp).
#pragma once
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"

namespace tt::server {

class PreparedSetups {
 public:
  // `setup` of `game` prepared, or the one prepared before for the same game
  // and setup but its seed. Throws as Game::prepare does (nothing is kept).
  std::shared_ptr<const PreparedSetup> get(const std::shared_ptr<const Game>& game,
                                           const Setup& setup);
  std::size_t size() const { return entries_.size(); }

  // The most kept: the oldest goes first.
  static constexpr std::size_t kKept = 32;

 private:
  struct Entry {
    std::shared_ptr<const Game> game;  // held, so its address names no other game
    std::string key;                   // the setup but its seed, as JSON text
    std::shared_ptr<const PreparedSetup> prepared;
  };
  std::vector<Entry> entries_;  // oldest first
};

}  // namespace tt::server
