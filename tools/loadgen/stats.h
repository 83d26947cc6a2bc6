// What a run measured: acknowledgement latencies (act sent to its reply),
// tables held at once, and every kind of trouble, counted.
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace tt::loadgen {

struct Stats {
  std::vector<double> ack_ms;       // one per acknowledged decision
  std::vector<int> tables_held;     // samples of tables playing at once, after the ramp
  std::int64_t acks = 0;            // decisions acknowledged (ok replies to act)
  std::int64_t acks_in_window = 0;  // ... between the ramp's end and the end of play
  double window_seconds = 0;        // that window's length
  std::int64_t games_finished = 0;  // games seen over (terminal update)
  std::int64_t tables_created = 0;
  // Refusals other than stale races, error frames, drops without --reconnect.
  std::int64_t errors = 0;
  std::int64_t stale = 0;             // acts refused as stale (the other seat decided first)
  std::int64_t drops = 0;             // connections lost
  std::int64_t connect_failures = 0;  // attempts to connect that failed (the server down)
  std::int64_t reconnects = 0;        // connections made again
  std::int64_t resumes = 0;           // seats resumed with their token
  // Resumes refused, or a table resumed behind a decision it acknowledged.
  std::int64_t resume_failures = 0;
  // A cluster behind a proxy: requests sent again on the node a `moved` reply
  // named, moves that first waited (that node was the one asked for: it is
  // down and its lease not yet expired), `moved` pushes (the table was taken
  // over), requests unanswered for --reply-timeout-ms and connections that
  // heard nothing, not even a pong, for that long (each given up).
  std::int64_t moves = 0;
  std::int64_t move_waits = 0;
  std::int64_t moved_away = 0;
  std::int64_t reply_timeouts = 0;
  std::int64_t silent_connections = 0;
  std::int64_t unfinished = 0;  // --verify: tables that did not finish in the drain time
  std::int64_t checked = 0;     // --verify: acknowledged decisions found in their records
  std::int64_t lost = 0;        // --verify: acknowledged decisions missing or different in a record
  std::int64_t records = 0;     // --verify: records read
  std::vector<std::string> problems;  // the first few errors and losses, in words

  void problem(std::string text);
  // The value below which `fraction` of the latencies lie (0 when none).
  double percentile(double fraction) const;
  nlohmann::json to_json() const;
  std::string to_text() const;

  // Every figure, latencies and samples included, to hand one process's
  // share of a run to the process that reports it (stats_merge.cpp).
  nlohmann::json to_raw_json() const;
  static Stats from_raw_json(const nlohmann::json& raw);
  // Adds another process's share: counts and latencies add up, tables held
  // are summed sample by sample, the window is the longer one.
  void merge(const Stats& other);
};

}  // namespace tt::loadgen
