// The lobby's ends and moves (docs/server.md): the default grace that ends a
// table whose players left, a table nobody fills expiring, a seat claimed on
// another device (the old token revoked, the old device told), and decks
// checked before a table is made.
#include <gtest/gtest.h>

#include <set>

#include "core/registry.h"
#include "hub_support.h"
#include "server/tokens.h"

namespace tt::server::testing {
namespace {

class Lobby : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { register_builtin_games(); }

  static ServerOptions options(int grace, int waiting) {
    ServerOptions o;
    o.grace_seconds = grace;
    o.waiting_seconds = waiting;
    return o;
  }

  std::string create(Harness& h, FakeConnection& c, json extra = json::object()) {
    json req = {{"cmd", "create"}, {"game", "suikoden"}, {"seats", {"human", "human"}}};
    req.update(extra);
    json r = h.request(c, req);
    EXPECT_EQ(r["ok"], true) << r.dump();
    return r.value("table", "");
  }
  std::string join(Harness& h, FakeConnection& c, const std::string& table, int seat) {
    json r = h.request(c, {{"cmd", "join"}, {"table", table}, {"seat", seat}, {"name", "P"}});
    EXPECT_EQ(r["ok"], true) << r.dump();
    return r.value("token", "");
  }
  static bool deciding(const FakeConnection& c) {
    const json* u = c.last_update();
    if (!u) return false;
    for (auto& p : (*u)["pending"])
      if (p.contains("options")) return true;
    return false;
  }
  static std::size_t count_type(const FakeConnection& c, const std::string& type) {
    std::size_t n = 0;
    for (auto& m : c.sent) n += m["type"] == type ? 1 : 0;
    return n;
  }
};

TEST_F(Lobby, ATableThatNamesNoGraceGetsTheServersDefault) {
  Harness h;
  auto& a = h.connect();
  auto& b = h.connect();
  const std::string t = create(h, a);
  EXPECT_EQ(h.request(a, {{"cmd", "tables"}})["tables"][0]["grace"], kDefaultGraceSeconds);
  join(h, a, t, 0);
  join(h, b, t, 1);
  FakeConnection& gone = deciding(a) ? a : b;
  FakeConnection& stays = deciding(a) ? b : a;
  h.disconnect(gone);
  h.loop.advance(std::chrono::seconds(kDefaultGraceSeconds - 1), *h.server);
  EXPECT_EQ((*stays.last_update())["terminal"], false);
  h.loop.advance(std::chrono::seconds(2), *h.server);
  EXPECT_EQ((*stays.last_update())["terminal"], true);

  // The server's own default (`tabletop serve --grace`), and 0 asked for: forever.
  Harness g(options(30, 1800));
  auto& c = g.connect();
  create(g, c);
  create(g, c, {{"grace", 0}});
  const json list = g.request(c, {{"cmd", "tables"}})["tables"];
  std::multiset<int> graces = {list[0]["grace"].get<int>(), list[1]["grace"].get<int>()};
  EXPECT_EQ(graces, (std::multiset<int>{0, 30}));
}

TEST_F(Lobby, ATableNobodyFillsEndsAndItsWatchersAreTold) {
  Harness h(options(kDefaultGraceSeconds, 60));
  auto& a = h.connect();
  auto& b = h.connect();
  const std::string waiting = create(h, a);
  join(h, a, waiting, 0);
  const std::string filled = create(h, b);
  join(h, a, filled, 0);
  join(h, b, filled, 1);
  h.loop.advance(std::chrono::seconds(59), *h.server);
  EXPECT_EQ(h.request(b, {{"cmd", "tables"}})["tables"].size(), 2u);
  EXPECT_EQ(count_type(a, "closed"), 0u);
  h.loop.advance(std::chrono::seconds(2), *h.server);
  const json list = h.request(b, {{"cmd", "tables"}})["tables"];
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0]["table"], filled);  // a table in play is not ended
  EXPECT_EQ(count_type(a, "closed"), 1u);
  EXPECT_TRUE(h.data->tables[waiting].finished);
  json r = h.request(b, {{"cmd", "join"}, {"table", waiting}, {"seat", 1}, {"name", "Late"}});
  EXPECT_EQ(r["ok"], false);
  // Never a past game: nothing was played.
  EXPECT_EQ(h.get("/api/recent").body.find(waiting), std::string::npos);
}

TEST_F(Lobby, AWaitingTableRestoredAfterARestartStillExpires) {
  Harness h(options(kDefaultGraceSeconds, 60));
  auto& a = h.connect();
  const std::string t = create(h, a);
  h.restart(options(kDefaultGraceSeconds, 60));
  auto& c = h.connect();
  EXPECT_EQ(h.request(c, {{"cmd", "tables"}})["tables"].size(), 1u);
  h.loop.advance(std::chrono::seconds(61), *h.server);
  EXPECT_EQ(h.request(c, {{"cmd", "tables"}})["tables"].size(), 0u);
}

