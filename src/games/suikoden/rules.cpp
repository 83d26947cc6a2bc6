#include "games/suikoden/rules.h"

#include "core/error.h"

namespace tt::suikoden {

Rules::Rules(std::shared_ptr<const Pool> p, const Options& o)
    : pool_ptr(std::move(p)), pool(*pool_ptr) {
  link_mode = o.get("link_mode") == "chain" ? LinkMode::kChain : LinkMode::kUnion;
  vp_to_win = o.get_int("vp_to_win");
  hand_size = o.get_int("hand_size");
  mulligan_max = o.get_int("mulligan_max");
  if (vp_to_win < 1) throw Error("vp_to_win must be at least 1");
  if (hand_size < 1 || hand_size > 20) throw Error("hand_size must be 1 to 20");
  if (mulligan_max < 0 || mulligan_max > 6) throw Error("mulligan_max must be 0 to 6");
}

}  // namespace tt::suikoden
