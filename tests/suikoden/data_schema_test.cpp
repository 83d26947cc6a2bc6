// Broken Suikoden data files (issue 22): each structural fault of the card
// pool or of a starter deck is refused by its schema
// (data/schema/suikoden-cards.schema.json, suikoden-deck.schema.json) naming
// the file and the JSON pointer of the field; what a schema cannot say stays
// in the loader (card_rules.cpp), still naming file, card and field.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/data_file.h"
#include "core/error.h"
#include "core/registry.h"
#include "games/suikoden/cards.h"
#include "games/suikoden/game.h"

namespace tt {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

class SuikodenDataFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = fs::temp_directory_path() /
          ("tt_suikoden_data_" + std::to_string(getpid()) + "_" +
           ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir);
    fs::copy(source_data_dir() + "/suikoden", dir / "suikoden", fs::copy_options::recursive);
    pool = read_data_file(cards_file());
  }
  void TearDown() override { fs::remove_all(dir); }

  std::string cards_file() const { return (dir / "suikoden" / "cards.json").string(); }
  std::string deck_file(const std::string& name) const {
    return (dir / "suikoden" / "decks" / (name + ".json")).string();
  }
  // "/cards/4" for the card with this id.
  std::string at(const std::string& id) const {
    for (std::size_t i = 0; i < pool["cards"].size(); ++i)
      if (pool["cards"][i]["id"] == id) return "/cards/" + std::to_string(i);
    ADD_FAILURE() << "no " << id;
    return "";
  }
  json& card(const std::string& id) { return pool.at(json::json_pointer(at(id))); }
  // The error of loading the game with the pool as changed ("" when it loads).
  std::string load_error() {
    std::ofstream(cards_file()) << pool.dump(2);
    try {
      suikoden::SuikodenGame game(dir.string());
    } catch (const Error& e) {
      return e.what();
    }
    return "";
  }
  // Every problem check_deck reports for the starter deck `name` as written.
  std::string deck_problems(const std::string& name, const json& deck) {
    std::ofstream(deck_file(name)) << deck.dump(2);
    const suikoden::SuikodenGame game(dir.string());
    std::string all;
    for (auto& p : game.check_deck(json(name), tt::Setup{}))
      all += p.rule + ": " + p.message + "\n";
    return all;
  }

  fs::path dir;
  json pool;
};

#define EXPECT_HAS(text, part) \
  EXPECT_NE((text).find(part), std::string::npos) << "wanted: " << (part) << "\nin: " << (text)

TEST_F(SuikodenDataFiles, ShippedFilesLoadWithTheirSchemaNamed) {
  EXPECT_EQ(pool["$schema"], "../schema/suikoden-cards.schema.json");
  EXPECT_EQ(load_error(), "");
  const suikoden::SuikodenGame game(dir.string());
  for (const std::string& name : game.starter_decks()) {
    EXPECT_EQ(read_data_file(deck_file(name))["$schema"], "../../schema/suikoden-deck.schema.json");
    EXPECT_TRUE(game.check_deck(json(name), tt::Setup{}).empty()) << name;
  }
}

TEST_F(SuikodenDataFiles, PoolWrongTypeNamesTheField) {
  card("aldo")["atk"] = "strong";
  card("kiri")["support"] = "yes";
  const std::string e = load_error();
  EXPECT_HAS(e, cards_file() + ":" + at("aldo") +
                    "/atk: expected an integer (0 to 1000000), found \"strong\"");
  EXPECT_HAS(e, at("kiri") + "/support: expected true or false, found \"yes\"");
}

TEST_F(SuikodenDataFiles, PoolMisspeltFieldIsNamed) {
  card("aldo")["linkz"] = "AB";
  card("duel-at-dawn")["target"] = 0;
  card("duel-at-dawn")["vpp"] = 1;
  const std::string e = load_error();
  EXPECT_HAS(e, cards_file() + ":" + at("aldo") + "/linkz: unknown field");
  EXPECT_HAS(e, at("duel-at-dawn") + "/vpp: unknown field");
}

