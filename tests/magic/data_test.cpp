// The magic game's data and input checks: deck building (60 cards, four
// copies; the pool's and decks' schemas are in schema_test.cpp),
// variant configurations the chapter forbids (800.2, 806-811), and saved
// or scenario states that are malformed or hostile: a clear error, never
// a half-loaded game.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/match.h"
#include "core/registry.h"
#include "games/magic/cards.h"
#include "games/magic/game.h"

namespace tt::magic {
namespace {

using nlohmann::json;

const MagicGame& game() {
  register_builtin_games();
  return dynamic_cast<const MagicGame&>(*Registry::instance().get("magic"));
}

std::string problems(const json& deck) {
  std::string out;
  for (auto& p : game().check_deck(deck, tt::Setup{}))
    out += "[" + p.rule + "] " + p.message + "\n";
  return out;
}

std::string load_error(const json& pool) {
  try {
    Pool::load(pool);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

json card(const std::string& extra) {
  json c = json::parse(R"({"id": "test-card", "name": "Test Card", "types": ["creature"],
                           "cost": "{1}{G}", "power": 2, "toughness": 2, "text": "A test."})");
  c.update(json::parse(extra));
  return json{{"cards", json::array({c})}};
}

TEST(MagicDecks, EveryStarterDeckIsLegal) {
  ASSERT_GE(game().starter_decks().size(), 6u);
  for (auto& name : game().starter_decks()) EXPECT_EQ(problems(json(name)), "") << name;
}

TEST(MagicDecks, SixtyCardsAndFourCopiesAreChecked) {
  json deck = game().starter_deck(game().starter_decks()[0]);
  json small = deck;
  auto& cards = small["cards"];
  std::string land = cards.begin().key();
  for (auto& [id, n] : cards.items())
    if (n.get<int>() > cards[land].get<int>()) land = id;  // a basic land, 12 copies
  cards[land] = cards[land].get<int>() - 5;
  EXPECT_NE(problems(small).find("[deck building: 60 cards]"), std::string::npos)
      << problems(small);
  json many = deck;
  many["cards"]["searing-bolt"] = 5;
  EXPECT_NE(problems(many).find("'searing-bolt' appears 5 times"), std::string::npos)
      << problems(many);
  json basic = deck;
  basic["cards"]["wildglen"] = 30;  // basic lands: any number
  EXPECT_EQ(problems(basic).find("wildglen"), std::string::npos) << problems(basic);
  json unknown = deck;
  unknown["cards"]["no-such-card"] = 1;
  EXPECT_NE(problems(unknown).find("unknown card 'no-such-card'"), std::string::npos);
  EXPECT_NE(problems(json{{"cards", json::array()}}).find("[format]"), std::string::npos);
  json token = deck;
  token["cards"]["spirit-token"] = 1;  // tokens are not cards (111.1)
  EXPECT_NE(problems(token).find("unknown card 'spirit-token'"), std::string::npos);
}

// Data files name their schema (issue 22), for editors; the loaders accept
// and ignore it.
TEST(MagicPool, SchemaPathIsAccepted) {
  json pool = card("{}");
  pool["$schema"] = "../schema/magic-cards.schema.json";
  EXPECT_EQ(load_error(pool), "");
  pool["$schema"] = 7;
  EXPECT_NE(load_error(pool).find("$schema"), std::string::npos);
  json deck = game().starter_deck(game().starter_decks()[0]);
  deck["$schema"] = "../../schema/magic-deck.schema.json";
  EXPECT_EQ(problems(deck), "");
}

tt::Setup table(int seats, const std::string& variant,
                std::map<std::string, std::string> options = {}) {
  tt::Setup s;
  s.seats = seats;
  s.variant = variant;
  s.options = std::move(options);
  return s;
}

std::string setup_error(const tt::Setup& s) {
  try {
    game().new_state(s);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(MagicVariants, ConfigurationsTheChapterForbidsAreRefused) {
  EXPECT_NE(setup_error(table(4, "ffa", {{"deploy", "on"}})).find("806.2c"), std::string::npos);
  EXPECT_NE(setup_error(table(4, "ffa", {{"attack", "chosen"}})).find("806.2b"), std::string::npos);
  EXPECT_NE(setup_error(table(3, "grand-melee")).find("807.4a"), std::string::npos);
  EXPECT_NE(setup_error(table(8, "grand-melee", {{"attack", "multiple"}})).find("807.2b"),
            std::string::npos);
  EXPECT_NE(setup_error(table(6, "2hg")).find("810.1"), std::string::npos);
  EXPECT_NE(setup_error(table(5, "team-vs-team")).find("teams of 2"), std::string::npos);
  EXPECT_NE(setup_error(table(6, "emperor", {{"deploy", "off"}})).find("809.3b"),
            std::string::npos);
  EXPECT_NE(setup_error(table(3, "duel")).find("exactly 2"), std::string::npos);
  EXPECT_NE(setup_error(table(4, "ffa", {{"shared_turns", "on"}})).find("805.1"),
            std::string::npos);
  for (auto& v : game().variants())
    EXPECT_EQ(setup_error(table(game().default_seats(v.name), v.name)), "") << v.name;
}

std::string restore_error(const json& state, const tt::Setup& s) {
  try {
    game().restore(state, s);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(MagicStates, HostileSavedStatesAreRefused) {
  const tt::Setup s = table(4, "ffa");
  auto st = game().new_state(s);
  json saved;
  st->save(saved);
  EXPECT_EQ(restore_error(saved, s), "");
  json bad = saved;
  bad["battlefield"] = json::array({9999});
  EXPECT_NE(restore_error(bad, s), "");
  bad = saved;
  bad["objects"][0]["def"] = 60000;
  EXPECT_NE(restore_error(bad, s).find("unknown card"), std::string::npos);
  bad = saved;
  bad["players"][0]["hand"] = json::array({65000});
  EXPECT_NE(restore_error(bad, s).find("outside the game"), std::string::npos);
  bad = saved;
  bad["asked"] = 12;
  EXPECT_NE(restore_error(bad, s).find("not at this table"), std::string::npos);
  bad = saved;
  bad.erase("ctx");
  EXPECT_NE(restore_error(bad, s).find("malformed saved state"), std::string::npos);
}

TEST(MagicStates, MalformedScenarioPositionsNameTheProblem) {
  const tt::Setup s = table(2, "duel");
  auto position = [](const std::string& text) { return json::parse(text); };
  EXPECT_NE(restore_error(position(R"({"players": [{}]})"), s).find("one entry per seat"),
            std::string::npos);
  EXPECT_NE(restore_error(position(R"({"players": [{"hand": ["no-such"]}, {}]})"), s)
                .find("unknown card 'no-such'"),
            std::string::npos);
  EXPECT_NE(restore_error(position(R"({"step": "lunch", "players": [{}, {}]})"), s)
                .find("unknown step 'lunch'"),
            std::string::npos);
  EXPECT_NE(restore_error(position(R"({"players": [{"life": "lots"}, {}]})"), s)
                .find("state.players[0].life"),
            std::string::npos);
  EXPECT_NE(
      restore_error(
          position(
              R"({"players": [{"battlefield": [{"card": "ironbark-mantle", "attached": "x#1"}]}, {}]})"),
          s)
          .find("no card 'x#1'"),
      std::string::npos);
}

}  // namespace
}  // namespace tt::magic
