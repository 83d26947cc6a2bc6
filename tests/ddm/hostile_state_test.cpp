// Hostile Dungeon Dice Monsters states: every field read from a state block is
// range-checked and refused with its name, and nothing crashes (the issue's
// cases: "summon_levels": [-1], "chain_priority": -1 with a long chain).
#include "hostile/hostile.h"

namespace tt::hostile {
namespace {

const json kValidDdm = json::parse(R"({
  "phase": "main", "turn": 3, "turn_player": 0, "rolls_done": 2,
  "players": [{"dice": "standard", "crests": {"move": 2, "attack": 1, "trap": 3}},
              {"dice": "standard", "master": {"damage": 1}}],
  "dungeon": [".....000.....", "......0......", "......0......", "......0......",
              ".............", ".............", ".............", ".............",
              ".............", ".............", ".............", ".............",
              ".............", ".............", "......1......", "......1......",
              "......1......", ".....111.....", "............."],
  "pieces": [
    {"id": "hedge-witch", "owner": 0, "where": "field", "square": "6,2"},
    {"id": "iron-warlord", "owner": 1, "where": "field", "square": "6,16"},
    {"id": "briar-hound", "owner": 0, "where": "reserve"}
  ]
})");

TEST(DdmHostileStates, EveryFieldIsRangeCheckedAndNamed) {
  const auto g = game("ddm");
  expect_refused(
      *g, kValidDdm, tt::Setup{},
      {
          {"/summon_levels", json::array({-1}), "state.summon_levels[]: -1 is not in 1..4"},
          {"/summon_levels", json::array({9}), "state.summon_levels[]: 9 is not in 1..4"},
          {"/summon_levels", json::array({"two"}), "state.summon_levels[]: expected a whole"},
          {"/chain_priority", -1, "state.chain_priority: -1 is not in 0..1"},
          {"/chain_passes", 7, "state.chain_passes: 7 is not in 0..1"},
          {"/turn", -5, "state.turn: -5 is not in 1..60"},
          {"/turn", 100000, "state.turn: 100000 is not in 1..60"},
          {"/rolls_done", 3, "state.rolls_done: 3 is not in 0..2"},
          {"/turn_player", 2, "seats are 0 or 1"},
          // Whole numbers only (engine_fuzz under clang's UBSan: 1e30 was
          // converted to int, undefined; 1.5 loaded as seat 1, 2.5 as 2 crests).
          {"/turn_player", 1.5, "seats are 0 or 1, got 1.5"},
          {"/turn_player", 1e30, "seats are 0 or 1, got 1e+30"},
          {"/players/0/crests/move", 2.5, "bad crest count move"},
          {"/players/0/crests/move", 1e30, "bad crest count move"},
          {"/players/1/master/damage", -1, "state.players[1].master.damage: -1 is not in 0..3"},
          {"/players/0/crests/move", 11, "bad crest count move"},
          {"/pieces/0/damage", -4, "state.pieces[0].damage: -4 is not in 0..999"},
          {"/pieces/0/attacks", 300, "state.pieces[0].attacks: 300 is not in 0..99"},
          {"/pieces/0/mods", json::array({1, 2}), "state.pieces[0].mods: a list of 7"},
          {"/pieces/0/range_bonus", 200, "state.pieces[0].range_bonus"},
          {"/pieces/1/square", "6,40", "bad square"},
          {"/pieces/0/id", "no-such", "unknown piece"},
          {"/summoning", 255, "state.summoning: 255 is not in 0..2"},
          {"/winner", 4, "state.winner: 4 is not in -1..1"},
          {"/last_roll", json::array({json::array({0, 1, 40}), json::array({0, 0, 0})}),
           "state.last_roll[0][]: 40 is not in 0..11"},
          {"/last_roll",
           json::array({json::array({0, 1, 2}), json::array({0, 0, 0}), json::array({0, 3, 0})}),
           "state.last_roll[2][]: 3 is not in 0..2"},
          {"/last_attack", json::array({0, 1, 2}), "state.last_attack: [seat, attacker"},
          {"/last_attack", json::array({0, 7, 1, 20, 10, false, false}),
           "state.last_attack.attacker: no piece 7"},
          {"/last_attack", json::array({0, 0, 1, 400, 10, false, false}),
           "state.last_attack.target: 400 is not in 0..246"},
          {"/tie_break", 9, "state.tie_break: 9 is not in -1..4"},
          {"/picked", json::array({0, 0}), "state.picked: die slot picked twice"},
          {"/picked", json::array({3}), "state.picked: at most 2 dice, and only in the roll phase"},
          {"/chain", json::array({{{"piece", "6,2"}, {"ability", 300}}}),
           "state.chain[].ability: 300 is not in 0..1"},
          // A chain outside the chain phase would be added to with no room
          // left (engine_fuzz: "StaticVec capacity exceeded" on the next ability).
          {"/chain", json::array({{{"piece", "6,2"}, {"ability", 0}}}),
           "state.chain: a chain only in phase chain"},
          {"/chain", json(std::vector<json>(17, {{"piece", "6,2"}, {"ability", 0}})),
           "state.chain: more links than a chain holds"},
          {"/battle",
           {{"attacker", "6,2"}, {"attacking_seat", 1}, {"defender", "6,16"}},
           "state.battle: the attacker is the attacking seat's"},
          {"/rng", json::array({"0", "0", "0", "0"}), "rng"},
      });
}

// A value of the wrong JSON type is refused naming its field, never as a bare
// "type must be boolean, but is string" (issue 22: nlohmann type errors that
// escaped the loader without the field's name).
TEST(DdmHostileStates, WrongTypesNameTheirField) {
  const auto g = game("ddm");
  const json battle = {{"attacker", "6,2"}, {"attacking_seat", 0}, {"defender", "6,16"}};
  const json link = {{"piece", "6,2"}, {"ability", 0}};
  const auto with = [](json base, const char* key, const json& value) {
    base[key] = value;
    return base;
  };
  expect_refused(
      *g, kValidDdm, tt::Setup{},
      {
          {"/summoned", "yes", "state.summoned: expected true or false, found \"yes\""},
          {"/phase", 3, "state.phase: expected a string, found 3"},
          {"/phase", "lunch", "state.phase: unknown phase 'lunch'"},
          {"/resume", json::array(), "state.resume: expected a string"},
          {"/picked", 3, "state.picked: expected a list"},
          {"/summon_levels", "1", "state.summon_levels: expected a list"},
          {"/players", json::object(), "state.players: expected a list"},
          {"/players/0", 5, "state.players[0]: expected an object, found 5"},
          {"/players/0/dice", json::array({1, 2}), "state.players[0].dice[0]: expected a string"},
          {"/players/0/dice", 12, "state.players[0].dice: a dice-set name or a list of 12 die ids"},
          {"/players/0/crests", json::array(), "state.players[0].crests: expected an object"},
          {"/players/0/crests/move", 2.5, "state.players[0].crests.move"},
          {"/players/0/master", 1, "state.players[0].master: expected an object"},
          {"/players/0/master_attacked", "no", "state.players[0].master_attacked: expected true"},
          {"/turn_player", "0", "state.turn_player: seats are 0 or 1"},
          {"/dungeon/0", 5, "state.dungeon[0]: expected a string, found 5"},
          {"/dungeon", "x", "state.dungeon: expected a list"},
          {"/crust", json::array({7}), "state.crust[0]: bad square 7"},
          {"/pieces", json::array({7}), "state.pieces[0]: expected an object, found 7"},
          {"/pieces/0/id", 7, "state.pieces[0].id: expected a string, found 7"},
          {"/pieces/0/owner", "me", "state.pieces[0].owner: seats are 0 or 1"},
          {"/pieces/0/where", 5, "state.pieces[0].where: expected one of reserve, field, gone"},
          {"/pieces/0/revealed", "x", "state.pieces[0].revealed: expected true or false"},
          {"/pieces/0/moved", 1, "state.pieces[0].moved: expected true or false"},
          {"/pieces/0/square", 62, "state.pieces[0].square: bad square 62"},
          {"/pieces/0/kw", json::array({json::array({"x"}), json::array(), json::array()}),
           "state.pieces[0].kw[0][0]: expected one of flying, tunnel, ranged"},
          {"/pieces/0/kw", json::array({1, 2, 3}), "state.pieces[0].kw[0]: expected a list"},
          {"/pieces/0/kw", "flying", "state.pieces[0].kw: expected a list"},
          {"/battle", 4, "state.battle: expected an object, found 4"},
          {"/battle", with(battle, "defended", "yes"),
           "state.battle.defended: expected true or false"},
          {"/battle", with(battle, "attacking_seat", true),
           "state.battle.attacking_seat: seats are 0 or 1"},
          {"/battle", with(battle, "defender", 9), "state.battle.defender: bad square"},
          {"/chain", json::array({5}), "state.chain[0]: expected an object, found 5"},
          {"/chain", json::array({with(link, "negated", "x")}),
           "state.chain[0].negated: expected true or false"},
          {"/chain", json::array({with(link, "in_battle", 0)}),
           "state.chain[0].in_battle: expected true or false"},
          {"/chain", json::array({with(link, "target", true)}),
           "state.chain[0].target: bad square"},
          {"/chain", json::array({json::object()}), "state.chain[0].piece: is required"},
      });
}

// A long chain with a hostile priority is refused, not played.
TEST(DdmHostileStates, ALongChainWithANegativePriorityIsRefused) {
  const auto g = game("ddm");
  json state = kValidDdm;
  state["phase"] = "chain";
  state["players"][0]["crests"]["trap"] = 10;
  state["players"][1]["crests"] = {{"trap", 10}};
  state["chain"] = json::array();
  for (int i = 0; i < 12; ++i)
    state["chain"].push_back(
        {{"piece", i % 2 ? "6,16" : "6,2"}, {"ability", i % 2 ? 0 : 1}, {"seat", i % 2}});
  state["chain_priority"] = -1;
  EXPECT_NE(restore_error(*g, state, tt::Setup{}).find("state.chain_priority"), std::string::npos);
  state["chain_priority"] = 0;
  EXPECT_EQ(restore_error(*g, state, tt::Setup{}), "");
}

}  // namespace
}  // namespace tt::hostile
