// Range of influence (801): one predicate used by targets, choices,
// activation, triggers, effects, information and attacks. Ranges are
// recomputed only as each turn begins (801.2c, 807.4h).
#include "core/opponents.h"
#include "games/magic/state.h"

namespace tt::magic {

bool MagicState::refresh_ranges() {
  bool changed = false;
  for (Seat s = 0; s < num_seats(); ++s) {
    const SeatMask r = order_.in_game(s) ? order_.within_range(s, rules_->range[s]) : 0;
    if (r != players_[s].in_range) changed = true;
    players_[s].in_range = r;
  }
  if (changed) sba_dirty_ = true;  // an Aura may now be out of range (801.8)
  return changed;
}

// 801.2b: a player is always in their own range; unlimited ranges hold everyone.
bool MagicState::in_range(Seat viewer, Seat other) const {
  if (viewer == other || rules_->range[viewer] < 0) return true;
  return has_seat(players_[viewer].in_range, other);
}

// 801.2d: an object is in range when its controller is; a card in a hidden
// zone, graveyard or exile has no controller and goes by its owner
// (interpretation recorded in docs/games/magic.md).
bool MagicState::obj_in_range(Seat viewer, Obj o) const {
  const Object& x = objs_[o];
  const Seat who = x.zone == Zone::kBattlefield || x.zone == Zone::kStack ? x.controller : x.owner;
  return in_range(viewer, who);
}

SeatMask MagicState::opponents_in_range(Seat s) const {
  SeatMask m = 0;
  for (Seat o = 0; o < num_seats(); ++o)
    if (order_.in_game(o) && opponents(s, o) && in_range(s, o)) m |= seat_bit(o);
  return m;
}

}  // namespace tt::magic
