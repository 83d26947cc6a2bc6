// Placing a dungeon piece in steps (shape, turn, square) offers exactly the
// placements the rule allows (rule text "召喚のやりかた、ルール": inside the
// field, over no dungeon and no dungeon master, touching the player's own
// dungeon or master edge to edge), checked against a square-by-square
// reading of the rule at every placement of many random games.
#include <gtest/gtest.h>

#include <set>
#include <tuple>

#include "ai/agent.h"
#include "core/registry.h"
#include "games/ddm/state.h"

namespace tt::ddm {
namespace {

using Placement = std::tuple<int, int, int>;  // shape, turn, square of the monster

std::set<Placement> by_the_rule(const DdmState& st, Seat s) {
  std::set<Placement> out;
  const Pool& pool = st.rules().pool;
  const auto free = [&](Coord c) {
    return Board::in_bounds(c) && st.square(c).dungeon < 0 && !(c == master_square(0)) &&
           !(c == master_square(1));
  };
  const auto own = [&](Coord c) {
    return Board::in_bounds(c) && (c == master_square(s) || st.square(c).dungeon == s);
  };
  for (int sh = 0; sh < static_cast<int>(pool.shapes.size()); ++sh)
    for (int t = 0; t < static_cast<int>(pool.shapes[sh].orientations.size()); ++t)
      for (int m = 0; m < Board::kSquares; ++m) {
        bool fits = true, touches = false;
        for (Coord off : pool.shapes[sh].orientations[t].cells) {
          const Coord c = Board::at(m) + off;
          fits = fits && free(c);
          for (Coord d : kOrthogonal) touches = touches || own(c + d);
        }
        if (fits && touches) out.insert({sh, t, m});
      }
  return out;
}

std::set<Placement> by_the_steps(const DdmState& st, Seat s) {
  std::set<Placement> out;
  ActionList shapes, turns, squares;
  st.legal_actions(s, shapes);
  for (Action a : shapes) {
    if (a.kind != kShape) continue;
    auto after_shape = st.clone();
    after_shape->apply_action(s, a);
    after_shape->legal_actions(s, turns);
    bool any_turn = false;
    for (Action b : turns) {
      if (b.kind != kTurn) continue;
      auto after_turn = after_shape->clone();
      after_turn->apply_action(s, b);
      after_turn->legal_actions(s, squares);
      bool any_square = false;
      for (Action c : squares)
        if (c.kind == kPlace) {
          out.insert({c.a, c.b, c.c});
          any_square = true;
        }
      EXPECT_TRUE(any_square) << "a turn was offered with nowhere to go";
      any_turn = true;
    }
    EXPECT_TRUE(any_turn) << "a shape was offered with no turn that fits";
  }
  return out;
}

// Calls at(state, seat) before every decision of random games with seeds
// 1..games.
template <typename F>
void every_decision(std::uint64_t games, F at) {
  register_builtin_games();
  auto game = Registry::instance().get("ddm");
  for (std::uint64_t seed = 1; seed <= games; ++seed) {
    tt::Setup setup;
    setup.seed = seed;
    auto st = game->new_state(setup);
    Rng rng(seed);
    RandomAgent agent;
    while (!st->is_terminal()) {
      const Seat s = st->to_act();
      at(static_cast<const DdmState&>(*st), s);
      st->apply_action(s, agent.choose(*st, s, rng));
    }
  }
}

TEST(Placement, StepsOfferExactlyThePlacementsTheRuleAllows) {
  int checked = 0;
  every_decision(6, [&](const DdmState& ddm, Seat s) {
    nlohmann::json view;
    ddm.view(kReferee, view);
    if (ddm.phase() == Phase::kPlace && view["placing"]["shape"].is_null()) {
      EXPECT_EQ(by_the_steps(ddm, s), by_the_rule(ddm, s));
      ++checked;
    }
  });
  EXPECT_GT(checked, 20);
}

// The steps never lead to a dead end: a summon is offered only when some
// placement exists.
TEST(Placement, ASummonIsOfferedOnlyWhenAPlacementExists) {
  every_decision(2, [](const DdmState& ddm, Seat s) {
    if (ddm.phase() == Phase::kSummon) {
      EXPECT_FALSE(by_the_rule(ddm, s).empty());
    }
  });
}

}  // namespace
}  // namespace tt::ddm
