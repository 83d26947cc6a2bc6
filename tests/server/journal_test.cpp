// The journal's group commit under load (docs/server.md, "Decisions: stored,
// then applied, then acknowledged"): decisions that keep coming share
// commits, at most one per gather interval, and every acknowledged decision
// is in the store.
#include "server/journal.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "hub_support.h"

namespace tt::server {
namespace {

using namespace std::chrono_literals;
using testing::MemoryData;
using testing::MemoryStore;

// A loop that only keeps what the journal posts back (its completions), for
// the test to run on its own thread.
class PostedWork final : public Loop {
 public:
  void post(std::function<void()> fn) override {
    std::lock_guard<std::mutex> lock(mutex_);
    posted_.push_back(std::move(fn));
  }
  std::uint64_t after(std::chrono::milliseconds, std::function<void()>) override { return 0; }
  void cancel(std::uint64_t) override {}
  void run() {
    std::vector<std::function<void()>> batch;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      batch.swap(posted_);
    }
    for (auto& fn : batch) fn();
  }

 private:
  std::mutex mutex_;
  std::vector<std::function<void()>> posted_;
};

StoredDecision decision(int table, std::int64_t index, const std::string& option) {
  StoredDecision d;
  d.table = "t" + std::to_string(table);
  d.index = index;
  d.seat = static_cast<int>(index % 2);
  d.option = option;
  return d;
}

std::shared_ptr<MemoryData> tables(int count) {
  auto data = std::make_shared<MemoryData>();
  for (int t = 0; t < count; ++t) {
    StoredTable table;
    table.id = "t" + std::to_string(t);
    table.game = "suikoden";
    data->tables[table.id].table = table;
  }
  return data;
}

TEST(Journal, DecisionsThatKeepComingShareCommitsAndEveryAcknowledgedOneIsStored) {
  constexpr int kTables = 30, kPerTable = 10, kDecisions = kTables * kPerTable;
  constexpr auto kGather = 20ms;
  auto data = tables(kTables);
  PostedWork loop;
  Journal journal(loop, std::make_unique<MemoryStore>(data));
  journal.set_gather(kGather);

  // A decision every 100 µs or so, round the tables: far more often than
  // once per gather interval, and far slower than the memory store commits,
  // so without gathering each would be a commit of its own.
  std::vector<int> acknowledged(kTables, 0);
  std::atomic<int> refused{0};
  const auto start = std::chrono::steady_clock::now();
  for (int round = 0; round < kPerTable; ++round) {
    for (int t = 0; t < kTables; ++t) {
      journal.append(decision(t, round, "opt" + std::to_string(round)),
                     [&, t](const std::string& error) {
                       if (!error.empty())
                         ++refused;
                       else
                         ++acknowledged[static_cast<std::size_t>(t)];
                     });
      std::this_thread::sleep_for(100us);
    }
  }
  while (!journal.idle()) {
    loop.run();
    std::this_thread::sleep_for(1ms);
  }
  const auto elapsed = std::chrono::steady_clock::now() - start;
  loop.run();

  EXPECT_EQ(refused, 0);
  EXPECT_EQ(journal.decisions(), static_cast<std::uint64_t>(kDecisions));
  // At most one commit per gather interval while they keep coming, the first at once.
  const auto intervals = static_cast<std::uint64_t>(elapsed / kGather);
  EXPECT_LE(journal.commits(), intervals + 2) << "over " << elapsed / 1ms << " ms";
  EXPECT_LT(journal.commits(), static_cast<std::uint64_t>(kDecisions) / 4);
  for (int t = 0; t < kTables; ++t) {
    EXPECT_EQ(acknowledged[static_cast<std::size_t>(t)], kPerTable);
    const auto& stored = data->tables.at("t" + std::to_string(t)).decisions;
    ASSERT_EQ(stored.size(), static_cast<std::size_t>(kPerTable));
    for (int i = 0; i < kPerTable; ++i)
      EXPECT_EQ(stored[static_cast<std::size_t>(i)].option, "opt" + std::to_string(i));
  }
}

TEST(Journal, ADecisionAfterAQuietSpellIsCommittedWithoutWaiting) {
  auto data = tables(1);
  PostedWork loop;
  Journal journal(loop, std::make_unique<MemoryStore>(data));
  // Far longer than the test may take, and than the machine has been up (a
  // first batch once waited out the gather counted from the steady clock's
  // epoch, the boot): a wait for it would time the test out.
  journal.set_gather(std::chrono::hours(24 * 365 * 100));
  std::atomic<bool> done{false};
  journal.append(decision(0, 0, "a"), [&](const std::string&) { done = true; });
  for (int i = 0; i < 5000 && !journal.idle(); ++i) {
    loop.run();
    std::this_thread::sleep_for(1ms);
  }
  EXPECT_TRUE(done);
  EXPECT_EQ(journal.commits(), 1u);
}

TEST(Journal, WhatTheLoopQueuesInOneTurnSharesOneCommit) {
  // The test thread is the loop: until it runs what was posted, it is still
  // handling the requests of one wake. An idle writer woken by the first of
  // them committed it alone, and the rest waited for a second commit.
  auto data = tables(1);
  PostedWork loop;
  Journal journal(loop, std::make_unique<MemoryStore>(data));
  std::this_thread::sleep_for(20ms);  // the writer waits for work
  int acknowledged = 0;
  journal.append(decision(0, 0, "a"), [&](const std::string&) { ++acknowledged; });
  std::this_thread::sleep_for(20ms);  // long enough for a woken writer to commit it
  for (int i = 1; i < 10; ++i)
    journal.append(decision(0, i, "b"), [&](const std::string&) { ++acknowledged; });
  for (int i = 0; i < 5000 && !journal.idle(); ++i) {
    loop.run();
    std::this_thread::sleep_for(1ms);
  }
  loop.run();
  EXPECT_EQ(acknowledged, 10);
  EXPECT_EQ(data->tables.at("t0").decisions.size(), 10u);
  EXPECT_EQ(journal.commits(), 1u);
}

TEST(Journal, StoppingCommitsWhatIsGatheredAtOnce) {
  auto data = tables(1);
  PostedWork loop;
  Journal journal(loop, std::make_unique<MemoryStore>(data));
  journal.set_gather(std::chrono::hours(1));
  journal.append(decision(0, 0, "a"), [](const std::string&) {});
  for (int i = 0; i < 5000 && journal.commits() == 0; ++i) {
    loop.run();
    std::this_thread::sleep_for(1ms);
  }
  // The next one comes within the gather interval: it waits, until the stop.
  journal.append(decision(0, 1, "b"), [](const std::string&) {});
  journal.stop();
  EXPECT_EQ(data->tables.at("t0").decisions.size(), 2u);
}

}  // namespace
}  // namespace tt::server
