#include "ai/agent.h"

#include <algorithm>

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

void keep_at_most(ActionList& options, long most, Rng& rng) {
  const auto n = static_cast<long>(options.size());
  if (n <= most) return;
  for (long i = 0; i < most; ++i)  // a partial Fisher-Yates shuffle
    std::swap(options[static_cast<std::size_t>(i)],
              options[static_cast<std::size_t>(i + rng.below(static_cast<std::uint32_t>(n - i)))]);
  options.resize(static_cast<std::size_t>(most));
}

Action RandomAgent::choose(const State& state, Seat seat, Rng& rng) {
  playable_options(state, seat, options_);
  return options_[rng.below(static_cast<std::uint32_t>(options_.size()))];
}

std::unique_ptr<Agent> make_agent(const std::string& text) {
  const AgentSpec spec = parse_agent_spec(text);
  if (spec.name == "random") return std::make_unique<RandomAgent>();
  if (spec.name == "greedy")
    return std::make_unique<GreedyAgent>(static_cast<int>(spec.number("samples")),
                                         static_cast<long>(spec.number("evals")));
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
