// What one client address can consume (docs/server.md "Limits"): spectators
// cannot lock a player out of their seat, one address cannot fill the lobby
// (restarts included), watching and leaving cost the other watchers nothing,
// spectators share one update per change, and the lobby's list is not built
// again for every request.
#include <gtest/gtest.h>

#include <string>

#include "core/registry.h"
#include "hub_support.h"
#include "server/address_limits.h"
#include "server/lobby_list.h"

namespace tt::server::testing {
namespace {

class Abuse : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { register_builtin_games(); }

  json create(FakeConnection& c) {
    return h.request(c, {{"cmd", "create"}, {"game", "suikoden"}, {"seats", {"human", "human"}}});
  }
  std::string created(FakeConnection& c) {
    json r = create(c);
    EXPECT_EQ(r["ok"], true) << r.dump();
    return r.value("table", "");
  }
  std::string join(FakeConnection& c, const std::string& table, int seat) {
    return h.join(c, table, seat, "P");
  }
  json watch(FakeConnection& c, const std::string& table) {
    return h.request(c, {{"cmd", "watch"}, {"table", table}});
  }
  // A counter of /metrics (-1 when the server has no such counter).
  double metric(const std::string& name) {
    const std::string body = h.get("/metrics").body;
    const auto at = body.find("\n" + name + " ");
    if (at == std::string::npos) return -1;
    return std::stod(body.substr(at + name.size() + 2));
  }
  static bool has(const json& reply, const std::string& part) {
    return reply.value("error", "").find(part) != std::string::npos;
  }

