// What the playout path reads of a card, packed in a few bytes per pool card:
// a CardDef carries names, texts and ability lists behind pointers, and
// looking through them for every unit at every rule check was most of a
// 4-seat game's time. Built once per Rules from the pool; never saved.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "games/lastchronicle/cards.h"

namespace tt::lastchronicle {

struct CardFacts {
  std::int8_t cost = 0, ca = 0, atk = 0, def = 0;
  Colours colours = 0;
  bool unit = false, quick = false, haste = false, x_cost = false;
  bool activated = false;  // it has a 【起動】 ability
  // By Zone (battlefield, ride, shed): the StaticKinds its 【常時】 abilities
  // give from there (bit 1 << kind), and its anthems' summed +ATK and +DEF.
  std::array<std::uint8_t, 3> statics{};
  std::array<std::int16_t, 3> anthem_atk{}, anthem_def{};

  bool gives(Zone z, StaticKind k) const {
    return (statics[static_cast<std::size_t>(z)] >> static_cast<unsigned>(k)) & 1u;
  }
  bool anthem(Zone z) const { return gives(z, StaticKind::kAnthem); }
};

// One entry per pool card, in pool order.
std::vector<CardFacts> card_facts(const Pool& pool);

}  // namespace tt::lastchronicle
