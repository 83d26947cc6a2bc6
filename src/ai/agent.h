// Agents choose among a pending decision's options using only the core API.
#pragma once
#include <array>
#include <memory>
#include <string>
#include <vector>

#include "core/rng.h"
#include "core/state.h"

namespace tt {

class Agent {
 public:
  virtual ~Agent() = default;
  virtual std::string name() const = 0;
  // Picks one of `seat`'s legal options. Precondition: the seat is pending.
  virtual Action choose(const State& state, Seat seat, Rng& rng) = 0;
};

// Uniformly random among the legal options (never one that only undoes a
// half-made choice, see State::is_undo).
class RandomAgent final : public Agent {
 public:
  std::string name() const override { return "random"; }
  Action choose(const State& state, Seat seat, Rng& rng) override;

 private:
  ActionList options_;
};

// One step of lookahead: applies each option to a copy of the position and
// keeps the one the game's heuristic rates best for the seat, on average over
// `samples` determinizations (State::determinize: what the seat cannot see is
// dealt anew and the dice reseeded), so it never reads a hidden card or a
// coming roll; ties are broken at random. A step of a choice made in steps
// (the same seat decides again and nothing the heuristic sees has changed: a
// dungeon net's shape before its square) is rated by its best completion, up
// to two further steps.
class GreedyAgent final : public Agent {
 public:
  explicit GreedyAgent(int samples = 4) : samples_(samples) {}
  std::string name() const override { return "greedy"; }
  Action choose(const State& state, Seat seat, Rng& rng) override;

 private:
  static constexpr int kCompletionSteps = 2;
  double rate(const State& state, Seat seat, double before, int steps_left);

  int samples_;
  ActionList options_;
  std::vector<double> scores_;
  std::unique_ptr<State> sample_;
  std::array<ActionList, kCompletionSteps> completions_;  // one list per depth
};

// An agent from its spec ("greedy", "ismcts:sims=2000", see agent_spec.h);
// throws tt::Error naming what is wrong with the spec.
std::unique_ptr<Agent> make_agent(const std::string& spec);
// The agents' names, as the catalogue lists them.
std::vector<std::string> agent_names();

// The seat's options without those that only take back a half-made choice
// (unless nothing else is left). Throws when the seat has none.
void playable_options(const State& state, Seat seat, ActionList& out);

// One decision of `seat` taken uniformly at random among the options that do
// more than take back a half-made choice. `scratch` holds the options.
void random_step(State& state, Seat seat, Rng& rng, ActionList& scratch);

// Plays `state` to the end with every seat choosing at random. Returns the
// number of decisions made.
long random_playout(State& state, Rng& rng, ActionList& scratch);

}  // namespace tt
