// A priority (quick-action) window opened for a set of seats that goes round
// in turn order from a given seat. The seat holding priority may act any
// number of times, then passes; priority moves to the next seat of the
// window still in the game. When the window closes depends on its rule:
// - kInARow (a Magic-style stack): when every seat of the window still in
//   the game has passed in a row since the last action;
// - kFullRounds (Last Chronicle's quick windows): priority goes round in full
//   rounds from the first seat; the window closes at the end of a round in
//   which no seat but the first acted, and otherwise goes round again.
#pragma once
#include <cstdint>
#include <string>

#include "core/error.h"
#include "core/turn_order.h"

namespace tt {

enum class RoundRule : std::uint8_t { kInARow, kFullRounds };

class PriorityRound {
 public:
  // Opens the window for `seats`, with `first` holding priority. `first`
  // must be one of `seats` and in the game.
  void open(SeatMask seats, Seat first, RoundRule rule = RoundRule::kInARow) {
    seats_ = seats;
    passed_ = 0;
    holder_ = static_cast<std::int8_t>(first);
    first_ = static_cast<std::int8_t>(first);
    rule_ = rule;
    others_acted_ = false;
  }
  void close() {
    seats_ = 0;
    passed_ = 0;
    holder_ = kNoSeat;
    others_acted_ = false;
  }
  bool is_open() const { return holder_ != kNoSeat; }
  // The seat that may act now (kNoSeat when closed).
  Seat holder() const { return holder_; }
  SeatMask seats() const { return seats_; }
  // Seats that have passed since the last action.
  SeatMask passed() const { return passed_; }

  // The holder took an action: every seat must pass again; it keeps priority.
  void acted() {
    passed_ = 0;
    if (holder_ != first_) others_acted_ = true;
  }
  Seat first() const { return first_; }
  RoundRule rule() const { return rule_; }
  // kFullRounds: whether a seat other than the first acted in this round.
  bool others_acted() const { return others_acted_; }

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
    if (holder_ != s) {
      if (rule_ == RoundRule::kFullRounds)
        return (seats_ & order.active()) ? false : (close(), true);
      return closed_by(order) ? (close(), true) : false;
    }
    return advance(order, s);
  }

  // A saved round. Throws tt::Error when the holder or first seat is neither
  // a seat nor kNoSeat, or the rule is unknown (a hostile saved state).
  void restore(SeatMask seats, SeatMask passed, Seat holder, Seat first = kNoSeat,
               RoundRule rule = RoundRule::kInARow, bool others_acted = false) {
    if (holder != kNoSeat && !is_seat(holder))
      throw Error("priority holder " + std::to_string(holder) + " is not a seat");
    if (first != kNoSeat && !is_seat(first))
      throw Error("priority round's first seat " + std::to_string(first) + " is not a seat");
    if (rule != RoundRule::kInARow && rule != RoundRule::kFullRounds)
      throw Error("unknown priority round rule " + std::to_string(static_cast<int>(rule)));
    seats_ = seats;
    passed_ = passed;
    holder_ = static_cast<std::int8_t>(holder);
    first_ = static_cast<std::int8_t>(first == kNoSeat ? holder : first);
    rule_ = rule;
    others_acted_ = others_acted;
  }
  friend bool operator==(const PriorityRound&, const PriorityRound&) = default;

 private:
  bool closed_by(const TurnOrder& order) const {
    const SeatMask live = static_cast<SeatMask>(seats_ & order.active());
    return (passed_ & live) == live;
  }
  // Moves priority on from `from`; closes the window when its rule says so.
  bool advance(const TurnOrder& order, Seat from) {
    if (rule_ == RoundRule::kFullRounds) return advance_round(order, from);
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

  // kFullRounds: the next seat of the window; coming back round to the
  // first seat ends a round, and the window with it unless another seat acted.
  bool advance_round(const TurnOrder& order, Seat from) {
    const int n = order.seats();
    auto dist = [&](Seat x) { return ((x - first_) % n + n) % n; };
    Seat s = from;
    for (int i = 0; i < n; ++i) {
      s = order.next(s);
      if (s == kNoSeat) break;
      if (!has_seat(seats_, s)) continue;
      if (dist(s) <= dist(from)) {  // a round is over
        if (!others_acted_) break;
        others_acted_ = false;
        passed_ = 0;
      }
      holder_ = static_cast<std::int8_t>(s);
      return false;
    }
    close();
    return true;
  }

  SeatMask seats_ = 0;
  SeatMask passed_ = 0;
  std::int8_t holder_ = kNoSeat;
  std::int8_t first_ = kNoSeat;
  RoundRule rule_ = RoundRule::kInARow;
  bool others_acted_ = false;
};

}  // namespace tt
