// States a game reaches by play load again (fuzz findings, docs/fuzzing.md):
// what a game saves mid-game, Game::restore must accept, and the game goes on.
#include "core/match.h"
#include "hostile/hostile.h"

namespace tt::hostile {
namespace {

json saved(const Match& m) {
  json j;
  m.state().save(j);
  return j;
}

Seat first_pending(const Match& m) {
  for (Seat s = 0; s < m.state().num_seats(); ++s)
    if (m.state().pending_seats() & (SeatMask{1} << s)) return s;
  return kNoSeat;
}

// fuzz_load (magic-ffa-3): a player who took mulligans kept and, owing a
// card to the bottom of the library, conceded; the saved state still owed it
// with no hand left, and restore refused it ("to_bottom: 0 to the cards in hand").
TEST(ReachedStates, MagicAPlayerWhoLeavesOwesNoCardsToTheBottom) {
  const auto g = game("magic");
  tt::Setup setup;
  setup.seats = 3;
  setup.variant = "ffa";
  Match m(g, setup);
  const Seat first = first_pending(m);
  // Two mulligans while the others keep (the first is free in multiplayer,
  // 103.5c); the third hand kept owes one card to the bottom.
  ASSERT_EQ(m.act(first, "mulligan"), "");
  for (int guard = 0; guard < 8 && first_pending(m) != first; ++guard)
    ASSERT_EQ(m.act(first_pending(m), "keep"), "");
  ASSERT_EQ(m.act(first, "mulligan"), "");
  ASSERT_EQ(first_pending(m), first);
  ASSERT_EQ(m.act(first, "keep"), "");
  ASSERT_EQ(first_pending(m), first);
  ASSERT_EQ(m.options(first).front().id.rfind("bottom:", 0), 0u) << m.options(first).front().id;
  ASSERT_EQ(m.concede(first), "");
  EXPECT_EQ(restore_error(*g, saved(m), setup), "");
  EXPECT_NE(first_pending(m), kNoSeat) << "the other two play on";
}

}  // namespace
}  // namespace tt::hostile
