// Last Chronicle's data files against their schemas (data/schema/
// lastchronicle-cards.schema.json and lastchronicle-deck.schema.json): a
// broken pool file or deck of each kind is refused with the file and the
// JSON pointer of the field; what a schema cannot say (references between
// entries, the steps a card may take, deck rules) stays with the loader and
// still names the file, the card and the field.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/data_file.h"
#include "core/error.h"
#include "core/registry.h"
#include "games/lastchronicle/cards.h"
#include "games/lastchronicle/game.h"

namespace tt::lastchronicle {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

// A copy of data/lastchronicle in a folder of its own, to break.
class LcDataSchema : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("tt_lc_schema_" + std::to_string(getpid()) + "_" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(root_);
    fs::copy(source_data_dir() + "/lastchronicle", root_ / "lastchronicle",
             fs::copy_options::recursive);
    pool_ = read_data_file(pool_file());
  }
  void TearDown() override { fs::remove_all(root_); }

  std::string pool_file() const { return (root_ / "lastchronicle" / "cards.json").string(); }
  std::string deck_file(const std::string& name) const {
    return (root_ / "lastchronicle" / "decks" / (name + ".json")).string();
  }
  // The index in "cards" of the card with this id.
  std::size_t at(const std::string& id) const {
    for (std::size_t i = 0; i < pool_["cards"].size(); ++i)
      if (pool_["cards"][i]["id"] == id) return i;
    ADD_FAILURE() << "no card " << id;
    return 0;
  }
  std::string card(const std::string& id) const { return "/cards/" + std::to_string(at(id)); }

  // The error of loading the pool file after `change`, "" when it loads.
  template <typename Change>
  std::string pool_error(Change&& change) {
    json broken = pool_;
    change(broken);
    std::ofstream(pool_file()) << broken.dump(1);
    try {
      Pool::load_file(pool_file());
    } catch (const Error& e) {
      return e.what();
    }
    return "";
  }
  // The problems check_deck finds in the starter deck `name` after `change`,
  // one a line, through a game made from the copied folder (one change at a
  // time: the shipped deck is the starting point).
  template <typename Change>
  std::string deck_problems(const std::string& name, Change&& change, int seats = 4) {
    json deck = read_data_file(source_data_dir() + "/lastchronicle/decks/" + name + ".json");
    change(deck);
    std::ofstream(deck_file(name)) << deck.dump(1);
    const LcGame game(root_.string());
    tt::Setup setup;
    setup.seats = seats;
    std::string out;
    for (const DeckProblem& p : game.check_deck(json(name), setup))
      out += "[" + p.rule + "] " + p.message + "\n";
    return out;
  }

  fs::path root_;
  json pool_;
};

void expect_has(const std::string& text, const std::string& part) {
  EXPECT_NE(text.find(part), std::string::npos) << "wanted: " << part << "\nin: " << text;
}

TEST_F(LcDataSchema, TheShippedFilesNameTheirSchemaAndLoad) {
  EXPECT_EQ(pool_["$schema"], "../schema/lastchronicle-cards.schema.json");
  EXPECT_EQ(pool_error([](json&) {}), "");
  const LcGame game(root_.string());
  for (const std::string& name : game.starter_decks()) {
    EXPECT_EQ(read_data_file(deck_file(name))["$schema"],
              "../../schema/lastchronicle-deck.schema.json")
        << name;
    EXPECT_EQ(deck_problems(
                  name, [](json&) {}, 2),
              "")
        << name;
  }
  // The pool loader takes "$schema" from input that never met the schema too.
  EXPECT_NO_THROW(Pool::load(pool_));
  json wrong = pool_;
  wrong["$schema"] = 7;
  EXPECT_THROW(Pool::load(wrong), Error);
}

TEST_F(LcDataSchema, APoolFieldOfTheWrongTypeIsNamed) {
  const std::string e =
      pool_error([&](json& p) { p["cards"][at("crown-prince-alcion")]["atk"] = "strong"; });
  expect_has(e, pool_file() + ":" + card("crown-prince-alcion") +
                    "/atk: expected an integer (0 to 9), found \"strong\"");
}

TEST_F(LcDataSchema, AMisspeltPoolFieldIsNamed) {
  const std::string e = pool_error([&](json& p) {
    json& c = p["cards"][at("strategist-of-dawn")];
    c["colors"] = c["colours"];
    c.erase("colours");
  });
  expect_has(e, pool_file() + ":" + card("strategist-of-dawn") + "/colors: unknown field");
  expect_has(e, pool_file() + ":" + card("strategist-of-dawn") + "/colours: is required");
  expect_has(pool_error([](json& p) { p["token"] = p["tokens"]; }),
             pool_file() + ":/token: unknown field");
}

