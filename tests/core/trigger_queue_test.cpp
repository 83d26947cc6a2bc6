#include "core/trigger_queue.h"

#include <gtest/gtest.h>

#include <vector>

namespace tt {
namespace {

using Queue = TriggerQueue<int, 16>;

// Resolves everything waiting, each seat taking its own triggers in the
// order they were queued; returns the triggers in resolution order.
std::vector<int> resolve_all(Queue& q, const TurnOrder& order, Seat turn_player) {
  std::vector<int> out;
  while (!q.empty()) {
    const Seat s = q.next_seat(order, turn_player);
    out.push_back(q.take(static_cast<std::size_t>(q.index_of(s, 0))));
  }
  return out;
}

TEST(TriggerQueue, EmptyQueueHasNoNextSeat) {
  TurnOrder t(4);
  Queue q;
  EXPECT_TRUE(q.empty());
  EXPECT_EQ(q.size(), 0u);
  EXPECT_EQ(q.next_seat(t, 0), kNoSeat);
  EXPECT_EQ(q.count(0), 0);
  EXPECT_EQ(q.index_of(0, 0), -1);
}

TEST(TriggerQueue, PushKeepsControllerAndOrder) {
  Queue q;
  EXPECT_TRUE(q.push(2, 20));
  EXPECT_TRUE(q.push(0, 1));
  EXPECT_TRUE(q.push(2, 21));
  ASSERT_EQ(q.size(), 3u);
  EXPECT_EQ(q[0].seat, 2);
  EXPECT_EQ(q[0].trigger, 20);
  EXPECT_EQ(q[1].seat, 0);
  EXPECT_EQ(q[1].trigger, 1);
  EXPECT_EQ(q[2].seat, 2);
  EXPECT_EQ(q[2].trigger, 21);
  EXPECT_EQ(q.count(2), 2);
  EXPECT_EQ(q.count(0), 1);
  EXPECT_EQ(q.count(1), 0);
  EXPECT_EQ(q.index_of(2, 0), 0);
  EXPECT_EQ(q.index_of(2, 1), 2);
  EXPECT_EQ(q.index_of(2, 2), -1);
  EXPECT_EQ(q.index_of(0, 0), 1);
  EXPECT_EQ(q.index_of(3, 0), -1);
}

TEST(TriggerQueue, ResolvesFromTheTurnPlayerInTurnOrder) {
  TurnOrder t(4);
  Queue q;
  // Queued in an unrelated order: seat 0's, then seat 2's, then the turn player's.
  q.push(0, 100);
  q.push(2, 200);
  q.push(1, 101);
  EXPECT_EQ(q.next_seat(t, 1), 1);
  EXPECT_EQ(resolve_all(q, t, 1), (std::vector<int>{101, 200, 100}));
  EXPECT_TRUE(q.empty());
  EXPECT_EQ(q.next_seat(t, 1), kNoSeat);
}

TEST(TriggerQueue, TurnPlayerWithoutTriggersStartsAtTheNextSeat) {
  TurnOrder t(4);
  Queue q;
  q.push(0, 100);
  q.push(2, 200);
  EXPECT_EQ(q.next_seat(t, 1), 2);
  EXPECT_EQ(resolve_all(q, t, 1), (std::vector<int>{200, 100}));

  q.push(0, 100);
  q.push(2, 200);
  EXPECT_EQ(q.next_seat(t, 3), 0);  // 3, then 0 wraps round before 2
  EXPECT_EQ(resolve_all(q, t, 3), (std::vector<int>{100, 200}));
}

TEST(TriggerQueue, TwoSeatsNonTurnPlayerWaits) {
  TurnOrder t(2);
  Queue q;
  q.push(0, 1);
  q.push(1, 2);
  q.push(0, 3);
  EXPECT_EQ(resolve_all(q, t, 1), (std::vector<int>{2, 1, 3}));
}

TEST(TriggerQueue, EightSeatsWrapRound) {
  TurnOrder t(8);
  Queue q;
  q.push(5, 50);
  q.push(0, 0);
  q.push(7, 70);
  q.push(6, 60);
  q.push(3, 30);
  EXPECT_EQ(resolve_all(q, t, 6), (std::vector<int>{60, 70, 0, 30, 50}));
}

TEST(TriggerQueue, EachSeatOrdersItsOwn) {
  TurnOrder t(3);
  Queue q;
  q.push(1, 10);
  q.push(1, 11);
  q.push(2, 20);
  q.push(1, 12);
  ASSERT_EQ(q.next_seat(t, 1), 1);
  ASSERT_EQ(q.count(1), 3);
  // Seat 1 chooses its third trigger first, then its first.
  EXPECT_EQ(q.take(static_cast<std::size_t>(q.index_of(1, 2))), 12);
  EXPECT_EQ(q.next_seat(t, 1), 1);
  EXPECT_EQ(q.count(1), 2);
  EXPECT_EQ(q.take(static_cast<std::size_t>(q.index_of(1, 0))), 10);
  EXPECT_EQ(q.next_seat(t, 1), 1);
  EXPECT_EQ(q.take(static_cast<std::size_t>(q.index_of(1, 0))), 11);
  // Seat 1 is done; only now does seat 2 get its turn.
  EXPECT_EQ(q.next_seat(t, 1), 2);
  EXPECT_EQ(q.take(static_cast<std::size_t>(q.index_of(2, 0))), 20);
  EXPECT_TRUE(q.empty());
}

TEST(TriggerQueue, TakeKeepsTheOthersInOrder) {
  Queue q;
  q.push(0, 1);
  q.push(1, 2);
  q.push(0, 3);
  q.push(2, 4);
  EXPECT_EQ(q.take(1), 2);
  ASSERT_EQ(q.size(), 3u);
  EXPECT_EQ(q[0].trigger, 1);
  EXPECT_EQ(q[1].trigger, 3);
  EXPECT_EQ(q[2].trigger, 4);
  EXPECT_EQ(q[2].seat, 2);
}

TEST(TriggerQueue, EarlierSeatsNewTriggerMidWayIsTakenNext) {
  TurnOrder t(4);
  Queue q;
  q.push(2, 200);
  q.push(3, 300);
  q.push(0, 100);
  // Turn player 1 has nothing waiting: seat 2 goes first.
  ASSERT_EQ(q.next_seat(t, 1), 2);
  EXPECT_EQ(q.take(static_cast<std::size_t>(q.index_of(2, 0))), 200);
  ASSERT_EQ(q.next_seat(t, 1), 3);
  EXPECT_EQ(q.take(static_cast<std::size_t>(q.index_of(3, 0))), 300);
  // Resolving seat 3's trigger makes seat 0 and seat 2 trigger again.
  q.push(0, 101);
  q.push(2, 201);
  // Seat 2 comes before seat 0 counting from the turn player: its new one is next.
  EXPECT_EQ(q.next_seat(t, 1), 2);
  EXPECT_EQ(q.take(static_cast<std::size_t>(q.index_of(2, 0))), 201);
  // Resolving that one triggers the turn player: it jumps ahead of seat 0.
  q.push(1, 102);
  EXPECT_EQ(q.next_seat(t, 1), 1);
  EXPECT_EQ(resolve_all(q, t, 1), (std::vector<int>{102, 100, 101}));
}

TEST(TriggerQueue, LaterSeatsNewTriggerWaitsForEarlierSeats) {
  TurnOrder t(4);
  Queue q;
  q.push(1, 10);
  q.push(1, 11);
  q.push(2, 20);
  EXPECT_EQ(q.take(static_cast<std::size_t>(q.index_of(1, 0))), 10);
  q.push(3, 30);  // arises while seat 1 still has one waiting
  EXPECT_EQ(resolve_all(q, t, 1), (std::vector<int>{11, 20, 30}));
}

TEST(TriggerQueue, DropSeatRemovesOnlyThatSeatsTriggers) {
  TurnOrder t(4);
  Queue q;
  q.push(1, 10);
  q.push(2, 20);
  q.push(1, 11);
  q.push(3, 30);
  q.push(1, 12);
  q.push(0, 0);
  t.leave(1);
  q.drop_seat(1);
  EXPECT_EQ(q.size(), 3u);
  EXPECT_EQ(q.count(1), 0);
  EXPECT_EQ(q.index_of(1, 0), -1);
  // The turn player left: resolution still counts from its seat.
  EXPECT_EQ(q.next_seat(t, 1), 2);
  EXPECT_EQ(resolve_all(q, t, 1), (std::vector<int>{20, 30, 0}));

  q.push(2, 20);
  q.drop_seat(3);  // a seat with nothing waiting: nothing changes
  EXPECT_EQ(q.size(), 1u);
  q.drop_seat(2);
  EXPECT_TRUE(q.empty());
}

TEST(TriggerQueue, PushWhenFullIsRefused) {
  TurnOrder t(3);
  TriggerQueue<int, 3> q;
  EXPECT_TRUE(q.push(0, 1));
  EXPECT_TRUE(q.push(1, 2));
  EXPECT_TRUE(q.push(2, 3));
  EXPECT_FALSE(q.push(0, 4));  // a runaway loop: dropped, no exception
  ASSERT_EQ(q.size(), 3u);
  EXPECT_EQ(q.count(0), 1);
  EXPECT_EQ(q[2].trigger, 3);
  // Room again after one resolves.
  EXPECT_EQ(q.take(0), 1);
  EXPECT_TRUE(q.push(0, 5));
  EXPECT_FALSE(q.push(0, 6));
  EXPECT_EQ(q[2].trigger, 5);
}

struct Payload {
  int card = 0;
  int ability = 0;
  friend bool operator==(const Payload&, const Payload&) = default;
};

TEST(TriggerQueue, ClearAndEquality) {
  TriggerQueue<Payload, 4> a, b;
  EXPECT_EQ(a, b);
  a.push(1, Payload{7, 2});
  EXPECT_NE(a, b);
  b.push(1, Payload{7, 2});
  EXPECT_EQ(a, b);
  b.push(0, Payload{9, 1});
  b.take(1);
  EXPECT_EQ(a, b);  // only live entries count
  a.clear();
  EXPECT_TRUE(a.empty());
  EXPECT_EQ(a, (TriggerQueue<Payload, 4>{}));
  EXPECT_EQ(b.take(0), (Payload{7, 2}));
}

}  // namespace
}  // namespace tt
