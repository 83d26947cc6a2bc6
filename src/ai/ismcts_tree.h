// One IS-MCTS tree (see ismcts.h): grown by simulations from the observer's
// position, then asked how often each of the observer's options was chosen.
// Nodes and edges live in flat arrays reused from decision to decision.
#pragma once
#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "ai/ismcts.h"

namespace tt {

class IsmctsTree {
 public:
  explicit IsmctsTree(const IsmctsConfig& config) : config_(config) {}

  // Grows a new tree for `observer` at `root`: `sims` simulations, or until
  // `deadline` when one is given (checked every few simulations).
  void search(const State& root, Seat observer, Rng& rng, long sims,
              std::chrono::steady_clock::time_point deadline);

  // Adds to visits[i] and totals[i] what the tree learnt of the observer's
  // option options[i] at the decision it was searching for.
  void root_votes(const State& root, Seat observer, const ActionList& options,
                  std::vector<double>& visits, std::vector<double>& totals) const;
  long sims_done() const { return sims_done_; }
  long cut_off() const { return cut_off_; }
  long nodes() const { return static_cast<long>(nodes_.size()); }

 private:
  static constexpr std::uint32_t kNone = 0xFFFFFFFF;
  struct Edge {
    Action key;           // the option as its seat sees it (copies of a card alike)
    Action seen;          // as the observer saw it
    std::uint32_t child;  // the node it leads to (shared by edges seen alike)
    std::uint32_t next;   // the next edge of the same node
    std::uint32_t visits = 0;
    std::uint32_t avail = 0;  // simulations in which it could have been taken
    double total = 0;         // sum of the mover's rewards
    Seat seat;                // who takes it
    std::uint32_t counted;    // the simulation that last counted it available
  };
  struct Node {
    std::uint32_t first = kNone;
  };

  void decision_nodes(Seat observer, std::vector<std::uint32_t>& out) const;
  void simulate(const State& root, Seat observer, Rng& rng);
  Seat mover(const State& state, Seat observer) const;
  void options(const State& state, Seat seat);
  std::uint32_t find(std::uint32_t node, Seat seat, Action key) const;
  std::uint32_t add_edge(std::uint32_t node, Seat seat, Action key, Action seen);
  void playout(State& state, Rng& rng);
  void judge(const State& state);

  IsmctsConfig config_;
  std::vector<Node> nodes_;
  std::vector<Edge> edges_;
  std::vector<std::uint32_t> path_;
  std::vector<double> reward_;
  std::unique_ptr<State> scratch_, probe_;
  ActionList options_, rollout_options_;
  std::vector<std::uint32_t> found_;  // the edge of each option, or kNone
  ActionList keys_;                   // each option as its seat sees it
  long sims_done_ = 0;
  long cut_off_ = 0;  // playouts the heuristic judged
};

}  // namespace tt
