// Every agent plays fair, in every game and at every table: given two states
// that look the same to its seat (the second a determinization of the first,
// so its hidden cards lie elsewhere and its dice will fall otherwise) and the
// same seed, it makes the same decision. A cheat that reads the true state
// is caught by the same check.
#include <gtest/gtest.h>

#include "../conformance/game_params.h"
#include "ai/agent.h"

namespace tt {
namespace {

// Reads the true state: picks by the state's fingerprint, which hidden
// cards and the generator change.
class Peeker final : public Agent {
 public:
  std::string name() const override { return "peeker"; }
  Action choose(const State& state, Seat seat, Rng&) override {
    ActionList options;
    playable_options(state, seat, options);
    return options[state.fingerprint() % options.size()];
  }
};

// The first decision of `make()`'s agents that differs between a position and
// a determinization of it, as text; empty when none does.
template <typename Make>
std::string first_unfair(const std::string& param, Make make, int positions) {
  auto st = params::game(param)->new_state(params::setup(param, 8));
  Rng walk(8);
  RandomAgent random;
  ActionList options;
  int checked = 0;
  for (int i = 0; !st->is_terminal() && checked < positions; ++i) {
    const Seat seat = st->to_act();
    playable_options(*st, seat, options);
    if (options.size() > 1 && i % 3 == 0) {
      ++checked;
      auto other = st->clone();
      Rng det(1000 + static_cast<std::uint64_t>(i));
      other->determinize(seat, det);
      for (std::uint64_t seed = 1; seed <= 2; ++seed) {
        auto a = make(), b = make();
        Rng ra(seed), rb(seed);
        const Action x = a->choose(*st, seat, ra), y = b->choose(*other, seat, rb);
        if (!(x == y))
          return "decision " + std::to_string(i) + " of seat " + std::to_string(seat) + ": " +
                 st->action_id(seat, x) + " on the true state, " + st->action_id(seat, y) +
                 " on one that looks the same";
      }
    }
    st->apply_action(seat, random.choose(*st, seat, walk));
  }
  return "";
}

class Fairness : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override { register_builtin_games(); }
  int positions() const { return params::seats_of(GetParam()) >= 5 ? 3 : 8; }
};

TEST_P(Fairness, RandomGreedyAndSearchDecideAlikeOnStatesThatLookTheSame) {
  for (const std::string spec : {"random", "greedy", "ismcts:sims=60:depth=8"}) {
    const std::string unfair = first_unfair(
        GetParam(), [&] { return make_agent(spec); }, positions());
    EXPECT_EQ(unfair, "") << spec;
  }
}

INSTANTIATE_TEST_SUITE_P(AllGames, Fairness, ::testing::ValuesIn(params::game_names()),
                         [](const auto& info) { return params::test_name(info.param); });

TEST(FairnessCheck, CatchesAnAgentThatReadsTheTrueState) {
  register_builtin_games();
  EXPECT_NE(first_unfair(
                "suikoden", [] { return std::make_unique<Peeker>(); }, 8),
            "");
}

}  // namespace
}  // namespace tt
