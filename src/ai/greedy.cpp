// The greedy agent (agent.h): one step of lookahead by the game's heuristic,
// over a few determinizations, within a budget of rated positions.
#include <algorithm>
#include <cmath>
#include <typeinfo>

#include "ai/agent.h"

namespace tt {

namespace {

constexpr double kSame = 1e-9;  // heuristics closer than this are equal

}  // namespace

// Rates every option of levels_[depth] applied to `state` into its scores,
// within `budget` evaluations (at least one per option): one each, then what
// is left shared among them in turn, so what one option leaves unspent goes
// to the ones after it. Returns the evaluations spent.
long GreedyAgent::rate_each(const State& state, Seat seat, double before, int depth, long budget,
                            Rng& rng) {
  Level& level = levels_[static_cast<std::size_t>(depth)];
  const auto n = static_cast<long>(level.options.size());
  if (!level.next || typeid(*level.next) != typeid(state)) level.next = state.clone();
  level.scores.assign(level.options.size(), 0.0);
  long left = budget - n;
  for (long i = 0; i < n; ++i) {
    level.next->assign(state);
    level.next->apply_action(seat, level.options[static_cast<std::size_t>(i)]);
    ++stats_.evals;
    long spent = 0;
    level.scores[static_cast<std::size_t>(i)] =
        rate(*level.next, seat, before, depth, left / (n - i), spent, rng);
    left -= spent;
  }
  return budget - left;
}

// How good `state` (just after an option at `depth`) is for `seat`: the
// heuristic, or, when the option was only a step of a choice made in steps,
// the best of its completions that `budget` evaluations reach. `spent` gets
// the evaluations used.
double GreedyAgent::rate(const State& state, Seat seat, double before, int depth, long budget,
                         long& spent, Rng& rng) {
  const double score = state.heuristic(seat);
  if (depth == kCompletionSteps || budget == 0 || state.is_terminal() || state.to_act() != seat ||
      std::abs(score - before) > kSame)
    return score;
  ActionList& options = levels_[static_cast<std::size_t>(depth) + 1].options;
  playable_options(state, seat, options);
  keep_at_most(options, budget, rng);
  spent = rate_each(state, seat, before, depth + 1, budget, rng);
  const auto& scores = levels_[static_cast<std::size_t>(depth) + 1].scores;
  return *std::max_element(scores.begin(), scores.end());
}

Action GreedyAgent::choose(const State& state, Seat seat, Rng& rng) {
  ActionList& options = levels_[0].options;
  playable_options(state, seat, options);
  stats_ = {};
  stats_.options = static_cast<long>(options.size());
  if (options.size() == 1) return options[0];
  keep_at_most(options, evals_, rng);
  const auto n = static_cast<long>(options.size());
  const auto samples = static_cast<int>(std::clamp(evals_ / n, 1L, static_cast<long>(samples_)));
  stats_.rated = n;
  stats_.samples = samples;
  // The seat's options are its own to see: the same in every determinization.
  totals_.assign(options.size(), 0.0);
  if (!sample_ || typeid(*sample_) != typeid(state)) sample_ = state.clone();
  for (int k = 0; k < samples; ++k) {
    sample_->assign(state);
    sample_->determinize(seat, rng);
    const long budget = evals_ / samples + (k < evals_ % samples ? 1 : 0);
    rate_each(*sample_, seat, sample_->heuristic(seat), 0, budget, rng);
    for (std::size_t i = 0; i < options.size(); ++i) totals_[i] += levels_[0].scores[i];
  }
  Action best = options[0];
  double best_score = -1e300;
  int ties = 0;
  for (std::size_t i = 0; i < options.size(); ++i) {
    const double score = totals_[i] / samples;
    if (score > best_score + kSame) {
      best_score = score;
      best = options[i];
      ties = 1;
    } else if (score > best_score - kSame && rng.below(static_cast<std::uint32_t>(++ties)) == 0) {
      best = options[i];  // reservoir choice among equal scores
    }
  }
  return best;
}

}  // namespace tt
