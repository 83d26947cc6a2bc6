// A data file reports every problem it has, not only the first: each game's
// card-pool loader reads card by card and throws one error naming every
// broken card (and the field, where the loader knows it).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "core/data_file.h"
#include "core/error.h"
#include "core/registry.h"
#include "games/ddm/pool.h"
#include "games/lastchronicle/cards.h"
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
  expect_names(e, {"2 problems", "card '" + a + "': 'spaceship' is not one of",
                   "card '" + b + "': link letters"});
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
  const std::string a = pool["cards"][0]["id"], b = pool["cards"][2]["id"];
  pool["cards"][0]["cost"] = "{X}{Q}";
  pool["cards"][2]["types"] = json::array({"planeswalker-ish"});
  const std::string e = error_of([&] { magic::Pool::load(pool); });
  expect_names(e,
               {"2 problems", "card '" + a + "', field 'cost'", "card '" + b + "', field 'types'"});
}

TEST(DataProblems, DdmPoolNamesEveryBrokenEntry) {
  json pool = data("ddm/pool.json");
  const std::string a = pool["monsters"][0]["id"], b = pool["monsters"][1]["id"];
  pool["monsters"][0]["level"] = 9;
  pool["monsters"][1]["hp"] = "many";
  pool["dice"][0]["faces"] = json::array({"summon"});
  const std::string e = error_of([&] { ddm::Pool::from_json(pool); });
  expect_names(e, {"monster '" + a + "': level 1 to 4", "monster '" + b + "': type must be number",
                   "six faces"});
}

}  // namespace
}  // namespace tt
