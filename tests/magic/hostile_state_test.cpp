// Hostile Magic-style states, in both forms load() reads: a saved state
// (every internal field, "objects" present) and a scenario position (cards
// by id per zone). Every field refused with its path named.
#include "hostile/hostile.h"

namespace tt::hostile {
namespace {

tt::Setup table(int seats, const std::string& variant) {
  tt::Setup s;
  s.seats = seats;
  s.variant = variant;
  return s;
}

json saved_state(const tt::Setup& s) {
  auto st = game("magic")->new_state(s);
  json out;
  st->save(out);
  return out;
}

// A division of combat damage under way (510.1c, damage_division.cpp).
TEST(MagicHostileStates, DamageDivisionFieldsAreRangeCheckedAndNamed) {
  const auto g = game("magic");
  const tt::Setup s = table(4, "ffa");
  const json valid = saved_state(s);
  auto attacker = [](const char* key, int value) {
    return json::array({{{"obj", 0}, {"target", 1}, {key, value}}});
  };
  expect_refused(
      *g, valid, s,
      {
          {"/ctx/0/attackers", attacker("divided", 7), "state.ctx[0].attackers[0].divided"},
          {"/ctx/0/attackers", attacker("to_player", -2), "state.ctx[0].attackers[0].to_player"},
          {"/ctx/0/blocks", json::array({{{"blocker", 0}, {"attacker", 1}, {"assigned", 5000}}}),
           "state.ctx[0].blocks[0].assigned"},
      });
}

TEST(MagicHostileStates, SavedStateFieldsAreRangeCheckedAndNamed) {
  const auto g = game("magic");
  const tt::Setup s = table(4, "ffa");
  const json valid = saved_state(s);
  expect_refused(*g, valid, s,
                 {
                     {"/objects/0/def", 60000, "unknown card"},
                     {"/objects/0/owner", 7, "not at this table"},
                     {"/objects/0/zone", 200, "bad zone"},
                     {"/objects/0/chosen", 9, "state.objects[0].chosen"},
                     {"/objects/0/hold", 7, "state.objects[0].hold"},
                     {"/objects/0/damage", -3, "state.objects[0].damage"},
                     {"/objects/0/attached", 1, "state.objects[0].attached"},
                     {"/objects/0/zone", 1, "object 0 is not in this zone"},
                     {"/players/0/hand", json::array({65000}), "outside the game"},
                     {"/players/0/hand", copies(0, 91), "state.players[0]: a list is too long"},
                     {"/players/0/poison", -1, "state.players[0].poison"},
                     {"/players/0/to_bottom", 50, "state.players[0].to_bottom"},
                     {"/players/0/in_range", 65535, "state.players[0].in_range"},
                     {"/players/1/library/0", 0, "is in two zones"},
                     {"/team_life", "lots", "state.team_life"},
                     {"/ctx/0/step", 99, "state.ctx[0].step"},
                     {"/ctx/0/defender", 12, "state.ctx[0].defender"},
                     {"/ctx/0/round/2", 40,
                      "state.ctx: malformed saved state: priority holder 40 is not a seat"},
                     {"/ctx/0/round/4", 9, "unknown priority round rule"},
                     {"/markers", 0, "state.markers"},
                     {"/cur", 3, "state.cur"},
                     {"/ask", 77, "state.ask"},
                     {"/asked", 12, "not at this table"},
                     {"/left_at", json::array({-5, -1, -1, -1}), "left_at -5 is out of range"},
                     {"/rng", json::array({0u, 0u, 0u, 0u}), "the four words cannot all be 0"},
                     {"/rng", json::array({"x", 0, 0, 1}), "state.rng: a word"},
                     {"/conceded", 65535, "state.conceded"},
                     {"/extra_turns", json::array({9}), "not at this table"},
                     {"/mods", json::array({{{"obj", 0}, {"duration", 9}}}), "state.mods"},
                 });
}

TEST(MagicHostileStates, ScenarioPositionFieldsAreRangeCheckedAndNamed) {
  const auto g = game("magic");
  const tt::Setup s = table(2, "duel");
  const json valid = json::parse(R"({
    "turn": 3, "active": 0, "step": "main1",
    "players": [
      {"life": 12, "hand": ["emberscree"], "battlefield": ["brinemarsh", {"card": "thornhide-brute", "tapped": true}]},
      {"library": ["mossback-cub"], "battlefield": ["emberscree"]}
    ]
  })");
  expect_refused(*g, valid, s,
                 {
                     {"/turn", -1, "state.turn: -1 is out of range"},
                     {"/active", 5, "state.active: 5 is out of range"},
                     {"/step", "lunch", "unknown step 'lunch'"},
                     {"/step", 4, "state.step: expected a string"},
                     {"/players/0/life", "lots", "state.players[0].life: expected an integer"},
                     {"/players/0/poison", -1, "state.players[0].poison: -1 is out of range"},
                     {"/players/0/hand/0", "no-such", "unknown card 'no-such'"},
                     {"/players/0/battlefield/1/tapped", "yes", "tapped: expected true or false"},
                     {"/players/0/battlefield/1/damage", 1000, "damage: 1000 is out of range"},
                     {"/players/0/battlefield/1/attached", 3, "attached: expected a string"},
                     {"/players/0/battlefield/1/attached", "x#1", "no card 'x#1'"},
                     {"/players/0/battlefield/1/attached", "brinemarsh#1",
                      "attached: only an Aura is attached"},
                     {"/players/0/battlefield/1/controller", 4, "controller: 4 is out of range"},
                     {"/players", json::array({json::object()}), "one entry per seat"},
                     {"/team_life", json::array({"x"}), "state.team_life[0]"},
                     {"/left", json::array({3}), "state.left[0]"},
                     {"/left", "all", "state.left: expected a list"},
                     {"/extra_turns", json::array({-1}), "state.extra_turns[0]"},
                     {"/rng", json::array({"0", "0", "0", "0"}), "the four words"},
                 });
}

}  // namespace
}  // namespace tt::hostile
