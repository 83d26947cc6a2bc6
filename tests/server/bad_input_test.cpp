// Bad input at the hub changes nothing and gets a clear, whole error: a
// create request naming more decks than seats, a field holding a NUL, a
// numeric option out of its range, and JSON nested up to the one limit
// every protocol shares (protocol::kMaxDepth, docs/server.md "Limits").
#include <gtest/gtest.h>

#include "core/registry.h"
#include "hub_support.h"
#include "protocol/limits.h"

namespace tt::server::testing {
namespace {

class BadInput : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { register_builtin_games(); }

  static json create(json extra) {
    // No seed: at a table of two people the server draws it (seed_test.cpp).
    json req = {{"cmd", "create"}, {"game", "suikoden"}, {"seats", {"human", "human"}}};
    req.update(extra);
    return req;
  }
  static std::size_t tables(Harness& h, FakeConnection& c) {
    return h.request(c, {{"cmd", "tables"}})["count"].get<std::size_t>();
  }
};

TEST_F(BadInput, ADecksListLongerThanTheSeatsIsRefused) {
  Harness h;
  auto& c = h.connect();
  const json r = h.request(c, create({{"decks", {nullptr, nullptr, "nosuchdeck"}}}));
  EXPECT_EQ(r["ok"], false) << r.dump();
  EXPECT_NE(r.value("error", "").find("'decks' has 3 entries for 2 seats"), std::string::npos)
      << r.dump();
  EXPECT_EQ(tables(h, c), 0u);
  EXPECT_EQ(h.request(c, create({{"decks", {nullptr, "river"}}}))["ok"], true);
}

TEST_F(BadInput, AnOptionOutOfItsRangeIsRefusedNamingTheRange) {
  Harness h;
  auto& c = h.connect();
  const json r = h.request(c, {{"cmd", "create"},
                               {"game", "magic"},
                               {"seats", {"human", "human"}},
                               {"options", {{"starting_life", 40000}}}});
  EXPECT_EQ(r["ok"], false) << r.dump();
  EXPECT_NE(r.value("error", "").find("starting_life"), std::string::npos) << r.dump();
  EXPECT_NE(r.value("error", "").find("from 1 to 10000"), std::string::npos) << r.dump();
  EXPECT_EQ(tables(h, c), 0u);
}

TEST_F(BadInput, AnErrorKeepsWhatFollowsANul) {
  Harness h;
  auto& c = h.connect();
  json r = h.request(c, create({{"game", std::string("suiko\0den-and-more", 18)}}));
  EXPECT_EQ(r["ok"], false);
  EXPECT_NE(r.value("error", "").find("suiko\\u0000den-and-more"), std::string::npos) << r.dump();
  r = h.request(c, create({{"options", {{std::string("hand\0size", 9), "6"}}}}));
  EXPECT_NE(r.value("error", "").find("hand\\u0000size"), std::string::npos) << r.dump();
}

// A request nested as deep as the transport lets through is read; one level
// more is refused by the hub as by the transport, with the same limit.
TEST_F(BadInput, NestingUpToTheProtocolLimitIsRead) {
  Harness h;
  auto& c = h.connect();
  auto nested = [](int depth) {  // the object itself is one level
    return R"({"cmd":"tables","id":1,"x":)" + std::string(depth - 1, '[') +
           std::string(depth - 1, ']') + "}";
  };
  h.server->message(c, nested(protocol::kMaxDepth));
  h.loop.settle(*h.server);
  ASSERT_FALSE(c.sent.empty());
  EXPECT_EQ(c.sent.back().value("ok", false), true) << c.sent.back().dump();
  h.server->message(c, nested(protocol::kMaxDepth + 1));
  h.loop.settle(*h.server);
  EXPECT_EQ(c.sent.back().value("ok", true), false);
  EXPECT_NE(c.sent.back().value("error", "").find(std::to_string(protocol::kMaxDepth)),
            std::string::npos)
      << c.sent.back().dump();
}

}  // namespace
}  // namespace tt::server::testing
