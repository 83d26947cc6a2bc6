// The event log: what happened, as compact values. A state writes events only
// when a log is attached (people and records want them; playouts do not).
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "core/types.h"

namespace tt {

struct Event {
  std::uint16_t kind = 0;  // meaning belongs to the game
  std::int8_t seat = -1;   // the seat the event is about, or -1
  // Seats that may see the event's hidden details (a drawn card's identity,
  // a face-down choice). Everyone else gets the redacted rendering.
  SeatMask detail_to = kAllSeats;
  std::array<std::int32_t, 4> args{};
  friend bool operator==(const Event&, const Event&) = default;
};

using EventLog = std::vector<Event>;

// What a log line is to a person catching up on the others' moves (the
// terminal's "since your last decision"): passes next to each other are
// folded into one line, key lines (an attack, a spell or ability and its
// targets, a change of life) are shown before any routine line.
enum class LogWeight : std::uint8_t { kRoutine, kPass, kKey };

inline bool sees_details(const Event& e, Seat viewer) {
  return viewer == kReferee || (viewer >= 0 && has_seat(e.detail_to, viewer));
}

}  // namespace tt
