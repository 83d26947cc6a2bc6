#include "core/turn_order.h"

#include <gtest/gtest.h>

#include "core/error.h"

namespace tt {

TEST(TurnOrder, NextSkipsPlayersWhoLeft) {
  TurnOrder t(4);
  EXPECT_EQ(t.next(0), 1);
  EXPECT_EQ(t.next(3), 0);
  EXPECT_EQ(t.next(0, -1), 3);
  t.leave(1);
  EXPECT_EQ(t.remaining(), 3);
  EXPECT_EQ(t.next(0), 2);
  EXPECT_EQ(t.next(1), 2);  // from a seat that already left
  EXPECT_EQ(t.left_of(3), 0);
  EXPECT_EQ(t.right_of(2), 0);
  t.leave(1);  // idempotent
  EXPECT_EQ(t.remaining(), 3);
}

TEST(TurnOrder, TeamsAndOpponents) {
  TurnOrder t(4);
  t.set_team(0, 0);
  t.set_team(2, 0);
  t.set_team(1, 1);
  t.set_team(3, 1);
  EXPECT_TRUE(t.teammates(0, 2));
  EXPECT_EQ(t.opponents(0), seat_bit(1) | seat_bit(3));
  t.leave(3);
  EXPECT_EQ(t.opponents(0), seat_bit(1));
}

TEST(TurnOrder, RangeOfInfluence) {
  TurnOrder t(6);
  EXPECT_EQ(t.within_range(0, 1), seat_bit(5) | seat_bit(0) | seat_bit(1));
  EXPECT_EQ(t.within_range(0, -1), t.active());
  t.leave(1);
  EXPECT_EQ(t.within_range(0, 1), seat_bit(5) | seat_bit(0) | seat_bit(2));
}

// Grand Melee tables seat 10 or more (807.1); the core holds up to 16.
TEST(TurnOrder, SixteenSeats) {
  TurnOrder t(16);
  EXPECT_EQ(t.remaining(), 16);
  EXPECT_EQ(t.left_of(15), 0);
  EXPECT_EQ(t.right_of(0), 15);
  EXPECT_EQ(t.within_range(15, 1), seat_bit(14) | seat_bit(15) | seat_bit(0));
  t.leave(0);
  EXPECT_EQ(t.left_of(15), 1);
  EXPECT_EQ(t.opponents(15), static_cast<SeatMask>(t.active() & ~seat_bit(15)));
  EXPECT_THROW(TurnOrder(17), Error);
}

TEST(TurnOrder, LastPlayerAndEmptyTable) {
  TurnOrder t(2);
  t.leave(0);
  EXPECT_EQ(t.next(1), 1);
  t.leave(1);
  EXPECT_EQ(t.next(0), kNoSeat);
}

}  // namespace tt
