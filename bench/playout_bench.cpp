// Speed on the playout path, for every registered game: random playouts,
// clones, option listing, one greedy decision. Run: `make bench`.
#include <benchmark/benchmark.h>

#include "ai/agent.h"
#include "core/registry.h"
#include "games/ddm/state.h"
#include "games/lastchronicle/state.h"
#include "games/magic/state.h"
#include "games/suikoden/state.h"

namespace tt {
namespace {

// `game` is a game name, or "NAME:SEATS" for more than the fewest seats.
std::unique_ptr<State> fresh(const std::string& game, std::uint64_t seed) {
  Setup s;
  s.seed = seed;
  const auto colon = game.find(':');
  if (colon != std::string::npos) s.seats = std::stoi(game.substr(colon + 1));
  return Registry::instance().get(game.substr(0, colon))->new_state(s);
}

std::size_t state_bytes(const std::string& game) {
  if (game == "suikoden") return sizeof(suikoden::SuikodenState);
  if (game == "ddm") return sizeof(ddm::DdmState);
  if (game.rfind("lastchronicle", 0) == 0) return sizeof(lastchronicle::LcState);
  if (game.rfind("magic", 0) == 0) return sizeof(magic::MagicState);
  return 0;
}

// Whole random games from a new state (set-up excluded): games/s and decisions/s.
void random_playout_bench(benchmark::State& bs, const std::string& game) {
  auto start = fresh(game, 1);
  Rng rng(7);
  ActionList scratch;
  scratch.reserve(256);
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

// Cloning a mid-game state (what search does millions of times).
void clone_bench(benchmark::State& bs, const std::string& game) {
  auto st = fresh(game, 3);
  Rng rng(3);
  ActionList scratch;
  for (int i = 0; i < 40 && !st->is_terminal(); ++i) {
    st->legal_actions(st->to_act(), scratch);
    st->apply_action(st->to_act(), scratch[rng.below(static_cast<std::uint32_t>(scratch.size()))]);
  }
  for (auto _ : bs) benchmark::DoNotOptimize(st->clone());
  bs.counters["state_bytes"] = static_cast<double>(state_bytes(game));
}

// Listing the options of the first decision.
void legal_actions_bench(benchmark::State& bs, const std::string& game) {
  auto st = fresh(game, 4);
  ActionList scratch;
  for (auto _ : bs) {
    st->legal_actions(st->to_act(), scratch);
    benchmark::DoNotOptimize(scratch.data());
  }
}

// One greedy decision (one clone and heuristic per option).
void greedy_bench(benchmark::State& bs, const std::string& game) {
  auto st = fresh(game, 5);
  GreedyAgent agent;
  Rng rng(5);
  for (auto _ : bs) benchmark::DoNotOptimize(agent.choose(*st, st->to_act(), rng));
}

}  // namespace
}  // namespace tt

int main(int argc, char** argv) {
  tt::register_builtin_games();
  std::vector<std::string> names;
  for (auto& g : tt::Registry::instance().games()) {
    names.push_back(g->name());
    for (int n = std::max(3, g->min_seats() + 1); n <= std::min(4, g->max_seats()); ++n)
      names.push_back(g->name() + ":" + std::to_string(n));
    if (g->max_seats() >= 6) names.push_back(g->name() + ":6");
  }
  for (const std::string& name : names) {
    benchmark::RegisterBenchmark((name + "/RandomPlayout").c_str(), tt::random_playout_bench, name);
    benchmark::RegisterBenchmark((name + "/CloneMidGame").c_str(), tt::clone_bench, name);
    benchmark::RegisterBenchmark((name + "/LegalActions").c_str(), tt::legal_actions_bench, name);
    benchmark::RegisterBenchmark((name + "/GreedyDecision").c_str(), tt::greedy_bench, name);
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
}
