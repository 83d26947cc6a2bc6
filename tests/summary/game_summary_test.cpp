// The game summary (core/game_summary.h) for every game: outcomes, turns,
// the first seat, and the cards each seat drew and played.
#include "core/game_summary.h"

#include <gtest/gtest.h>

#include "core/registry.h"

namespace tt {
namespace {

TEST(GameSummary, AnUnfinishedGameWithNoLogHasNoFacts) {
  register_builtin_games();
  for (const auto& game : Registry::instance().games()) {
    tt::Setup setup;
    setup.seats = game->default_seats("");
    auto state = game->new_state(setup);
    const GameSummary summary = summarize_game(*state, EventLog{}, 0);
    EXPECT_FALSE(summary.finished) << game->name();
    EXPECT_EQ(summary.turns, 0);
    EXPECT_EQ(summary.first, -1);
    ASSERT_EQ(static_cast<int>(summary.cards.size()), setup.seats);
    for (const SeatCards& cards : summary.cards)
      EXPECT_TRUE(cards.drawn.empty() && cards.played.empty());
  }
}

}  // namespace
}  // namespace tt
