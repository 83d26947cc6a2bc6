// Dividing combat damage among blockers (510.1c, 702.19c, 802.5): what the
// rule scenarios cannot say. A seat that lets its time run out divides as
// the engine did before it asked (assumption 5), a concession in the middle
// of a division asks it again from what is left, and the agents finish a
// big division within a bounded cost.
#include <gtest/gtest.h>

#include <chrono>
#include <nlohmann/json.hpp>

#include "ai/agent.h"
#include "core/match.h"
#include "core/registry.h"

namespace tt {
namespace {

using nlohmann::json;

// Seat 0 attacks seat 1 with `attacker`; seat 1 blocks it with every
// creature in `blockers`; returns the game at the first division.
Match blocked_by(const std::string& attacker, const json& blockers, int seats = 2,
                 const std::string& variant = "") {
  register_builtin_games();
  Setup s;
  s.seats = seats;
  s.variant = variant;
  s.seed = 1;
  json players = json::array();
  for (int p = 0; p < seats; ++p)
    players.push_back({{"library", {"wildglen", "wildglen", "wildglen"}}});
  players[0]["battlefield"] = {attacker};
  players[1]["battlefield"] = blockers;
  const json state = {
      {"turn", 5}, {"active", 0}, {"step", "declare-attackers"}, {"players", players}};
  Match m(Registry::instance().get("magic"), s, state);
  EXPECT_EQ(m.act(0, "attack:" + attacker + "#1:seat1"), "");
  EXPECT_EQ(m.act(0, "attack-done"), "");
  for (const json& b : blockers) {
    const std::string card = b.is_string() ? b.get<std::string>() : b["card"].get<std::string>();
    EXPECT_EQ(m.act(1, "block:" + card + "#1:" + attacker + "#1"), "");
  }
  EXPECT_EQ(m.act(1, "block-done"), "");
  return m;
}

bool dividing(const Match& m, Seat seat) {
  return has_seat(m.state().pending_seats(), seat) &&
         m.state().prompt(seat).rfind("Divide", 0) == 0;
}

// The defaults a seat takes through its whole division, by id.
std::vector<std::string> defaults_through_division(Match& m, Seat seat) {
  std::vector<std::string> ids;
  for (int i = 0; i < 32 && dividing(m, seat); ++i) {
    const Action d = m.state().default_action(seat);
    ids.push_back(m.state().action_id(seat, d));
    EXPECT_EQ(m.act(seat, d), "");
  }
  return ids;
}

// The old automatic division: lethal to each blocker in declaration order,
// the rest to the last blocker (no trample) ...
TEST(DamageDivision, TheTimerDefaultIsTheOldAutomaticDivision) {
  Match m = blocked_by("emberscree-brawler", {"mossback-cub", "brinewick-apprentice"});
  ASSERT_TRUE(dividing(m, 0));
  EXPECT_EQ(defaults_through_division(m, 0),
            (std::vector<std::string>{"assign:mossback-cub#1:2", "assign:brinewick-apprentice#1:1",
                                      "assign-done"}));
  EXPECT_EQ(m.view(kReferee)["players"][1]["graveyard"], json({"mossback-cub#1"}));
}

// ... or, with trample, to the player (the marked damage counts toward lethal).
TEST(DamageDivision, TheTimerDefaultOfATramplerIsTheOldAutomaticDivision) {
  Match m = blocked_by("knotbark-behemoth",
                       {"mossback-cub", {{"card", "brinewick-apprentice"}, {"damage", 1}}});
  ASSERT_TRUE(dividing(m, 0));
  EXPECT_EQ(defaults_through_division(m, 0),
            (std::vector<std::string>{"assign:mossback-cub#1:2", "assign:brinewick-apprentice#1:1",
                                      "assign:seat1:2", "assign-done"}));
  EXPECT_EQ(m.view(kReferee)["players"][1]["life"], 18);
}

// A person who began a division other than the automatic one and then ran
// out of time: the defaults finish it (all that is left to the first
// blocker offered), never undoing it.
TEST(DamageDivision, TheTimerFinishesADivisionBegunOtherwise) {
  Match m = blocked_by("emberscree-brawler", {"mossback-cub", "brinewick-apprentice"});
  ASSERT_EQ(m.act(0, "assign:brinewick-apprentice#1:2"), "");
  EXPECT_EQ(defaults_through_division(m, 0),
            (std::vector<std::string>{"assign:mossback-cub#1:1", "assign-done"}));
}

// 800.4: a player leaving in the middle of a division changes what may be
// divided (a blocker, the player attacked): it is asked again from nothing;
// when the blockers are gone with their controller, nothing is asked.
TEST(DamageDivision, AConcessionAsksTheDivisionAgain) {
  Match m = blocked_by("emberscree-brawler", {"mossback-cub", "brinewick-apprentice"}, 3);
  ASSERT_EQ(m.act(0, "assign:brinewick-apprentice#1:2"), "");
  ASSERT_EQ(m.view(kReferee)["combat"][0]["assigned"], json({0, 2}));
  ASSERT_EQ(m.concede(2), "");
  ASSERT_TRUE(dividing(m, 0));
  EXPECT_EQ(m.view(kReferee)["combat"][0]["assigned"], json({0, 0}));
  ASSERT_EQ(m.act(0, "assign:mossback-cub#1:3"), "");
  ASSERT_EQ(m.concede(1), "");  // the blockers leave with their controller
  EXPECT_FALSE(dividing(m, 0));
  EXPECT_EQ(m.view(kReferee)["players"][0]["life"], 20);
}

// The greedy agent rates each step by its completions (up to two more
// steps): a 5-power trampler blocked by four creatures, about fifteen
// options a step, stays well under a second a decision and ends.
TEST(DamageDivision, GreedyFinishesABigDivisionCheaply) {
  Match m = blocked_by("knotbark-behemoth", {"mossback-cub", "brinewick-apprentice",
                                             "burrowroot-forager", "ashfen-scavenger"});
  ASSERT_TRUE(dividing(m, 0));
  GreedyAgent greedy;
  Rng rng(3);
  int decisions = 0;
  double slowest = 0;
  while (dividing(m, 0)) {
    ASSERT_LT(++decisions, 12) << "a division takes at most power + 1 steps";
    const auto t0 = std::chrono::steady_clock::now();
    const Action a = greedy.choose(m.state(), 0, rng);
    slowest = std::max(
        slowest, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    ASSERT_FALSE(m.state().is_undo(0, a));
    ASSERT_EQ(m.act(0, a), "");
  }
  RecordProperty("slowest_greedy_decision_ms", std::to_string(slowest * 1000));
  std::printf("greedy: %d decisions, slowest %.1f ms\n", decisions, slowest * 1000);
  EXPECT_LT(slowest, 1.0);
}

}  // namespace
}  // namespace tt
