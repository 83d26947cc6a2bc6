#include "core/turn_order.h"

#include <bit>
#include <string>

#include "core/error.h"

namespace tt {

TurnOrder::TurnOrder(int seats) : seats_(static_cast<std::int8_t>(seats)) {
  if (seats < 1 || seats > kMaxSeats) throw Error("a table has 1 to 16 seats");
  active_ = static_cast<SeatMask>((1u << seats) - 1);
  for (int i = 0; i < kMaxSeats; ++i) team_[i] = static_cast<std::int8_t>(i);
}

void TurnOrder::set_team(Seat s, int team) {
  if (!is_seat(s) || s >= seats_) throw Error("no seat " + std::to_string(s) + " at this table");
  if (team < 0 || team >= kMaxSeats)
    throw Error("team " + std::to_string(team) + " is out of range (0 to 15)");
  team_[s] = static_cast<std::int8_t>(team);
}

int TurnOrder::remaining() const {
  return std::popcount(static_cast<unsigned>(active_));
}

// `next` for steps other than one seat either way.
Seat TurnOrder::next_by(Seat from, int direction) const {
  Seat s = from;
  for (int i = 0; i < seats_; ++i) {
    s = ((s + direction) % seats_ + seats_) % seats_;
    if (in_game(s)) return s;
  }
  return kNoSeat;
}

SeatMask TurnOrder::opponents(Seat s) const {
  SeatMask m = 0;
  for (Seat o = 0; o < seats_; ++o)
    if (in_game(o) && !teammates(o, s)) m |= seat_bit(o);
  return m;
}

SeatMask TurnOrder::within_range(Seat s, int range) const {
  SeatMask m = in_game(s) ? seat_bit(s) : 0;
  if (range < 0) return active_;
  Seat l = s, r = s;
  for (int i = 0; i < range; ++i) {
    l = next(l, +1);
    r = next(r, -1);
    if (l != kNoSeat) m |= seat_bit(l);
    if (r != kNoSeat) m |= seat_bit(r);
  }
  return m;
}

}  // namespace tt
