// Speed of Dungeon Dice Monsters on the playout path: random playouts, decisions, clones.
// Run: build/release/bench/ddm_bench (or `make bench`).
#include <benchmark/benchmark.h>

#include "ai/agent.h"
#include "core/registry.h"
#include "games/ddm/state.h"

namespace tt {
namespace {

std::unique_ptr<State> fresh(std::uint64_t seed) {
  register_builtin_games();
  Setup s;
  s.seed = seed;
  return Registry::instance().get("ddm")->new_state(s);
}

// Whole random games from a new state (set-up excluded): games/s and decisions/s.
void BM_RandomPlayout(benchmark::State& bs) {
  auto start = fresh(1);
  Rng rng(7);
  ActionList scratch;
  scratch.reserve(64);
  long decisions = 0;
  std::uint64_t seed = 1;
  for (auto _ : bs) {
    auto st = start->clone();
    rng.reseed(seed++);
    decisions += random_playout(*st, rng, scratch);
  }
  bs.counters["games/s"] =
      benchmark::Counter(static_cast<double>(bs.iterations()), benchmark::Counter::kIsRate);
  bs.counters["decisions/s"] =
      benchmark::Counter(static_cast<double>(decisions), benchmark::Counter::kIsRate);
  bs.counters["decisions/game"] =
      static_cast<double>(decisions) / static_cast<double>(bs.iterations());
}
BENCHMARK(BM_RandomPlayout);

// Cloning a mid-game state (what search does millions of times).
void BM_CloneMidGame(benchmark::State& bs) {
  auto st = fresh(3);
  Rng rng(3);
  ActionList scratch;
  for (int i = 0; i < 40 && !st->is_terminal(); ++i) {
    st->legal_actions(st->to_act(), scratch);
    st->apply_action(st->to_act(), scratch[rng.below(static_cast<std::uint32_t>(scratch.size()))]);
  }
  for (auto _ : bs) benchmark::DoNotOptimize(st->clone());
  bs.counters["state_bytes"] = static_cast<double>(sizeof(ddm::DdmState));
}
BENCHMARK(BM_CloneMidGame);

// Listing the options of a pending decision.
void BM_LegalActions(benchmark::State& bs) {
  auto st = fresh(4);
  ActionList scratch;
  for (auto _ : bs) {
    st->legal_actions(st->to_act(), scratch);
    benchmark::DoNotOptimize(scratch.data());
  }
}
BENCHMARK(BM_LegalActions);

// One greedy decision (one clone and heuristic per option).
void BM_GreedyDecision(benchmark::State& bs) {
  auto st = fresh(5);
  GreedyAgent agent;
  Rng rng(5);
  for (auto _ : bs) benchmark::DoNotOptimize(agent.choose(*st, st->to_act(), rng));
}
BENCHMARK(BM_GreedyDecision);

}  // namespace
}  // namespace tt

BENCHMARK_MAIN();