TEST_F(SuikodenDataFiles, PoolValueOutOfRangeIsNamed) {
  card("aldo")["troops"] = -500;
  card("border-skirmish")["vp"] = {1, 100};
  card("serel")["atk"] = 2;  // a commander prints 0
  const std::string e = load_error();
  EXPECT_HAS(e, at("aldo") + "/troops: -500 is out of range (0 to 1000000)");
  EXPECT_HAS(e, at("border-skirmish") + "/vp/1: 100 is out of range (0 to 99)");
  EXPECT_HAS(e, at("serel") + "/atk: 2 is out of range (0 to 0)");
}

TEST_F(SuikodenDataFiles, PoolUnknownEnumValueIsNamed) {
  card("aldo")["class"] = "wizard";
  card("border-skirmish")["battle"] = "siege";
  const std::string e = load_error();
  EXPECT_HAS(e,
             at("aldo") + "/class: expected one of commander, leader, commoner, free, craftsman");
  EXPECT_HAS(e, at("border-skirmish") + "/battle: expected one of attack, troops, duel");
}

TEST_F(SuikodenDataFiles, PoolBadNestedEffectNamesItsField) {
  card("kiri")["effects"][0]["to"] = "everyone";
  card("aldo")["effects"][0]["parnter"] = "Mira";
  card("serel")["effects"][0]["filter"]["emblem"] = "yes";
  card("wen")["effects"][0]["max"] = 3;  // max belongs to repel, not weaken
  const std::string e = load_error();
  EXPECT_HAS(e, at("kiri") + "/effects/0/to: expected one of self, side, all, enemies");
  EXPECT_HAS(e, at("aldo") + "/effects/0/parnter: unknown field");
  EXPECT_HAS(e, at("serel") + "/effects/0/filter/emblem: expected true or false");
  EXPECT_HAS(e, at("wen") + "/effects/0/max: unknown field");
}

TEST_F(SuikodenDataFiles, PoolCampRulesByClass) {
  card("mercer")["camp"] = "dawn";  // a free character has no camp
  card("aldo").erase("camp");       // a leader needs one
  card("kiri")["names"] = {"Kiri", "Kiri"};
  const std::string e = load_error();
  EXPECT_HAS(e, at("mercer") + "/camp: unknown field");
  EXPECT_HAS(e, at("aldo") + "/camp: is required");
  EXPECT_HAS(e, at("kiri") + "/names");
}

// What no schema says: the loader names the file, the card and the field.
TEST_F(SuikodenDataFiles, LoaderChecksNameFileCardAndField) {
  card("aldo")["links"] = "ABA";              // a letter twice
  card("kiri")["troops"] = 2050;              // hundreds
  card("mira-jun")["name"] = "Mira and Jun";  // a pair is "A & B"
  card("ona")["effects"][0]["to"] = "all";    // all: commanders, facilities
  card("vorn")["effects"][0]["to"] = "self";  // fine in form...
  card("serel")["effects"][0]["filter"]["name"] = "Nobody";
  card("mira")["effects"][0]["partner"] = "Mira";             // its own name
  card("border-skirmish")["target"] = 2050;                   // troops targets in hundreds
  card("night-raid")["name"] = card("scouting-run")["name"];  // missions never share names
  pool["camps"].push_back({{"id", "dawn"}, {"name", "Second Dawn"}});
  const std::string e = load_error();
  EXPECT_HAS(e, cards_file() + ": ");
  // Each problem on its own line names the file (tabletop check-data prints them so).
  EXPECT_HAS(
      e, "\n  - " + cards_file() + ": card 'aldo', field 'links': each link letter at most once");
  EXPECT_HAS(e, "card 'kiri', field 'troops': troops come in hundreds");
  EXPECT_HAS(e, "card 'mira-jun', field 'name': a pair card's name is 'Mira & Jun'");
  EXPECT_HAS(e, "card 'ona', field 'effects[0].to': to: all is for commanders");
  EXPECT_HAS(e, "card 'serel', field 'effects[0].filter.name': 'Nobody' is no character name");
  EXPECT_HAS(e,
             "card 'mira', field 'effects[0].partner': a character cannot cooperate with its own");
  EXPECT_HAS(e, "card 'border-skirmish', field 'target': troops targets come in hundreds");
  EXPECT_HAS(e, "card 'night-raid', field 'name': 'Scouting Run' is shared with another card");
  EXPECT_HAS(e, "camps[4], field 'id': camp 'dawn' appears twice");
}

