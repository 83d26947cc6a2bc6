// A match's situation as JSON: who must decide and on what, and how it ended.
#pragma once
#include <nlohmann/json.hpp>

#include "core/match.h"

namespace tt::protocol {

// Seats with a pending decision (none once the game is over).
std::vector<Seat> pending_seats(const Match& match);

// [{seat, prompt, options: [{id, label}]}] for every pending seat.
nlohmann::json pending_json(const Match& match);

// Adds "terminal", "results" and "pending" to `reply`.
void add_status(const Match& match, nlohmann::json& reply);

}  // namespace tt::protocol
