// The core helpers a loader relies on, given values a hostile file may hold:
// seats outside the table are in no seat set (never a shift by a negative or
// too large amount), and restoring a chain, a priority round, standings or a
// generator checks what it is given.
#include <gtest/gtest.h>

#include "core/chain.h"
#include "core/error.h"
#include "core/priority_round.h"
#include "core/rng.h"
#include "core/standings.h"
#include "core/turn_order.h"
#include "core/types.h"

namespace tt {
namespace {

TEST(HostileCore, SeatsOutsideTheTableAreInNoSet) {
  for (Seat s : {-1000, -2, -1, 16, 17, 31, 32, 64, 1000}) {
    EXPECT_EQ(seat_bit(s), 0) << s;
    EXPECT_FALSE(has_seat(kAllSeats, s)) << s;
  }
  EXPECT_EQ(seat_bit(15), 0x8000);
  EXPECT_TRUE(has_seat(kAllSeats, 0));
  TurnOrder order(4);
  order.leave(-1);
  order.leave(99);
  EXPECT_EQ(order.remaining(), 4);
  EXPECT_FALSE(order.in_game(-1));
  EXPECT_EQ(order.team(-1), -1);
  EXPECT_FALSE(order.teammates(-1, -1));
  EXPECT_THROW(order.set_team(4, 0), Error);
  EXPECT_THROW(order.set_team(0, 16), Error);
}

TEST(HostileCore, RestoredChainsRoundsStandingsAndGeneratorsAreChecked) {
  Chain<int, 4> chain;
  EXPECT_THROW(chain.restore(-1, 0), Error);
  EXPECT_THROW(chain.restore(16, 0), Error);
  EXPECT_THROW(chain.restore(0, -1), Error);
  EXPECT_THROW(chain.pop(), Error);
  chain.restore(1, 0);
  EXPECT_EQ(chain.priority(), 1);

  PriorityRound round;
  EXPECT_THROW(round.restore(0x3, 0, -5), Error);
  EXPECT_THROW(round.restore(0x3, 0, 0, 40), Error);
  EXPECT_THROW(round.restore(0x3, 0, 0, 0, static_cast<RoundRule>(7)), Error);
  round.restore(0x3, 0, kNoSeat);

  Standings standings;
  EXPECT_THROW(standings.restore(-1, 0), Error);
  EXPECT_THROW(standings.restore(0, -7), Error);

  Rng rng(1);
  EXPECT_THROW(rng.set_words({0, 0, 0, 0}), Error);
  rng.set_words({0, 0, 0, 1});
  EXPECT_LT(rng.below(3), 3u);
}

}  // namespace
}  // namespace tt
