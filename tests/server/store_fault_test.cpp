// A store that is slow, failing or gone (docs/server.md, "Storage" and
// "HTTP"): an HTTP read waiting for it holds up nothing else and times out
// with 503; /healthz says the store is down without touching it, and ok again
// once it is back; computer seats and timers whose decision could not be
// stored go on by themselves once the store is back.
#include <gtest/gtest.h>

#include <thread>

#include "core/registry.h"
#include "hub_support.h"

namespace tt::server::testing {
namespace {

class StoreFault : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { register_builtin_games(); }

  // A Suikoden table of `seats`; returns its id.
  std::string create(Harness& h, FakeConnection& c, json seats, json extra = json::object()) {
    json req = {{"cmd", "create"}, {"game", "suikoden"}, {"seats", seats}};
    req.update(extra);
    json r = h.request(c, req);
    EXPECT_EQ(r["ok"], true) << r.dump();
    return r.value("table", "");
  }
  std::string join(Harness& h, FakeConnection& c, const std::string& table, int seat) {
    return h.join(c, table, seat);
  }
  // The decisions stored for a table.
  static std::size_t stored(Harness& h, const std::string& table) {
    std::lock_guard<std::mutex> lock(h.data->mutex);
    return h.data->tables[table].decisions.size();
  }
  // The connection's first own option and the seq it saw, or nullopt.
  static std::optional<std::pair<std::string, std::int64_t>> own_option(const FakeConnection& c) {
    const json* u = c.last_update();
    if (!u) return std::nullopt;
    for (auto& p : (*u)["pending"])
      if (p.contains("options"))
        return std::pair{p["options"][0]["id"].get<std::string>(), (*u)["seq"].get<std::int64_t>()};
    return std::nullopt;
  }
  // One decision by whichever of the two seated connections must decide.
  json decide(Harness& h, const std::string& table, FakeConnection& a, const std::string& ta,
              FakeConnection& b, const std::string& tb) {
    for (auto [c, token] : {std::pair{&a, ta}, std::pair{&b, tb}}) {
      if (auto own = own_option(*c))
        return h.request(*c, {{"cmd", "act"},
                              {"table", table},
                              {"token", token},
                              {"option", own->first},
                              {"seq", own->second}});
    }
    return json{{"nobody", "decides"}};
  }
};

TEST_F(StoreFault, AReadTheStoreDoesNotAnswerHoldsUpNothingAndTimesOutWith503) {
  Harness h({.store_read_timeout_ms = 3000});
  auto& a = h.connect();
  auto& b = h.connect();
  const std::string t = create(h, a, {"human", "human"});
  const std::string ta = join(h, a, t, 0), tb = join(h, b, t, 1);

  h.data->hold_reads(true);
  std::optional<HttpReply> recent;
  int answers = 0;
  h.server->get("/api/recent", [&](HttpReply r) {
    recent = std::move(r);
    ++answers;
  });
  // The reader thread is inside the store, which does not answer.
  for (int i = 0; i < 1000 && h.data->waiting_reads() == 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  ASSERT_EQ(h.data->waiting_reads(), 1);
  // Meanwhile the loop answers everything else at once.
  EXPECT_EQ(h.get("/healthz").status, 200);
  EXPECT_EQ(h.get("/api/tables").status, 200);
  const std::size_t before = stored(h, t);
  json r = decide(h, t, a, ta, b, tb);
  EXPECT_EQ(r["ok"], true) << r.dump();
  EXPECT_EQ(stored(h, t), before + 1);
  EXPECT_FALSE(recent.has_value());
  // No answer in the timeout: 503, and the read's own answer is dropped.
  h.loop.advance(std::chrono::milliseconds(3001), *h.server);
  ASSERT_TRUE(recent.has_value());
  EXPECT_EQ(recent->status, 503);
  EXPECT_NE(recent->body.find("store timed out"), std::string::npos) << recent->body;
  h.data->hold_reads(false);
  // A read after the store came back is answered as usual, and the first one once only.
  EXPECT_EQ(h.get("/api/recent").status, 200);
  EXPECT_EQ(answers, 1);
}

TEST_F(StoreFault, TooManyReadsWaitingAreRefusedAtOnce) {
  std::vector<int> statuses;  // outlives the server, which answers what is left when it stops
  Harness h({.store_read_timeout_ms = 3000, .max_store_reads = 2});
  h.data->hold_reads(true);
  for (int i = 0; i < 3; ++i)
    h.server->get("/api/recent", [&](HttpReply r) { statuses.push_back(r.status); });
  ASSERT_EQ(statuses, std::vector<int>{503});  // the third, at once
  h.data->hold_reads(false);
  for (int i = 0; i < 1000 && statuses.size() < 3; ++i) {
    h.loop.settle(*h.server);
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  EXPECT_EQ(statuses, (std::vector<int>{503, 200, 200}));
}

TEST_F(StoreFault, HealthzSaysTheStoreIsDownWhileItFailsAndOkOnceItIsBack) {
  Harness h({.store_stall_ms = 100, .store_probe_ms = 50});
  auto& a = h.connect();
  auto& b = h.connect();
  const std::string t = create(h, a, {"human", "human"});
  const std::string ta = join(h, a, t, 0), tb = join(h, b, t, 1);
  EXPECT_EQ(h.get("/healthz").status, 200);

  // The last commit failed.
  h.data->fail_appends = true;
  EXPECT_EQ(decide(h, t, a, ta, b, tb)["ok"], false);
  HttpReply down = h.get("/healthz");
  EXPECT_EQ(down.status, 503);
  EXPECT_NE(h.get("/metrics").body.find("tabletop_store_up 0"), std::string::npos);
  EXPECT_NE(down.body.find("store down: the last commit failed"), std::string::npos) << down.body;
  // Back: the journal's probe finds it writable with nothing else written.
  h.data->fail_appends = false;
  for (int i = 0; i < 200 && h.get("/healthz").status != 200; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_EQ(h.get("/healthz").status, 200);

  // A commit that does not end.
  h.data->hold_writes(true);
  FakeConnection& decider = own_option(a) ? a : b;
  const auto option = *own_option(decider);
  h.server->message(decider, json{{"cmd", "act"},
                                  {"table", t},
                                  {"token", &decider == &a ? ta : tb},
                                  {"option", option.first},
                                  {"seq", option.second}}
                                 .dump());
  h.loop.run_posted();  // the loop's turn ends: the journal's writer is woken
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  std::optional<HttpReply> stalled;
  h.server->get("/healthz", [&](HttpReply r) { stalled = std::move(r); });
  ASSERT_TRUE(stalled.has_value()) << "/healthz waits for nothing";
  EXPECT_EQ(stalled->status, 503);
  EXPECT_NE(stalled->body.find("store down: a commit has been running for"), std::string::npos)
      << stalled->body;
  h.data->hold_writes(false);
  h.loop.settle(*h.server);
  EXPECT_EQ(h.get("/healthz").status, 200);
}

TEST_F(StoreFault, AComputerSeatsDecisionTheStoreRefusedIsTakenOnceTheStoreIsBack) {
  Harness h;
  auto& c = h.connect();
  const std::string t = create(h, c, {"human", "greedy"}, {{"pace", 100}, {"seed", 7}});
  join(h, c, t, 0);
  auto by_computer = [&] {
    std::lock_guard<std::mutex> lock(h.data->mutex);
    int n = 0;
    for (auto& d : h.data->tables[t].decisions) n += d.seat == 1;
    return n;
  };
  // The computer decides after its pace, and the store refuses it.
  h.data->fail_appends = true;
  h.loop.advance(std::chrono::milliseconds(150), *h.server);
  EXPECT_EQ(by_computer(), 0);
  h.loop.advance(std::chrono::seconds(2), *h.server);  // still failing: tried again, refused
  EXPECT_EQ(by_computer(), 0);
  // The store is back: nobody touches the table, and the computer's decision is stored.
  h.data->fail_appends = false;
  h.loop.advance(std::chrono::seconds(6), *h.server);
  EXPECT_GE(by_computer(), 1);
}

TEST_F(StoreFault, ATimersDefaultTheStoreRefusedIsTakenOnceTheStoreIsBack) {
  Harness h;
  auto& a = h.connect();
  auto& b = h.connect();
  const std::string t =
      create(h, a, {"human", "human"}, {{"timer", {{"mode", "move"}, {"seconds", 30}}}});
  join(h, a, t, 0);
  join(h, b, t, 1);
  const std::size_t before = stored(h, t);
  h.data->fail_appends = true;
  h.loop.advance(std::chrono::seconds(31), *h.server);  // the default, refused
  EXPECT_EQ(stored(h, t), before);
  h.data->fail_appends = false;
  h.loop.advance(std::chrono::seconds(6), *h.server);
  EXPECT_GT(stored(h, t), before) << "the timer's default was taken once the store was back";
}

}  // namespace
}  // namespace tt::server::testing
