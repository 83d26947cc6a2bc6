// Broken DDM data files (issue 22): each structural fault of the pool or of a
// starter set is refused by its schema (data/schema/ddm-pool.schema.json,
// ddm-deck.schema.json) naming the file and the JSON pointer of the field;
// what a schema cannot say stays in the loader, still naming file and field.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/data_file.h"
#include "core/error.h"
#include "core/registry.h"
#include "games/ddm/game.h"
#include "games/ddm/pool.h"

namespace tt {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

class DdmDataFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = fs::temp_directory_path() /
          ("tt_ddm_data_" + std::to_string(getpid()) + "_" +
           ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir);
    fs::copy(source_data_dir() + "/ddm", dir / "ddm", fs::copy_options::recursive);
    pool = read_data_file(pool_file());
  }
  void TearDown() override { fs::remove_all(dir); }

  std::string pool_file() const { return (dir / "ddm" / "pool.json").string(); }
  std::string deck_file(const std::string& name) const {
    return (dir / "ddm" / "decks" / (name + ".json")).string();
  }
  // "/monsters/3" for the monster (or item) with this id.
  std::string at(const char* list, const std::string& id) const {
    for (std::size_t i = 0; i < pool[list].size(); ++i)
      if (pool[list][i]["id"] == id) return "/" + std::string(list) + "/" + std::to_string(i);
    ADD_FAILURE() << "no " << id;
    return "";
  }
  json& monster(const std::string& id) { return pool.at(json::json_pointer(at("monsters", id))); }
  // The error of loading the game with the pool as changed ("" when it loads).
  std::string load_error() {
    std::ofstream(pool_file()) << pool.dump(2);
    try {
      ddm::DdmGame game(dir.string());
    } catch (const Error& e) {
      return e.what();
    }
    return "";
  }
  // Every problem check_deck reports for the starter set `name` as written.
  std::string deck_problems(const std::string& name, const json& set) {
    std::ofstream(deck_file(name)) << set.dump(2);
    const ddm::DdmGame game(dir.string());
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

TEST_F(DdmDataFiles, ShippedFilesLoadWithTheirSchemaNamed) {
  EXPECT_EQ(pool["$schema"], "../schema/ddm-pool.schema.json");
  EXPECT_EQ(load_error(), "");
  const ddm::DdmGame game(dir.string());
  for (const std::string& name : game.starter_decks()) {
    EXPECT_EQ(read_data_file(deck_file(name))["$schema"], "../../schema/ddm-deck.schema.json");
    EXPECT_TRUE(game.check_deck(json(name), tt::Setup{}).empty()) << name;
  }
}

TEST_F(DdmDataFiles, PoolWrongTypeNamesTheField) {
  monster("ember-whelp")["atk"] = "strong";
  const std::string e = load_error();
  EXPECT_HAS(e, pool_file() + ":" + at("monsters", "ember-whelp") +
                    "/atk: expected an integer (0 to 9990), found \"strong\"");
}

TEST_F(DdmDataFiles, PoolMisspeltFieldIsNamed) {
  monster("ember-whelp")["akt"] = 10;
  EXPECT_HAS(load_error(),
             pool_file() + ":" + at("monsters", "ember-whelp") + "/akt: unknown field");
}

TEST_F(DdmDataFiles, PoolValueOutOfRangeIsNamed) {
  monster("ember-whelp")["level"] = 7;
  pool["dice"][0]["faces"].push_back("move");
  const std::string e = load_error();
  EXPECT_HAS(e, at("monsters", "ember-whelp") + "/level: 7 is out of range (1 to 4)");
  EXPECT_HAS(e, pool_file() + ":/dice/0/faces: 7 entries, at most 6");
}

TEST_F(DdmDataFiles, PoolUnknownEnumValueIsNamed) {
  monster("ember-whelp")["type"] = "robot";
  EXPECT_HAS(load_error(),
             at("monsters", "ember-whelp") +
                 "/type: expected one of warrior, beast, dragon, spellcaster, undead");
}

TEST_F(DdmDataFiles, PoolBadNestedEffectNamesItsField) {
  json& whelp = monster("ember-whelp");
  whelp["abilities"][0]["keyword"] = "swim";
  whelp["abilities"][0]["cost"] = {{"mana", 1}};
  whelp["on_summon"] = json::array({{{"op", "negate"}}});
  pool["items"][0]["effect"]["stat"] = "atk";
  const std::string e = load_error();
  const std::string m = at("monsters", "ember-whelp");
  EXPECT_HAS(e, m + "/abilities/0/keyword: expected one of flying, tunnel, ranged, found \"swim\"");
  EXPECT_HAS(e, m + "/abilities/0/cost/mana: unknown field");
  EXPECT_HAS(e, m + "/on_summon/0/op: expected one of boost, damage, heal, gain, crest, crust");
  EXPECT_HAS(e, pool_file() + ":/items/0/effect/stat: unknown field");
}

TEST_F(DdmDataFiles, PoolNumberOnlyCostNeedsADuration) {
  json& whelp = monster("ember-whelp");
  whelp["abilities"][0]["cost"] = {{"any", 2}};
  whelp["abilities"][0].erase("duration");
  EXPECT_HAS(load_error(), at("monsters", "ember-whelp") + "/abilities/0/duration: is required");
}

// What no schema says: the loader names the file, the entry and the field.
TEST_F(DdmDataFiles, LoaderChecksNameFileEntryAndField) {
  json& whelp = monster("ember-whelp");
  whelp["atk"] = 15;  // steps of 10
  monster("cinder-hatchling")["abilities"] = {{{"cost", {{"magic", 1}}}, {"op", "negate"}}};
  monster("hedge-witch")["aura"] = {{{"stat", "atk"}, {"amount", 15}}};  // steps of 10
  monster("tin-squire")["abilities"] = {
      {{"cost", {{"magic", 1}}}, {"op", "shield"}, {"amount", 10}}};
  pool["dice"][0]["faces"][0] = "move";                // a level-1 die with 3 summon faces
  pool["dice_sets"]["standard"][0] = "l2-a";           // four level-2 dice
  pool["shapes"]["T"] = {"###", ".M.", "...", ".##"};  // not edge-connected
  const std::string e = load_error();
  EXPECT_HAS(e, pool_file() + ": ");
  // Each problem on its own line names the file (tabletop check-data prints them so).
  EXPECT_HAS(e, "\n  - " + pool_file() +
                    ": monster 'ember-whelp', field 'atk': hp, atk and def are multiples of 10");
  EXPECT_HAS(e,
             "monster 'cinder-hatchling', field 'abilities[0].cost': negate answers an activation");
  EXPECT_HAS(e, "monster 'hedge-witch', field 'aura[0].amount': amounts are multiples of 10");
  EXPECT_HAS(e, "monster 'tin-squire', field 'abilities[0].cost': shield acts in a battle");
  EXPECT_HAS(e, "die 'l1-a', field 'faces': a level-N die has 5-N summon faces");
  EXPECT_HAS(e, "dice set standard: 12 dice, three of each level");
  EXPECT_HAS(e, "shape T: squares must touch edge to edge");
}

TEST_F(DdmDataFiles, LoaderRefusesTwiceUsedIds) {
  json twin = pool["items"][0];
  twin["id"] = monster("ember-whelp")["id"];
  pool["items"].push_back(twin);
  EXPECT_HAS(load_error(), "item 'ember-whelp', field 'id': appears twice");
}

TEST_F(DdmDataFiles, DeckFaultsNameTheFileAndPointer) {
  json set = read_data_file(deck_file("arcane"));
  set["monsters"][0]["count"] = "two";  // wrong type
  set["itmes"] = json::array();         // misspelt
  set["monsters"][1]["count"] = 30;     // out of range
  set["items"][0] = {{"item", "medic-kit"}, {"count", 2}};
  const std::string p = deck_problems("arcane", set);
  const std::string f = "format: " + deck_file("arcane") + ":";
  EXPECT_HAS(p, f + "/monsters/0/count: expected an integer (1 to 20), found \"two\"");
  EXPECT_HAS(p, f + "/itmes: unknown field");
  EXPECT_HAS(p, f + "/monsters/1/count: 30 is out of range (1 to 20)");
  EXPECT_HAS(p, f + "/items/0/count: 2 is out of range (1 to 1)");
}

// The deck rules and the pool's ids stay the game's: every one still named,
// beside the form's problems.
TEST_F(DdmDataFiles, DeckRulesStayTheGames) {
  json set = read_data_file(deck_file("arcane"));
  set["monsters"][0] = {{"monster", "no-such-monster"}, {"count", 2}};
  set["items"] = {"medic-kit", "snare-mine", "crest-leech", "bramble-wall", "no-such-item"};
  set["dice"] = "no-such-set";
  set["name"] = 7;
  const std::string p = deck_problems("arcane", set);
  EXPECT_HAS(p, "format: " + deck_file("arcane") + ":/name: expected a string");
  EXPECT_HAS(p, "monsters: 'no-such-monster' is no monster of the pool");
  EXPECT_HAS(p, "items: 'no-such-item' is no item of the pool");
  EXPECT_HAS(p, "dice: unknown dice set \"no-such-set\"");
  EXPECT_HAS(p, "monster deck: the deck has 8 monsters");
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
// memory): any field of any type is refused naming its entry and field,
// never with a bare nlohmann error ("type must be number, but is string").
TEST_F(DdmDataFiles, LoaderNeverLeaksABareTypeError) {
  std::vector<std::string> at = {"/dice_sets", "/shapes"};
  for (const char* id : {"hedge-witch", "ember-whelp", "iron-warlord"})
    pointers(pool, this->at("monsters", id), at);
  pointers(pool, "/dice/0", at);
  pointers(pool, "/items/0", at);
  pointers(pool, "/shapes/T", at);
  for (const std::string& p : at)
    for (const json& wrong : {json("x"), json(7), json(true), json(nullptr), json::array(),
                              json::object(), json(2.5)}) {
      json bad = pool;
      bad[json::json_pointer(p)] = wrong;
      try {
        ddm::Pool::from_json(bad);
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
