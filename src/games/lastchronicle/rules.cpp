#include "games/lastchronicle/rules.h"

#include "core/error.h"

namespace tt::lastchronicle {

bool Rules::multiplayer_for(const Options& o, int seats) {
  return o.get("multiplayer") == "on" || (o.get("multiplayer") == "auto" && seats >= 3);
}

Rules::Rules(std::shared_ptr<const Pool> p, const Options& o, int n)
    : pool_ptr(std::move(p)), pool(*pool_ptr), seats(n), facts(card_facts(pool)) {
  multiplayer = multiplayer_for(o, n);
  if (!multiplayer && n >= 3)
    throw Error("3 or 4 players always play with the multiplayer rules (multiplayer=off is for 2)");
  starting_life = o.get_int("starting_life");
  life_cap = o.get_int("life_cap");
  opening_hand = o.get_int("opening_hand");
  same_colour_bonus = o.get_int("same_colour_bonus");
  check_cost_own_turn = o.get_int("check_cost_own_turn");
  check_cost_other_turn = o.get_int("check_cost_other_turn");
  bonus_life = o.get_int("elimination_bonus_life");
  const std::string draw = o.get("first_player_draws");
  first_player_draws = draw == "yes" || (draw == "auto" && multiplayer);
  deck_out_loses = o.get("deck_out") == "lose";
  // Each option's own range is the catalogue's (game.cpp); this is the one
  // rule between two of them.
  if (life_cap < starting_life)
    throw Error("life_cap (" + std::to_string(life_cap) + ") must be at least starting_life (" +
                std::to_string(starting_life) + ")");
}

}  // namespace tt::lastchronicle
