// A whole load run: start the tables (ramped), keep them playing until the
// time or the game count is up, then (with --verify) finish every game and
// check the records; returns what was measured.
#pragma once
#include "options.h"
#include "stats.h"

namespace tt::loadgen {

Stats run_load(const LoadOptions& options);

}  // namespace tt::loadgen
