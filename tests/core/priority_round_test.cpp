#include "core/priority_round.h"

#include <gtest/gtest.h>

#include <initializer_list>
#include <vector>

namespace tt {
namespace {

SeatMask seats_of(std::initializer_list<Seat> seats) {
  SeatMask m = 0;
  for (Seat s : seats) m = static_cast<SeatMask>(m | seat_bit(s));
  return m;
}

// Every seat passes in turn until the round closes; returns the seats that
// held priority, in order (the last one is the pass that closed it).
std::vector<Seat> pass_until_closed(PriorityRound& round, const TurnOrder& order) {
  std::vector<Seat> holders;
  for (int guard = 0; round.is_open() && guard < 64; ++guard) {
    holders.push_back(round.holder());
    round.pass(order);
  }
  return holders;
}

TEST(PriorityRound, ClosedByDefault) {
  PriorityRound r;
  EXPECT_FALSE(r.is_open());
  EXPECT_EQ(r.holder(), kNoSeat);
  EXPECT_EQ(r.seats(), 0);
  EXPECT_EQ(r.passed(), 0);
}

TEST(PriorityRound, TwoSeatsTurnPlayerFirstThenBothPass) {
  TurnOrder t(2);
  PriorityRound r;
  r.open(t.active(), 0);
  EXPECT_TRUE(r.is_open());
  EXPECT_EQ(r.holder(), 0);
  EXPECT_EQ(r.seats(), seats_of({0, 1}));
  EXPECT_EQ(r.passed(), 0);

  EXPECT_FALSE(r.pass(t));
  EXPECT_EQ(r.holder(), 1);
  EXPECT_EQ(r.passed(), seats_of({0}));

  EXPECT_TRUE(r.pass(t));
  EXPECT_FALSE(r.is_open());
  EXPECT_EQ(r.holder(), kNoSeat);
  EXPECT_EQ(r.seats(), 0);
  EXPECT_EQ(r.passed(), 0);
}

TEST(PriorityRound, HolderActingKeepsPriorityAndClearsPasses) {
  TurnOrder t(2);
  PriorityRound r;
  r.open(t.active(), 1);
  r.acted();
  r.acted();
  EXPECT_EQ(r.holder(), 1);
  EXPECT_EQ(r.passed(), 0);
  EXPECT_FALSE(r.pass(t));
  EXPECT_EQ(r.holder(), 0);
  // Seat 0 answers: seat 1 must get priority back and pass again.
  r.acted();
  EXPECT_EQ(r.passed(), 0);
  EXPECT_FALSE(r.pass(t));
  EXPECT_EQ(r.holder(), 1);
  EXPECT_EQ(r.passed(), seats_of({0}));
  EXPECT_TRUE(r.pass(t));
}

TEST(PriorityRound, ThreeSeatsNonTurnSeatActingReopensTheRound) {
  TurnOrder t(3);
  PriorityRound r;
  r.open(t.active(), 0);
  EXPECT_FALSE(r.pass(t));  // 0 passes
  EXPECT_EQ(r.holder(), 1);
  r.acted();  // 1 acts: 0's pass no longer counts
  EXPECT_EQ(r.passed(), 0);
  EXPECT_FALSE(r.pass(t));  // 1 passes
  EXPECT_EQ(r.holder(), 2);
  EXPECT_FALSE(r.pass(t));   // 2 passes
  EXPECT_EQ(r.holder(), 0);  // 0 is asked again
  EXPECT_EQ(r.passed(), seats_of({1, 2}));
  EXPECT_TRUE(r.pass(t));  // 0 passes: 1, 2, 0 passed in a row
  EXPECT_FALSE(r.is_open());
}

TEST(PriorityRound, FourSeatsEveryoneMustPassAgainAfterAnAction) {
  TurnOrder t(4);
  PriorityRound r;
  r.open(t.active(), 0);
  r.acted();
  r.acted();
  EXPECT_FALSE(r.pass(t));  // 0
  EXPECT_FALSE(r.pass(t));  // 1
  EXPECT_EQ(r.holder(), 2);
  r.acted();  // 2 acts
  EXPECT_EQ(r.passed(), 0);
  // 2, 3, 0 and 1 must now all pass; 1's pass closes it.
  EXPECT_EQ(pass_until_closed(r, t), (std::vector<Seat>{2, 3, 0, 1}));
  EXPECT_FALSE(r.is_open());
}

TEST(PriorityRound, NoActionClosesAfterOnePassEachFromTheFirstSeat) {
  TurnOrder t(4);
  PriorityRound r;
  r.open(t.active(), 2);
  EXPECT_EQ(r.holder(), 2);
  EXPECT_EQ(pass_until_closed(r, t), (std::vector<Seat>{2, 3, 0, 1}));
}

TEST(PriorityRound, EightSeatsStartingMidTable) {
  TurnOrder t(8);
  PriorityRound r;
  r.open(t.active(), 5);
  EXPECT_EQ(pass_until_closed(r, t), (std::vector<Seat>{5, 6, 7, 0, 1, 2, 3, 4}));

  // Seat 1 acts half-way round: it keeps priority, and 1, 2, ..., 7, 0 must
  // all pass again; 0's pass closes it.
  r.open(t.active(), 5);
  for (int i = 0; i < 4; ++i) r.pass(t);  // 5, 6, 7, 0
  EXPECT_EQ(r.holder(), 1);
  r.acted();
  EXPECT_EQ(pass_until_closed(r, t), (std::vector<Seat>{1, 2, 3, 4, 5, 6, 7, 0}));
}

TEST(PriorityRound, OnlySeatsOfTheWindowAreAsked) {
  TurnOrder t(4);
  PriorityRound r;
  r.open(seats_of({1, 3}), 3);
  EXPECT_FALSE(r.pass(t));
  EXPECT_EQ(r.holder(), 1);  // 0 is skipped: not in the window
  EXPECT_TRUE(r.pass(t));

  // A one-seat window closes on its only pass.
  r.open(seats_of({2}), 2);
  EXPECT_TRUE(r.pass(t));
  EXPECT_FALSE(r.is_open());
}

TEST(PriorityRound, SeatsAlreadyOutOfTheGameAreSkipped) {
  TurnOrder t(4);
  t.leave(2);
  PriorityRound r;
  r.open(kAllSeats, 1);
  EXPECT_EQ(pass_until_closed(r, t), (std::vector<Seat>{1, 3, 0}));
}

TEST(PriorityRound, HolderLeavesPriorityMovesOnAndItIsNeverAskedAgain) {
  TurnOrder t(4);
  PriorityRound r;
  r.open(t.active(), 0);
  EXPECT_FALSE(r.pass(t));  // 0 passes
  EXPECT_EQ(r.holder(), 1);

  t.leave(1);
  EXPECT_FALSE(r.seat_left(1, t));
  EXPECT_EQ(r.holder(), 2);
  EXPECT_EQ(r.seats(), seats_of({0, 2, 3}));
  EXPECT_EQ(r.passed(), seats_of({0}));

  // 0 already passed: 2 and 3 passing closes it.
  EXPECT_EQ(pass_until_closed(r, t), (std::vector<Seat>{2, 3}));
}

TEST(PriorityRound, HolderLeavesAfterAnActionAndTheOthersStillPass) {
  TurnOrder t(4);
  PriorityRound r;
  r.open(t.active(), 0);
  r.pass(t);  // 0
  r.pass(t);  // 1
  EXPECT_EQ(r.holder(), 2);
  r.acted();  // 2 acts, then concedes while holding priority
  t.leave(2);
  EXPECT_FALSE(r.seat_left(2, t));
  EXPECT_EQ(r.holder(), 3);
  EXPECT_EQ(r.passed(), 0);
  EXPECT_EQ(pass_until_closed(r, t), (std::vector<Seat>{3, 0, 1}));
}

TEST(PriorityRound, HolderLeavingCanCloseTheRound) {
  TurnOrder t(3);
  PriorityRound r;
  r.open(t.active(), 0);
  r.pass(t);  // 0
  r.pass(t);  // 1
  EXPECT_EQ(r.holder(), 2);
  t.leave(2);
  EXPECT_TRUE(r.seat_left(2, t));  // everyone left in the game has passed
  EXPECT_FALSE(r.is_open());
  EXPECT_EQ(r.holder(), kNoSeat);
}

TEST(PriorityRound, NonHolderLeavesBeforeItsTurn) {
  TurnOrder t(4);
  PriorityRound r;
  r.open(t.active(), 0);
  r.pass(t);  // 0
  EXPECT_EQ(r.holder(), 1);
  t.leave(3);
  EXPECT_FALSE(r.seat_left(3, t));
  EXPECT_EQ(r.holder(), 1);  // unchanged
  EXPECT_EQ(r.seats(), seats_of({0, 1, 2}));
  EXPECT_EQ(r.passed(), seats_of({0}));
  EXPECT_EQ(pass_until_closed(r, t), (std::vector<Seat>{1, 2}));  // 3 is never asked
}

TEST(PriorityRound, NonHolderLeavesAfterPassing) {
  TurnOrder t(4);
  PriorityRound r;
  r.open(t.active(), 0);
  r.pass(t);  // 0
  r.pass(t);  // 1
  t.leave(0);
  EXPECT_FALSE(r.seat_left(0, t));
  EXPECT_EQ(r.holder(), 2);
  EXPECT_EQ(r.passed(), seats_of({1}));
  r.pass(t);  // 2
  r.acted();  // 3 acts: 1 and 2 must pass again, 0 is gone
  EXPECT_EQ(pass_until_closed(r, t), (std::vector<Seat>{3, 1, 2}));
}

TEST(PriorityRound, SeatOutsideTheWindowLeaving) {
  TurnOrder t(4);
  PriorityRound r;
  r.open(seats_of({0, 1}), 0);
  r.pass(t);
  t.leave(3);
  EXPECT_FALSE(r.seat_left(3, t));
  EXPECT_EQ(r.holder(), 1);
  EXPECT_EQ(r.seats(), seats_of({0, 1}));
  EXPECT_EQ(r.passed(), seats_of({0}));
  EXPECT_TRUE(r.pass(t));
}

TEST(PriorityRound, LastSeatsLeaveOneByOne) {
  TurnOrder t(3);
  PriorityRound r;
  r.open(t.active(), 0);
  t.leave(1);
  EXPECT_FALSE(r.seat_left(1, t));
  EXPECT_EQ(r.holder(), 0);
  t.leave(0);
  EXPECT_FALSE(r.seat_left(0, t));  // 2 has not passed yet
  EXPECT_EQ(r.holder(), 2);
  t.leave(2);
  EXPECT_TRUE(r.seat_left(2, t));  // nobody is left to ask
  EXPECT_FALSE(r.is_open());
}

TEST(PriorityRound, LastTwoSeatsLeaveAtOnce) {
  TurnOrder t(2);
  PriorityRound r;
  r.open(t.active(), 0);
  t.leave(0);
  t.leave(1);
  // Reported non-holder first: nobody in the game remains, so it closes.
  EXPECT_TRUE(r.seat_left(1, t));
  EXPECT_FALSE(r.is_open());
  EXPECT_FALSE(r.seat_left(0, t));  // already closed: nothing happens
  EXPECT_FALSE(r.is_open());
}

TEST(PriorityRound, LoneSurvivorStillHasToPass) {
  TurnOrder t(2);
  PriorityRound r;
  r.open(t.active(), 0);
  t.leave(1);
  EXPECT_FALSE(r.seat_left(1, t));
  EXPECT_EQ(r.holder(), 0);
  EXPECT_TRUE(r.pass(t));
}

TEST(PriorityRound, SeatLeftWhileClosedDoesNothing) {
  TurnOrder t(3);
  PriorityRound r;
  t.leave(1);
  EXPECT_FALSE(r.seat_left(1, t));
  EXPECT_FALSE(r.is_open());
  EXPECT_EQ(r, PriorityRound{});
}

TEST(PriorityRound, RestoreGivesTheSameValue) {
  TurnOrder t(4);
  PriorityRound played;
  played.open(t.active(), 1);
  played.pass(t);  // 1
  played.pass(t);  // 2
  PriorityRound restored;
  restored.restore(t.active(), seats_of({1, 2}), 3, 1);
  EXPECT_EQ(restored, played);
  EXPECT_EQ(pass_until_closed(restored, t), (std::vector<Seat>{3, 0}));
  EXPECT_NE(restored, played);
  played.close();
  EXPECT_EQ(restored, played);
}

// Last Chronicle's quick windows go round in full rounds from the turn
// player: after a non-turn seat acts, everyone gets another round, and the
// window closes only after a round in which no seat but the first acted.
TEST(PriorityRound, FullRoundsGoRoundAgainAfterANonFirstSeatActs) {
  TurnOrder t(3);
  PriorityRound r;
  r.open(t.active(), 0, RoundRule::kFullRounds);
  EXPECT_FALSE(r.pass(t));  // 0
  EXPECT_EQ(r.holder(), 1);
  r.acted();  // 1 acts
  EXPECT_TRUE(r.others_acted());
  EXPECT_FALSE(r.pass(t));  // 1
  EXPECT_FALSE(r.pass(t));  // 2: the round is over, but 1 acted: round again
  EXPECT_EQ(r.holder(), 0);
  EXPECT_FALSE(r.others_acted());
  EXPECT_FALSE(r.pass(t));  // 0
  EXPECT_EQ(r.holder(), 1) << "seat 1 is asked again even though it passed after acting";
  EXPECT_FALSE(r.pass(t));  // 1
  EXPECT_TRUE(r.pass(t));   // 2: a round with no non-first action closes it
  EXPECT_FALSE(r.is_open());
}

TEST(PriorityRound, FullRoundsTheFirstSeatActingDoesNotReopen) {
  TurnOrder t(4);
  PriorityRound r;
  r.open(t.active(), 2, RoundRule::kFullRounds);
  r.acted();  // the first seat acts: no extra round for that
  EXPECT_FALSE(r.others_acted());
  EXPECT_FALSE(r.pass(t));
  EXPECT_FALSE(r.pass(t));
  EXPECT_FALSE(r.pass(t));
  EXPECT_TRUE(r.pass(t));  // 2, 3, 0, 1 passed: closed
}

TEST(PriorityRound, FullRoundsWithSeatsLeaving) {
  TurnOrder t(4);
  PriorityRound r;
  r.open(t.active(), 0, RoundRule::kFullRounds);
  r.pass(t);  // 0
  r.acted();  // 1 acts
  t.leave(2);
  EXPECT_FALSE(r.seat_left(2, t));
  EXPECT_FALSE(r.pass(t));  // 1 -> 3
  EXPECT_EQ(r.holder(), 3);
  t.leave(3);
  EXPECT_FALSE(r.seat_left(3, t));  // the holder left: a new round from 0
  EXPECT_EQ(r.holder(), 0);
  EXPECT_FALSE(r.pass(t));  // 0
  EXPECT_TRUE(r.pass(t));   // 1: nobody else acted
}

}  // namespace
}  // namespace tt
