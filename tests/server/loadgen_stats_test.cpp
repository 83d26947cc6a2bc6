// A load run shared among processes (tools/loadgen/processes.cpp): each
// process's figures travel as JSON and add up to one report.
#include <gtest/gtest.h>

#include "stats.h"

namespace tt::loadgen {
namespace {

Stats share(std::vector<double> ack_ms, std::vector<int> held, double window) {
  Stats stats;
  stats.ack_ms = std::move(ack_ms);
  stats.acks = static_cast<std::int64_t>(stats.ack_ms.size());
  stats.acks_in_window = stats.acks;
  stats.tables_held = std::move(held);
  stats.window_seconds = window;
  return stats;
}

TEST(LoadgenStats, SharesOfARunAddUpAfterTheirJourneyAsJson) {
  Stats first = share({1, 2, 3}, {10, 10, 9}, 2.0);
  first.connect_failures = 2;
  first.errors = 2;
  first.problem("seat lg1s0 lost its connection");
  Stats second = share({100}, {5, 6}, 4.0);
  second.stale = 7;

  Stats merged;
  merged.merge(Stats::from_raw_json(nlohmann::json::parse(first.to_raw_json().dump())));
  merged.merge(Stats::from_raw_json(nlohmann::json::parse(second.to_raw_json().dump())));

  EXPECT_EQ(merged.acks, 4);
  EXPECT_EQ(merged.acks_in_window, 4);
  EXPECT_EQ(merged.errors, 2);
  EXPECT_EQ(merged.connect_failures, 2);
  EXPECT_EQ(merged.stale, 7);
  EXPECT_EQ(merged.ack_ms.size(), 4u);
  EXPECT_EQ(merged.percentile(1.0), 100);  // the slowest of either process
  EXPECT_EQ(merged.percentile(0.5), 2);
  // Sampled together: summed sample by sample, as long as both sampled.
  EXPECT_EQ(merged.tables_held, (std::vector<int>{15, 16}));
  EXPECT_EQ(merged.window_seconds, 4.0);
  ASSERT_EQ(merged.problems.size(), 1u);
  EXPECT_EQ(merged.problems[0], "seat lg1s0 lost its connection");
}

}  // namespace
}  // namespace tt::loadgen
