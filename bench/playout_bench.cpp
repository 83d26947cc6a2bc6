// Speed on the playout path, for every registered game: setting up a game,
// random playouts from a fresh deal and from one fixed start, clones, option
// listing, one greedy decision, one IS-MCTS decision. Run: `make bench`.
#include <benchmark/benchmark.h>

#include <ctime>
#include <thread>

#include "ai/agent.h"
#include "ai/ismcts.h"
#include "cli/search_bench.h"
#include "core/registry.h"
#include "games/ddm/state.h"
#include "games/lastchronicle/state.h"
#include "games/magic/state.h"
#include "games/suikoden/state.h"

namespace tt {
namespace {

// `game` is a game name, or "NAME:SEATS" for more than the fewest seats, or
// "NAME:SEATS:VARIANT" (e.g. "magic:12:grand-melee").
Setup setup_for(const std::string& game) {
  Setup s;
  const auto colon = game.find(':');
  if (colon == std::string::npos) return s;
  const auto second = game.find(':', colon + 1);
  s.seats = std::stoi(game.substr(colon + 1, second - colon - 1));
  if (second != std::string::npos) s.variant = game.substr(second + 1);
  return s;
}

const Game& game_of(const std::string& game) {
  return *Registry::instance().get(game.substr(0, game.find(':')));
}

std::unique_ptr<State> fresh(const std::string& game, std::uint64_t seed) {
  Setup s = setup_for(game);
  s.seed = seed;
  return game_of(game).new_state(s);
}

void playout_counters(benchmark::State& bs, long decisions) {
  bs.counters["games/s"] =
      benchmark::Counter(static_cast<double>(bs.iterations()), benchmark::Counter::kIsRate);
  bs.counters["decisions/s"] =
      benchmark::Counter(static_cast<double>(decisions), benchmark::Counter::kIsRate);
  bs.counters["decisions/game"] =
      static_cast<double>(decisions) / static_cast<double>(bs.iterations());
}

// The bytes of the state `st` (the Magic-style state is sized to its table:
// its footprint counts the room of its sized lists too).
std::size_t state_bytes(const std::string& game, const State& st) {
  if (game == "suikoden") return sizeof(suikoden::SuikodenState);
  if (game == "ddm") return sizeof(ddm::DdmState);
  if (game.rfind("lastchronicle", 0) == 0) return sizeof(lastchronicle::LcState);
  if (game.rfind("magic", 0) == 0) return dynamic_cast<const magic::MagicState&>(st).footprint();
  return 0;
}

// Whole random games from one fixed start (the seed-1 deal, copied; set-up
// excluded), a new playout seed each: games/s and decisions/s, every decision
// by a seat. `tabletop bench` prints the same figure as "fixed start".
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
  playout_counters(bs, decisions);
  bs.SetLabel("games from one fixed start");
}

// Whole random games from a fresh set-up: each a new deal (new seed, new
// shuffle, first player, opening draws) of a setup prepared once, then a
// random playout with the same seed. `tabletop bench` prints the same figure
// as "fresh set-up".
void fresh_game_bench(benchmark::State& bs, const std::string& game) {
  const auto prepared = game_of(game).prepare(setup_for(game));
  ActionList scratch;
  scratch.reserve(256);
  long decisions = 0;
  std::uint64_t seed = 1;
  for (auto _ : bs) {
    auto st = prepared->deal(seed);
    Rng rng(seed++);
    decisions += random_playout(*st, rng, scratch);
  }
  playout_counters(bs, decisions);
  bs.SetLabel("games from a fresh deal each");
}

// Setting up a new game: the time per iteration is one deal of a setup
// prepared once; prepare_us is the CPU time the one Game::prepare took.
void fresh_deal_bench(benchmark::State& bs, const std::string& game) {
  timespec t0{}, t1{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
  const auto prepared = game_of(game).prepare(setup_for(game));
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
  const double prepare_us = static_cast<double>(t1.tv_sec - t0.tv_sec) * 1e6 +
                            static_cast<double>(t1.tv_nsec - t0.tv_nsec) * 1e-3;
  std::uint64_t seed = 1;
  for (auto _ : bs) benchmark::DoNotOptimize(prepared->deal(seed++));
  bs.counters["deals/s"] =
      benchmark::Counter(static_cast<double>(bs.iterations()), benchmark::Counter::kIsRate);
  bs.counters["prepare_us"] = prepare_us;
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
  bs.counters["state_bytes"] = static_cast<double>(state_bytes(game, *st));
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

// IS-MCTS on the positions `tabletop bench` measures (cli/search_bench.h:
// the seed-1 deals played at random, one position per seed), one per
// iteration in turn: a decision of 1,000 simulations on one thread
// (IsmctsDecision: the time per iteration is the decision's) or 1,000 per
// thread on every hardware thread (IsmctsDecisionThreads, wall-clock time);
// IsmctsFullPlayouts as IsmctsDecision with playouts to the game's end
// (depth IsmctsConfig::kFullPlayout).
// sims/s counts simulations done; a game without a determinization yet is
// skipped with the reason.
void ismcts_bench(benchmark::State& bs, const std::string& game, int threads, int depth) {
  const auto positions = cli::search_positions(*game_of(game).prepare(setup_for(game)), 20, 1);
  try {
    auto copy = positions.at(0)->clone();
    Rng rng(1);
    copy->determinize(copy->to_act(), rng);
  } catch (const std::exception& e) {
    bs.SkipWithError(e.what());
    return;
  }
  IsmctsConfig config;
  config.sims = 1000L * threads;
  config.threads = threads;
  config.depth = depth;
  IsmctsAgent agent(config);
  long sims = 0;
  std::size_t k = 0;
  for (auto _ : bs) {
    const State& position = *positions[k % positions.size()];
    Rng rng(1 + k++);
    benchmark::DoNotOptimize(agent.choose(position, position.to_act(), rng));
    sims += agent.last_search().sims;
  }
  bs.counters["sims/s"] =
      benchmark::Counter(static_cast<double>(sims), benchmark::Counter::kIsRate);
  bs.counters["threads"] = threads;
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
  names.push_back("magic:12:grand-melee");  // three turn markers at once (807.4)
  for (const std::string& name : names) {
    benchmark::RegisterBenchmark((name + "/FreshDeal").c_str(), tt::fresh_deal_bench, name);
    benchmark::RegisterBenchmark((name + "/FreshGame").c_str(), tt::fresh_game_bench, name);
    benchmark::RegisterBenchmark((name + "/RandomPlayout").c_str(), tt::random_playout_bench, name);
    benchmark::RegisterBenchmark((name + "/CloneMidGame").c_str(), tt::clone_bench, name);
    benchmark::RegisterBenchmark((name + "/LegalActions").c_str(), tt::legal_actions_bench, name);
    benchmark::RegisterBenchmark((name + "/GreedyDecision").c_str(), tt::greedy_bench, name);
  }
  // IS-MCTS at each game's fewest seats.
  const int all = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  for (auto& g : tt::Registry::instance().games()) {
    const int depth = tt::IsmctsConfig{}.depth;
    benchmark::RegisterBenchmark((g->name() + "/IsmctsDecision").c_str(), tt::ismcts_bench,
                                 g->name(), 1, depth)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((g->name() + "/IsmctsFullPlayouts").c_str(), tt::ismcts_bench,
                                 g->name(), 1, tt::IsmctsConfig::kFullPlayout)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((g->name() + "/IsmctsDecisionThreads").c_str(), tt::ismcts_bench,
                                 g->name(), all, depth)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
}
