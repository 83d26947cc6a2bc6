#include "core/standings.h"

#include <gtest/gtest.h>

namespace tt {
namespace {

constexpr Outcome kFirstWin{Result::kWin, 1};

Outcome loss(int place) {
  return Outcome{Result::kLoss, place};
}
Outcome draw(int place) {
  return Outcome{Result::kDraw, place};
}

TEST(Standings, NobodyHasLeftYet) {
  Standings st;
  for (Seat s = 0; s < kMaxSeats; ++s) {
    EXPECT_FALSE(st.has_left(s));
    EXPECT_EQ(st.left_at(s), -1);
  }
  // Everyone still in the game shares 1st place: a draw.
  EXPECT_EQ(st.outcomes(3), (Outcomes{draw(1), draw(1), draw(1)}));
}

TEST(Standings, LeaveRecordsTheFirstMomentOnly) {
  Standings st;
  st.leave(2, 0);  // moment 0 is a real moment
  EXPECT_TRUE(st.has_left(2));
  EXPECT_EQ(st.left_at(2), 0);
  st.leave(2, 5);  // idempotent: the first moment stands
  EXPECT_EQ(st.left_at(2), 0);
  EXPECT_FALSE(st.has_left(1));
}

TEST(Standings, TwoSeatsOneEliminated) {
  Standings st;
  st.leave(0, 1);
  EXPECT_EQ(st.outcomes(2), (Outcomes{loss(2), kFirstWin}));
}

TEST(Standings, FourSeatsEliminatedOneByOne) {
  Standings st;
  st.leave(2, 1);  // out first: 4th
  st.leave(0, 2);  // 3rd
  st.leave(3, 3);  // 2nd
  // Seat 1 is the last one in the game and wins.
  EXPECT_EQ(st.outcomes(4), (Outcomes{loss(3), kFirstWin, loss(4), loss(2)}));
}

TEST(Standings, EightSeatsEliminatedOneByOne) {
  Standings st;
  const Seat order[] = {7, 3, 0, 5, 1, 6, 2};  // seat 4 survives
  for (int i = 0; i < 7; ++i) st.leave(order[i], 10 * (i + 1));
  const Outcomes o = st.outcomes(8);
  ASSERT_EQ(o.size(), 8u);
  EXPECT_EQ(o[4], kFirstWin);
  EXPECT_EQ(o[2], loss(2));
  EXPECT_EQ(o[6], loss(3));
  EXPECT_EQ(o[1], loss(4));
  EXPECT_EQ(o[5], loss(5));
  EXPECT_EQ(o[0], loss(6));
  EXPECT_EQ(o[3], loss(7));
  EXPECT_EQ(o[7], loss(8));
}

TEST(Standings, SeatsLeavingTogetherShareAPlace) {
  Standings st;
  st.leave(0, 1);
  st.leave(3, 1);  // same event as seat 0
  st.leave(2, 2);
  EXPECT_EQ(st.outcomes(4), (Outcomes{loss(3), kFirstWin, loss(2), loss(3)}));
}

TEST(Standings, SharedPlaceInTheMiddleSkipsTheNextPlace) {
  Standings st;
  st.leave(4, 1);
  st.leave(1, 2);
  st.leave(2, 2);
  st.leave(0, 3);
  // 3 wins; 0 2nd; 1 and 2 share 3rd; 4 is 5th (there is no 4th).
  EXPECT_EQ(st.outcomes(5), (Outcomes{loss(2), loss(3), loss(3), kFirstWin, loss(5)}));
}

TEST(Standings, AllRemainingLeaveAtOnceIsADrawForFirst) {
  Standings st;
  st.leave(0, 1);
  st.leave(1, 2);
  st.leave(2, 3);
  st.leave(3, 3);  // the last two go down together: nobody is left
  EXPECT_EQ(st.outcomes(4), (Outcomes{loss(4), loss(3), draw(1), draw(1)}));
}

TEST(Standings, EveryoneLeavesInOneEvent) {
  Standings st;
  for (Seat s = 0; s < 3; ++s) st.leave(s, 7);
  EXPECT_EQ(st.outcomes(3), (Outcomes{draw(1), draw(1), draw(1)}));
}

TEST(Standings, SeveralStillInTheGameDraw) {
  Standings st;
  st.leave(1, 4);
  // The game ended (say, on a turn limit) with 0 and 2 still in it.
  EXPECT_EQ(st.outcomes(3), (Outcomes{draw(1), loss(3), draw(1)}));
}

TEST(Standings, TeamsOfTwoLastMemberStandingWinsForBoth) {
  TurnOrder t(4);
  t.set_team(0, 0);
  t.set_team(2, 0);
  t.set_team(1, 1);
  t.set_team(3, 1);
  Standings st;
  st.leave(1, 1);
  st.leave(0, 2);  // seat 0 is out, but its teammate 2 is still in
  st.leave(3, 3);
  EXPECT_EQ(st.team_outcomes(t), (Outcomes{kFirstWin, loss(2), kFirstWin, loss(2)}));
}

TEST(Standings, TeamsRankByTheirBestMember) {
  TurnOrder t(4);
  t.set_team(0, 5);
  t.set_team(1, 5);
  t.set_team(2, 8);
  t.set_team(3, 8);
  Standings st;
  st.leave(0, 1);  // team 5's first loss is the earliest of all...
  st.leave(2, 2);
  st.leave(3, 3);
  st.leave(1, 4);  // ...but its other member outlasts everyone
  EXPECT_EQ(st.team_outcomes(t), (Outcomes{kFirstWin, kFirstWin, loss(2), loss(2)}));
}

TEST(Standings, TeamsBothStillInTheGameDraw) {
  TurnOrder t(4);
  t.set_team(0, 0);
  t.set_team(2, 0);
  t.set_team(1, 1);
  t.set_team(3, 1);
  Standings st;
  st.leave(0, 1);
  st.leave(3, 1);
  EXPECT_EQ(st.team_outcomes(t), (Outcomes{draw(1), draw(1), draw(1), draw(1)}));
}

TEST(Standings, ThreeTeamsOfTwo) {
  TurnOrder t(6);
  for (Seat s = 0; s < 6; ++s) t.set_team(s, s % 3);  // {0,3} {1,4} {2,5}
  Standings st;
  st.leave(1, 1);
  st.leave(4, 2);  // team {1,4} out first: 3rd
  st.leave(0, 3);
  st.leave(2, 4);
  st.leave(3, 5);  // team {0,3} out second: 2nd; seat 5 wins for {2,5}
  EXPECT_EQ(st.team_outcomes(t),
            (Outcomes{loss(2), loss(3), kFirstWin, loss(2), loss(3), kFirstWin}));
}

TEST(Standings, TeamOutcomesWithoutTeamsMatchOutcomes) {
  TurnOrder t(4);
  Standings st;
  st.leave(2, 1);
  st.leave(0, 2);
  st.leave(3, 2);
  EXPECT_EQ(st.team_outcomes(t), st.outcomes(4));
  EXPECT_EQ(st.team_outcomes(t), (Outcomes{loss(2), kFirstWin, loss(4), loss(2)}));
}

TEST(Standings, RestoreAndEquality) {
  Standings played;
  played.leave(1, 3);
  played.leave(2, 4);
  Standings restored;
  restored.restore(1, 3);
  restored.restore(2, 4);
  EXPECT_EQ(restored, played);
  restored.restore(2, -1);  // back in the game
  EXPECT_FALSE(restored.has_left(2));
  EXPECT_NE(restored, played);
}

}  // namespace
}  // namespace tt