  Harness h;
};

TEST_F(Abuse, SpectatorsFromOneAddressCannotLockAPlayerOutOfTheirSeat) {
  auto& a = h.connect();
  auto& b = h.connect();
  const std::string t = created(a);
  const std::string token_a = join(a, t, 0);
  join(b, t, 1);
  // One address: only kMaxSpectatorsPerAddress of its connections watch.
  std::size_t watching = 0, refused = 0;
  for (int i = 0; i < 199; ++i) {
    auto& w = h.connect("203.0.113.9");
    json r = watch(w, t);
    if (r["ok"] == true) {
      ++watching;
    } else {
      ++refused;
      EXPECT_TRUE(has(r, "your address watches this table")) << r.dump();
    }
  }
  EXPECT_EQ(watching, kMaxSpectatorsPerAddress);
  EXPECT_EQ(refused, 199 - kMaxSpectatorsPerAddress);
  // Many addresses: the table's spectator places fill up...
  for (; watching < kMaxSpectators; ++watching)
    ASSERT_EQ(watch(h.connect(), t)["ok"], true) << watching;
  json full = watch(h.connect(), t);
  EXPECT_EQ(full["ok"], false);
  EXPECT_TRUE(has(full, "spectators already")) << full.dump();
  // ...and still the seat's owner comes back to it, on another connection too.
  h.disconnect(a);
  auto& back = h.connect();
  json r = h.request(back, {{"cmd", "resume"}, {"table", t}, {"token", token_a}});
  ASSERT_EQ(r["ok"], true) << r.dump();
  EXPECT_EQ(r["seat"], 0);
  ASSERT_TRUE(back.last_update());
  EXPECT_EQ((*back.last_update())["seats"][0]["connected"], true);
  auto& second = h.connect();
  EXPECT_EQ(h.request(second, {{"cmd", "resume"}, {"table", t}, {"token", token_a}})["ok"], true);
}

TEST_F(Abuse, OneAddressCannotFillTheLobbyRestartsIncluded) {
  ServerOptions options;
  options.tables_per_address = 3;
  options.waiting_seconds = 60;
  h.restart(options);
  auto& a = h.connect("203.0.113.5");
  auto& a2 = h.connect("203.0.113.5");  // another connection counts alike
  created(a);
  created(a2);
  created(a);
  json r = create(a2);
  EXPECT_EQ(r["ok"], false);
  EXPECT_TRUE(has(r, "your address holds 3 tables")) << r.dump();
  auto& other = h.connect("198.51.100.20");
  created(other);
  // Nothing in the lobby names the creator's address.
  EXPECT_EQ(h.get("/api/tables").body.find("203.0.113"), std::string::npos);
  // The address is stored with its tables: a restart does not reset the count.
  h.restart(options);
  auto& after = h.connect("203.0.113.5");
  EXPECT_EQ(create(after)["ok"], false);
  // Its waiting tables expire; then it may create again.
  h.loop.advance(std::chrono::seconds(61), *h.server);
  EXPECT_EQ(create(after)["ok"], true);
  // 0: no limit.
  options.tables_per_address = 0;
  h.restart(options);
  auto& any = h.connect("203.0.113.5");
  for (int i = 0; i < 5; ++i) EXPECT_EQ(create(any)["ok"], true);
}

TEST_F(Abuse, WatchingAndLeavingSendNothingToTheOtherWatchers) {
  auto& a = h.connect();
  auto& b = h.connect();
  const std::string t = created(a);
  join(a, t, 0);
  join(b, t, 1);
  std::vector<FakeConnection*> watchers;
  for (int i = 0; i < 50; ++i) {
    watchers.push_back(&h.connect());
    ASSERT_EQ(watch(*watchers.back(), t)["ok"], true);
  }
  auto sent = [&] {
    std::size_t n = a.sent.size() + b.sent.size();
    for (auto* w : watchers) n += w->sent.size();
    return n;
  };
  const std::size_t before = sent();
  auto& churn = h.connect();
  for (int i = 0; i < 10; ++i) {
    ASSERT_EQ(watch(churn, t)["ok"], true);
    ASSERT_EQ(h.request(churn, {{"cmd", "leave"}, {"table", t}})["ok"], true);
  }
  EXPECT_EQ(sent(), before);
  // The churning connection got its replies and one update per watch.
  std::size_t updates = 0;
  for (auto& m : churn.sent) updates += m["type"] == "update" ? 1 : 0;
  EXPECT_EQ(updates, 10u);
}

TEST_F(Abuse, SpectatorsShareOneUpdatePerChange) {
  auto& a = h.connect();
  auto& b = h.connect();
  const std::string t = created(a);
  const std::string ta = join(a, t, 0);
  const std::string tb = join(b, t, 1);
  std::vector<FakeConnection*> watchers;
  for (int i = 0; i < 100; ++i) {
    watchers.push_back(&h.connect());
    ASSERT_EQ(watch(*watchers.back(), t)["ok"], true);
  }
  // The seat with options in its last update decides.
  auto options_of = [](const FakeConnection& c) {
    for (auto& p : (*c.last_update())["pending"])
      if (p.contains("options")) return p["options"];
    return json::array();
  };
  const bool a_decides = !options_of(a).empty();
  FakeConnection& decider = a_decides ? a : b;
  const std::string& token = a_decides ? ta : tb;
  const json opts = options_of(decider);
  ASSERT_FALSE(opts.empty());
  const json* u = decider.last_update();
  const double built = metric("tabletop_views_built_total");
  const double sent = metric("tabletop_updates_sent_total");
  ASSERT_GE(built, 0) << "no count of views built";
  json r = h.request(decider, {{"cmd", "act"},
                               {"table", t},
                               {"token", token},
                               {"option", opts[0]["id"]},
                               {"seq", (*u)["seq"]}});
  ASSERT_EQ(r["ok"], true) << r.dump();
  // One view per seat and one for all the spectators; an update for everyone.
  EXPECT_EQ(metric("tabletop_views_built_total") - built, 3);
  EXPECT_EQ(metric("tabletop_updates_sent_total") - sent, 102);
  // Each spectator got the same update, the public view.
  const json& first = *watchers.front()->last_update();
  EXPECT_EQ(first["as"], -1);
  for (auto* w : watchers) EXPECT_EQ(*w->last_update(), first);
}

TEST_F(Abuse, TheLobbyListIsNotBuiltAgainForEveryRequest) {
  auto& c = h.connect();
  const std::string t = created(c);
  ASSERT_EQ(h.request(c, {{"cmd", "tables"}})["tables"].size(), 1u);
  const double builds = metric("tabletop_lobby_builds_total");
  ASSERT_GE(builds, 1) << "no count of lobby builds";
  for (int i = 0; i < 50; ++i) {
    json list = h.request(c, {{"cmd", "tables"}});
    ASSERT_EQ(list["ok"], true);
    ASSERT_EQ(list["tables"].size(), 1u);
    h.get("/api/tables");
  }
  EXPECT_EQ(metric("tabletop_lobby_builds_total"), builds);
  // A new table shows at once; a change of one within the refresh.
  created(c);
  EXPECT_EQ(h.request(c, {{"cmd", "tables"}})["tables"].size(), 2u);
  join(c, t, 0);
  join(h.connect(), t, 1);
  h.loop.advance(kLobbyRefresh, *h.server);
  const json list = h.request(c, {{"cmd", "tables"}});
  std::string status;
  for (const json& s : list["tables"])
    if (s["table"] == t) status = s["status"].get<std::string>();
  EXPECT_EQ(status, "playing") << list.dump();
}

}  // namespace
}  // namespace tt::server::testing