TEST_F(SuikodenDataFiles, LoaderChecksWhereEachEffectKindStands) {
  card("serel")["effects"][0] = {{"kind", "on_dispatch"}, {"do", "draw"}, {"amount", 1}};
  card("archive-hall")["effects"][0] = {
      {"kind", "boost"}, {"stat", "atk"}, {"amount", 1}, {"to", "side"}};
  card("kiri")["effects"][0] = {{"kind", "hand_limit"}, {"amount", 1}, {"to", "self"}};
  card("wen")["effects"][0] = {{"kind", "boost"}, {"stat", "atk"}, {"amount", 0}, {"to", "self"}};
  const std::string e = load_error();
  EXPECT_HAS(e, "card 'serel', field 'effects[0].kind': on_dispatch belongs on characters");
  EXPECT_HAS(e, "card 'archive-hall', field 'effects[0].to': commanders and facilities boost with");
  EXPECT_HAS(e,
             "card 'kiri', field 'effects[0].kind': hand_limit works on commanders and facilities");
  EXPECT_HAS(e, "card 'wen', field 'effects[0].amount': a change of 0 does nothing");
}

TEST_F(SuikodenDataFiles, DeckFaultsNameTheFileAndPointer) {
  json deck = read_data_file(deck_file("dawn"));
  deck["cards"][0]["count"] = "four";  // wrong type
  deck["comander"] = "serel";          // misspelt
  deck["cards"][1]["count"] = 61;      // out of range
  deck["cards"][2] = {{"card", "jun"}, {"copies", 2}};
  const std::string p = deck_problems("dawn", deck);
  const std::string f = "format: " + deck_file("dawn") + ":";
  EXPECT_HAS(p, f + "/cards/0/count: expected an integer (1 to 60), found \"four\"");
  EXPECT_HAS(p, f + "/comander: unknown field");
  EXPECT_HAS(p, f + "/cards/1/count: 61 is out of range (1 to 60)");
  EXPECT_HAS(p, f + "/cards/2/copies: unknown field");
}

// The deck rules and the pool's ids stay the game's: every one still named,
// beside the form's problems.
TEST_F(SuikodenDataFiles, DeckRulesStayTheGames) {
  json deck = read_data_file(deck_file("dawn"));
  deck["commander"] = "aldo";                                   // not a commander
  deck["cards"][0] = {{"card", "no-such-card"}, {"count", 4}};  // unknown
  deck["name"] = 5;
  const std::string p = deck_problems("dawn", deck);
  EXPECT_HAS(p, "format: " + deck_file("dawn") + ":/name: expected a string");
  EXPECT_HAS(p, "commander: 'aldo' is not a commander card");
  EXPECT_HAS(p, "cards: unknown card 'no-such-card'");
  EXPECT_HAS(p, "deck size: the deck has 46 cards");
}

// Every JSON pointer at and under `at` in `doc`.
void pointers(const json& doc, const std::string& at, std::vector<std::string>& out) {
  out.push_back(at);
  const json& v = doc.at(json::json_pointer(at));
  if (v.is_object())
    for (auto& [key, child] : v.items()) pointers(doc, at + "/" + key, out);
  if (v.is_array())
    for (std::size_t i = 0; i < v.size(); ++i) pointers(doc, at + "/" + std::to_string(i), out);
}

// The loader stays safe and clear without the schema (a pool built in
// memory): any field of any type is refused naming its card and field,
// never with a bare nlohmann error ("type must be number, but is string").
TEST_F(SuikodenDataFiles, LoaderNeverLeaksABareTypeError) {
  std::vector<std::string> at = {"/camps/0"};
  for (const char* id : {"serel", "aldo", "mira-jun", "garran", "duel-at-dawn", "grand-harbor"})
    pointers(pool, this->at(id), at);
  for (const std::string& p : at)
    for (const json& wrong : {json("x"), json(7), json(true), json(nullptr), json::array(),
                              json::object(), json(2.5)}) {
      json bad = pool;
      bad[json::json_pointer(p)] = wrong;
      try {
        suikoden::Pool::from_json(bad);
      } catch (const Error& e) {
        const std::string what = e.what();
        EXPECT_EQ(what.find("json.exception"), std::string::npos)
            << p << " = " << wrong << ": " << what;
        EXPECT_EQ(what.find("type must be"), std::string::npos)
            << p << " = " << wrong << ": " << what;
      }
    }
}

}  // namespace
}  // namespace tt
