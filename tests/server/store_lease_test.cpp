// Leases of several processes on one PostgreSQL database (server/store/
// leases.h, docs/server.md "Several processes"): only the holder of a table's
// lease writes it, a claim waits for the lease to end, the epoch of every
// decision says under which claim it was written, and the lobby and its
// notices reach every process.
#include <gtest/gtest.h>

#include <chrono>
#include <pqxx/pqxx>
#include <thread>

#include "core/error.h"
#include "pg_server.h"
#include "server/store/store.h"

namespace tt::server {
namespace {

using Outcome = ClaimResult::Outcome;
using namespace std::chrono_literals;

// Only the tests about a lease ending use a short one, long enough that a
// loaded machine does not end it between two steps of a test; the others
// hold a lease no test outlives (a 400 ms lease ended mid-test under CI load).
constexpr std::int64_t kLeaseMs = 1000;
constexpr std::int64_t kLongLeaseMs = 600'000;

StoredTable lease_table(const std::string& id, std::int64_t created) {
  StoredTable table;
  table.id = id;
  table.game = "suikoden";
  table.setup_json = R"({"game":"suikoden","seed":1,"seats":2})";
  table.config_json = "{}";
  table.created_ms = created;
  table.seats = {{"human", "", ""}, {"human", "", ""}};
  table.summary_json = R"({"table":")" + id + R"(","node":"a"})";
  return table;
}

StoredDecision lease_decision(const std::string& table, std::int64_t index) {
  return {table, index, 0, "pass", 1000 + index, ""};
}

// One process of a cluster: its fenced store and its lease session.
struct Process {
  LeaseOwner owner;
  std::unique_ptr<Store> store;
  std::unique_ptr<LeaseStore> leases;
  Process(const std::string& url, std::string node, std::string incarnation,
          std::int64_t lease_ms = kLongLeaseMs)
      : owner{std::move(node), std::move(incarnation), lease_ms}, store(open_store(url)) {
    store->fence(owner);
    leases = store->leases(owner);
  }
};

class Leases : public ::testing::Test {
 protected:
  void SetUp() override {
    url_ = PgServer::get().url();
    pqxx::connection c(url_);
    pqxx::work tx(c);
    tx.exec("SET client_min_messages = warning");
    tx.exec("DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public");
    tx.commit();
  }
  // (idx, epoch) of a table's decisions, in order.
  std::vector<std::pair<std::int64_t, std::int64_t>> epochs(const std::string& table) {
    pqxx::connection c(url_);
    pqxx::read_transaction tx(c);
    std::vector<std::pair<std::int64_t, std::int64_t>> out;
    for (const auto& row :
         tx.exec_params("SELECT idx, epoch FROM decisions WHERE table_id = $1 ORDER BY idx", table))
      out.emplace_back(row[0].as<std::int64_t>(), row[1].as<std::int64_t>());
    return out;
  }
  std::int64_t count(const std::string& sql) {
    pqxx::connection c(url_);
    pqxx::read_transaction tx(c);
    return tx.exec1(sql)[0].as<std::int64_t>();
  }
  std::string url_;
};

void expect_lease_lost(const std::function<void()>& write) {
  try {
    write();
    ADD_FAILURE() << "the write was not refused";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(kLeaseLost), std::string::npos) << e.what();
  }
}

TEST_F(Leases, OnlyTheHolderWritesATableAndATakeoverWaitsForTheLeaseToEnd) {
  Process a(url_, "a", "a-run1", kLeaseMs), b(url_, "b", "b-run1");
  a.store->create_table(lease_table("t", 1));
  a.store->append({lease_decision("t", 0)});
  // b may not take it while a's lease runs, nor write it.
  const ClaimResult early = b.leases->claim("t");
  EXPECT_EQ(early.outcome, Outcome::kHeld);
  EXPECT_EQ(early.holder.node, "a");
  EXPECT_GT(early.holder.left_ms, 0);
  // Asking wrote nothing (a client pointed at the wrong process costs reads only).
  EXPECT_EQ(count("SELECT count(*) FROM nodes WHERE node = 'b'"), 0);
  expect_lease_lost([&] { b.store->append({lease_decision("t", 1)}); });
  // a stops renewing (paused); once its lease ended, b takes the table.
  std::this_thread::sleep_for(std::chrono::milliseconds(kLeaseMs + 100));
  const ClaimResult taken = b.leases->claim("t");
  ASSERT_EQ(taken.outcome, Outcome::kClaimed);
  EXPECT_EQ(taken.holder.epoch, 2);
  // a wakes: whatever it still had to write is refused, its renewal finds nothing.
  expect_lease_lost([&] { a.store->append({lease_decision("t", 1)}); });
  expect_lease_lost([&] { a.store->finish("t", "{}", "{}", 5); });
  EXPECT_TRUE(a.leases->renew({}).empty());
  b.store->append({lease_decision("t", 1)});
  EXPECT_EQ(b.leases->renew({}), std::vector<std::string>{"t"});
  // The store proves who wrote what: epoch 1 (a) then epoch 2 (b), never back.
  EXPECT_EQ(epochs("t"), (std::vector<std::pair<std::int64_t, std::int64_t>>{{0, 1}, {1, 2}}));
}

TEST_F(Leases, ALeaseThatEndedButWasNotTakenIsStillItsHoldersToRenew) {
  Process a(url_, "a", "a-run1", kLeaseMs);
  a.store->create_table(lease_table("t", 1));
  std::this_thread::sleep_for(std::chrono::milliseconds(kLeaseMs + 100));
  // Nobody claimed it: a may go on (no one else can have written it).
  a.store->append({lease_decision("t", 0)});
  EXPECT_EQ(a.leases->renew({}), std::vector<std::string>{"t"});
  // Renewed: another process must wait again.
  Process b(url_, "b", "b-run1");
  EXPECT_EQ(b.leases->claim("t").outcome, Outcome::kHeld);
}

TEST_F(Leases, ANodeRestartedUnderItsNameTakesItsTablesBackAtOnce) {
  Process before(url_, "a", "a-run1");
  before.store->create_table(lease_table("t", 1));
  Process after(url_, "a", "a-run2");  // the same node, started again
  EXPECT_EQ(after.leases->orphans(10), std::vector<std::string>{"t"});
  ASSERT_EQ(after.leases->claim("t").outcome, Outcome::kClaimed);
  expect_lease_lost([&] { before.store->append({lease_decision("t", 0)}); });
  after.store->append({lease_decision("t", 0)});
}

TEST_F(Leases, AStoppedProcessGivesUpItsTablesAndOthersSweepThem) {
  Process a(url_, "a", "a-run1"), b(url_, "b", "b-run1");
  a.store->create_table(lease_table("t1", 1));
  a.store->create_table(lease_table("t2", 2));
  b.store->create_table(lease_table("t3", 3));
  EXPECT_TRUE(b.leases->orphans(10).empty());
  a.leases->release_all();
  auto orphans = b.leases->orphans(10);
  std::sort(orphans.begin(), orphans.end());
  EXPECT_EQ(orphans, (std::vector<std::string>{"t1", "t2"}));
  EXPECT_EQ(b.leases->claim("t1").outcome, Outcome::kClaimed);
  EXPECT_EQ(b.leases->claim("nope").outcome, Outcome::kUnknown);
  // A finished table is nobody's to take.
  b.store->finish("t1", "{}", "{}", 9);
  EXPECT_EQ(b.leases->claim("t1").outcome, Outcome::kFinished);
  EXPECT_EQ(b.leases->orphans(10), std::vector<std::string>{"t2"});
}

TEST_F(Leases, ARunLongOverThatHoldsNoTableIsForgotten) {
  Process a(url_, "a", "a-run1"), b(url_, "b", "b-run1"), c(url_, "c", "c-run1");
  a.store->create_table(lease_table("t1", 1));
  c.store->create_table(lease_table("t2", 2));
  a.leases->release_all();
  c.leases->release_all();
  ASSERT_EQ(b.leases->claim("t1").outcome, Outcome::kClaimed);  // a holds nothing now
  b.leases->renew({});
  EXPECT_EQ(count("SELECT count(*) FROM nodes WHERE node = 'a'"), 1);  // not an hour over
  // b now forgets runs 200 ms over; a's ended longer ago than that.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  b.owner.forget_ms = 200;
  b.leases = b.store->leases(b.owner);
  b.leases->renew({});
  EXPECT_EQ(count("SELECT count(*) FROM nodes WHERE node = 'a'"), 0);
  // c is over as long, but t2 is still its until someone claims it.
  EXPECT_EQ(count("SELECT count(*) FROM nodes WHERE node = 'c'"), 1);
  EXPECT_EQ(count("SELECT count(*) FROM nodes WHERE node = 'b'"), 1);
  EXPECT_EQ(b.leases->orphans(10), std::vector<std::string>{"t2"});
}

TEST_F(Leases, TheLobbyListsEveryProcesssTablesAndItsNoticesReachEveryProcess) {
  Process a(url_, "a", "a-run1"), b(url_, "b", "b-run1");
  auto listener = b.store->leases(b.owner);
  EXPECT_TRUE(listener->await_change(10));  // the first call listens
  a.store->create_table(lease_table("t1", 1));
  EXPECT_TRUE(listener->await_change(2000));  // a's new table, noticed by b
  b.store->create_table(lease_table("t2", 2));
  EXPECT_TRUE(listener->await_change(2000));  // b's own, too
  EXPECT_EQ(b.leases->lobby(10),
            R"({"tables":[{"table":"t2","node":"a"},{"table":"t1","node":"a"}],"count":2})");
  // The owner's summaries replace the ones written at creation.
  a.leases->renew({{"t1", R"({"table":"t1","seen":"by \"a\""})"}});
  b.leases->renew({{"t1", R"({"table":"t1","stolen":true})"}});  // not b's: ignored
  EXPECT_EQ(b.leases->lobby(1), R"({"tables":[{"table":"t2","node":"a"}],"count":2})");
  a.store->finish("t1", "{}", "{}", 9);
  EXPECT_TRUE(listener->await_change(2000));
  EXPECT_FALSE(listener->await_change(50));  // nothing else happened
  EXPECT_EQ(a.leases->lobby(10), R"({"tables":[{"table":"t2","node":"a"}],"count":1})");
}

TEST(LeasesSqlite, OneProcesssStoreRefusesToBeShared) {
  const fs::path folder = make_temp_folder("tt-lease-sqlite");
  auto store = open_store("sqlite:" + (folder / "t.db").string());
  EXPECT_THROW(store->fence({"a", "run", 1000}), Error);
  EXPECT_THROW(store->leases({"a", "run", 1000}), Error);
  fs::remove_all(folder);
}

}  // namespace
}  // namespace tt::server
