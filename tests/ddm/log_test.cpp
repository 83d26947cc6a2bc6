// What each viewer reads of a Dungeon Dice Monsters summon, placement, attack
// and round-limit ending (docs/games/ddm.md "Summoning", "Log and view for
// people"): a monster is public once placed, so every viewer (the opponent
// and spectators too) reads its name; a face-down item is named only to its
// owner and the referee. The last attack and the tie-break that ended a game
// are in everyone's view, and survive a save and restore.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/match.h"
#include "core/registry.h"
#include "games/ddm/state.h"

namespace tt::ddm {
namespace {

using nlohmann::json;

constexpr Seat kViewers[] = {0, 1, kNoSeat, kReferee};

Match match_from(const json& state) {
  register_builtin_games();
  Setup setup;
  setup.seats = 2;
  return Match(Registry::instance().get("ddm"), setup, state);
}

// Seat 0 is about to place `piece` (its reserve's only piece) with net T0.
json placing(const std::string& piece) {
  return {{"phase", "place"},
          {"turn", 1},
          {"turn_player", 0},
          {"rolls_done", 1},
          {"summon_levels", {1, 2}},
          {"summoning", 0},
          {"players", json::array({json::object(), json::object()})},
          {"pieces", json::array({{{"id", piece}, {"owner", 0}, {"where", "reserve"}}})}};
}

std::string log_text(const Match& m, Seat viewer) {
  std::string s;
  for (const auto& line : m.log_json(viewer)) s += line["text"].get<std::string>() + "\n";
  return s;
}

void place_at_6_2(Match& m) {
  for (const char* id : {"shape:T", "turn:T0", "place:T0:6,2"}) ASSERT_EQ(m.act(0, id), "") << id;
}

TEST(DdmLog, AMonsterSummonIsNamedToEveryViewer) {
  Match m = match_from(placing("tin-squire"));
  place_at_6_2(m);
  for (Seat v : kViewers) {
    const std::string log = log_text(m, v);
    EXPECT_NE(log.find("Seat 0 summons Tin Squire at 6,2"), std::string::npos) << v << ":\n" << log;
    EXPECT_EQ(log.find("summons an item"), std::string::npos) << v << ":\n" << log;
  }
}

TEST(DdmLog, AFaceDownItemIsNamedOnlyToItsOwnerAndTheReferee) {
  Match m = match_from(placing("medic-kit"));
  place_at_6_2(m);
  for (Seat v : kViewers) {
    const std::string log = log_text(m, v);
    const bool may_know = v == 0 || v == kReferee;
    EXPECT_EQ(log.find("Seat 0 summons Field Medic Kit at 6,2") != std::string::npos, may_know)
        << v << ":\n"
        << log;
    EXPECT_EQ(log.find("Field Medic Kit") == std::string::npos, !may_know) << v << ":\n" << log;
    EXPECT_EQ(log.find("Seat 0 summons an item at 6,2") != std::string::npos, !may_know)
        << v << ":\n"
        << log;
  }
}

// The place options say what is placed: the monster by name, the item by name
// (face down) to the player placing it, and to anyone else only an item.
TEST(DdmLog, PlacementLabelsSayWhatIsPlaced) {
  const auto label_of = [](const Match& m, Seat viewer) {
    for (const auto& o : m.options(0))
      if (o.id == "place:T0:6,2") return m.state().action_label_for(0, o.action, viewer);
    return std::string("(no place:T0:6,2)");
  };
  Match monster = match_from(placing("tin-squire"));
  Match item = match_from(placing("medic-kit"));
  for (Match* m : {&monster, &item})
    for (const char* id : {"shape:T", "turn:T0"}) ASSERT_EQ(m->act(0, id), "") << id;
  for (Seat v : kViewers) EXPECT_EQ(label_of(monster, v), "Place Tin Squire on 6,2 (net T0)") << v;
  for (Seat v : {Seat{0}, kReferee})
    EXPECT_EQ(label_of(item, v), "Place item Field Medic Kit face down on 6,2 (net T0)") << v;
  for (Seat v : {Seat{1}, kNoSeat})
    EXPECT_EQ(label_of(item, v), "Place a face-down item on 6,2 (net T0)") << v;
}

// Seat 0's Ember Whelp (ATK 20) stands next to seat 1's Tin Squire (HP 10).
json facing(int turn, int turn_player) {
  std::vector<std::string> rows(19, ".............");
  rows[1] = "......0......";
  rows[2] = "......0......";
  rows[3] = "......1......";
  rows[17] = "......1......";
  return {{"phase", "main"},
          {"turn", turn},
          {"turn_player", turn_player},
          {"dungeon", rows},
          {"players", json::array({{{"crests", {{"attack", 1}}}}, json::object()})},
          {"pieces", json::array({{{"id", "ember-whelp"}, {"owner", 0}, {"square", "6,2"}},
                                  {{"id", "ember-whelp"}, {"owner", 0}, {"square", "6,1"}},
                                  {{"id", "tin-squire"}, {"owner", 1}, {"square", "6,3"}}})}};
}

TEST(DdmView, TheLastAttackIsShownToEveryViewerAndSaved) {
  Match m = match_from(facing(3, 0));
  ASSERT_EQ(m.act(0, "attack:6,2>6,3"), "");
  const json want = {
      {"seat", 0},    {"attacker", "ember-whelp"}, {"defender", "tin-squire"}, {"target", "6,3"},
      {"damage", 20}, {"defended", false},         {"destroyed", true}};
  for (Seat v : kViewers) EXPECT_EQ(m.view(v)["last_attack"], want) << v;
  json saved;
  m.state().save(saved);
  Match again = match_from(saved);
  EXPECT_EQ(again.view(1)["last_attack"], want);
}

// At the end of the last round, fewer master counters are equal (none), so
// more monsters on the field decides: seat 0 has two, seat 1 one.
TEST(DdmView, TheTieBreakThatEndedTheGameIsShownAndLogged) {
  Match m = match_from(facing(60, 1));
  ASSERT_EQ(m.act(1, "end"), "");
  ASSERT_TRUE(m.state().is_terminal());
  for (Seat v : kViewers) {
    const json tb = m.view(v)["tie_break"];
    EXPECT_EQ(tb["rule"], "monsters") << v;
    EXPECT_EQ(tb["monsters"], json({2, 1})) << v;
    EXPECT_EQ(m.view(v)["winner"], 0) << v;
    EXPECT_NE(
        log_text(m, v).find(
            "Seat 0 wins on the tie-break: more monsters on the field (seat 0: 2, seat 1: 1)"),
        std::string::npos)
        << log_text(m, v);
  }
  json saved;
  m.state().save(saved);
  EXPECT_EQ(match_from(saved).view(kNoSeat)["tie_break"]["rule"], "monsters");
}

}  // namespace
}  // namespace tt::ddm
