// The check before each seat's priority is remembered while nothing changes
// (src/games/magic/idle.cpp): a seat found with nothing to do outside its
// main phase passes again without its options being looked at. The memory is
// derived and never saved, so a state restored from its save remembers
// nothing and looks at every seat afresh. Whole random games are played in
// lockstep by a state that remembers and by one restored before every
// decision: a remembered answer that had gone stale would pass for a seat
// that the fresh state asks, and the two would part.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "ai/agent.h"
#include "core/registry.h"

namespace tt {
namespace {

using nlohmann::json;

const Game& idle_game() {
  register_builtin_games();
  return *Registry::instance().get("magic");
}

void lockstep(int seats, std::uint64_t seed) {
  Setup setup;
  setup.seats = seats;
  setup.seed = seed;
  auto st = idle_game().new_state(setup);
  Rng rng(seed);
  ActionList options, fresh_options;
  int decisions = 0;
  while (!st->is_terminal() && decisions < 5000) {
    json saved;
    st->save(saved);
    auto fresh = idle_game().restore(saved, setup);
    const Seat s = st->to_act();
    ASSERT_EQ(fresh->to_act(), s) << "seed " << seed << ", decision " << decisions;
    st->legal_actions(s, options);
    fresh->legal_actions(s, fresh_options);
    ASSERT_EQ(options, fresh_options) << "seed " << seed << ", decision " << decisions;
    ASSERT_FALSE(options.empty());
    const Action a = options[rng.below(static_cast<std::uint32_t>(options.size()))];
    st->apply_action(s, a);
    fresh->apply_action(s, a);
    ASSERT_EQ(st->fingerprint(), fresh->fingerprint())
        << "seed " << seed << ", decision " << decisions;
    ++decisions;
  }
  EXPECT_TRUE(st->is_terminal()) << "seed " << seed;
}

// Plays whole random games from fresh deals: in a debug build every
// remembered answer is checked against a fresh look (idle.cpp asserts it),
// so a change that gives a seat an option without forgetting its answer
// (an untapped permanent anyone may activate, a spell to target, a new
// permanent) stops the test. More games than the lockstep ones, at the
// table sizes the benchmark plays.
void random_games(int seats, std::uint64_t first, int games) {
  const auto prepared = idle_game().prepare([&] {
    Setup setup;
    setup.seats = seats;
    return setup;
  }());
  ActionList scratch;
  for (int g = 0; g < games; ++g) {
    const std::uint64_t seed = first + static_cast<std::uint64_t>(g);
    auto st = prepared->deal(seed);
    Rng rng(seed);
    random_playout(*st, rng, scratch);
    EXPECT_TRUE(st->is_terminal()) << seats << " seats, seed " << seed;
  }
}

TEST(MagicIdleChecks, RememberedAnswersHoldOverManyGames) {
  random_games(2, 1, 500);
  random_games(4, 1, 500);
  random_games(6, 1, 300);
}

// A debug build also checks every remembered answer against a fresh look
// (idle.cpp), so the other tests' games check it as well.
TEST(MagicIdleChecks, RememberedAnswersAgreeWithAFreshLookAtFourSeats) {
  lockstep(4, 1);
}

TEST(MagicIdleChecks, RememberedAnswersAgreeWithAFreshLookInADuel) {
  lockstep(2, 1);
}

}  // namespace
}  // namespace tt
