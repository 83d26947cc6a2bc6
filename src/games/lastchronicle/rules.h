// The rules in force for one game: the card pool and every named option
// (docs/games/lastchronicle.md lists each, with the assumption it encodes).
#pragma once
#include <memory>
#include <vector>

#include "core/options.h"
#include "games/lastchronicle/card_facts.h"
#include "games/lastchronicle/cards.h"

namespace tt::lastchronicle {

struct Rules {
  std::shared_ptr<const Pool> pool_ptr;
  const Pool& pool;
  int seats = 2;
  bool multiplayer = false;  // the 3-4 player guide's rules (leader, tokens, turn changes)
  int starting_life = 20;
  int life_cap = 20;
  int opening_hand = 4;
  int deck_size = 40;
  int same_colour_bonus = 1;
  int check_cost_own_turn = 0;
  int check_cost_other_turn = 1;
  int bonus_life = 5;
  bool first_player_draws = false;  // on turn 1
  bool deck_out_loses = true;
  std::vector<CardFacts> facts;  // by pool index (card_facts.h)

  // Whether the multiplayer guide's rules apply to a table of `seats`.
  static bool multiplayer_for(const Options& o, int seats);

  Rules(std::shared_ptr<const Pool> p, const Options& o, int seats);
};

}  // namespace tt::lastchronicle
