#include "games/suikoden/rules.h"

namespace tt::suikoden {

Rules::Rules(std::shared_ptr<const Pool> p, const Options& o)
    : pool_ptr(std::move(p)), pool(*pool_ptr) {
  link_mode = o.get("link_mode") == "chain" ? LinkMode::kChain : LinkMode::kUnion;
  vp_to_win = o.get_int("vp_to_win");
  hand_size = o.get_int("hand_size");
  mulligan_max = o.get_int("mulligan_max");
}

}  // namespace tt::suikoden