TEST_F(LcDataSchema, APoolValueOutOfRangeIsNamed) {
  expect_has(pool_error([&](json& p) { p["cards"][at("bastion-warden")]["cost"] = 12; }),
             pool_file() + ":" + card("bastion-warden") + "/cost: 12 is out of range (0 to 9)");
  expect_has(pool_error([&](json& p) { p["cards"][at("bastion-warden")]["def"] = 0; }),
             pool_file() + ":" + card("bastion-warden") + "/def: 0 is out of range (1 to 9)");
  expect_has(pool_error([](json& p) { p["tokens"][0]["ca"] = 40; }),
             pool_file() + ":/tokens/0/ca: 40 is out of range (1 to 9)");
  expect_has(pool_error([](json& p) {
               p["starting_ca"][1] = json::array(
                   {"bear-token", "bear-token", "bear-token", "bear-token", "bear-token"});
             }),
             pool_file() + ":/starting_ca/1: 5 entries, at most 4");
}

TEST_F(LcDataSchema, AnUnknownPoolValueIsNamed) {
  expect_has(pool_error([&](json& p) { p["cards"][at("verdict-seer")]["rarity"] = "mythic"; }),
             pool_file() + ":" + card("verdict-seer") +
                 "/rarity: expected one of normal, legacy, chrono_rare, special, found \"mythic\"");
  expect_has(pool_error([&](json& p) { p["cards"][at("verdict-seer")]["colours"][0] = "red"; }),
             pool_file() + ":" + card("verdict-seer") + "/colours/0: expected one of white");
  // A spell's keywords are only quick.
  expect_has(pool_error([&](json& p) {
               p["cards"][at("cinder-storm")]["keywords"] = json::array({"setup_shed"});
             }),
             pool_file() + ":" + card("cinder-storm") + "/keywords/0: expected one of quick");
}

TEST_F(LcDataSchema, ABadNestedStepIsNamed) {
  // verdict-seer: an auto ability whose judgement deals damage to a unit.
  const std::string then = card("verdict-seer") + "/abilities/0/effects/0/then/0";
  expect_has(pool_error([&](json& p) {
               p["cards"][at("verdict-seer")]["abilities"][0]["effects"][0]["then"][0]["target"] =
                   "everyone";
             }),
             pool_file() + ":" + then + "/target: expected one of self, any, own");
  expect_has(pool_error([&](json& p) {
               p["cards"][at("verdict-seer")]["abilities"][0]["effects"][0]["then"][0]["amout"] = 3;
             }),
             pool_file() + ":" + then + "/amout: unknown field");
  expect_has(pool_error([&](json& p) {
               p["cards"][at("verdict-seer")]["abilities"][0]["effects"][0]["then"][0]["do"] =
                   "explode";
             }),
             pool_file() + ":" + then + "/do: expected one of damage_player");
  // A field that belongs to another kind of step, and one a kind needs.
  expect_has(pool_error([&](json& p) {
               p["cards"][at("verdict-seer")]["abilities"][0]["effects"][0]["then"][0]["who"] =
                   "you";
             }),
             pool_file() + ":" + then + "/who: unknown field");
  expect_has(
      pool_error([&](json& p) {
        p["cards"][at("bastion-warden")]["abilities"][0]["effects"][0].erase("def");
      }),
      pool_file() + ":" + card("bastion-warden") + "/abilities/0/effects/0/def: is required");
  expect_has(
      pool_error(
          [&](json& p) { p["cards"][at("bastion-warden")]["abilities"][0]["tag"] = "guard"; }),
      pool_file() + ":" + card("bastion-warden") + "/abilities/0/tag: expected one of activated");
}

// Patterns are bounded: valijson matches them with std::regex, which
// recurses once a character and overflows the stack on a long string that
// an unbounded "[a-z0-9-]*" keeps matching. A huge id is an error, not a crash.
TEST_F(LcDataSchema, AHugeIdIsRefusedNotACrash) {
  const std::string huge(100000, 'a');
  expect_has(pool_error([&](json& p) { p["cards"][at("verdict-seer")]["id"] = huge; }),
             pool_file() + ":" + card("verdict-seer") + "/id: a string of 100000 characters");
  expect_has(pool_error([&](json& p) { p["tokens"][0]["id"] = huge; }),
             pool_file() + ":/tokens/0/id: a string of 100000 characters");
  json p = pool_;
  p["cards"][at("verdict-seer")]["id"] = std::string(65, 'a');
  try {
    Pool::load(p);
    ADD_FAILURE() << "a 65-character id was taken";
  } catch (const Error& e) {
    expect_has(e.what(), "field 'id': must be 1 to 64 of a-z, 0-9 and '-'");
  }
}

