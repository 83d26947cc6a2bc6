// The Magic-style state is sized to its table (docs/games/magic.md, "The
// state"): a duel holds room for two seats and the cards dealt, not for 16
// seats and 1,100 objects; a 16-seat Grand Melee table still deals, plays to
// the end and survives save and load at any point of the game.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "ai/agent.h"
#include "core/registry.h"
#include "games/magic/state.h"

namespace tt {
namespace {

using magic::MagicState;
using nlohmann::json;

Setup table(int seats, const std::string& variant, std::uint64_t seed) {
  register_builtin_games();
  Setup s;
  s.seats = seats;
  s.variant = variant;
  s.seed = seed;
  return s;
}

const Game& sized_game() {
  register_builtin_games();  // before any table() of the same expression
  return *Registry::instance().get("magic");
}

std::size_t footprint(const Setup& s) {
  const auto st = sized_game().new_state(s);
  return dynamic_cast<const MagicState&>(*st).footprint();
}

TEST(MagicSizedState, ADuelIsSmallerThanAGrandMeleeOfSixteen) {
  const std::size_t duel = footprint(table(2, "", 1));
  const std::size_t four = footprint(table(4, "", 1));
  const std::size_t melee = footprint(table(16, "grand-melee", 1));
  EXPECT_LT(duel, four);
  EXPECT_LT(four, melee);
  // Room for what is dealt: well under a quarter of the sixteen seats' value.
  EXPECT_LT(duel * 4, melee);
}

TEST(MagicSizedState, ACloneIsAnIndependentValueOfTheSameSize) {
  const auto st = sized_game().new_state(table(4, "", 3));
  auto copy = st->clone();
  const auto& a = dynamic_cast<const MagicState&>(*st);
  const auto& b = dynamic_cast<const MagicState&>(*copy);
  EXPECT_EQ(a.footprint(), b.footprint());
  EXPECT_EQ(st->fingerprint(), copy->fingerprint());
  // Playing on the copy leaves the original as it was.
  const std::uint64_t before = st->fingerprint();
  Rng rng(3);
  ActionList scratch;
  for (int i = 0; i < 200 && !copy->is_terminal(); ++i)
    random_step(*copy, copy->to_act(), rng, scratch);
  EXPECT_NE(copy->fingerprint(), before);
  EXPECT_EQ(st->fingerprint(), before);
  // Assigning the original back restores it exactly.
  copy->assign(*st);
  EXPECT_EQ(copy->fingerprint(), before);
}

// Whole random games at 16 seats (807: two turn markers at once): every 97
// decisions the state is saved, restored and saved again unchanged, and the
// game goes on from the restored copy to its end.
TEST(MagicSizedState, GrandMeleeOfSixteenPlaysToTheEndAndRoundTrips) {
  for (std::uint64_t seed = 1; seed <= 2; ++seed) {
    const tt::Setup setup = table(16, "grand-melee", seed);
    auto st = sized_game().new_state(setup);
    Rng rng(seed);
    ActionList scratch;
    int decisions = 0, round_trips = 0;
    while (!st->is_terminal() && decisions < 60000) {
      if (decisions % 97 == 0) {
        json saved;
        st->save(saved);
        auto back = sized_game().restore(saved, setup);
        json again;
        back->save(again);
        ASSERT_EQ(saved, again) << "decision " << decisions;
        st = std::move(back);
        ++round_trips;
      }
      const Seat s = st->to_act();
      ASSERT_NE(s, kNoSeat);
      random_step(*st, s, rng, scratch);
      ++decisions;
    }
    EXPECT_TRUE(st->is_terminal()) << decisions << " decisions";
    EXPECT_GT(round_trips, 10);
    json saved;
    st->save(saved);
    auto back = sized_game().restore(saved, setup);
    EXPECT_TRUE(back->is_terminal());
    EXPECT_EQ(back->fingerprint(), st->fingerprint());
  }
}

}  // namespace
}  // namespace tt
