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

// What a greedy decision cost, for tests, benchmarks and people.
struct GreedyStats {
  long evals = 0;    // positions rated: an option applied to a copy, then the heuristic read
  long options = 0;  // options the seat had (undos left out)
  long rated = 0;    // of them, rated (all unless there were more than the budget)
  int samples = 0;   // determinizations rated on
};

// One step of lookahead (src/ai/greedy.cpp): applies each option to a copy of
// the position and keeps the one the game's heuristic rates best for the
// seat, on average over `samples` determinizations (State::determinize: what
// the seat cannot see is dealt anew and the dice reseeded), so it never reads
// a hidden card or a coming roll; ties are broken at random. A step of a
// choice made in steps (the same seat decides again and nothing the heuristic
// sees has changed: a dungeon net's shape before its square, one blocker of a
// declaration) is rated by its best completion, up to two further steps.
//
// The cost of a decision is bounded by `evals`, the most positions it rates
// (a count, not a time, so a decision depends only on the position and the
// seed): each option once per determinization first, then what is left of the
// budget shared among the steps for their completions. Too many options for
// `samples` determinizations each: fewer determinizations (at least one); more
// options than `evals`: `evals` of them drawn at random are rated.
class GreedyAgent final : public Agent {
 public:
  static constexpr long kDefaultEvals = 2000;
  explicit GreedyAgent(int samples = 4, long evals = kDefaultEvals)
      : samples_(samples), evals_(evals) {}
  std::string name() const override { return "greedy"; }
  Action choose(const State& state, Seat seat, Rng& rng) override;
  const GreedyStats& last_decision() const { return stats_; }

 private:
  static constexpr int kCompletionSteps = 2;
  // Per depth of the look-ahead (0: the decision's own options): its
  // options, their scores and one scratch state.
  struct Level {
    ActionList options;
    std::vector<double> scores;
    std::unique_ptr<State> next;
  };
  long rate_each(const State& state, Seat seat, double before, int depth, long budget, Rng& rng);
  double rate(const State& state, Seat seat, double before, int depth, long budget, long& spent,
              Rng& rng);

  int samples_;
  long evals_;
  GreedyStats stats_;
  std::vector<double> totals_;
  std::unique_ptr<State> sample_;
  std::array<Level, kCompletionSteps + 1> levels_;
};

// An agent from its spec ("greedy", "ismcts:sims=2000", see agent_spec.h);
// throws tt::Error naming what is wrong with the spec.
std::unique_ptr<Agent> make_agent(const std::string& spec);
// The agents' names, as the catalogue lists them.
std::vector<std::string> agent_names();

// The seat's options without those that only take back a half-made choice
// (unless nothing else is left). Throws when the seat has none.
void playable_options(const State& state, Seat seat, ActionList& out);

// Keeps `most` of the options, drawn uniformly at random (in the order
// drawn), when there are more; otherwise leaves them as they are.
void keep_at_most(ActionList& options, long most, Rng& rng);

// One decision of `seat` taken uniformly at random among the options that do
// more than take back a half-made choice. `scratch` holds the options.
void random_step(State& state, Seat seat, Rng& rng, ActionList& scratch);

// Plays `state` to the end with every seat choosing at random. Returns the
// number of decisions made.
long random_playout(State& state, Rng& rng, ActionList& scratch);

}  // namespace tt
