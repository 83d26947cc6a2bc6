#include "games/lastchronicle/rules.h"

#include "core/error.h"

namespace tt::lastchronicle {

bool Rules::multiplayer_for(const Options& o, int seats) {
  return o.get("multiplayer") == "on" || (o.get("multiplayer") == "auto" && seats >= 3);
}

Rules::Rules(std::shared_ptr<const Pool> p, const Options& o, int n)
    : pool_ptr(std::move(p)), pool(*pool_ptr), seats(n) {
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
  if (starting_life < 1 || starting_life > 99) throw Error("starting_life must be 1 to 99");
  if (life_cap < starting_life || life_cap > 99)
    throw Error("life_cap must be at least starting_life and at most 99");
  if (opening_hand < 0 || opening_hand > 10) throw Error("opening_hand must be 0 to 10");
  if (same_colour_bonus < 0 || same_colour_bonus > 5)
    throw Error("same_colour_bonus must be 0 to 5");
  if (check_cost_own_turn < 0 || check_cost_own_turn > 5 || check_cost_other_turn < 0 ||
      check_cost_other_turn > 5)
    throw Error("chrono check costs must be 0 to 5");
  if (bonus_life < 0 || bonus_life > 20) throw Error("elimination_bonus_life must be 0 to 20");
}

}  // namespace tt::lastchronicle
