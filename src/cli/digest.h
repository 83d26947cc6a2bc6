// What happened since a seat's last decision, as the terminal shows it: the
// seat's own log lines (State::describe for that seat, so nothing it may not
// see), with passes next to each other folded into one line ("seats 1, 2, 3
// pass") and key lines (attacks, spells, targets, life) marked so the
// screen keeps them when it cannot show everything (core/event.h LogWeight).
#pragma once
#include <cstddef>
#include <vector>

#include "cli/screen.h"
#include "core/match.h"

namespace tt::cli {

std::vector<LogLine> digest(const Match& match, Seat viewer, std::size_t from);

}  // namespace tt::cli
