#include "ai/agent.h"

#include "core/error.h"

namespace tt {

namespace {
// The seat's options without the ones that only take back a half-made choice
// (unless nothing else is left).
void options_without_undo(const State& state, Seat seat, ActionList& out) {
  state.legal_actions(seat, out);
  if (out.empty()) throw Error("no options to choose from");
  std::size_t kept = 0;
  for (Action a : out)
    if (!state.is_undo(seat, a)) out[kept++] = a;
  if (kept > 0) out.resize(kept);
}
}  // namespace

Action RandomAgent::choose(const State& state, Seat seat, Rng& rng) {
  options_without_undo(state, seat, options_);
  return options_[rng.below(static_cast<std::uint32_t>(options_.size()))];
}

Action GreedyAgent::choose(const State& state, Seat seat, Rng& rng) {
  options_without_undo(state, seat, options_);
  Action best = options_[0];
  double best_score = -1e300;
  int ties = 0;
  for (Action a : options_) {
    auto next = state.clone();
    next->apply_action(seat, a);
    const double score = next->heuristic(seat);
    if (score > best_score + 1e-9) {
      best_score = score;
      best = a;
      ties = 1;
    } else if (score > best_score - 1e-9 && rng.below(static_cast<std::uint32_t>(++ties)) == 0) {
      best = a;  // reservoir choice among equal scores
    }
  }
  return best;
}

std::unique_ptr<Agent> make_agent(const std::string& name) {
  if (name == "random") return std::make_unique<RandomAgent>();
  if (name == "greedy") return std::make_unique<GreedyAgent>();
  throw Error("unknown agent '" + name + "' (known: random, greedy)");
}

std::vector<std::string> agent_names() {
  return {"random", "greedy"};
}

long random_playout(State& state, Rng& rng, ActionList& scratch) {
  long decisions = 0;
  while (!state.is_terminal()) {
    const Seat seat = state.to_act();
    state.legal_actions(seat, scratch);
    // Uniform among the options that do not only take back a half-made
    // choice: an undo drawn is struck off and the draw repeated.
    auto n = static_cast<std::uint32_t>(scratch.size());
    for (;;) {
      const std::uint32_t i = rng.below(n);
      if (n == 1 || !state.is_undo(seat, scratch[i])) {
        state.apply_action(seat, scratch[i]);
        break;
      }
      scratch[i] = scratch[--n];
    }
    ++decisions;
  }
  return decisions;
}

}  // namespace tt
