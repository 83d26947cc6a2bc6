// A table's chess clock (timer mode "clock"): each seat's time left and
// whether its flag fell. A decision's charge is worked out when it is
// submitted and stored with it (StoredDecision::clocks), so the store always
// holds every seat's clock as of the last decision and a restart goes on
// with the time each seat used (docs/server.md "Timers, disconnects and
// leaving").
#pragma once
#include <string>

#include "core/types.h"
#include "server/loop.h"

namespace tt::server {

struct Table;

// Every seat's clock once `seat` takes `option` at `now`: the time since its
// decision became pending is charged (nothing once its flag fell: from then
// on each decision has the flag-fall allowance), then the increment is
// added; a concession charges nothing. As JSON text
// {"left_ms":[...],"flag_fell":[...]}; "" at a table without a chess clock.
std::string clocks_after(const Table& table, Seat seat, const std::string& option,
                         Loop::Clock::time_point now);

// Sets `seat`'s clock from such a text (its decision was stored); "" changes nothing.
void set_seat_clock(Table& table, Seat seat, const std::string& clocks);
// Sets every seat's clock from such a text (a table resumed after a restart);
// "" changes nothing. Throws tt::Error when it does not fit the table.
void set_clocks(Table& table, const std::string& clocks);

}  // namespace tt::server
