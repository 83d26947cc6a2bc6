// An `act` as the server reads it (docs/server.md "act"): well-formed acts
// are read without a JSON tree (act_request.h), every other act text still
// gets the general path's clear error and changes nothing; and a connection
// that follows with `"acks_in_updates":true` is sent one message per accepted
// act, its update with the acknowledgement inside, while refusals and
// clients that did not ask get replies as before.
#include <gtest/gtest.h>

#include "core/registry.h"
#include "hub_support.h"

namespace tt::server::testing {
namespace {

class Act : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { register_builtin_games(); }

  static const json* own_pending(const FakeConnection& c) {
    const json* u = c.last_update();
    if (!u) return nullptr;
    for (auto& p : (*u)["pending"])
      if (p.contains("options")) return &p;
    return nullptr;
  }
  // Two people at a new Suikoden table, both joined plainly; with
  // `decider_follow`, the decider then resumes asking for it.
  struct Seated {
    std::string table;
    FakeConnection* decider = nullptr;
    std::string decider_token;
    FakeConnection* waiter = nullptr;
    std::string waiter_token;
    std::string option() const { return (*own_pending(*decider))["options"][0]["id"]; }
    std::int64_t seq() const { return (*decider->last_update())["seq"]; }
  };
  Seated seat_two(json decider_follow = json::object()) {
    auto& a = h.connect();
    auto& b = h.connect();
    Seated s;
    json r = h.request(a, {{"cmd", "create"}, {"game", "suikoden"}, {"seats", {"human", "human"}}});
    s.table = r.value("table", "");
    const std::string ta = h.join(a, s.table, 0);
    const std::string tb = h.join(b, s.table, 1);
    const bool a_first = own_pending(a) != nullptr;
    s.decider = a_first ? &a : &b;
    s.waiter = a_first ? &b : &a;
    s.decider_token = a_first ? ta : tb;
    s.waiter_token = a_first ? tb : ta;
    if (!decider_follow.empty()) {
      json req = {{"cmd", "resume"}, {"table", s.table}, {"token", s.decider_token}};
      req.update(decider_follow);
      EXPECT_EQ(h.request(*s.decider, req)["ok"], true);
    }
    return s;
  }
  std::size_t stored_decisions(const std::string& table) {
    std::lock_guard<std::mutex> lock(h.data->mutex);
    return h.data->tables[table].decisions.size();
  }
  // Sends `text` as it is and returns what the connection was sent for it.
  std::vector<json> send(FakeConnection& c, const std::string& text) {
    const std::size_t before = c.sent.size();
    h.server->message(c, text);
    h.loop.settle(*h.server);
    return {c.sent.begin() + static_cast<std::ptrdiff_t>(before), c.sent.end()};
  }

