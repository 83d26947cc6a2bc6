// One run's figures from several processes (processes.cpp): each hands its
// Stats over as JSON, and the reporting process adds them up.
#include <algorithm>

#include "stats.h"

namespace tt::loadgen {

namespace {

using Count = std::int64_t Stats::*;

// The counters, by the names they travel under.
const std::pair<const char*, Count> kCounts[] = {
    {"acks", &Stats::acks},
    {"acks_in_window", &Stats::acks_in_window},
    {"games_finished", &Stats::games_finished},
    {"tables_created", &Stats::tables_created},
    {"errors", &Stats::errors},
    {"stale", &Stats::stale},
    {"drops", &Stats::drops},
    {"connect_failures", &Stats::connect_failures},
    {"reconnects", &Stats::reconnects},
    {"resumes", &Stats::resumes},
    {"resume_failures", &Stats::resume_failures},
    {"moves", &Stats::moves},
    {"move_waits", &Stats::move_waits},
    {"moved_away", &Stats::moved_away},
    {"reply_timeouts", &Stats::reply_timeouts},
    {"silent_connections", &Stats::silent_connections},
    {"unfinished", &Stats::unfinished},
    {"checked", &Stats::checked},
    {"lost", &Stats::lost},
    {"records", &Stats::records},
};

}  // namespace

nlohmann::json Stats::to_raw_json() const {
  nlohmann::json raw = {{"ack_ms", ack_ms},
                        {"tables_held", tables_held},
                        {"window_seconds", window_seconds},
                        {"problems", problems}};
  for (const auto& [name, count] : kCounts) raw[name] = this->*count;
  return raw;
}

Stats Stats::from_raw_json(const nlohmann::json& raw) {
  Stats stats;
  stats.ack_ms = raw.value("ack_ms", std::vector<double>{});
  stats.tables_held = raw.value("tables_held", std::vector<int>{});
  stats.window_seconds = raw.value("window_seconds", 0.0);
  stats.problems = raw.value("problems", std::vector<std::string>{});
  for (const auto& [name, count] : kCounts) stats.*count = raw.value(name, std::int64_t{0});
  return stats;
}

void Stats::merge(const Stats& other) {
  ack_ms.insert(ack_ms.end(), other.ack_ms.begin(), other.ack_ms.end());
  // The processes sample every 200 ms from about the same moment: the i-th
  // samples are taken together.
  if (tables_held.empty()) {
    tables_held = other.tables_held;
  } else {
    tables_held.resize(std::min(tables_held.size(), other.tables_held.size()));
    for (std::size_t i = 0; i < tables_held.size(); ++i) tables_held[i] += other.tables_held[i];
  }
  window_seconds = std::max(window_seconds, other.window_seconds);
  for (const auto& text : other.problems) problem(text);
  for (const auto& [name, count] : kCounts) this->*count += other.*count;
}

}  // namespace tt::loadgen