// What a schema cannot say stays with the loader, naming the file, the card
// and the field.
TEST_F(LcDataSchema, TheLoaderChecksWhatTiesEntriesTogether) {
  const std::string file = pool_file() + ": ";
  expect_has(pool_error([&](json& p) { p["cards"][at("bastion-warden")]["id"] = "verdict-seer"; }),
             file + "card 'verdict-seer', field 'id': appears twice");
  expect_has(
      pool_error([&](json& p) { p["cards"][at("bastion-warden")]["name"] = "Verdict Seer"; }),
      "card 'bastion-warden', field 'name': 'Verdict Seer' appears twice");
  expect_has(pool_error([&](json& p) { p["cards"][at("bastion-warden")]["id"] = "bear-token"; }),
             file + "card 'bear-token', field 'id': is also a token's id");
  expect_has(pool_error([](json& p) { p["tokens"][1]["id"] = "bear-token"; }),
             "token bear-token, field 'id': appears twice");
  expect_has(pool_error([](json& p) { p["starting_ca"][1][0] = "wolf-token"; }),
             file + "starting_ca[1]: unknown token \"wolf-token\"");
  expect_has(pool_error([&](json& p) { p["cards"][at("bastion-warden")]["rarity"] = "special"; }),
             "field 'rarity': only one card may be special");
  // Several problems: one line each, each naming the file.
  const std::string several = pool_error([&](json& p) {
    p["cards"][at("bastion-warden")]["id"] = "verdict-seer";
    p["tokens"][1]["id"] = "bear-token";
  });
  // (the token's repeated id also leaves starting_ca naming a token the pool lacks)
  EXPECT_EQ(several, file + "token bear-token, field 'id': appears twice\n" + file +
                         "starting_ca[2]: unknown token \"dragon-token\"\n" + file +
                         "card 'verdict-seer', field 'id': appears twice");
}

TEST_F(LcDataSchema, TheLoaderChecksWhatAStepNeedsOfItsCard) {
  // set_ride sets the card that has just left the battlefield: retreat only.
  expect_has(
      pool_error([&](json& p) {
        p["cards"][at("bastion-warden")]["abilities"][0]["effects"][0] = {{"do", "set_ride"}};
      }),
      "card 'bastion-warden', field 'do': set_ride belongs only in a retreat ability");
  // negate up_to "X" needs an X paid: a spell with x_cost.
  std::string spell;
  for (const json& c : pool_["cards"])
    if (c["type"] == "spell" && !c.value("x_cost", false) && spell.empty()) spell = c["id"];
  expect_has(pool_error([&](json& p) {
               p["cards"][at(spell)]["effects"] = json::array({{{"do", "negate"}, {"up_to", "X"}}});
             }),
             "card '" + spell + "', field 'up_to': \"X\" needs x_cost: true on the card");
  // A spell has no "this unit".
  expect_has(
      pool_error([&](json& p) {
        p["cards"][at(spell)]["effects"] = json::array({{{"do", "wipe"}, {"target", "self"}}});
      }),
      "card '" + spell + "', field 'target': a spell has no 'self'");
  // An activated ability is paid for; one that readies a unit costs CA.
  const json activated = {{"tag", "activated"},
                          {"cost", {{"wipe", true}}},
                          {"effects", json::array({{{"do", "ready"}, {"target", "own"}}})}};
  expect_has(
      pool_error([&](json& p) { p["cards"][at("bastion-warden")]["abilities"][0] = activated; }),
      "card 'bastion-warden', field 'cost': an activated ability that readies a unit needs a CA "
      "cost");
  json free = activated;
  free["cost"] = {{"wipe", false}};
  expect_has(pool_error([&](json& p) { p["cards"][at("bastion-warden")]["abilities"][0] = free; }),
             "card 'bastion-warden', field 'cost': an activated ability needs a cost");
  // No judgement inside a judgement.
  expect_has(pool_error([&](json& p) {
               p["cards"][at("verdict-seer")]["abilities"][0]["effects"][0]["then"][0] = {
                   {"do", "judgement"}, {"then", json::array({{{"do", "develop"}}})}};
             }),
             "card 'verdict-seer', field 'then': a judgement inside a judgement is not supported");
}

