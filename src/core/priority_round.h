// A priority (quick-action) round: a window opened for a set of seats that
// goes round in turn order from a given seat. The seat holding priority may
// act any number of times, then passes; priority moves to the next seat of
// the window still in the game. The round closes when every seat of the
// window still in the game has passed since the last action. Used by Last
// Chronicle's quick windows and by a Magic-style priority system.
#pragma once
#include <cstdint>

#include "core/turn_order.h"

namespace tt {

class PriorityRound {
 public:
  // Opens the window for `seats`, with `first` holding priority. `first`
  // must be one of `seats` and in the game.
  void open(SeatMask seats, Seat first) {
    seats_ = seats;
    passed_ = 0;
    holder_ = static_cast<std::int8_t>(first);
  }
  void close() {
    seats_ = 0;
    passed_ = 0;
    holder_ = kNoSeat;
  }
  bool is_open() const { return holder_ != kNoSeat; }
  // The seat that may act now (kNoSeat when closed).
  Seat holder() const { return holder_; }
  SeatMask seats() const { return seats_; }
  // Seats that have passed since the last action.
  SeatMask passed() const { return passed_; }

  // The holder took an action: every seat must pass again; it keeps priority.
  void acted() { passed_ = 0; }

  // The holder passes. Returns true when the round is now closed (every seat
  // of the window still in the game has passed in a row).
  bool pass(const TurnOrder& order) {
    passed_ = static_cast<SeatMask>(passed_ | seat_bit(holder_));
    return advance(order, holder_);
  }

  // A seat left the game (call after TurnOrder::leave). It is never asked
  // again; if it held priority, the next seat gets it. Returns true when the
  // round is now closed.
  bool seat_left(Seat s, const TurnOrder& order) {
    if (!is_open()) return false;
    seats_ = static_cast<SeatMask>(seats_ & ~seat_bit(s));
    passed_ = static_cast<SeatMask>(passed_ & ~seat_bit(s));
    if (holder_ != s) return closed_by(order) ? (close(), true) : false;
    return advance(order, s);
  }

  void restore(SeatMask seats, SeatMask passed, Seat holder) {
    seats_ = seats;
    passed_ = passed;
    holder_ = static_cast<std::int8_t>(holder);
  }
  friend bool operator==(const PriorityRound&, const PriorityRound&) = default;

 private:
  bool closed_by(const TurnOrder& order) const {
    const SeatMask live = static_cast<SeatMask>(seats_ & order.active());
    return (passed_ & live) == live;
  }
  // Moves priority on from `from`; closes the round when everyone passed.
  bool advance(const TurnOrder& order, Seat from) {
    if (closed_by(order)) {
      close();
      return true;
    }
    Seat s = from;
    for (int i = 0; i < order.seats(); ++i) {
      s = order.next(s);
      if (s == kNoSeat) break;
      if (has_seat(seats_, s)) {
        holder_ = static_cast<std::int8_t>(s);
        return false;
      }
    }
    close();
    return true;
  }

  SeatMask seats_ = 0;
  SeatMask passed_ = 0;
  std::int8_t holder_ = kNoSeat;
};

}  // namespace tt
