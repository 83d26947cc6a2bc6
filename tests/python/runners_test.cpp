// The C++ halves of the Python package's batched play and vectorised runner
// (python/src/batch.h, vector_runner.h), here so that the sanitizer build,
// which does not build the Python module, checks them too.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "batch.h"
#include "core/registry.h"
#include "vector_runner.h"

namespace tt::py {
namespace {

std::shared_ptr<const Game> game_named(const char* name) {
  register_builtin_games();
  return Registry::instance().get(name);
}

BatchConfig batch_of(const Game& game, long count) {
  BatchConfig config;
  config.setup.seats = game.default_seats("");
  config.first_seed = 50;
  config.count = count;
  config.agents.assign(static_cast<std::size_t>(config.setup.seats), "random");
  return config;
}

TEST(PlayBatch, EveryGameFinishesWithOneRowPerGameAndSeat) {
  register_builtin_games();
  for (const auto& game : Registry::instance().games()) {
    const BatchConfig config = batch_of(*game, 6);
    const BatchResult r = play_batch(*game, config);
    const auto seats = static_cast<std::size_t>(config.setup.seats);
    ASSERT_EQ(r.seed.size(), 6u) << game->name();
    EXPECT_EQ(r.result.size(), 6 * seats);
    EXPECT_TRUE(std::all_of(r.finished.begin(), r.finished.end(), [](auto f) { return f == 1; }));
    for (std::size_t i = 0; i < 6; ++i) {
      EXPECT_EQ(r.seed[i], 50 + i);
      EXPECT_GE(r.turns[i], 1);
      EXPECT_TRUE(r.first[i] >= 0 && r.first[i] < config.setup.seats);
      for (std::size_t s = 0; s < seats; ++s)  // slot (s + i) % seats sits at seat s
        EXPECT_EQ(r.slot[i * seats + s], static_cast<std::int8_t>((s + i) % seats));
    }
    EXPECT_FALSE(r.cards.empty()) << game->name();
    EXPECT_TRUE(std::is_sorted(r.cards.begin(), r.cards.end()));
    for (std::size_t k = 0; k < r.card.size(); ++k) {
      EXPECT_LT(r.card_game[k], 6);
      EXPECT_LT(static_cast<std::size_t>(r.card[k]), r.cards.size());
      EXPECT_GT(r.drawn[k] + r.played[k], 0);
    }
  }
}

TEST(PlayBatch, TheSameSeedsPlayTheSameGames) {
  const auto game = game_named("lastchronicle");
  const BatchResult a = play_batch(*game, batch_of(*game, 5));
  const BatchResult b = play_batch(*game, batch_of(*game, 5));
  EXPECT_EQ(a.decisions, b.decisions);
  EXPECT_EQ(a.result, b.result);
  EXPECT_EQ(a.card, b.card);
  EXPECT_EQ(a.drawn, b.drawn);
}

TEST(PlayBatch, BadAgentsAreRefusedBeforeAnyGame) {
  const auto game = game_named("suikoden");
  BatchConfig config = batch_of(*game, 3);
  config.agents.pop_back();
  EXPECT_THROW(play_batch(*game, config), Error);
  config = batch_of(*game, 3);
  config.agents[1] = "no-such-agent";
  EXPECT_THROW(play_batch(*game, config), Error);
}

VectorConfig vector_of(const Game& game, int envs) {
  VectorConfig config;
  config.setup.seats = game.default_seats("");
  config.envs = envs;
  config.first_seed = 9;
  config.max_actions = 512;
  return config;
}

TEST(VectorRunner, StepsEveryGameAndDealsFinishedOnesAgain) {
  const auto game = game_named("ddm");
  VectorRunner runner(game, vector_of(*game, 4));
  std::vector<std::int32_t> counts(4);
  std::vector<std::int64_t> actions(4);
  std::vector<float> rewards(4 * 2), obs(static_cast<std::size_t>(4 * runner.observation_size()));
  std::vector<std::uint8_t> dones(4), masks(4 * 512);
  long finished = 0;
  for (int step = 0; step < 4000; ++step) {
    runner.legal_counts(counts.data());
    for (int i = 0; i < 4; ++i) actions[i] = (step * 7 + i) % counts[i];
    runner.step(actions.data(), rewards.data(), dones.data());
    runner.observations(obs.data());
    runner.masks(masks.data());
    for (int i = 0; i < 4; ++i) {
      finished += dones[i];
      if (dones[i]) {  // a two-seat game: a win and a loss, or a draw
        EXPECT_EQ(rewards[i * 2] + rewards[i * 2 + 1], 0.0f);
      } else {
        EXPECT_EQ(rewards[i * 2], 0.0f);
        EXPECT_EQ(rewards[i * 2 + 1], 0.0f);
      }
    }
  }
  EXPECT_EQ(finished, runner.games_finished());
  EXPECT_GT(finished, 0);
}

TEST(VectorRunner, ABadIndexChangesNothing) {
  const auto game = game_named("suikoden");
  VectorRunner runner(game, vector_of(*game, 3));
  std::vector<std::int32_t> counts(3);
  runner.legal_counts(counts.data());
  std::vector<std::uint64_t> before;
  for (int i = 0; i < 3; ++i) before.push_back(runner.state(i).fingerprint());
  std::vector<std::int64_t> actions = {0, counts[1], 0};
  std::vector<float> rewards(6);
  std::vector<std::uint8_t> dones(3);
  EXPECT_THROW(runner.step(actions.data(), rewards.data(), dones.data()), Error);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(runner.state(i).fingerprint(), before[i]);
}

TEST(VectorRunner, ComputerSeatsPlayInsideAndAllComputerTablesAreRefused) {
  const auto game = game_named("magic");
  VectorConfig config = vector_of(*game, 2);
  config.agents = {"", "random", "random", "random"};
  VectorRunner runner(game, config);
  std::vector<std::int32_t> players(2);
  runner.players(players.data());
  EXPECT_EQ(players, (std::vector<std::int32_t>{0, 0}));
  config.agents = {"random", "random", "random", "random"};
  EXPECT_THROW(VectorRunner(game, config), Error);
  config.agents = {"", "random"};
  EXPECT_THROW(VectorRunner(game, config), Error);
}

}  // namespace
}  // namespace tt::py
