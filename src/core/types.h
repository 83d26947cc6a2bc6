// Basic vocabulary shared by every game: seats, seat sets and compact actions.
#pragma once
#include <bit>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace tt {

// A seat at the table, 0-based in turn order. kReferee sees everything.
using Seat = int;
inline constexpr Seat kNoSeat = -1;
inline constexpr Seat kReferee = -2;
inline constexpr int kMaxSeats = 16;  // Grand Melee tables are often 10+

// A set of seats as a bit mask (bit i = seat i).
using SeatMask = std::uint16_t;
inline constexpr SeatMask kAllSeats = 0xFFFF;
// A seat outside 0..15 (kNoSeat, kReferee, a hostile saved value) is in no
// set: its bit is 0, never a shift by a negative or too large amount.
inline constexpr bool is_seat(Seat s) {
  return static_cast<unsigned>(s) < static_cast<unsigned>(kMaxSeats);
}
inline constexpr SeatMask seat_bit(Seat s) {
  return is_seat(s) ? static_cast<SeatMask>(1u << s) : SeatMask{0};
}
inline constexpr bool has_seat(SeatMask m, Seat s) {
  return is_seat(s) && ((m >> s) & 1u);
}

// One option of a pending decision, as a compact value. Its meaning belongs to
// the game (kind plus up to four operands); the game renders a stable string id
// and a readable label on demand. 8 bytes, trivially copyable: the playout path
// never allocates for options.
struct Action {
  std::uint16_t kind = 0;
  std::uint16_t a = 0;
  std::uint16_t b = 0;
  std::uint16_t c = 0;
  // One comparison of all 8 bytes, not a branch per field: the search
  // matches options to its tree's edges all the time.
  friend bool operator==(const Action& x, const Action& y) {
    return std::bit_cast<std::uint64_t>(x) == std::bit_cast<std::uint64_t>(y);
  }
};
static_assert(sizeof(Action) == 8);
// operator== compares the bytes: no padding may hide among them.
static_assert(std::has_unique_object_representations_v<Action>);

// Reused by callers across decisions: after warm-up, filling it never allocates.
using ActionList = std::vector<Action>;

}  // namespace tt
