#include "ai/agent.h"

#include "core/error.h"

namespace tt {

Action RandomAgent::choose(const State& state, Seat seat, Rng& rng) {
  state.legal_actions(seat, options_);
  if (options_.empty()) throw Error("no options to choose from");
  return options_[rng.below(static_cast<std::uint32_t>(options_.size()))];
}

Action GreedyAgent::choose(const State& state, Seat seat, Rng& rng) {
  state.legal_actions(seat, options_);
  if (options_.empty()) throw Error("no options to choose from");
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
    state.apply_action(seat, scratch[rng.below(static_cast<std::uint32_t>(scratch.size()))]);
    ++decisions;
  }
  return decisions;
}

}  // namespace tt