  Harness h;
};

TEST_F(Act, EveryMalformedActGetsTheSameClearErrorAndChangesNothing) {
  Seated s = seat_two();
  const std::string t = s.table, token = s.decider_token, option = s.option();
  const std::string seq = std::to_string(s.seq());
  auto act = [&](const std::string& fields) {
    return R"({"cmd":"act","table":")" + t + R"(",)" + fields + "}";
  };
  const std::string good_token = R"("token":")" + token + R"(")";
  const std::string good_option = R"("option":")" + option + R"(")";
  const std::string rest = good_token + "," + good_option;
  const std::string not_a_request =
      R"({"error":"a message must be a JSON object with a string \"cmd\"","type":"error"})";
  struct Case {
    std::string text;
    std::string answer;  // the whole message sent back
  };
  const std::string deep(70, '[');
  const std::vector<Case> cases = {
      {act(rest + R"(,"seq":)" + seq).substr(0, 40), not_a_request},  // cut short
      {act(rest + R"(,"seq":)" + seq) + "{}", not_a_request},         // more after it
      {act(rest + R"(,"seq":)" + seq + R"(,"id":7)").insert(12, "\x01"), not_a_request},
      {act(rest + R"(,"seq":)" + seq + R"(,"id":"\ud800")"), not_a_request},  // a lone surrogate
      {act(rest + R"(,"seq":)" + seq + R"(,"id":)" + deep), "nested"},
      {act(R"("token":7,)" + good_option + R"(,"seq":)" + seq + R"(,"id":1)"),
       R"({"error":"'token' must be a string","id":1,"ok":false,"type":"reply"})"},
      {act(good_token + R"(,"option":["x"],"seq":)" + seq + R"(,"id":2)"),
       R"({"error":"'option' must be a string","id":2,"ok":false,"type":"reply"})"},
      {act(rest + R"(,"seq":")" + seq + R"(","id":3)"), "seq"},
      {act(rest + R"(,"seq":)" + seq + R"(.0,"id":4)"), "seq"},
      {act(rest + R"(,"seq":-1,"id":5)"), "seq"},
      {act(rest + R"(,"seq":2199023255553,"id":6)"), "seq"},
      {act(rest + R"(,"id":7)"), "seq"},
      {act(rest + R"(,"seq":null,"id":8)"), "seq"},
      {act(R"("token":"ffff",)" + good_option + R"(,"seq":)" + seq + R"(,"id":9)"),
       R"({"error":"that token holds no seat at table )" + t +
           R"(","id":9,"ok":false,"type":"reply"})"},
      {act(R"("token":")" + s.waiter_token + R"(",)" + good_option + R"(,"seq":)" + seq +
           R"(,"id":10)"),
       "no decision pending"},
      {act(good_token + R"(,"option":"no-such-option","seq":)" + seq + R"(,"id":11)"),
       R"({"error":"'no-such-option' is not an option for seat )" +
           std::to_string((*own_pending(*s.decider))["seat"].get<int>()) +
           R"( now","id":11,"ok":false,"type":"reply"})"},
      {act(rest + R"(,"seq":)" + std::to_string(s.seq() + 1) + R"(,"id":12)"), "stale decision"},
      {act(good_token + R"(,"option":")" + std::string(100000, 'x') + R"(","seq":)" + seq +
           R"(,"id":13)"),
       "is not an option"},
      {R"({"cmd":"act","table":"nosuchtable",)" + rest + R"(,"seq":)" + seq + R"(,"id":14})",
       "there is no table 'nosuchtable'"},
  };
  const std::size_t decisions = stored_decisions(t);
  const std::size_t updates = s.waiter->sent.size();
  for (const Case& c : cases) {
    std::vector<json> got = send(*s.decider, c.text);
    ASSERT_EQ(got.size(), 1u) << c.text.substr(0, 300);
    const std::string answer = got[0].dump();
    if (c.answer.front() == '{')
      EXPECT_EQ(answer, c.answer) << c.text.substr(0, 300);
    else
      EXPECT_NE(answer.find(c.answer), std::string::npos)
          << c.text.substr(0, 300) << " -> " << answer;
    EXPECT_EQ(got[0].value("ok", false), false) << answer;
  }
  EXPECT_EQ(stored_decisions(t), decisions) << "a refused act stored nothing";
  EXPECT_EQ(s.waiter->sent.size(), updates) << "nobody was sent an update";
  // And the decision they all got wrong is still open: taken once sent right.
  std::vector<json> ok = send(*s.decider, act(rest + R"(,"seq":)" + seq + R"(,"id":"last")"));
  ASSERT_FALSE(ok.empty());
  EXPECT_EQ(ok[0].dump(),
            R"({"id":"last","ok":true,"seq":)" + std::to_string(s.seq()) + R"(,"type":"reply"})");
}

TEST_F(Act, ActsTheFastReaderLeavesAloneAreTakenAsBefore) {
  // Unknown fields are ignored, a repeated one counts its last value, any id
  // is echoed as it came: as the general path always read them.
  Seated s = seat_two();
  const std::string t = s.table, token = s.decider_token, option = s.option();
  std::vector<json> got =
      send(*s.decider, R"({"cmd":"act","table":")" + t + R"(","token":")" + token +
                           R"(","option":"nope","option":")" + option + R"(","seq":)" +
                           std::to_string(s.seq()) + R"(,"note":"hi","id":{"n":[1,2.5]}})");
  ASSERT_FALSE(got.empty());
  EXPECT_EQ(got[0]["type"], "reply");
  EXPECT_EQ(got[0]["ok"], true) << got[0].dump();
  EXPECT_EQ(got[0]["id"], json({{"n", {1, 2.5}}}));
  EXPECT_EQ(stored_decisions(t), 1u);
}

