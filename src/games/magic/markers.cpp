// Grand Melee turn markers (807.4): one marker per complete group of four
// players; marker holders take their turns at the same time, each with its
// own stack (807.5). A marker passes left at the end of a turn, and a
// player may not start a turn while one of the three players to their left
// holds a marker (807.4d). Departures may designate markers for removal
// (807.4e-g).
#include "games/magic/events.h"
#include "games/magic/state.h"

namespace tt::magic {

bool MagicState::holds_marker(Seat s, int except) const {
  for (int k = 0; k < markers_; ++k)
    if (k != except && ctx_[k].active == s) return true;
  return false;
}

// 807.4b: marker 1 to the starting player, marker 2 to the player four
// seats to the left, and so on; all these turns begin together.
void MagicState::start_markers() {
  markers_ = static_cast<std::uint8_t>(std::min(rules_->markers, kMaxMarkers));
  for (int k = 0; k < markers_; ++k) {
    ctx_[k] = TurnCtx{};
    ctx_[k].marker = static_cast<std::int8_t>(k + 1);
    cur_ = static_cast<std::uint8_t>(k);
    begin_turn((starting_ + 4 * k) % num_seats(), false);
  }
  cur_ = 0;
}

// 807.4c: at the end of a turn the marker passes to the left neighbour
// (the next remaining player; departed seats passed over see their "until
// your next turn" effects end, 800.4m). 807.4g: a designated marker is
// removed instead. 807.4i (simplified): an extra turn of the holder is
// taken at once with the same marker.
void MagicState::pass_marker() {
  TurnCtx& t = T();
  if (t.designated) {
    remove_marker(cur_);
    start_waiting_markers();
    return;
  }
  const Seat from = t.active;
  for (std::size_t i = 0; i < extra_turns_.size(); ++i)
    if (extra_turns_[i] == from && order_.in_game(from)) {
      extra_turns_.erase_at(i);
      begin_turn(from, true);
      return;
    }
  Seat s = from;
  for (int k = 0; k < num_seats(); ++k) {
    s = (s + 1) % num_seats();
    if (order_.in_game(s)) break;
    next_turn_begins(s);
    log(kEvNoTurn, s);
  }
  const std::int8_t marker = t.marker;
  t = TurnCtx{};
  t.marker = marker;
  t.active = static_cast<std::int8_t>(s);
  t.actives = seat_bit(s);
  t.waiting = true;
  start_waiting_markers();
}

// 807.4d: a waiting holder starts once none of the three players to its
// left holds a marker.
void MagicState::start_waiting_markers() {
  const std::uint8_t keep = cur_;
  for (int k = 0; k < markers_; ++k) {
    if (!ctx_[k].waiting) continue;
    const Seat r = ctx_[k].active;
    if (!order_.in_game(r)) {  // 807.4c: the left neighbour takes it at once
      ctx_[k].active = static_cast<std::int8_t>(order_.left_of(r));
      ctx_[k].actives = seat_bit(ctx_[k].active);
    }
    bool blocked = false;
    Seat l = ctx_[k].active;
    for (int i = 0; i < 3 && !blocked; ++i) {
      l = order_.left_of(l);
      if (l == kNoSeat || l == ctx_[k].active) break;
      blocked = holds_marker(l, k);
    }
    if (blocked) continue;
    cur_ = static_cast<std::uint8_t>(k);
    ctx_[k].waiting = false;
    // 807.4j: an extra turn owed to this player comes right before its turn.
    bool extra = false;
    for (std::size_t i = 0; i < extra_turns_.size(); ++i)
      if (extra_turns_[i] == ctx_[k].active) {
        extra_turns_.erase_at(i);
        extra = true;
        break;
      }
    begin_turn(ctx_[k].active, extra);
  }
  cur_ = keep < markers_ ? keep : 0;
}

void MagicState::remove_marker(int k) {
  for (int i = k; i + 1 < markers_; ++i) ctx_[i] = ctx_[i + 1];
  ctx_[markers_ - 1] = TurnCtx{};
  --markers_;
  if (cur_ > k || cur_ >= markers_) cur_ = static_cast<std::uint8_t>(cur_ > 0 ? cur_ - 1 : 0);
}

// 807.4e-g: when departures lower the number of markers the table should
// have, the marker immediately to the right of a departed player is
// designated for removal (markers already designated do not count); one
// held by a player not taking a turn goes at once, one mid-turn at its end.
void MagicState::reduce_markers(SeatMask leavers) {
  if (rules_->mode != Format::kGrandMelee) return;
  for (Seat d = 0; d < num_seats(); ++d) {
    if (!has_seat(leavers, d)) continue;
    int live = 0;
    for (int k = 0; k < markers_; ++k) live += !ctx_[k].designated;
    const int want = std::max(1, order_.remaining() / 4);
    if (live <= want) break;
    Seat s = d;
    for (int i = 0; i < num_seats(); ++i) {
      s = (s - 1 + num_seats()) % num_seats();
      int found = -1;
      for (int k = 0; k < markers_; ++k)
        if (ctx_[k].active == s && !ctx_[k].designated) found = k;
      if (found < 0) continue;
      if (ctx_[found].waiting) {
        remove_marker(found);
      } else {
        ctx_[found].designated = 1;
      }
      break;
    }
  }
  start_waiting_markers();
}

}  // namespace tt::magic
