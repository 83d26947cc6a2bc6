// tabletop-loadgen's loop: timers due within one tick fire together, in one
// wake (docs/server.md, "Load": its CPU per decision is mostly wakes).
#include <gtest/gtest.h>

#include <vector>

#include "reactor.h"

namespace tt::loadgen {
namespace {

using std::chrono::milliseconds;

TEST(LoadgenReactor, TimersDueWithinOneTickFireTogetherOnTheGrid) {
  Reactor reactor;
  std::vector<Reactor::Clock::time_point> fired;
  const auto start = reactor.now();
  // Eight pauses drawn a millisecond apart, as players' think times are.
  for (int ms = 20; ms < 28; ++ms)
    reactor.after(milliseconds(ms), [&] { fired.push_back(reactor.now()); });
  reactor.run();
  ASSERT_EQ(fired.size(), 8u);
  for (auto at : fired) EXPECT_GE(at - start, milliseconds(20)) << "a timer fired early";
  // Due on the grid: a tick of 2 ms holds at most ceil(8 / 2) + 1 deadlines.
  std::vector<Reactor::Clock::time_point> due;
  for (int ms = 20; ms < 28; ++ms) {
    auto ticks = (start + milliseconds(ms) - Reactor::Clock::time_point() + Reactor::kTick -
                  Reactor::Clock::duration(1)) /
                 Reactor::kTick;
    due.push_back(Reactor::Clock::time_point(ticks * Reactor::kTick));
  }
  // Each timer fired no earlier than its grid deadline, and timers sharing a
  // deadline ran in one pass of the loop (one after the other, nothing between).
  for (std::size_t i = 0; i < fired.size(); ++i) EXPECT_GE(fired[i], due[i]);
  int batches = 1;
  for (std::size_t i = 1; i < fired.size(); ++i)
    batches += fired[i] - fired[i - 1] > std::chrono::microseconds(500) ? 1 : 0;
  EXPECT_LE(batches, 8 / static_cast<int>(Reactor::kTick.count()) + 1)
      << "timers a millisecond apart each woke the loop";
}

}  // namespace
}  // namespace tt::loadgen
