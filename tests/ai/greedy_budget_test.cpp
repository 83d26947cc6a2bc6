// The greedy agent's cost per decision is bounded (issue 20 §1): it rates at
// most `evals` positions, however wide the decision and however deep the
// choice made in steps. The positions are counted by the game itself (every
// apply_action of every copy), not by the agent's own statistics.
#include <gtest/gtest.h>

#include "ai/agent.h"
#include "toy_games.h"

namespace tt {
namespace {

// Seat 0 makes a choice in three steps of `width` options each; no step
// changes the heuristic, so greedy looks ahead through the later steps (the
// old agent rated 4 x (w + w^2 + w^3) positions: 510,200 at w = 50).
class Steps final : public toy::Toy<Steps> {
 public:
  static inline long applies = 0;
  explicit Steps(int width) : Toy(2), width_(width) {}
  void legal_actions(Seat, ActionList& out) const override {
    out.clear();
    for (int i = 0; i < width_; ++i) out.push_back(Action{1, static_cast<std::uint16_t>(i)});
  }
  void apply_action(Seat, Action) override {
    ++applies;
    if (++step_ == 3) winner_ = 0;
  }
  void view(Seat, nlohmann::json& out) const override { out = {{"step", step_}}; }
  float seen_value(Seat) const { return static_cast<float>(step_); }

 private:
  int width_;
  int step_ = 0;
};

TEST(GreedyBudget, AWideChoiceInStepsRatesAtMostTheBudget) {
  for (long evals : {1L, 50L, 2000L, 20000L}) {
    GreedyAgent greedy(4, evals);
    Rng rng(7);
    Steps state(50);
    Steps::applies = 0;
    greedy.choose(state, 0, rng);
    EXPECT_LE(Steps::applies, evals) << "evals=" << evals;
    EXPECT_EQ(greedy.last_decision().evals, Steps::applies) << "its statistics count every rating";
    EXPECT_GT(Steps::applies, 0);
  }
}

// Below the budget nothing is cut: every option of every step is rated.
TEST(GreedyBudget, ASmallChoiceIsRatedWhole) {
  GreedyAgent greedy(1, 2000);
  Rng rng(7);
  Steps state(5);
  Steps::applies = 0;
  greedy.choose(state, 0, rng);
  EXPECT_EQ(Steps::applies, 5 + 25 + 125);
}

}  // namespace
}  // namespace tt
