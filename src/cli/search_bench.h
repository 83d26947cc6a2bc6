// The IS-MCTS figures of `tabletop bench` (IsmctsDecision,
// IsmctsDecisionThreads and IsmctsFullPlayouts in `make bench`): simulations
// per second on one thread and on every hardware thread, and the time of one
// decision, each measured on the same positions reached by random play from
// fixed seeds; then with full playouts beside what one random playout from
// those positions costs (a simulation cannot be cheaper than its playout).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"

namespace tt::cli {

// Position k (k = 0..n-1): the deal with seed + k played at random (Rng(seed
// + k)) for 6k decisions, then on to the next position where the seat to act
// has two options or more; when the game ends first, the last such position
// before its end. Positions with a single option are left out: IS-MCTS does
// not search them.
std::vector<std::unique_ptr<State>> search_positions(const PreparedSetup& prepared, int n,
                                                     std::uint64_t seed);

struct SearchRun {
  int threads = 1;
  long sims = 0;                         // simulations done, all positions
  double seconds = 0;                    // wall-clock time of the decisions, all positions
  std::vector<double> decision_seconds;  // per position
  long cut_off = 0;                      // playouts judged before the game's end
  double sims_per_second() const { return seconds > 0 ? static_cast<double>(sims) / seconds : 0; }
};

// Random playouts from the search positions, as a simulation starts one: the
// position copied into a scratch state (State::assign), determinized for the
// seat to act, played to the end by random_step; CPU time of the thread.
struct PlayoutCost {
  long playouts = 0;
  long decisions = 0;
  double seconds = 0;        // copies, determinizations and playouts
  double setup_seconds = 0;  // the copies and determinizations alone (as many, apart)
  double per_second() const { return seconds > 0 ? static_cast<double>(playouts) / seconds : 0; }
};

struct SearchBench {
  std::string skipped;  // why the game was not measured ("" when it was)
  long sims = 1000;     // simulations per decision per thread
  int depth = 20;       // the playout cut-off of `one` and `all`
  SearchRun one;        // ismcts:sims=S:depth=D, one thread
  SearchRun all;   // ismcts:sims=S*T:depth=D:threads=T, T = std::thread::hardware_concurrency()
  SearchRun full;  // ismcts:sims=S:depth=100000, one thread: playouts to the game's end
  PlayoutCost playout;  // S random playouts from each position
};

// One decision with IS-MCTS at each of `n` positions from `seed`, by the
// seat to act, with Rng(seed + k): first on one thread with `sims`
// simulations and playouts cut off after `depth` decisions, then
// root-parallel on every hardware thread with `sims` each,
// then on one thread with full playouts; last, `sims` random playouts from
// each position (Rng(seed + k) again). A game without a determinization yet
// is skipped, saying so.
SearchBench run_search_bench(const Game& game, int seats, int n, std::uint64_t seed, long sims,
                             int depth = 20);

}  // namespace tt::cli
