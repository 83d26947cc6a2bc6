// Hostile Suikoden states: every field refused with its path named.
#include "hostile/hostile.h"

namespace tt::hostile {
namespace {

const json kValid = json::parse(R"({
  "phase": "main", "turn": 3, "turn_player": 0, "first_player": 0, "deciding": 0,
  "players": [
    {"commander": "serel", "hand": ["hask", "wen", "scouting-run"], "deck": ["lupa", "lupa"],
     "discard": ["mira"], "mission_vp": 1},
    {"commander": "vorn", "hand": ["raen", "kael"], "deck": ["lupa"]}
  ],
  "missions": [{"place": "m2", "card": "scouting-run", "dispatched": [["aldo"], ["ilse"]]}],
  "rng": ["1", "2", "3", "4"]
})");

TEST(SuikodenHostileStates, EveryFieldIsRangeCheckedAndNamed) {
  const auto g = game("suikoden");
  expect_refused(
      *g, kValid, tt::Setup{},
      {
          {"/turn", -1, "state.turn: -1 is out of range"},
          {"/turn", 4000000000u, "state.turn: 4000000000 is out of range"},
          {"/turn", "three", "state.turn: expected an integer"},
          {"/turn_player", 2, "state.turn_player: 2 is out of range"},
          {"/first_player", -1, "state.first_player"},
          {"/deciding", 18446744073709551615u, "state.deciding"},
          {"/winner", 5, "state.winner"},
          {"/winner", 1, "state.winner: only a game that is over"},
          {"/phase", "lunch", "state.phase: expected one of"},
          {"/phase", 3, "state.phase"},
          {"/phase", "counter", "state.battle: phase 'counter' needs a battle"},
          {"/players", json::array({json::object(), json::object(), json::object()}),
           "state.players: 3 entries, at most 2"},
          {"/players", "both", "state.players: expected a list"},
          {"/players/1", 7, "state.players[1]: expected an object"},
          {"/players/1/hand/1", "no-such", "state.players[1].hand[1]: unknown card"},
          {"/players/1/hand/0", 12, "state.players[1].hand[0]: expected a string"},
          {"/players/0/hand", "hask", "state.players[0].hand: expected a list"},
          {"/players/0/hand", copies("hask", 41), "state.players[0].hand: 41 entries"},
          {"/players/0/deck", copies("lupa", 65), "state.players[0].deck: 65 entries"},
          {"/players/0/discard", copies("lupa", 161), "state.players[0].discard"},
          {"/players/0/commander", "hask", "state.players[0].commander: 'hask' is not"},
          {"/players/0/mission_vp", -3, "state.players[0].mission_vp"},
          {"/players/0/facilities_built", 1000, "state.players[0].facilities_built"},
          {"/players/0/decked", "yes", "state.players[0].decked: expected true"},
          {"/players/0/resolved", json::array({{{"card", "hask"}}}),
           "state.players[0].resolved[0].card: a character"},
          {"/players/0/resolved", json::array({7}), "state.players[0].resolved[0]"},
          {"/missions/0/place", "m7", "state.missions[0].place"},
          {"/missions/0/card", "hask", "state.missions[0].card: a character"},
          {"/missions/0/dispatched/0/0", "scouting-run",
           "state.missions[0].dispatched[0][0]: 'scouting-run' is not a character"},
          {"/missions/0/dispatched", json::array({json::array(), json::array(), json::array()}),
           "state.missions[0].dispatched: 3 entries"},
          {"/missions/1",
           {{"place", "m2"}, {"card", "scouting-run"}},
           "state.missions[1].place: two missions"},
          {"/battle", {{"place", "m0"}}, "state.battle.place: the battle's place has no"},
          {"/battle", {{"place", "m2"}, {"passes", -1}}, "state.battle.passes"},
          {"/battle", {{"place", "m2"}, {"acting", 9}}, "state.battle.acting"},
          {"/battle", {{"place", "m2"}, {"to_cover", {-5, 0}}}, "state.battle.to_cover[0]"},
          {"/battle", {{"place", "m2"}, {"troops", {1}}}, "state.battle.troops"},
          {"/battle",
           {{"place", "m2"}, {"last_dispatched", "kael"}},
           "state.battle.last_dispatched: 'kael' is not dispatched"},
          {"/battle",
           {{"place", "m2"}, {"weakened", {{{"card", "aldo"}, {"stat", "luck"}}}}},
           "state.battle.weakened[0].stat"},
          {"/battle",
           {{"place", "m2"}, {"duel", {{{"picked", true}}}}},
           "state.battle.duel[0].card"},
          {"/mulligan_pick", json::array({"raen"}), "state.mulligan_pick[0]"},
          {"/mulligan_pick", copies("hask", 9), "state.mulligan_pick: 9 entries"},
          {"/rng", json::array({"0", "0", "0", "0"}), "state.rng: the four words cannot all be 0"},
          {"/rng", json::array({"-1", "2", "3", "4"}), "state.rng: a word"},
          {"/rng", json::array({"99999999999999999999", "2", "3", "4"}),
           "state.rng: the word 9999"},
          {"/rng", json::array({"1", "2"}), "state.rng: "},
      });
}

TEST(SuikodenHostileStates, PhasesNeedTheirBattle) {
  const auto g = game("suikoden");
  json duel = kValid;
  duel["phase"] = "duel";
  duel["battle"] = {{"place", "m2"}};
  EXPECT_NE(restore_error(*g, duel, tt::Setup{}).find("state.phase: 'duel' needs a duel mission"),
            std::string::npos);
  json station = kValid;
  station["phase"] = "station";
  station["battle"] = {{"place", "m2"}};
  EXPECT_NE(restore_error(*g, station, tt::Setup{}).find("state.battle.winner"), std::string::npos);
  json counter = kValid;
  counter["phase"] = "counter";
  counter["battle"] = {{"place", "m2"}};
  EXPECT_NE(restore_error(*g, counter, tt::Setup{}).find("state.battle.last_dispatched"),
            std::string::npos);
}

}  // namespace
}  // namespace tt::hostile
