// What a load run does: how many tables, which games, how fast the simulated
// players think, how long it lasts, and what it checks.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace tt::loadgen {

struct LoadOptions {
  std::string host = "127.0.0.1";
  std::string port = "8080";
  int tables = 100;  // tables played at once
  std::vector<std::string> games{"suikoden",
                                 "ddm"};  // table i plays games[(i + n) % size] in its n-th game
  int think_min_ms = 500;                 // a player's pause before each decision, drawn uniformly
  int think_max_ms = 1500;
  double seconds = 30;        // playing time; then no new decision is started
  long games_limit = 0;       // stop once this many games finished (0: no limit)
  int ramp_per_second = 400;  // tables started per second at the beginning
  int max_decisions = 3000;   // a game still going after this many decisions is conceded
  double drain_seconds = 30;  // --verify: time allowed to finish the tables after play
  int per_source = 20;        // connections per local address on loopback (0: one address)
  bool reconnect = false;     // reconnect and resume after a drop
  int reply_timeout_ms = 0;   // a request unanswered this long drops the connection (0: never)
  bool verify = false;        // check every acknowledged decision against the records
  bool json = false;          // the report as one JSON object
  std::uint64_t seed = 0;     // 0: random
  int processes = 0;          // processes sharing the tables (0: as the descriptor limit needs)
  long first_connection = 0;  // this process's first loopback address is that of this connection
};

}  // namespace tt::loadgen