TEST_F(Act, UnderAcksInUpdatesAnAcceptedActIsOneMessageCarryingItsAck) {
  Seated s = seat_two({{"acks_in_updates", true}, {"patches", true}});
  const std::int64_t seq = s.seq();
  auto act = [&](std::int64_t at) {
    return R"({"cmd":"act","table":")" + s.table + R"(","token":")" + s.decider_token +
           R"(","option":")" + s.option() + R"(","seq":)" + std::to_string(at);
  };
  // A refused act (stale) still gets its reply, and nothing else.
  std::vector<json> refused = send(*s.decider, act(seq + 5) + R"(,"id":41})");
  ASSERT_EQ(refused.size(), 1u);
  EXPECT_EQ(refused[0]["type"], "reply");
  EXPECT_EQ(refused[0]["ok"], false);
  EXPECT_EQ(refused[0]["id"], 41);
  const std::size_t waiter_before = s.waiter->sent.size();
  std::vector<json> got = send(*s.decider, act(seq) + R"(,"id":42})");
  ASSERT_EQ(got.size(), 1u) << "one message: the update, the acknowledgement in it";
  EXPECT_EQ(got[0]["type"], "update");
  EXPECT_EQ(got[0]["ack"], json({{"id", 42}, {"seq", seq + 1}}));
  EXPECT_EQ(got[0]["seq"], seq + 1);
  EXPECT_TRUE(got[0].contains("patch") || got[0].contains("view"));
  EXPECT_EQ(stored_decisions(s.table), static_cast<std::size_t>(seq + 1));
  // The other seat, which did not ask, gets its update and no ack.
  ASSERT_EQ(s.waiter->sent.size(), waiter_before + 1);
  EXPECT_FALSE(s.waiter->sent.back().contains("ack"));
  EXPECT_EQ(h.get("/metrics").body.find("tabletop_acks_in_updates_total 1") != std::string::npos,
            true);
}

TEST_F(Act, WithoutAcksInUpdatesAnAcceptedActGetsItsReplyThenItsUpdate) {
  Seated s = seat_two();
  const std::int64_t seq = s.seq();
  std::vector<json> got =
      send(*s.decider, R"({"cmd":"act","table":")" + s.table + R"(","token":")" + s.decider_token +
                           R"(","option":")" + s.option() + R"(","seq":)" + std::to_string(seq) +
                           R"(,"id":5})");
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0].dump(),
            R"({"id":5,"ok":true,"seq":)" + std::to_string(seq + 1) + R"(,"type":"reply"})");
  EXPECT_EQ(got[1]["type"], "update");
  EXPECT_FALSE(got[1].contains("ack"));
}

TEST_F(Act, AnActForATableTheConnectionDoesNotFollowGetsAReply) {
  // The ack rides only an update that connection is sent: acting from
  // another connection (following nothing) with the token gets a reply.
  Seated s = seat_two({{"acks_in_updates", true}});
  auto& other = h.connect();
  std::vector<json> got = send(other, R"({"cmd":"act","table":")" + s.table + R"(","token":")" +
                                          s.decider_token + R"(","option":")" + s.option() +
                                          R"(","seq":)" + std::to_string(s.seq()) + R"(,"id":9})");
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0]["type"], "reply");
  EXPECT_EQ(got[0]["ok"], true);
  EXPECT_FALSE(s.decider->last_update()->contains("ack"));
}

TEST_F(Act, AcksInUpdatesMustBeABoolean) {
  auto& a = h.connect();
  json r = h.request(a, {{"cmd", "create"}, {"game", "suikoden"}, {"seats", {"human", "human"}}});
  const std::string t = r.value("table", "");
  json bad = h.request(
      a, {{"cmd", "join"}, {"table", t}, {"seat", 0}, {"name", "Ana"}, {"acks_in_updates", 1}});
  EXPECT_EQ(bad["ok"], false);
  EXPECT_EQ(bad["error"], "\"acks_in_updates\" must be true or false");
  // Nothing changed: the seat is still open.
  EXPECT_FALSE(h.join(a, t, 0).empty());
}

}  // namespace
}  // namespace tt::server::testing
