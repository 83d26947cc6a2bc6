#include "core/chain.h"

#include <gtest/gtest.h>

#include "core/grid.h"

namespace tt {

TEST(Chain, ResolvesLastInFirstOutAfterEveryonePasses) {
  TurnOrder order(2);
  Chain<int, 8> chain;
  chain.push(1, 0, order);
  EXPECT_EQ(chain.priority(), 1);  // the other seat may respond
  chain.push(2, 1, order);
  EXPECT_EQ(chain.priority(), 0);
  EXPECT_FALSE(chain.pass(order));
  EXPECT_EQ(chain.priority(), 1);
  EXPECT_TRUE(chain.pass(order));
  EXPECT_EQ(chain.pop(), 2);
  EXPECT_EQ(chain.pop(), 1);
  EXPECT_TRUE(chain.empty());
}

TEST(Chain, AResponseRestartsThePassCount) {
  TurnOrder order(3);
  Chain<int, 8> chain;
  chain.push(1, 0, order);
  EXPECT_FALSE(chain.pass(order));  // seat 1
  chain.push(2, 2, order);          // seat 2 responds
  EXPECT_EQ(chain.priority(), 0);
  EXPECT_FALSE(chain.pass(order));
  EXPECT_FALSE(chain.pass(order));
  EXPECT_TRUE(chain.pass(order));
}

TEST(Chain, SeatsThatLeftAreSkipped) {
  TurnOrder order(3);
  order.leave(1);
  Chain<int, 4> chain;
  chain.push(7, 0, order);
  EXPECT_EQ(chain.priority(), 2);
  EXPECT_FALSE(chain.pass(order));
  EXPECT_TRUE(chain.pass(order));
}

TEST(Grid, CoordinatesAndParsing) {
  using G = GridShape<13, 19>;
  EXPECT_TRUE(G::in_bounds({12, 18}));
  EXPECT_FALSE(G::in_bounds({13, 0}));
  EXPECT_FALSE(G::in_bounds({0, -1}));
  EXPECT_EQ(G::at(G::index({5, 7})), (Coord{5, 7}));
  Coord c;
  EXPECT_TRUE(parse_coord("6,18", c));
  EXPECT_EQ(c, (Coord{6, 18}));
  EXPECT_FALSE(parse_coord("6;18", c));
  EXPECT_FALSE(parse_coord(",1", c));
  EXPECT_FALSE(parse_coord("1,", c));
  EXPECT_FALSE(parse_coord("99999,1", c));
  EXPECT_EQ(manhattan({0, 0}, {3, 4}), 7);
}

}  // namespace tt
