// Mandatory loops (loop.cpp; comprehensive rules 104.4b, 801.16): the random
// game that once never ended now ends in a draw, and the loop's counts are
// saved and checked like any other field.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "ai/agent.h"
#include "core/registry.h"
#include "games/magic/state.h"

namespace tt {
namespace {

const Game& loop_game() {
  register_builtin_games();
  return *Registry::instance().get("magic");
}

// `tabletop bench magic --seats 6 --seed 3230`: from turn 20 three Sealing
// Lanterns exiled one another for ever (tens of millions of decisions).
TEST(MagicLoop, TheLanternLoopOfSeed3230EndsInADraw) {
  tt::Setup s;
  s.seats = 6;
  const auto prepared = loop_game().prepare(s);
  auto st = prepared->deal(3230);
  Rng rng(3230);
  ActionList scratch;
  long decisions = 0;
  while (!st->is_terminal() && decisions < 200000) {
    random_step(*st, st->to_act(), rng, scratch);
    ++decisions;
  }
  ASSERT_TRUE(st->is_terminal()) << "still going after " << decisions << " decisions";
  int draws = 0;
  for (const auto& o : st->outcomes()) draws += o.result == Result::kDraw;
  EXPECT_GE(draws, 2);  // 104.4b: every player still in the game draws
}

TEST(MagicLoop, TheTurnsCountsAreSavedAndALoadedCountPastTheLimitIsRefused) {
  tt::Setup s;
  s.seats = 4;
  s.variant = "ffa";
  auto st = loop_game().new_state(s);
  Rng rng(5);
  ActionList scratch;
  for (int i = 0; i < 300 && !st->is_terminal(); ++i) random_step(*st, st->to_act(), rng, scratch);
  nlohmann::json saved;
  st->save(saved);
  ASSERT_TRUE(saved.contains("loop_stacked"));
  auto copy = loop_game().new_state(s);
  dynamic_cast<magic::MagicState&>(*copy).load(saved);
  EXPECT_EQ(copy->fingerprint(), st->fingerprint());
  saved["loop_stacked"][0] = 1001;  // past the default limit of 1,000
  EXPECT_THROW(dynamic_cast<magic::MagicState&>(*copy).load(saved), Error);
  saved["loop_stacked"][0] = 0;
  saved["loop_stackers"][0] = 0xFFFF;  // seats not at this table
  EXPECT_THROW(dynamic_cast<magic::MagicState&>(*copy).load(saved), Error);
  // States saved before the rule load with no count.
  saved.erase("loop_stacked");
  saved.erase("loop_stackers");
  EXPECT_NO_THROW(dynamic_cast<magic::MagicState&>(*copy).load(saved));
}

}  // namespace
}  // namespace tt
