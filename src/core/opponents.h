// "An opponent", "each opponent", "each player": who a multiplayer effect
// may name. An effect that says "an opponent" names one (a pending choice
// among the candidates) and every part of it uses that same one; "each
// opponent" is all of them in turn order; a condition on "an opponent's"
// state holds when any opponent meets it. Only seats still in the game are
// candidates (and, with a limited range of influence, only those in range).
#pragma once
#include <bit>

#include "core/turn_order.h"

namespace tt {

// Opponents `self` may name: in the game, on another team, within `range`
// steps (range < 0: unlimited).
inline SeatMask opponent_candidates(const TurnOrder& order, Seat self, int range = -1) {
  return static_cast<SeatMask>(order.opponents(self) & order.within_range(self, range));
}

inline int seat_count(SeatMask m) {
  return std::popcount(static_cast<unsigned>(m));
}

// The only seat in `m`, or kNoSeat when it holds none or several (then the
// player must choose).
inline Seat only_seat(SeatMask m) {
  return seat_count(m) == 1 ? std::countr_zero(static_cast<unsigned>(m)) : kNoSeat;
}

// Seats of `m` in turn order, starting at `from` (included when in `m`).
// Usage: for (Seat s : in_turn_order(m, from, order)) ...
class in_turn_order {
 public:
  in_turn_order(SeatMask m, Seat from, const TurnOrder& order) {
    for (int i = 0; i < order.seats(); ++i) {
      const Seat s = (from + i) % order.seats();
      if (has_seat(m, s)) seats_[n_++] = static_cast<std::int8_t>(s);
    }
  }
  const std::int8_t* begin() const { return seats_; }
  const std::int8_t* end() const { return seats_ + n_; }
  int size() const { return n_; }

 private:
  std::int8_t seats_[kMaxSeats]{};
  int n_ = 0;
};

// "If an opponent's ...": true when any opponent of `self` meets `pred`.
template <typename Pred>
bool any_opponent(const TurnOrder& order, Seat self, Pred pred, int range = -1) {
  for (Seat o : in_turn_order(opponent_candidates(order, self, range), self, order))
    if (pred(static_cast<Seat>(o))) return true;
  return false;
}

}  // namespace tt
