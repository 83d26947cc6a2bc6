// The immutable rules object every DDM state shares: the pool and the rule
// options in force (docs/games/ddm.md lists each).
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "core/options.h"
#include "games/ddm/nets.h"
#include "games/ddm/pool.h"

namespace tt::ddm {

struct Rules {
  std::shared_ptr<const Pool> pool_ptr;
  const Pool& pool;
  int turn_limit = 30;       // rounds (each player's turn once) before the game is decided
  int dm_counters_lost = 3;  // damage counters that defeat a dungeon master
  bool summon_optional = true;
  Nets nets;  // every shape laid every way, for placement
  // Per piece of the pool, a bit per Timing its abilities have: a quick
  // "nothing to use now" for the windows that only allow traps.
  std::vector<std::uint8_t> timings;

  Rules(std::shared_ptr<const Pool> p, const Options& o)
      : pool_ptr(std::move(p)), pool(*pool_ptr), nets(pool) {
    for (const PieceDef& d : pool.pieces) {
      std::uint8_t bits = 0;
      for (const Ability& a : d.abilities)
        bits |= static_cast<std::uint8_t>(1u << static_cast<int>(a.timing));
      timings.push_back(bits);
    }
    turn_limit = o.get_int("turn_limit");
    dm_counters_lost = o.get_int("dm_counters");
  }
};

}  // namespace tt::ddm
