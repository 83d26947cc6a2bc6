#include "ai/agent.h"

#include <algorithm>
#include <cmath>
#include <typeinfo>

#include "ai/agent_spec.h"
#include "ai/ismcts.h"
#include "core/error.h"

namespace tt {

void playable_options(const State& state, Seat seat, ActionList& out) {
  state.legal_actions(seat, out);
  if (out.empty()) throw Error("no options to choose from");
  std::size_t kept = 0;
  for (Action a : out)
    if (!state.is_undo(seat, a)) out[kept++] = a;
  if (kept > 0) out.resize(kept);
}

Action RandomAgent::choose(const State& state, Seat seat, Rng& rng) {
  playable_options(state, seat, options_);
  return options_[rng.below(static_cast<std::uint32_t>(options_.size()))];
}

// How good `state` (just after one of `seat`'s options) is for `seat`: the
// heuristic, or, when the option was only a step of a choice made in steps,
// the best of its completions. Each depth lists into its own kept list.
double GreedyAgent::rate(const State& state, Seat seat, double before, int steps_left) {
  const double score = state.heuristic(seat);
  if (steps_left == 0 || state.is_terminal() || state.to_act() != seat ||
      std::abs(score - before) > 1e-9)
    return score;
  ActionList& options = completions_[steps_left - 1];
  playable_options(state, seat, options);
  double best = -1e300;
  for (std::size_t i = 0; i < options.size(); ++i) {
    auto next = state.clone();
    next->apply_action(seat, options[i]);
    best = std::max(best, rate(*next, seat, before, steps_left - 1));
  }
  return best;
}

Action GreedyAgent::choose(const State& state, Seat seat, Rng& rng) {
  playable_options(state, seat, options_);
  if (options_.size() == 1) return options_[0];
  // The seat's options are its own to see: the same in every determinization.
  scores_.assign(options_.size(), 0.0);
  if (!sample_ || typeid(*sample_) != typeid(state)) sample_ = state.clone();
  for (int k = 0; k < samples_; ++k) {
    sample_->assign(state);
    sample_->determinize(seat, rng);
    const double before = sample_->heuristic(seat);
    for (std::size_t i = 0; i < options_.size(); ++i) {
      auto next = sample_->clone();
      next->apply_action(seat, options_[i]);
      scores_[i] += rate(*next, seat, before, kCompletionSteps);
    }
  }
  Action best = options_[0];
  double best_score = -1e300;
  int ties = 0;
  for (std::size_t i = 0; i < options_.size(); ++i) {
    const double score = scores_[i] / samples_;
    if (score > best_score + 1e-9) {
      best_score = score;
      best = options_[i];
      ties = 1;
    } else if (score > best_score - 1e-9 && rng.below(static_cast<std::uint32_t>(++ties)) == 0) {
      best = options_[i];  // reservoir choice among equal scores
    }
  }
  return best;
}

std::unique_ptr<Agent> make_agent(const std::string& text) {
  const AgentSpec spec = parse_agent_spec(text);
  if (spec.name == "random") return std::make_unique<RandomAgent>();
  if (spec.name == "greedy")
    return std::make_unique<GreedyAgent>(static_cast<int>(spec.number("samples")));
  return std::make_unique<IsmctsAgent>(IsmctsConfig::from(spec));
}

std::vector<std::string> agent_names() {
  std::vector<std::string> names;
  for (const AgentKind& k : agent_kinds()) names.push_back(k.name);
  return names;
}
void random_step(State& state, Seat seat, Rng& rng, ActionList& scratch) {
  state.legal_actions(seat, scratch);
  // Uniform among the options that do not only take back a half-made
  // choice: an undo drawn is struck off and the draw repeated.
  auto n = static_cast<std::uint32_t>(scratch.size());
  for (;;) {
    const std::uint32_t i = rng.below(n);
    if (n == 1 || !state.is_undo(seat, scratch[i])) {
      state.apply_action(seat, scratch[i]);
      return;
    }
    scratch[i] = scratch[--n];
  }
}

long random_playout(State& state, Rng& rng, ActionList& scratch) {
  long decisions = 0;
  for (; !state.is_terminal(); ++decisions) random_step(state, state.to_act(), rng, scratch);
  return decisions;
}

}  // namespace tt
