// The multiplayer layer: who sits where, who is still in the game, who plays
// with whom, and who comes next. A plain value, reused by every game with
// three or more seats (and by two-player games, where it is trivial).
#pragma once
#include <array>
#include <cstdint>

#include "core/types.h"

namespace tt {

class TurnOrder {
 public:
  TurnOrder() = default;
  // Seats 0..n-1 in clockwise order, all in the game, each on its own team.
  explicit TurnOrder(int seats);

  int seats() const { return seats_; }
  bool in_game(Seat s) const { return has_seat(active_, s); }
  SeatMask active() const { return active_; }
  int remaining() const;

  // The next seat still in the game after `from`, clockwise (+1) or
  // counter-clockwise (-1). `from` itself may have left already.
  // Inline: priority rounds ask it at every pass.
  Seat next(Seat from, int direction = +1) const {
    if (active_ == 0 || seats_ <= 0) return kNoSeat;
    if (direction != 1 && direction != -1) return next_by(from, direction);
    const int n = seats_;
    int s = from;
    if (s < 0 || s >= n) s = (s % n + n) % n;  // `from` may lie outside the table
    for (int i = 0; i < n; ++i) {
      s += direction;  // one step round the table, without a division
      if (s == n) s = 0;
      if (s < 0) s = n - 1;
      if (in_game(static_cast<Seat>(s))) return static_cast<Seat>(s);
    }
    return kNoSeat;
  }
  // Seats to the left (next clockwise) and right of `seat` among those in the game.
  Seat left_of(Seat seat) const { return next(seat, +1); }
  Seat right_of(Seat seat) const { return next(seat, -1); }

  // A player leaves the game (conceded, eliminated, dropped). Idempotent.
  void leave(Seat s) { active_ = static_cast<SeatMask>(active_ & ~seat_bit(s)); }

  // Throws tt::Error for a seat or team outside 0..15 (a hostile saved state).
  void set_team(Seat s, int team);
  // A seat outside the table is on no team (-1).
  int team(Seat s) const { return is_seat(s) ? team_[s] : -1; }
  bool teammates(Seat a, Seat b) const { return is_seat(a) && is_seat(b) && team_[a] == team_[b]; }
  // Seats in the game on other teams than `s`.
  SeatMask opponents(Seat s) const;
  // Seats in the game within `range` steps of `s` either way (range of
  // influence); range < 0 means unlimited.
  SeatMask within_range(Seat s, int range) const;

  friend bool operator==(const TurnOrder&, const TurnOrder&) = default;

 private:
  Seat next_by(Seat from, int direction) const;

  std::int8_t seats_ = 0;
  SeatMask active_ = 0;
  std::array<std::int8_t, kMaxSeats> team_{};
};

}  // namespace tt
