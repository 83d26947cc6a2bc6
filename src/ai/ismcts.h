// Information-set Monte Carlo tree search (single observer; Cowling, Powley
// and Whitehouse 2012), the strong computer player that plays fair.
//
// One tree is grown from the deciding seat's point of view. Each simulation
// starts from a fresh determinization of the position (State::determinize:
// what the seat cannot see, dealt anew, and the dice reseeded), walks down the
// tree choosing with UCT among the options legal in that determinization
// (counting how often each was available, since options come and go between
// determinizations), adds one node, plays on by the playout policy for a few
// decisions, and judges the end by the result or, when cut off, the game's
// heuristic as a chance to win. Every seat chooses for itself in the tree and
// maximises its own result, so it works for any number of seats. Options
// another seat takes out of the observer's sight (a card chosen face down)
// lead to one node (State::observed_action), so the tree never branches on
// what the observer cannot see; at a simultaneous choice the other seats
// choose first. Chance needs no node of its own: each determinization rolls
// its own dice below the node it reaches.
#pragma once
#include <memory>
#include <string>

#include "ai/agent.h"
#include "ai/agent_spec.h"

namespace tt {

struct IsmctsConfig {
  long sims = 1000;  // simulations per decision (when ms is 0)
  long ms = 0;       // a time budget instead
  double c = 0.7;    // UCT exploration
  int depth = 20;    // playout decisions before the heuristic judges
  // The deepest cut-off a spec may ask for: more decisions than any game of
  // ours lasts, so playouts go on to the end of the game (a full playout;
  // SearchStats::cut_off counts any that did not).
  static constexpr int kFullPlayout = 100'000;
  bool greedy_rollout = false;  // playouts by one-step greedy instead of random
  // A greedy playout step rates at most this many options (drawn at random
  // when there are more), so a simulation costs at most depth * 16 ratings.
  static constexpr long kRolloutWidth = 16;
  int threads = 1;  // root-parallel trees

  static IsmctsConfig from(const AgentSpec& spec);
};

// What the last decision cost, for benchmarks and people.
struct SearchStats {
  long sims = 0;
  long nodes = 0;
  long cut_off = 0;  // playouts judged by the heuristic before the game's end
  double seconds = 0;
};

class IsmctsTree;

class IsmctsAgent final : public Agent {
 public:
  explicit IsmctsAgent(IsmctsConfig config);
  ~IsmctsAgent() override;
  std::string name() const override { return "ismcts"; }
  Action choose(const State& state, Seat seat, Rng& rng) override;
  const SearchStats& last_search() const { return stats_; }

 private:
  IsmctsConfig config_;
  std::vector<std::unique_ptr<IsmctsTree>> trees_;  // one per thread, kept for their buffers
  ActionList options_;
  SearchStats stats_;
};

}  // namespace tt
