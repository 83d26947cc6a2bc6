// The IS-MCTS agent (src/ai/ismcts.h): it finds the known best play of small
// games, never profits from what it cannot see, maximises each seat's own
// result, is reproducible from its seed with any number of threads, keeps
// to a time budget, and plays a real game far better than chance.
#include "ai/ismcts.h"

#include <gtest/gtest.h>

#include <chrono>

#include "ai/agent.h"
#include "core/registry.h"
#include "toy_games.h"

namespace tt {
namespace {

IsmctsConfig config(long sims, int depth = 1000) {
  IsmctsConfig c;
  c.sims = sims;
  c.depth = depth;
  return c;
}

TEST(Ismcts, NimLeavesAMultipleOfFour) {
  // Heaps 5, 6, 7, 9, 10, 11: take 1, 2, 3, 1, 2, 3.
  for (int heap : {5, 6, 7, 9, 10, 11}) {
    IsmctsAgent agent(config(4000));
    toy::Nim nim(heap);
    Rng rng(static_cast<std::uint64_t>(heap));
    EXPECT_EQ(agent.choose(nim, 0, rng).a, heap % 4) << "heap " << heap;
    EXPECT_EQ(agent.last_search().sims, 4000);
  }
}

TEST(Ismcts, BetsOnWhatItCanKnowNotOnTheHiddenCard) {
  // The card is low; seeing it would make the coin the better choice.
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    IsmctsAgent agent(config(3000));
    toy::HiddenBet bet(/*high=*/false);
    Rng rng(seed);
    EXPECT_EQ(agent.choose(bet, 0, rng).a, toy::HiddenBet::kBetHigh) << "seed " << seed;
  }
}

TEST(Ismcts, EachSeatMaximisesItsOwnResult) {
  IsmctsAgent agent(config(2000));
  toy::Kingmaker game;
  Rng rng(3);
  EXPECT_EQ(agent.choose(game, 0, rng).a, 1) << "door B: behind A seat 1 names itself";
  game.apply_action(0, Action{1, 0});
  EXPECT_EQ(agent.choose(game, 1, rng).a, 1) << "seat 1 names itself behind A";
}

TEST(Ismcts, TheSameSeedGivesTheSameDecisionWithAnyThreads) {
  register_builtin_games();
  auto game = Registry::instance().get("suikoden");
  tt::Setup setup;
  setup.seed = 21;
  auto st = game->new_state(setup);
  Rng walk(4);
  RandomAgent random;
  for (int i = 0; i < 12 && !st->is_terminal(); ++i) {
    const Seat s = st->to_act();
    st->apply_action(s, random.choose(*st, s, walk));
  }
  const Seat seat = st->to_act();
  for (int threads : {1, 2}) {
    IsmctsConfig c = config(600, 20);
    c.threads = threads;
    IsmctsAgent a(c), b(c);
    Rng r1(9), r2(9);
    EXPECT_EQ(a.choose(*st, seat, r1), b.choose(*st, seat, r2)) << threads << " threads";
    EXPECT_EQ(a.last_search().sims, 600);
  }
}

TEST(Ismcts, KeepsToItsTimeBudget) {
  IsmctsConfig c = config(1);
  c.ms = 30;
  IsmctsAgent agent(c);
  toy::Nim nim(40);
  Rng rng(1);
  const auto start = std::chrono::steady_clock::now();
  agent.choose(nim, 0, rng);
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  EXPECT_GE(ms, 30.0);
  EXPECT_LT(ms, 30.0 + 500.0);  // a loaded machine, but not unbounded
  EXPECT_GT(agent.last_search().sims, 1);
}

TEST(Ismcts, BeatsRandomPlayAtSuikoden) {
  register_builtin_games();
  auto game = Registry::instance().get("suikoden");
  int wins = 0;
  const int games = 8;
  for (int g = 0; g < games; ++g) {
    tt::Setup setup;
    setup.seed = 100 + static_cast<std::uint64_t>(g);
    auto st = game->new_state(setup);
    const Seat me = g % 2;
    IsmctsAgent search(config(100, 20));
    RandomAgent random;
    Rng rng(static_cast<std::uint64_t>(g));
    while (!st->is_terminal()) {
      const Seat s = st->to_act();
      st->apply_action(s, s == me ? search.choose(*st, s, rng) : random.choose(*st, s, rng));
    }
    wins += st->outcomes()[static_cast<std::size_t>(me)].result == Result::kWin;
  }
  EXPECT_GE(wins, 7) << "of " << games;
}

}  // namespace
}  // namespace tt
