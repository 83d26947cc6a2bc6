// What /metrics reports, in Prometheus' text format: tables, connections,
// decisions and the time from a decision received to its acknowledgement.
#pragma once
#include <array>
#include <cstdint>
#include <string>

namespace tt::server {

// A latency histogram with fixed buckets (milliseconds).
class Histogram {
 public:
  static constexpr std::array<double, 12> kBounds = {0.25, 0.5, 1,   2,   5,    10,
                                                     20,   50,  100, 250, 1000, 5000};
  void observe(double ms);
  // Lines of a Prometheus histogram named `name`.
  std::string text(const std::string& name, const std::string& help) const;

 private:
  std::array<std::uint64_t, kBounds.size()> counts_{};
  std::uint64_t count_ = 0;
  double sum_ = 0;
};

struct Metrics {
  std::uint64_t decisions = 0;  // accepted and stored
  std::uint64_t refused = 0;    // requests answered ok:false
  std::uint64_t tables_created = 0;
  std::uint64_t tables_finished = 0;
  std::uint64_t messages = 0;           // WebSocket requests handled
  std::uint64_t timeouts = 0;           // default options taken by a timer
  std::uint64_t grace_concessions = 0;  // seats conceded after the grace period
  std::uint64_t tables_abandoned = 0;   // ended still waiting for people
  std::uint64_t seats_moved = 0;        // seats claimed on another device
  std::uint64_t views_built = 0;      // updates rendered (one per seat, or spectators, per change)
  std::uint64_t updates_sent = 0;     // updates sent (one per connection per change)
  std::uint64_t acks_in_updates = 0;  // acts acknowledged inside the actor's update
  std::uint64_t lobby_builds = 0;     // times the lobby's list was built
  // Several processes: tables taken over, tables another process took,
  // requests sent to the process that holds their table.
  std::uint64_t tables_claimed = 0;
  std::uint64_t tables_lost = 0;
  std::uint64_t moved_replies = 0;
  Histogram ack_ms;  // decision received -> acknowledged
};

// One gauge or counter in Prometheus' text format.
std::string metric_line(const std::string& name, const std::string& type, const std::string& help,
                        double value);

}  // namespace tt::server
