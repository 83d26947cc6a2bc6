// A data file reports every problem it has, not only the first: each game's
// card-pool loader reads card by card and throws one error naming every
// broken card (and the field, where the loader knows it).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "core/data_file.h"
#include "core/error.h"
#include "core/registry.h"
#include "games/ddm/pool.h"
#include "games/lastchronicle/cards.h"
#include "games/load_game.h"
#include "games/magic/cards.h"
#include "games/suikoden/cards.h"

namespace tt {
namespace {

using nlohmann::json;

json data(const std::string& file) {
  return read_data_file(tt::source_data_dir() + "/" + file);
}

template <typename Load>
std::string error_of(Load&& load) {
  try {
    load();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

void expect_names(const std::string& error, std::initializer_list<std::string> parts) {
  for (auto& p : parts) EXPECT_NE(error.find(p), std::string::npos) << p << "\nin: " << error;
}

TEST(DataProblems, EveryProblemIsListedOnce) {
  DataProblems p;
  EXPECT_TRUE(p.entry("card 'a'", [] {}));
  EXPECT_FALSE(p.entry("card 'b'", [] { throw Error("card 'b': no name"); }));
  EXPECT_FALSE(p.entry("card 'c'", [] { json::parse("1").get<std::string>(); }));
  EXPECT_EQ(p.list().size(), 2u);
  EXPECT_EQ(p.list()[0], "card 'b': no name");  // not "card 'b': card 'b': ..."
  EXPECT_EQ(p.list()[1], "card 'c': type must be string, but is number");
  expect_names(error_of([&] { p.throw_if_any("pool"); }),
               {"pool: 2 problems", "\n  - card 'b': no name", "\n  - card 'c': type must be"});
  DataProblems one;
  one.add("card 'x'", "bad");
  EXPECT_EQ(error_of([&] { one.throw_if_any("pool"); }), "card 'x': bad");
}

TEST(DataProblems, SuikodenPoolNamesEveryBrokenCard) {
  json pool = data("suikoden/cards.json");
  const std::string a = pool["cards"][0]["id"], b = pool["cards"][5]["id"];
  pool["cards"][0]["type"] = "spaceship";
  pool["cards"][5]["links"] = "Z";
  const std::string e = error_of([&] { suikoden::Pool::from_json(pool); });
  expect_names(e, {"2 problems", "card '" + a + "', field 'type': 'spaceship' is not one of",
                   "card '" + b + "', field 'links': link letters"});
}

TEST(DataProblems, LastChroniclePoolNamesEveryBrokenCard) {
  json pool = data("lastchronicle/cards.json");
  const std::string a = pool["cards"][0]["id"], b = pool["cards"][3]["id"];
  pool["cards"][0]["rarity"] = "mythic";
  pool["cards"][3]["atk"] = "strong";
  pool["tokens"][0]["ca"] = 40;  // and so a starting_ca entry naming it fails too
  const std::string e = error_of([&] { lastchronicle::Pool::load(pool); });
  expect_names(e, {"4 problems", "card '" + a + "', field 'rarity'",
                   "card '" + b + "', field 'atk'", "field 'ca'"});
}

TEST(DataProblems, MagicPoolNamesEveryBrokenCard) {
  json pool = data("magic/cards.json");
  pool["cards"][0]["cost"] = "{X}{Q}";
  pool["cards"][2]["types"] = json::array({"planeswalker-ish"});
  const std::string e = error_of([&] { magic::Pool::load(pool, "cards.json"); });
  expect_names(e, {"cards.json:/cards/0/cost: ", "cards.json:/cards/2/types/0: "});
}

TEST(DataProblems, DdmPoolNamesEveryBrokenEntry) {
  json pool = data("ddm/pool.json");
  const std::string a = pool["monsters"][0]["id"], b = pool["monsters"][1]["id"];
  pool["monsters"][0]["level"] = 9;
  pool["monsters"][1]["hp"] = "many";
  pool["dice"][0]["faces"] = json::array({"summon"});
  const std::string e = error_of([&] { ddm::Pool::from_json(pool); });
  expect_names(e, {"monster '" + a + "', field 'level': 9 is out of range (1 to 4)",
                   "monster '" + b + "', field 'hp': expected an integer", "field 'faces'"});
}

// Each game's loader, through the game's own constructor on a copy of data/
// with one field of one card corrupted: the error names the file, the card
// and the field (issue 20 §4: `monster 'ember-whelp': type must be number`
// named no field).
class LoaderErrors : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = std::filesystem::temp_directory_path() /
          ("tt_loader_errors_" + std::to_string(getpid()) + "_" +
           ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::copy(source_data_dir(), dir, std::filesystem::copy_options::recursive);
  }
  void TearDown() override { std::filesystem::remove_all(dir); }
  // Sets `field` of `card` (an entry of the list `list` of the game's `file`)
  // to `value`; the loader's error.
  std::string corrupt(const std::string& game, const std::string& file, const std::string& list,
                      const std::string& card, const json::json_pointer& field, const json& value) {
    const std::string path = (dir / game / file).string();
    json j = read_data_file(source_data_dir() + "/" + game + "/" + file);  // one change at a time
    bool found = false;
    for (json& entry : j[list])
      if (entry["id"] == card) {
        entry[field] = value;
        found = true;
      }
    EXPECT_TRUE(found) << card;
    std::ofstream(path) << j.dump();
    return error_of([&] { construct_builtin_game(game, dir.string()); });
  }
  std::filesystem::path dir;
};

// The pool is checked against its schema first (data/schema/ddm-pool.schema.json),
// so the field is named by its JSON pointer.
TEST_F(LoaderErrors, DdmNamesFileMonsterAndField) {
  const std::string file = (dir / "ddm" / "pool.json").string();
  const json pool = read_data_file(file);
  std::string whelp, kit;
  for (std::size_t i = 0; i < pool["monsters"].size(); ++i)
    if (pool["monsters"][i]["id"] == "ember-whelp") whelp = "/monsters/" + std::to_string(i);
  for (std::size_t i = 0; i < pool["items"].size(); ++i)
    if (pool["items"][i]["id"] == "medic-kit") kit = "/items/" + std::to_string(i);
  expect_names(
      corrupt("ddm", "pool.json", "monsters", "ember-whelp", json::json_pointer("/atk"), "strong"),
      {file + ":" + whelp + "/atk: expected an integer"});
  expect_names(corrupt("ddm", "pool.json", "monsters", "ember-whelp",
                       json::json_pointer("/abilities/0/duration"), 3),
               {file + ":" + whelp + "/abilities/0/duration: expected one of"});
  expect_names(
      corrupt("ddm", "pool.json", "items", "medic-kit", json::json_pointer("/effect/amount"), "x"),
      {file + ":" + kit + "/effect/amount: expected an integer"});
}

TEST_F(LoaderErrors, SuikodenNamesFileCardAndField) {
  const std::string file = (dir / "suikoden" / "cards.json").string();
  const json cards = read_data_file(file)["cards"];
  std::string character, effect_card;
  for (const json& c : cards) {
    if (character.empty() && c["type"] == "character") character = c["id"];
    if (effect_card.empty() && c.contains("effects") && c["effects"][0].contains("stat"))
      effect_card = c["id"];
  }
  auto at = [&](const std::string& id) {
    for (std::size_t i = 0; i < cards.size(); ++i)
      if (cards[i]["id"] == id) return "/cards/" + std::to_string(i);
    return std::string("?");
  };
  // Checked against data/schema/suikoden-cards.schema.json first: the field by its JSON pointer.
  expect_names(
      corrupt("suikoden", "cards.json", "cards", character, json::json_pointer("/atk"), "strong"),
      {file + ":" + at(character) + "/atk: expected an integer"});
  expect_names(corrupt("suikoden", "cards.json", "cards", effect_card,
                       json::json_pointer("/effects/0/stat"), 7),
               {file + ":" + at(effect_card) + "/effects/0/stat: expected one of"});
}

// Checked against data/schema/lastchronicle-cards.schema.json first: the
// field by its JSON pointer.
TEST_F(LoaderErrors, LastChronicleNamesFileCardAndField) {
  const std::string file = (dir / "lastchronicle" / "cards.json").string();
  const json cards = read_data_file(file)["cards"];
  std::string alcion;
  for (std::size_t i = 0; i < cards.size(); ++i)
    if (cards[i]["id"] == "crown-prince-alcion") alcion = "/cards/" + std::to_string(i);
  expect_names(corrupt("lastchronicle", "cards.json", "cards", "crown-prince-alcion",
                       json::json_pointer("/atk"), "strong"),
               {file + ":" + alcion + "/atk: expected an integer"});
}

TEST_F(LoaderErrors, MagicNamesFileCardAndField) {
  const std::string file = (dir / "magic" / "cards.json").string();
  const json cards = read_data_file(file)["cards"];
  std::string creature;
  for (const json& c : cards)
    if (creature.empty() && c.contains("power")) creature = c["id"];
  expect_names(
      corrupt("magic", "cards.json", "cards", creature, json::json_pointer("/power"), "big"),
      {file + ":/cards/", "/power: expected an integer"});
}

}  // namespace
}  // namespace tt
