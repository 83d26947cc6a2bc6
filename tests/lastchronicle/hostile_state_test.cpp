// Hostile Last Chronicle states: every field refused with its path named.
#include "core/match.h"
#include "hostile/hostile.h"

namespace tt::hostile {
namespace {

const json kValidLc = json::parse(R"({
  "phase": "main", "turn": 3, "turn_player": 0, "first_player": 0,
  "players": [
    {"deck": ["wandering-golem", "forgotten-map"], "hand": ["kiln-guard"], "life": 18,
     "tokens": ["bear-token"]},
    {"field": [{"card": "oracle-of-embers"}, {"card": "blight-cultist", "fresh": true}],
     "ca_yard": ["kiln-guard"], "chronoglyph": {"active": false}, "deck": ["deep-lurker"]}
  ],
  "rng": ["1", "2", "3", "4"]
})");

tt::Setup two_seats() {
  tt::Setup s;
  s.seats = 2;
  return s;
}

TEST(LastChronicleHostileStates, EveryFieldIsRangeCheckedAndNamed) {
  const auto g = game("lastchronicle");
  expect_refused(
      *g, kValidLc, two_seats(),
      {
          {"/turn", -1, "state.turn: -1 is out of range"},
          {"/turn", 70000, "state.turn: 70000 is out of range"},
          {"/turn", 2.5, "state.turn: expected an integer"},
          {"/turn_player", 2, "state.turn_player: 2 is out of range"},
          {"/first_player", -1, "state.first_player"},
          {"/deciding", 18446744073709551615u, "state.deciding"},
          {"/phase", "lunch", "state.phase: expected one of"},
          {"/phase", "window", "state.window: phase 'window' needs a window"},
          {"/window", "dusk", "state.window"},
          {"/players", json::array({json::object(), json::object(), json::object()}),
           "state.players: 3 entries, at most 2"},
          {"/players/1", "me", "state.players[1]: expected an object"},
          {"/players/0/hand/0", "no-such", "state.players[0].hand[0]: no card 'no-such'"},
          {"/players/0/hand/0", false, "state.players[0].hand[0]: expected a string"},
          {"/players/0/deck", copies("kiln-guard", 49), "state.players[0].deck: 49 entries"},
          {"/players/0/life", -1000, "state.players[0].life"},
          {"/players/0/life", "full", "state.players[0].life"},
          {"/players/0/tokens/0", "cat-token", "state.players[0].tokens[0]: unknown token"},
          {"/players/0/tokens", copies("bear-token", 9), "state.players[0].tokens: 9 entries"},
          {"/players/0/position", 9, "state.players[0].position"},
          {"/players/0/damaged_by", 3, "state.players[0].damaged_by"},
          {"/players/0/in_game", 0, "state.players[0].in_game: expected true"},
          {"/players/0/in_game", false, "state.players: a game in progress needs two players"},
          {"/players/0/leader", 4, "state.players[0].leader: expected a string"},
          {"/players/1/field/0/damage", -1, "state.players[1].field[0].damage"},
          {"/players/1/field/0/owner", 5, "state.players[1].field[0].owner"},
          {"/players/1/field/0/card", "no-such", "state.players[1].field[0].card: no card"},
          {"/players/1/field/0", json::object(), "state.players[1].field[0]: expected a card id"},
          {"/players/1/field", copies("kiln-guard", 41), "state.players[1].field: 41 entries"},
          {"/players/1/chronoglyph", 3, "state.players[1].chronoglyph: expected an object"},
          {"/players/1/chronoglyph/ride", "no-such", "state.players[1].chronoglyph.ride"},
          {"/combat", {{"target", 7}}, "state.combat.target"},
          {"/combat", {{"attacker", "kiln-guard"}}, "state.combat.attacker: 'kiln-guard' is not"},
          {"/resolving",
           {{"card", "oracle-of-embers"}, {"ability", 6}},
           "state.resolving.ability: 'oracle-of-embers' has no such ability"},
          {"/resolving", {{"card", "oracle-of-embers"}, {"step", 60}}, "state.resolving.step"},
          {"/resolving", {{"card", "no-such"}}, "state.resolving.card: no card"},
          {"/resolving", 1, "state.resolving: expected an object"},
          {"/triggers", json::array({{{"card", "oracle-of-embers"}, {"ability", 5}}}),
           "state.triggers[0].ability"},
          {"/triggers", json::array({{{"card", "oracle-of-embers"}, {"seat", -4}}}),
           "state.triggers[0].seat"},
          {"/modifiers", json::array({{{"card", "oracle-of-embers"}, {"atk", 200}}}),
           "state.modifiers[0].atk"},
          {"/modifiers", json::array({{{"atk", 1}}}), "state.modifiers[0].card"},
          {"/payment", {{"what", 9}}, "state.payment.what"},
          {"/payment", {{"what", 2}}, "state.payment.card: needs a card"},
          {"/payment", {{"what", 4}, {"seat", 1}, {"cards", "-7"}}, "state.payment.cards"},
          {"/payment",
           {{"what", 4}, {"seat", 1}, {"cards", "6"}},
           "state.payment.cards: names a CA-yard card"},
          {"/bonus", json::array({5}), "state.bonus[0]"},
          {"/ordering", 9, "state.ordering"},
          {"/mulligan_pick", json::array({"deep-lurker"}), "state.mulligan_pick[0]"},
          {"/rng", json::array({"0", "0", "0", "0"}), "state.rng: the four words cannot all be 0"},
          {"/rng", json::array({1, "x", "3", "4"}), "state.rng: a word"},
          {"/rng", "seed", "state.rng: "},
      });
}

TEST(LastChronicleHostileStates, WindowsCheckTheirSeats) {
  const auto g = game("lastchronicle");
  json w = kValidLc;
  w["phase"] = "window";
  w["window"] = "preparation";
  w["priority"] = 1;
  EXPECT_EQ(restore_error(*g, w, two_seats()), "");
  w["priority"] = 3;
  EXPECT_NE(restore_error(*g, w, two_seats()).find("state.priority: 3 is out of range"),
            std::string::npos);
  w["priority"] = 1;
  w["passed"] = 64;
  EXPECT_NE(restore_error(*g, w, two_seats()).find("state.passed"), std::string::npos);
}

// A combat under way needs its named opponent (issue 20 §3: a 3-seat state in
// the attack phase with no target loaded, and attacking indexed player -1).
// At 2 seats the only opponent is implied; never the turn player or a seat
// that left.
TEST(LastChronicleHostileStates, ACombatNeedsItsNamedOpponent) {
  const auto g = game("lastchronicle");
  json three = kValidLc;
  three["players"].push_back({{"deck", {"wandering-golem", "wandering-golem"}}});
  three["phase"] = "attack";
  tt::Setup s3;
  s3.seats = 3;
  EXPECT_NE(
      restore_error(*g, three, s3).find("state.combat: this phase needs the combat under way"),
      std::string::npos);
  for (const char* window : {"preparation", "before_damage"}) {
    json w = three;
    w["phase"] = "window";
    w["window"] = window;
    EXPECT_NE(restore_error(*g, w, s3).find("state.combat"), std::string::npos) << window;
  }
  three["combat"] = {{"target", 0}};
  EXPECT_NE(restore_error(*g, three, s3).find("state.combat.target: the named opponent"),
            std::string::npos);
  three["players"][2]["in_game"] = false;
  three["combat"] = {{"target", 2}};
  EXPECT_NE(restore_error(*g, three, s3).find("state.combat.target"), std::string::npos);
  three["combat"] = {{"target", 1}};
  EXPECT_EQ(restore_error(*g, three, s3), "");

  json two = kValidLc;
  two["phase"] = "block";
  EXPECT_EQ(restore_error(*g, two, two_seats()), "") << "the only opponent is implied";
}

// Every set-up pick made, yet the set-up not finished: each field is in
// range, but nobody would ever be asked anything (issue 20 §4). A match (and
// so the engine protocol, scenarios and the CLI) refuses it.
TEST(LastChronicleHostileStates, AStateWithNobodyToActIsRefused) {
  const json golems = json::array({"wandering-golem", "wandering-golem", "wandering-golem",
                                   "wandering-golem", "wandering-golem", "wandering-golem"});
  const json stuck = {
      {"phase", "setup"},
      {"turn", 0},
      {"players", {{{"deck", golems}, {"picked", true}}, {{"deck", golems}, {"picked", true}}}}};
  try {
    Match m(game("lastchronicle"), two_seats(), stuck);
    ADD_FAILURE() << "loaded with pending seats " << m.state().pending_seats();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("no seat has a decision to make"), std::string::npos)
        << e.what();
  }
  json waiting = stuck;
  waiting["players"][1]["picked"] = false;
  EXPECT_NO_THROW(Match(game("lastchronicle"), two_seats(), waiting));
}

}  // namespace
}  // namespace tt::hostile
