// Mandatory loops (104.4b; 801.16 under a limited range of influence): a
// sequence of mandatory actions repeating with no way to stop is a draw.
// The reduced core recognises a loop by its length (assumption 30): a turn
// that has put more objects on the stack than the loop_limit option (1,000;
// a turn of play puts tens) is in one. Without a limited range the whole
// game is a draw: every remaining player leaves at once, so they share
// first place (Standings). With a limited range, the players who
// controlled objects put on the stack this turn and every player in range
// of one of them draw and leave; the rest play on.
#include "games/magic/events.h"
#include "games/magic/state.h"

namespace tt::magic {

void MagicState::stacked(Seat controller) {
  loop_stackers_[cur_] = static_cast<SeatMask>(loop_stackers_[cur_] | seat_bit(controller));
  if (++loop_stacked_[cur_] <= rules_->loop_limit || over_) return;
  loop_draw();
}

void MagicState::loop_draw() {
  // in_range is true for everyone without a limited range (104.4b).
  const SeatMask in = order_.active();
  SeatMask drawn = static_cast<SeatMask>(loop_stackers_[cur_] & in);
  for (Seat s = 0; s < num_seats(); ++s)
    if (has_seat(loop_stackers_[cur_], s))
      for (Seat p = 0; p < num_seats(); ++p)
        if (has_seat(in, p) && in_range(s, p)) drawn = static_cast<SeatMask>(drawn | seat_bit(p));
  loop_stacked_[cur_] = 0;
  loop_stackers_[cur_] = 0;
  leave_game(drawn, 2);
}

}  // namespace tt::magic
