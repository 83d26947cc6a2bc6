#include "core/opponents.h"

#include <gtest/gtest.h>

#include <initializer_list>
#include <vector>

namespace tt {
namespace {

SeatMask mask_of(std::initializer_list<Seat> seats) {
  SeatMask m = 0;
  for (Seat s : seats) m = static_cast<SeatMask>(m | seat_bit(s));
  return m;
}

std::vector<Seat> listed(SeatMask m, Seat from, const TurnOrder& order) {
  std::vector<Seat> out;
  for (Seat s : in_turn_order(m, from, order)) out.push_back(s);
  return out;
}

// Two teams of two sitting alternately: {0, 2} against {1, 3}.
TurnOrder two_against_two() {
  TurnOrder t(4);
  t.set_team(0, 0);
  t.set_team(2, 0);
  t.set_team(1, 1);
  t.set_team(3, 1);
  return t;
}

TEST(Opponents, EveryoneElseInAFreeForAll) {
  TurnOrder t(4);
  EXPECT_EQ(opponent_candidates(t, 0), mask_of({1, 2, 3}));
  EXPECT_EQ(opponent_candidates(t, 2), mask_of({0, 1, 3}));
  t.leave(2);
  EXPECT_EQ(opponent_candidates(t, 0), mask_of({1, 3}));
  t.leave(1);
  t.leave(3);
  EXPECT_EQ(opponent_candidates(t, 0), 0);
}

TEST(Opponents, TwoSeatsHaveExactlyOneOpponent) {
  TurnOrder t(2);
  EXPECT_EQ(opponent_candidates(t, 0), mask_of({1}));
  EXPECT_EQ(only_seat(opponent_candidates(t, 0)), 1);
  EXPECT_EQ(only_seat(opponent_candidates(t, 1)), 0);
}

TEST(Opponents, TeammatesAreNotCandidates) {
  TurnOrder t = two_against_two();
  EXPECT_EQ(opponent_candidates(t, 0), mask_of({1, 3}));
  EXPECT_EQ(opponent_candidates(t, 3), mask_of({0, 2}));
  EXPECT_EQ(only_seat(opponent_candidates(t, 0)), kNoSeat);  // a choice is needed
  t.leave(3);
  EXPECT_EQ(only_seat(opponent_candidates(t, 0)), 1);
  EXPECT_EQ(only_seat(opponent_candidates(t, 2)), 1);
}

TEST(Opponents, RangeOfInfluence) {
  TurnOrder t(6);
  EXPECT_EQ(opponent_candidates(t, 0, 1), mask_of({5, 1}));
  EXPECT_EQ(opponent_candidates(t, 0, 2), mask_of({4, 5, 1, 2}));
  EXPECT_EQ(opponent_candidates(t, 0, 3), mask_of({1, 2, 3, 4, 5}));
  EXPECT_EQ(opponent_candidates(t, 0, -1), mask_of({1, 2, 3, 4, 5}));
  EXPECT_EQ(opponent_candidates(t, 0, 0), 0);  // nobody is in range 0 but oneself
  EXPECT_EQ(opponent_candidates(t, 3, 1), mask_of({2, 4}));

  // Range counts seats still in the game: with 1 gone, 2 is one step away.
  t.leave(1);
  EXPECT_EQ(opponent_candidates(t, 0, 1), mask_of({5, 2}));
  t.leave(5);
  EXPECT_EQ(opponent_candidates(t, 0, 1), mask_of({4, 2}));
}

TEST(Opponents, RangeAndTeamsTogether) {
  TurnOrder t(6);
  t.set_team(0, 9);
  t.set_team(1, 9);  // 0's neighbour is its teammate
  EXPECT_EQ(opponent_candidates(t, 0, 1), mask_of({5}));
  EXPECT_EQ(only_seat(opponent_candidates(t, 0, 1)), 5);
  EXPECT_EQ(opponent_candidates(t, 0, 2), mask_of({4, 5, 2}));
  EXPECT_EQ(opponent_candidates(t, 1, 1), mask_of({2}));
}

TEST(Opponents, OnlySeat) {
  EXPECT_EQ(only_seat(0), kNoSeat);
  EXPECT_EQ(only_seat(seat_bit(0)), 0);
  EXPECT_EQ(only_seat(seat_bit(5)), 5);
  EXPECT_EQ(only_seat(seat_bit(7)), 7);
  EXPECT_EQ(only_seat(seat_bit(15)), 15);  // tables of up to 16 seats (Grand Melee)
  EXPECT_EQ(only_seat(mask_of({1, 6})), kNoSeat);
  EXPECT_EQ(only_seat(kAllSeats), kNoSeat);
  EXPECT_EQ(seat_count(0), 0);
  EXPECT_EQ(seat_count(mask_of({1, 6})), 2);
  EXPECT_EQ(seat_count(kAllSeats), kMaxSeats);
}

TEST(Opponents, InTurnOrder) {
  TurnOrder t(4);
  const SeatMask m = mask_of({0, 2, 3});
  EXPECT_EQ(listed(m, 0, t), (std::vector<Seat>{0, 2, 3}));
  EXPECT_EQ(listed(m, 1, t), (std::vector<Seat>{2, 3, 0}));  // from a seat not in m
  EXPECT_EQ(listed(m, 3, t), (std::vector<Seat>{3, 0, 2}));
  EXPECT_EQ(in_turn_order(m, 2, t).size(), 3);
  EXPECT_EQ(in_turn_order(0, 2, t).size(), 0);
  EXPECT_TRUE(listed(0, 2, t).empty());

  TurnOrder eight(8);
  EXPECT_EQ(listed(eight.active(), 5, eight), (std::vector<Seat>{5, 6, 7, 0, 1, 2, 3, 4}));
  // "Each opponent" of seat 5, in turn order after it.
  EXPECT_EQ(listed(opponent_candidates(eight, 5), 5, eight),
            (std::vector<Seat>{6, 7, 0, 1, 2, 3, 4}));
}

TEST(Opponents, AnyOpponentAsksOpponentsInTurnOrderAndStopsAtTheFirst) {
  TurnOrder t(4);
  std::vector<Seat> asked;
  auto record = [&](Seat s) {
    asked.push_back(s);
    return false;
  };
  EXPECT_FALSE(any_opponent(t, 2, record));
  EXPECT_EQ(asked, (std::vector<Seat>{3, 0, 1}));

  asked.clear();
  EXPECT_TRUE(any_opponent(t, 2, [&](Seat s) {
    asked.push_back(s);
    return s == 0;
  }));
  EXPECT_EQ(asked, (std::vector<Seat>{3, 0}));
}

TEST(Opponents, AnyOpponentWithTeams) {
  TurnOrder t = two_against_two();
  int life[4] = {20, 20, 5, 20};  // 0's teammate is low, not an opponent
  auto low = [&](Seat s) { return life[s] <= 5; };
  EXPECT_FALSE(any_opponent(t, 0, low));
  EXPECT_TRUE(any_opponent(t, 1, low));  // 2 is 1's opponent
  EXPECT_TRUE(any_opponent(t, 3, low));

  life[3] = 1;
  EXPECT_TRUE(any_opponent(t, 0, low));
  t.leave(3);  // an opponent out of the game no longer counts
  EXPECT_FALSE(any_opponent(t, 0, low));
}

TEST(Opponents, AnyOpponentWithinRange) {
  TurnOrder t(6);
  auto is_three = [](Seat s) { return s == 3; };
  EXPECT_FALSE(any_opponent(t, 0, is_three, 1));
  EXPECT_FALSE(any_opponent(t, 0, is_three, 2));
  EXPECT_TRUE(any_opponent(t, 0, is_three, 3));
  EXPECT_TRUE(any_opponent(t, 0, is_three));
  t.leave(1);
  t.leave(2);
  EXPECT_TRUE(any_opponent(t, 0, is_three, 1));  // 3 is now 0's neighbour
}

}  // namespace
}  // namespace tt
