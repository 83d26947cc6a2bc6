// The immutable rules object every Suikoden state shares: the card pool and
// the rule options in force (docs/games/suikoden.md lists each option).
#pragma once
#include <memory>

#include "core/options.h"
#include "games/suikoden/cards.h"

namespace tt::suikoden {

enum class LinkMode : std::uint8_t {
  kUnion,  // a new character shares a letter with any of the side's characters on the mission
  kChain,  // ... with the side's most recently dispatched character still there
};

struct Rules {
  std::shared_ptr<const Pool> pool_ptr;
  const Pool& pool;
  LinkMode link_mode = LinkMode::kUnion;
  int vp_to_win = 5;
  int hand_size = 6;
  int mulligan_max = 3;
  int deck_size = 50;
  int max_copies = 4;

  Rules(std::shared_ptr<const Pool> p, const Options& o);
};

}  // namespace tt::suikoden
