// peer_bench: OpenSpiel's C++ games timed the way `tabletop bench` times ours.
//
//   peer_bench [--games N] [--seed S] [--ismcts-positions N] [--ismcts-first K] [--ismcts-sims N]
//              [--ismcts-stride D] [GAME...]
//
// GAME is an OpenSpiel game string ("hearts", "crazy_eights(players=4)",
// "dou_dizhu") or the word "ismcts" (IS-MCTS on hearts). Default: every figure
// the tabletop comparison needs.
//
// Random games: every game starts from a fresh deal (NewInitialState, then the
// game's chance outcomes sampled by their probabilities with a seeded RNG),
// every decision by a player is a uniformly random legal action. Decisions
// count only players' decisions, never chance outcomes. Time is the CPU time
// of this thread and covers the whole game: initial state, deal, play.
//
// IS-MCTS: OpenSpiel's ISMCTSBot with a RandomRolloutEvaluator (one full
// random playout to the end of the game per simulation), uct_c 2,
// unlimited world samples, normalised visit counts, information-state keys.
// One Step() at each of N positions: position k is dealt from seed S+k and
// played at random until the first player decision at index >= D*k with at
// least two legal actions (the last such one if the game ends first).
// --ismcts-first K starts at position K (to look at one position alone).
#include <time.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "open_spiel/abseil-cpp/absl/random/distributions.h"
#include "open_spiel/algorithms/is_mcts.h"
#include "open_spiel/algorithms/mcts.h"
#include "open_spiel/spiel.h"

namespace {

using open_spiel::Action;
using open_spiel::State;

double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// One step of a random game: a chance outcome by its probability or a
// uniformly random legal action. Returns true when a player decided.
bool random_step(State& state, std::mt19937& rng) {
  if (state.IsChanceNode()) {
    const auto outcomes = state.ChanceOutcomes();
    state.ApplyAction(
        open_spiel::SampleAction(outcomes, absl::Uniform(rng, 0.0, 1.0)).first);
    return false;
  }
  const std::vector<Action> legal = state.LegalActions();
  state.ApplyAction(legal[absl::Uniform(rng, 0u, legal.size())]);
  return true;
}

void bench_games(const std::string& name, long games, std::uint64_t seed) {
  const auto game = open_spiel::LoadGame(name);
  std::mt19937 rng(static_cast<std::uint32_t>(seed));
  long decisions = 0;
  long chance = 0;
  const double start = thread_cpu_seconds();
  for (long g = 0; g < games; ++g) {
    std::unique_ptr<State> state = game->NewInitialState();
    while (!state->IsTerminal()) {
      if (random_step(*state, rng)) {
        ++decisions;
      } else {
        ++chance;
      }
    }
  }
  const double seconds = thread_cpu_seconds() - start;
  std::printf(
      "%s: %ld games, %ld decisions by players (+%ld chance outcomes), "
      "%.0f games/s, %.3f M decisions/s, %.1f decisions/game, %.3f s CPU\n",
      name.c_str(), games, decisions, chance, games / seconds,
      decisions / seconds * 1e-6, static_cast<double>(decisions) / games,
      seconds);
  std::printf("RESULT game=%s games_per_s=%.1f decisions_per_s=%.1f\n",
              name.c_str(), games / seconds, decisions / seconds);
  std::fflush(stdout);
}

std::unique_ptr<State> search_position(const open_spiel::Game& game,
                                       std::uint64_t seed, long min_index) {
  std::mt19937 rng(static_cast<std::uint32_t>(seed));
  std::unique_ptr<State> state = game.NewInitialState();
  std::unique_ptr<State> chosen;
  for (long d = 0; !state->IsTerminal();) {
    if (!state->IsChanceNode() && state->LegalActions().size() >= 2) {
      chosen = state->Clone();
      if (d >= min_index) break;
    }
    if (random_step(*state, rng)) ++d;
  }
  return chosen;
}

void bench_ismcts(const std::string& name, int first, int positions, int sims,
                  int stride, std::uint64_t seed) {
  const auto game = open_spiel::LoadGame(name);
  std::vector<std::unique_ptr<State>> states;
  for (int k = first; k < first + positions; ++k) {
    auto s = search_position(*game, seed + static_cast<std::uint64_t>(k),
                             static_cast<long>(stride) * k);
    if (s) states.push_back(std::move(s));
  }
  double seconds = 0;
  std::vector<double> per;
  for (std::size_t k = 0; k < states.size(); ++k) {
    const int s = static_cast<int>(seed + k);
    auto evaluator =
        std::make_shared<open_spiel::algorithms::RandomRolloutEvaluator>(1, s);
    open_spiel::algorithms::ISMCTSBot bot(
        s, evaluator, /*uct_c=*/2.0, sims,
        open_spiel::algorithms::kUnlimitedNumWorldSamples,
        open_spiel::algorithms::ISMCTSFinalPolicyType::kNormalizedVisitCount,
        /*use_observation_string=*/false,
        /*allow_inconsistent_action_sets=*/false);
    const double start = thread_cpu_seconds();
    (void)bot.Step(*states[k]);
    const double t = thread_cpu_seconds() - start;
    seconds += t;
    per.push_back(t);
  }
  const double total = static_cast<double>(sims) * states.size();
  std::printf(
      "ismcts %s: ISMCTSBot, RandomRolloutEvaluator(1 full random playout), "
      "uct_c 2, %d simulations per decision, %zu positions (stride %d): "
      "%.0f simulations/s, %.2f ms per decision (mean), %.3f s CPU\n",
      name.c_str(), sims, states.size(), stride, total / seconds,
      seconds / states.size() * 1e3, seconds);
  std::printf("RESULT ismcts=%s sims_per_s=%.1f\n", name.c_str(),
              total / seconds);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  long games = 2000;
  std::uint64_t seed = 1;
  int first = 0, positions = 20, sims = 1000, stride = 3;
  std::vector<std::string> names;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> const char* {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "%s needs a value\n", a.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--games") {
      games = std::atol(next());
    } else if (a == "--seed") {
      seed = std::strtoull(next(), nullptr, 10);
    } else if (a == "--ismcts-positions") {
      positions = std::atoi(next());
    } else if (a == "--ismcts-first") {
      first = std::atoi(next());
    } else if (a == "--ismcts-sims") {
      sims = std::atoi(next());
    } else if (a == "--ismcts-stride") {
      stride = std::atoi(next());
    } else if (a == "-h" || a == "--help") {
      std::puts(
          "peer_bench [--games N] [--seed S] [--ismcts-positions N] "
          "[--ismcts-first K] [--ismcts-sims N] [--ismcts-stride D] "
          "[GAME|ismcts ...]");
      return 0;
    } else {
      names.push_back(a);
    }
  }
  if (names.empty()) {
    names = {"hearts", "dou_dizhu", "crazy_eights(players=2)",
             "crazy_eights(players=3)", "crazy_eights(players=4)", "ismcts"};
  }
  for (const auto& n : names) {
    if (n == "ismcts") {
      bench_ismcts("hearts", first, positions, sims, stride, seed);
    } else {
      bench_games(n, games, seed);
    }
  }
  return 0;
}
