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

inline bool sees_details(const Event& e, Seat viewer) {
  return viewer == kReferee || (viewer >= 0 && has_seat(e.detail_to, viewer));
}

}  // namespace tt
