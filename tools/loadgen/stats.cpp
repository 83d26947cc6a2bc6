#include "stats.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tt::loadgen {

void Stats::problem(std::string text) {
  if (problems.size() < 20) problems.push_back(std::move(text));
}

double Stats::percentile(double fraction) const {
  if (ack_ms.empty()) return 0;
  std::vector<double> sorted = ack_ms;
  std::size_t rank =
      static_cast<std::size_t>(std::ceil(fraction * static_cast<double>(sorted.size())));
  rank = std::clamp<std::size_t>(rank, 1, sorted.size()) - 1;
  std::nth_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(rank),
                   sorted.end());
  return sorted[rank];
}

namespace {

int median(std::vector<int> samples) {
  if (samples.empty()) return 0;
  auto mid = samples.begin() + static_cast<std::ptrdiff_t>(samples.size() / 2);
  std::nth_element(samples.begin(), mid, samples.end());
  return *mid;
}

double round3(double value) {
  return std::round(value * 1000) / 1000;
}

}  // namespace

nlohmann::json Stats::to_json() const {
  int peak = tables_held.empty() ? 0 : *std::max_element(tables_held.begin(), tables_held.end());
  double rate = window_seconds > 0 ? static_cast<double>(acks_in_window) / window_seconds : 0;
  return {
      {"tables_held_median", median(tables_held)},
      {"tables_held_peak", peak},
      {"tables_created", tables_created},
      {"games_finished", games_finished},
      {"decisions", acks},
      {"decisions_per_s", std::round(rate * 10) / 10},
      {"window_s", round3(window_seconds)},
      {"ack_ms",
       {{"p50", round3(percentile(0.50))},
        {"p99", round3(percentile(0.99))},
        {"max", round3(percentile(1.0))}}},
      {"errors", errors},
      {"stale", stale},
      {"drops", drops},
      {"connect_failures", connect_failures},
      {"reconnects", reconnects},
      {"resumes", resumes},
      {"resume_failures", resume_failures},
      {"moves", moves},
      {"move_waits", move_waits},
      {"moved_away", moved_away},
      {"reply_timeouts", reply_timeouts},
      {"silent_connections", silent_connections},
      {"unfinished", unfinished},
      {"records", records},
      {"checked", checked},
      {"lost", lost},
      {"problems", problems},
  };
}

std::string Stats::to_text() const {
  nlohmann::json j = to_json();
  char line[512];
  std::string out;
  std::snprintf(line, sizeof line,
                "tables held        %d (median), %d (peak); %lld created, %lld games finished\n",
                j["tables_held_median"].get<int>(), j["tables_held_peak"].get<int>(),
                static_cast<long long>(tables_created), static_cast<long long>(games_finished));
  out += line;
  std::snprintf(line, sizeof line, "decisions acked    %lld (%.1f/s over %.1f s)\n",
                static_cast<long long>(acks), j["decisions_per_s"].get<double>(), window_seconds);
  out += line;
  std::snprintf(line, sizeof line, "ack latency        p50 %.2f ms, p99 %.2f ms, max %.2f ms\n",
                percentile(0.5), percentile(0.99), percentile(1.0));
  out += line;
  std::snprintf(
      line, sizeof line,
      "errors             %lld (stale refusals %lld, drops %lld, reconnects %lld, resumes %lld, "
      "resume failures %lld)\n",
      static_cast<long long>(errors), static_cast<long long>(stale), static_cast<long long>(drops),
      static_cast<long long>(reconnects), static_cast<long long>(resumes),
      static_cast<long long>(resume_failures));
  out += line;
  if (moves > 0 || moved_away > 0 || reply_timeouts > 0 || silent_connections > 0) {
    std::snprintf(line, sizeof line,
                  "cluster            %lld moves followed (%lld waited first), %lld tables moved "
                  "away, %lld reply timeouts, %lld silent connections\n",
                  static_cast<long long>(moves), static_cast<long long>(move_waits),
                  static_cast<long long>(moved_away), static_cast<long long>(reply_timeouts),
                  static_cast<long long>(silent_connections));
    out += line;
  }
  if (records > 0 || checked > 0 || lost > 0 || unfinished > 0) {
    std::snprintf(
        line, sizeof line,
        "verified           %lld acknowledged decisions in %lld records: %lld lost, %lld tables "
        "unfinished\n",
        static_cast<long long>(checked), static_cast<long long>(records),
        static_cast<long long>(lost), static_cast<long long>(unfinished));
    out += line;
  }
  for (const auto& p : problems) out += "  " + p + "\n";
  return out;
}

}  // namespace tt::loadgen
