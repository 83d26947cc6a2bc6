// What every table and player of one run shares: the loop, the server's
// address, the options, one random generator, the counters and the ledger.
#pragma once
#include <random>

#include "frame.h"
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
  long connections = options.first_connection;
  bool measuring = false;  // between the ramp's end and the end of play: decisions/s counts here
  // Every frame is read here in turn (one thread): its buffers are reused.
  FrameReader reader = FrameReader();
  Frame frame = Frame();

  // The next connection's address: `/ws?node=NODE` asks the proxy in front of
  // a cluster for the node that holds the player's table ("": any node). On
  // loopback it comes from 127.1.X.Y, at most `per_source` connections each
  // (see Endpoint::local_address).
  Endpoint next_endpoint(const std::string& node) {
    Endpoint e = endpoint;
    if (!node.empty()) e.path += "?node=" + node;
    if (options.reply_timeout_ms > 0) {
      e.handshake_timeout_ms = options.reply_timeout_ms;
      e.silence_timeout_ms = options.reply_timeout_ms;
    }
    if (e.host.rfind("127.", 0) == 0 && options.per_source > 0) {
      long n = connections++ / options.per_source;
      e.local_address =
          "127.1." + std::to_string(n / 250 % 250) + "." + std::to_string(n % 250 + 1);
    }
    return e;
  }

  int think_ms() {
    std::uniform_int_distribution<int> pick(options.think_min_ms, options.think_max_ms);
    return pick(rng);
  }
};

}  // namespace tt::loadgen
