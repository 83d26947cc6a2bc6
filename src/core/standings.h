// Finishing places in a game where players leave one by one (eliminated,
// conceded, dropped): the last seats in the game finish first, and seats
// that left at the same moment share a place. Team results give every
// member its team's place.
#pragma once
#include <array>
#include <cstdint>
#include <string>

#include "core/error.h"
#include "core/outcome.h"
#include "core/turn_order.h"

namespace tt {

class Standings {
 public:
  // `seat` left at moment `when` (seats leaving in one event share it; later
  // moments are larger numbers). Idempotent.
  void leave(Seat seat, int when) {
    if (left_[seat] < 0) left_[seat] = static_cast<std::int16_t>(when);
  }
  bool has_left(Seat seat) const { return left_[seat] >= 0; }
  // The moment `seat` left, or -1 while it is in the game.
  int left_at(Seat seat) const { return left_[seat]; }

  // Per-seat outcomes: seats still in the game share 1st place (a lone one
  // wins; several draw); the others are ranked by how late they left. When
  // nobody is left, the seats that left last share 1st place and draw.
  Outcomes outcomes(int seats) const;
  // The same with teams: a team ranks by its best member, and every member
  // gets its team's place and result.
  Outcomes team_outcomes(const TurnOrder& order) const;

  // A saved leaving moment (-1: still in). Throws tt::Error when out of range.
  void restore(Seat seat, int when) {
    if (!is_seat(seat)) throw Error("no seat " + std::to_string(seat) + " to restore");
    if (when < -1 || when > 30000)
      throw Error("left_at " + std::to_string(when) + " is out of range (-1 to 30000)");
    left_[seat] = static_cast<std::int16_t>(when);
  }
  friend bool operator==(const Standings&, const Standings&) = default;

 private:
  // A seat's rank key: larger is better (in the game beats any leaving time).
  int key(Seat s) const { return left_[s] < 0 ? 1 << 30 : left_[s]; }
  std::array<std::int16_t, kMaxSeats> left_ = [] {
    std::array<std::int16_t, kMaxSeats> a{};
    a.fill(-1);
    return a;
  }();
};

}  // namespace tt