TEST_F(Lobby, AClaimedSeatMovesToTheNewDeviceAndTheOldTokenIsRevoked) {
  Harness h;
  auto& a = h.connect();
  auto& b = h.connect();
  const std::string t = create(h, a);
  const std::string old_token = join(h, a, t, 0);
  const std::string other = join(h, b, t, 1);

  // Only the seat's owner gets a code.
  EXPECT_EQ(h.request(b, {{"cmd", "claim_code"}, {"table", t}, {"token", "x"}})["ok"], false);
  const json code = h.request(a, {{"cmd", "claim_code"}, {"table", t}, {"token", old_token}});
  ASSERT_EQ(code["ok"], true) << code.dump();
  EXPECT_EQ(code["path"], "/#/t/" + t + "/claim/" + code["code"].get<std::string>());

  auto& phone = h.connect();
  const json claimed = h.request(phone, {{"cmd", "claim"}, {"table", t}, {"code", code["code"]}});
  ASSERT_EQ(claimed["ok"], true) << claimed.dump();
  EXPECT_EQ(claimed["seat"], 0);
  const std::string new_token = claimed["token"];
  EXPECT_NE(new_token, old_token);
  EXPECT_EQ((*phone.last_update())["as"], 0);

  // The old device is told, watches, and its token holds nothing any more.
  EXPECT_EQ(count_type(a, "seat_moved"), 1u);
  EXPECT_EQ((*a.last_update())["as"], -1);
  EXPECT_EQ(h.request(a, {{"cmd", "resume"}, {"table", t}, {"token", old_token}})["ok"], false);
  FakeConnection& decider = deciding(phone) ? phone : b;
  const std::string token = &decider == &phone ? new_token : other;
  const json* u = decider.last_update();
  std::string option;
  for (auto& p : (*u)["pending"])
    if (p.contains("options")) option = p["options"][0]["id"];
  if (&decider == &phone) {
    const json refused = h.request(a, {{"cmd", "act"},
                                       {"table", t},
                                       {"token", old_token},
                                       {"option", option},
                                       {"seq", (*u)["seq"]}});
    EXPECT_EQ(refused["ok"], false);
  }
  const json acted = h.request(
      decider,
      {{"cmd", "act"}, {"table", t}, {"token", token}, {"option", option}, {"seq", (*u)["seq"]}});
  EXPECT_EQ(acted["ok"], true) << acted.dump();

  // A code is good once; the store holds the new token, so a restart keeps the move.
  EXPECT_EQ(h.request(b, {{"cmd", "claim"}, {"table", t}, {"code", code["code"]}})["ok"], false);
  EXPECT_EQ(h.data->tables[t].table.seats[0].token_hash, token_hash(new_token));
  EXPECT_EQ(h.data->tables[t].table.seats[0].name, "P");
  h.restart();
  auto& later = h.connect();
  EXPECT_EQ(h.request(later, {{"cmd", "resume"}, {"table", t}, {"token", old_token}})["ok"], false);
  EXPECT_EQ(h.request(later, {{"cmd", "resume"}, {"table", t}, {"token", new_token}})["ok"], true);
}

TEST_F(Lobby, AClaimCodeExpiresAndDiesWithTheTokenItWasMadeFrom) {
  Harness h;
  auto& a = h.connect();
  const std::string t = create(h, a);
  const std::string token = join(h, a, t, 0);
  const json first = h.request(a, {{"cmd", "claim_code"}, {"table", t}, {"token", token}});
  h.loop.advance(std::chrono::seconds(601), *h.server);  // a code lives 10 minutes
  auto& phone = h.connect();
  EXPECT_EQ(h.request(phone, {{"cmd", "claim"}, {"table", t}, {"code", first["code"]}})["ok"],
            false);
  // A newer code replaces the older one of the same seat.
  const json one = h.request(a, {{"cmd", "claim_code"}, {"table", t}, {"token", token}});
  const json two = h.request(a, {{"cmd", "claim_code"}, {"table", t}, {"token", token}});
  EXPECT_EQ(h.request(phone, {{"cmd", "claim"}, {"table", t}, {"code", one["code"]}})["ok"], false);
  EXPECT_EQ(h.request(phone, {{"cmd", "claim"}, {"table", t}, {"code", two["code"]}})["ok"], true);
}

TEST_F(Lobby, ADeckIsCheckedByTheGamesRulesAndEveryBrokenRuleIsNamed) {
  Harness h;
  auto& c = h.connect();
  const json games = h.request(c, {{"cmd", "games"}})["games"];
  std::string starter;
  for (auto& g : games)
    if (g["name"] == "magic") {
      starter = g["starter_decks"][0];
      for (auto& v : g["variants"]) {
        if (v["name"] == "2hg") {
          EXPECT_EQ(v["seats"], 4);
        }
        if (v["name"] == "duel") {
          EXPECT_EQ(v["seats"], 2);
        }
      }
    }
  ASSERT_FALSE(starter.empty());
  const json legal = h.request(c, {{"cmd", "check_deck"}, {"game", "magic"}, {"deck", starter}});
  ASSERT_EQ(legal["ok"], true) << legal.dump();
  EXPECT_EQ(legal["legal"], true) << legal.dump();
  const json bad = h.request(c, {{"cmd", "check_deck"},
                                 {"game", "magic"},
                                 {"deck", {{"cards", {{"dawnmeadow", 10}, {"no-such-card", 1}}}}}});
  ASSERT_EQ(bad["ok"], true) << bad.dump();
  EXPECT_EQ(bad["legal"], false);
  std::set<std::string> rules;
  for (auto& p : bad["problems"]) rules.insert(p["rule"].get<std::string>());
  EXPECT_TRUE(rules.count("deck building: 60 cards")) << bad.dump();
  EXPECT_TRUE(rules.count("deck building: cards")) << bad.dump();
  EXPECT_EQ(h.request(c, {{"cmd", "check_deck"}, {"game", "magic"}, {"deck", 3}})["ok"], false);
}

}  // namespace
}  // namespace tt::server::testing
