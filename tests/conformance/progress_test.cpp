// Every game always leads somewhere (issue 20): no position offers a seat
// only undos (an option that returns to an earlier decision, State::is_undo),
// so no agent can be walked into a dead end it would leave and re-enter
// forever; and random and greedy games end within a bound per game.
// A Magic block declaration once could: blocking a menace attacker once and
// then another attacker with the last creature left only `block-reset`, and
// the greedy agent took the same block again 1,500 times.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "ai/agent.h"
#include "core/match.h"
#include "core/registry.h"
#include "game_params.h"

namespace tt {
namespace {

// The most decisions a game of random or greedy seats may take, by game:
// several times the longest seen in 200 random games at its largest table
// here (measured 2026-11-26), far below a loop.
int decision_bound(const std::string& game) {
  static const std::map<std::string, int> bound = {
      {"suikoden", 2000}, {"ddm", 4000}, {"lastchronicle", 4000}, {"magic", 8000}};
  return bound.at(game);
}

// Whether `seat` is offered at least one option that is not an undo.
bool can_go_on(const State& state, Seat seat, ActionList& options) {
  state.legal_actions(seat, options);
  return std::any_of(options.begin(), options.end(),
                     [&](Action a) { return !state.is_undo(seat, a); });
}

// A seat with a decision pending in `state` that is offered only undos, or kNoSeat.
Seat stuck_seat(const State& state, ActionList& options) {
  if (state.is_terminal()) return kNoSeat;
  for (Seat s = 0; s < state.num_seats(); ++s)
    if (has_seat(state.pending_seats(), s) && !can_go_on(state, s, options)) return s;
  return kNoSeat;
}

class Progress : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override { register_builtin_games(); }
};

// Random games: after every option offered on the way (not only the one
// taken), the next decision has a way on that is not an undo.
TEST_P(Progress, EveryOptionLeadsToADecisionThatIsNotAnUndo) {
  const auto game = params::game(GetParam());
  const int games = params::games(params::game_of(GetParam()) == "magic" ? 6 : 10);
  for (int g = 0; g < games; ++g) {
    Match m(game, params::setup(GetParam(), 100 + g));
    Rng rng(7 + g);
    RandomAgent agent;
    ActionList options, next_options;
    int decisions = 0;
    while (!m.state().is_terminal()) {
      ASSERT_LT(++decisions, decision_bound(params::game_of(GetParam())))
          << "game " << g << " does not end";
      const Seat seat = m.state().to_act();
      m.state().legal_actions(seat, options);
      for (Action a : options) {
        auto next = m.state().clone();
        next->apply_action(seat, a);
        const Seat stuck = stuck_seat(*next, next_options);
        ASSERT_EQ(stuck, kNoSeat) << "seat " << stuck << " is offered only undos after "
                                  << m.state().action_id(seat, a) << " (game " << g << ", decision "
                                  << decisions << ")";
      }
      ASSERT_EQ(m.act(seat, agent.choose(m.state(), seat, rng)), "");
    }
  }
}

// Greedy seats (which rate each option by the position it leads to) end
// their games too: the agent the Magic block loop froze. Not at the 10-seat
// Grand Melee table, where a greedy game takes most of a minute.
TEST_P(Progress, GreedyGamesEndWithinTheBound) {
  if (params::seats_of(GetParam()) > 6) GTEST_SKIP() << "a greedy game here takes a minute";
  const auto game = params::game(GetParam());
  Match m(game, params::setup(GetParam(), 2));
  Rng rng(2);
  GreedyAgent agent(1);
  int decisions = 0;
  while (!m.state().is_terminal()) {
    ASSERT_LT(++decisions, decision_bound(params::game_of(GetParam()))) << "the game does not end";
    const Seat seat = m.state().to_act();
    ASSERT_EQ(m.act(seat, agent.choose(m.state(), seat, rng)), "");
  }
}

INSTANTIATE_TEST_SUITE_P(AllGames, Progress, ::testing::ValuesIn(params::game_names()),
                         [](const auto& info) { return params::test_name(info.param); });

}  // namespace
}  // namespace tt