// The same rules hold for a pool that never went through the schema.
TEST_F(LcDataSchema, ThePoolLoaderAloneRefusesWhatTheSchemaRefuses) {
  auto error_of = [&](const std::string& id, const json::json_pointer& field, const json& value) {
    json p = pool_;
    p["cards"][at(id)][field] = value;
    try {
      Pool::load(p);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  expect_has(error_of("cinder-storm", json::json_pointer("/keywords"), json::array({"setup_shed"})),
             "card 'cinder-storm', field 'keywords'");
  expect_has(error_of("bastion-warden", json::json_pointer("/abilities/0/effects/0"),
                      {{"do", "damage_player"}, {"who", "opponent"}, {"amount", 0}}),
             "card 'bastion-warden', field 'amount': must be 1 to 20");
  expect_has(error_of("bastion-warden", json::json_pointer("/name"), "   "),
             "card 'bastion-warden', field 'name'");
  expect_has(error_of("bastion-warden", json::json_pointer("/text"), ""),
             "card 'bastion-warden', field 'text'");
}

TEST_F(LcDataSchema, ABrokenDeckIsNamedByFileAndPointer) {
  const std::string file = deck_file("dawn-legion");
  expect_has(deck_problems("dawn-legion", [](json& d) { d["cards"] = "sun-regent"; }),
             "[format] " + file + ":/cards: expected a list, found \"sun-regent\"");
  expect_has(deck_problems("dawn-legion",
                           [](json& d) {
                             d["leeder"] = d["leader"];
                             d.erase("leader");
                           }),
             "[format] " + file + ":/leeder: unknown field");
  expect_has(deck_problems("dawn-legion", [](json& d) { d["cards"][2] = 7; }),
             "[format] " + file + ":/cards/2: expected a string, found 7");
  expect_has(deck_problems("dawn-legion",
                           [](json& d) {
                             while (d["cards"].size() < 61) d["cards"].push_back("sun-regent");
                           }),
             "[format] " + file + ":/cards: 61 entries, at most 60");
  expect_has(deck_problems("dawn-legion", [](json& d) { d["leader"] = 3; }),
             "[format] " + file + ":/leader: expected a string or null, found 3");
  // A deck sent to check-deck is named by its pointer alone.
  const LcGame game(root_.string());
  tt::Setup two;
  two.seats = 2;
  const auto p = game.check_deck(json{{"cards", json::array({"sun-regent", false})}}, two);
  ASSERT_FALSE(p.empty());
  EXPECT_EQ(p[0].rule, "format");
  EXPECT_EQ(p[0].message, "/cards/1: expected a string, found false");
}

TEST_F(LcDataSchema, TheDeckRulesStayWithTheGame) {
  const std::string broken =
      deck_problems("dawn-legion", [](json& d) { d["cards"][0] = "bear-token"; });
  expect_has(broken,
             "[deck building: cards] unknown card 'bear-token' (a CA token is not a deck card)");
  expect_has(broken, "[deck building: 40 cards] the deck has 39 cards with its leader");
  expect_has(
      deck_problems("dawn-legion", [](json& d) { d.erase("name"); }),
      "[format] " + deck_file("dawn-legion") + ":/name: a starter deck needs a name people read");
  expect_has(deck_problems("dawn-legion", [](json& d) { d["name"] = "  "; }),
             "a starter deck needs a name people read");
  // A deck sent to check-deck or a table may have no name (the deck builder
  // sends an unnamed deck as "name": "").
  json unnamed = read_data_file(source_data_dir() + "/lastchronicle/decks/dawn-legion.json");
  unnamed["name"] = "";
  const LcGame game(root_.string());
  tt::Setup four;
  four.seats = 4;
  EXPECT_TRUE(game.check_deck(unnamed, four).empty());
}

// The multiplayer guide's CA tokens (初期CA): bear 2, dragon 1, knight 3, and
// what each place in turn order starts with. A fact of the rules our pool
// must keep, not of the format (another pool may have other tokens).
TEST_F(LcDataSchema, TheShippedPoolHasTheMultiplayerGuidesTokens) {
  const Pool p = Pool::load_file(source_data_dir() + "/lastchronicle/cards.json");
  auto ca = [&](const std::string& id) {
    const int k = p.find_token(id);
    return k < 0 ? -1 : p.tokens[static_cast<std::size_t>(k)].ca;
  };
  EXPECT_EQ(ca("bear-token"), 2);
  EXPECT_EQ(ca("dragon-token"), 1);
  EXPECT_EQ(ca("knight-token"), 3);
  ASSERT_EQ(p.starting_ca.size(), 4u);
  auto ids = [&](std::size_t place) {
    std::string out;
    for (auto k : p.starting_ca[place]) out += p.tokens[k].id + " ";
    return out;
  };
  EXPECT_EQ(ids(0), "");
  EXPECT_EQ(ids(1), "bear-token ");
  EXPECT_EQ(ids(2), "dragon-token knight-token ");
  EXPECT_EQ(ids(3), "knight-token knight-token ");
}

}  // namespace
}  // namespace tt::lastchronicle
