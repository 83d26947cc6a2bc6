// tabletop-loadgen's reading of a cluster's `moved` reply and the wait before
// it asks the named node again (docs/server.md, "Load"; the whole behaviour
// against a fake cluster is tests/server/loadgen_cluster_test.py).
#include <gtest/gtest.h>

#include "moved.h"

namespace tt::loadgen {
namespace {

using nlohmann::json;
using std::chrono::milliseconds;

json reply_moved_to(const json& node, const json& retry_ms) {
  return {{"type", "reply"},
          {"ok", false},
          {"id", 7},
          {"error", "table T is played on server p2; reconnect there"},
          {"moved", {{"table", "T"}, {"node", node}, {"here", "p3"}, {"retry_ms", retry_ms}}}};
}

TEST(LoadgenMoved, ReadsTheTableTheNodeAndTheRetry) {
  auto moved = read_moved(reply_moved_to("p2", 8200));
  ASSERT_TRUE(moved.has_value());
  EXPECT_EQ(moved->table, "T");
  EXPECT_EQ(moved->node, "p2");
  EXPECT_EQ(moved->retry_ms, 8200);
}

TEST(LoadgenMoved, AnOrdinaryRefusalIsNoMove) {
  EXPECT_FALSE(read_moved({{"type", "reply"}, {"ok", false}, {"error", "stale"}}).has_value());
  EXPECT_FALSE(read_moved({{"type", "reply"}, {"ok", false}, {"moved", "p2"}}).has_value());
}

TEST(LoadgenMoved, ANodeNameThatCannotBeOneIsNoMove) {
  // It goes into the next URL as it is: only the cluster's node names pass.
  for (const json& node : {json(""), json("p2&node=p1"), json("p 2"), json("p2/.."),
                           json(std::string(33, 'p')), json(2), json(nullptr)})
    EXPECT_FALSE(read_moved(reply_moved_to(node, 500)).has_value()) << node.dump();
  EXPECT_TRUE(read_moved(reply_moved_to(std::string(32, 'p'), 500)).has_value());
  EXPECT_TRUE(read_moved(reply_moved_to("node-7_b", 500)).has_value());
}

TEST(LoadgenMoved, AnotherNodeIsAskedAtOnce) {
  auto moved = read_moved(reply_moved_to("p2", 3000));
  ASSERT_TRUE(moved.has_value());
  EXPECT_EQ(move_wait(*moved, ""), milliseconds(0));    // the first connection named no node
  EXPECT_EQ(move_wait(*moved, "p1"), milliseconds(0));  // the table went elsewhere
}

TEST(LoadgenMoved, TheNodeAskedForIsAskedAgainAfterRetryMsWithin200To5000) {
  auto wait = [](const json& retry_ms) {
    auto moved = read_moved(reply_moved_to("p2", retry_ms));
    EXPECT_TRUE(moved.has_value());
    return moved ? move_wait(*moved, "p2") : milliseconds(-1);
  };
  EXPECT_EQ(wait(1000), milliseconds(1000));
  EXPECT_EQ(wait(50), milliseconds(200));
  EXPECT_EQ(wait(0), milliseconds(200));
  EXPECT_EQ(wait(-5), milliseconds(200));
  EXPECT_EQ(wait(8200), milliseconds(5000));
  EXPECT_EQ(wait(1e15), milliseconds(5000));
  EXPECT_EQ(wait(nullptr), milliseconds(200));  // no hint: the shortest wait
}

}  // namespace
}  // namespace tt::loadgen
