// What every table and player of one run shares: the loop, the server's
// address, the options, one random generator, the counters and the ledger.
#pragma once
#include <random>

#include "ledger.h"
#include "options.h"
#include "reactor.h"
#include "stats.h"
#include "ws_client.h"

namespace tt::loadgen {

enum class Phase {
  playing,   // players decide at random; finished games are followed by new ones
  draining,  // no new game; --verify concedes what is still played
  done,
};

struct Session {
  Reactor& reactor;
  Endpoint endpoint;
  const LoadOptions& options;
  std::mt19937_64 rng;
  Stats& stats;
  Ledger& ledger;
  Phase phase = Phase::playing;
  bool measuring = false;  // between the ramp's end and the end of play: decisions/s counts here

  int think_ms() {
    std::uniform_int_distribution<int> pick(options.think_min_ms, options.think_max_ms);
    return pick(rng);
  }
};

}  // namespace tt::loadgen
