// A run too big for one process's file descriptors (two connections a table)
// is shared among several: each plays its share of the tables from loopback
// addresses of its own, and their figures are merged into one report.
#pragma once
#include "options.h"
#include "stats.h"

namespace tt::loadgen {

// How many processes `options` needs: --processes when given, else enough
// that each holds at most its descriptor limit less a margin.
int processes_needed(const LoadOptions& options);

// Runs the load in `processes` forked processes (1: in this one) and merges
// what they measured.
Stats run_load_in_processes(const LoadOptions& options, int processes);

}  // namespace tt::loadgen
