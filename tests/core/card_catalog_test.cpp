// The card catalogue (Game::card_catalog) of every game: each card and token
// of the loaded pool once, in the one shape the browser reads, with the
// numbers of the parsed pool (so a data override shows).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>

#include "core/registry.h"
#include "games/ddm/game.h"
#include "games/lastchronicle/game.h"
#include "games/load_game.h"
#include "games/magic/game.h"
#include "games/suikoden/game.h"

namespace tt {
namespace {

using nlohmann::json;

// Every id of the game's pool: cards, pieces and tokens.
std::vector<std::string> pool_ids(const Game& game) {
  std::vector<std::string> ids;
  if (auto* g = dynamic_cast<const suikoden::SuikodenGame*>(&game))
    for (auto& c : g->pool().cards) ids.push_back(c.id);
  if (auto* g = dynamic_cast<const ddm::DdmGame*>(&game))
    for (auto& p : g->pool().pieces) ids.push_back(p.id);
  if (auto* g = dynamic_cast<const lastchronicle::LcGame*>(&game)) {
    for (auto& c : g->pool().cards) ids.push_back(c.id);
    for (auto& t : g->pool().tokens) ids.push_back(t.id);
  }
  if (auto* g = dynamic_cast<const magic::MagicGame*>(&game))
    for (auto& c : g->pool().cards) ids.push_back(c.id);
  return ids;
}

std::shared_ptr<const Game> game(const std::string& name) {
  register_builtin_games();
  return Registry::instance().get(name);
}

// The catalogue entry with this id (fails the test when absent).
json entry(const Game& g, const std::string& id) {
  const json catalog = g.card_catalog();
  for (auto& c : catalog["cards"])
    if (c["id"] == id) return c;
  ADD_FAILURE() << g.name() << " has no card " << id;
  return json::object();
}

// The value of the stat with this label (null when absent).
json stat(const json& card, const std::string& label) {
  for (auto& s : card["stats"])
    if (s[0] == label) return s[1];
  return nullptr;
}

TEST(CardCatalog, EveryGameListsEachCardOfItsPoolOnceInOneShape) {
  register_builtin_games();
  ASSERT_EQ(Registry::instance().games().size(), 4u);
  for (auto& g : Registry::instance().games()) {
    SCOPED_TRACE(g->name());
    const json cards = g->card_catalog()["cards"];
    ASSERT_TRUE(cards.is_array());
    ASSERT_FALSE(cards.empty());
    std::map<std::string, int> seen;
    for (auto& c : cards) {
      SCOPED_TRACE(c.dump());
      ASSERT_TRUE(c["id"].is_string());
      ++seen[c["id"].get<std::string>()];
      EXPECT_FALSE(c["name"].get<std::string>().empty());
      EXPECT_FALSE(c["kind"].get<std::string>().empty());
      EXPECT_FALSE(c["text"].get<std::string>().empty());
      EXPECT_TRUE(c["cost"].is_null() || !c["cost"].get<std::string>().empty());
      EXPECT_TRUE(c["token"].is_boolean());
      EXPECT_TRUE(c["curve"].is_null() || c["curve"].is_number_integer());
      ASSERT_TRUE(c["deck_slots"].is_array());
      // A token goes in no deck; every other card in at least one field.
      EXPECT_EQ(c["deck_slots"].empty(), c["token"].get<bool>());
      for (auto& col : c["colours"]) EXPECT_TRUE(col.is_string());
      for (auto& t : c["tags"]) EXPECT_FALSE(t.get<std::string>().empty());
      ASSERT_TRUE(c["stats"].is_array());
      for (auto& s : c["stats"]) {
        ASSERT_TRUE(s.is_array() && s.size() == 2u);
        EXPECT_TRUE(s[0].is_string());
        EXPECT_TRUE(s[1].is_number() || s[1].is_string());
      }
    }
    const auto ids = pool_ids(*g);
    ASSERT_FALSE(ids.empty());
    EXPECT_EQ(seen.size(), ids.size()) << "the catalogue has cards the pool lacks";
    for (auto& id : ids) EXPECT_EQ(seen[id], 1) << id;
  }
}

TEST(CardCatalog, SuikodenCharactersMissionsAndFacilities) {
  const auto g = game("suikoden");
  const json aldo = entry(*g, "aldo");
  EXPECT_EQ(aldo["name"], "Aldo");
  EXPECT_EQ(aldo["kind"], "character");
  EXPECT_EQ(stat(aldo, "Attack"), 4);
  EXPECT_EQ(stat(aldo, "Troops"), 1500);
  EXPECT_EQ(stat(aldo, "Links"), "ABE");
  EXPECT_EQ(aldo["tags"], json({"leader", "Dawn Alliance", "emblem"}));
  EXPECT_TRUE(aldo["cost"].is_null());
  EXPECT_EQ(aldo["deck_slots"], json({"cards"}));
  EXPECT_TRUE(aldo["curve"].is_null());
  EXPECT_EQ(entry(*g, "serel")["deck_slots"], json({"commander"}));
  const json skirmish = entry(*g, "border-skirmish");
  EXPECT_EQ(skirmish["kind"], "mission");
  EXPECT_EQ(stat(skirmish, "Battle"), "troops");
  EXPECT_EQ(stat(skirmish, "To clear"), 2000);
  const json hall = entry(*g, "archive-hall");
  EXPECT_EQ(hall["kind"], "facility");
  EXPECT_EQ(stat(hall, "Build"), 5);
  EXPECT_EQ(stat(hall, "Block"), 8);
}

TEST(CardCatalog, DdmMonstersAndItems) {
  const auto g = game("ddm");
  const json mammoth = entry(*g, "thunder-mammoth");
  EXPECT_EQ(mammoth["name"], "Thunder Mammoth");
  EXPECT_EQ(mammoth["kind"], "monster");
  EXPECT_EQ(mammoth["stats"], json::parse(R"([["Level",4],["HP",40],["ATK",30],["DEF",30],
                                              ["Attacks",2]])"));
  EXPECT_EQ(mammoth["tags"], json({"beast"}));
  EXPECT_EQ(mammoth["deck_slots"], json({"monsters"}));
  EXPECT_EQ(mammoth["curve"], 4);
  EXPECT_NE(mammoth["text"].get<std::string>().find("Magic x2: +10 DEF permanently."),
            std::string::npos);
  const json mine = entry(*g, "snare-mine");
  EXPECT_EQ(mine["kind"], "item");
  EXPECT_EQ(mine["tags"], json({"single use"}));
  EXPECT_EQ(mine["deck_slots"], json({"items"}));
  const json catalog = g->card_catalog();
  EXPECT_NE(std::find(catalog["dice_sets"].begin(), catalog["dice_sets"].end(), "standard"),
            catalog["dice_sets"].end());
  for (auto& c : catalog["cards"]) EXPECT_NE(c["id"], "l1-a") << "dice are no cards";
}

TEST(CardCatalog, LastChronicleUnitsSpellsAndTokens) {
  const auto g = game("lastchronicle");
  const json regent = entry(*g, "sun-regent");
  EXPECT_EQ(regent["name"], "Sun Regent");
  EXPECT_EQ(regent["kind"], "unit");
  EXPECT_EQ(regent["cost"], "4");
  EXPECT_EQ(regent["colours"], json({"white", "orange"}));
  EXPECT_EQ(regent["stats"], json::parse(R"([["ATK",4],["DEF",4],["CA",1]])"));
  EXPECT_EQ(regent["tags"], json({"legacy"}));
  EXPECT_EQ(regent["deck_slots"], json({"cards", "leader"}));
  EXPECT_EQ(regent["curve"], 4);
  EXPECT_EQ(entry(*g, "crown-prince-alcion")["deck_slots"], json({"cards"})) << "a chrono rare";
  const json ward = entry(*g, "ward-of-the-bastion");
  EXPECT_EQ(ward["kind"], "spell");
  EXPECT_EQ(ward["cost"], "1+X");
  EXPECT_EQ(ward["stats"], json::parse(R"([["CA",1]])"));
  EXPECT_EQ(ward["tags"], json({"legacy", "quick"}));
  EXPECT_EQ(ward["deck_slots"], json({"cards"})) << "a spell leads no deck";
  EXPECT_EQ(ward["curve"], 1);
  const json bear = entry(*g, "bear-token");
  EXPECT_EQ(bear["token"], true);
  EXPECT_EQ(stat(bear, "CA"), 2);
  EXPECT_TRUE(bear["deck_slots"].empty());
}

TEST(CardCatalog, MagicTypeLineManaCostAndKeywords) {
  const auto g = game("magic");
  const json brute = entry(*g, "thornhide-brute");
  EXPECT_EQ(brute["name"], "Thornhide Brute");
  EXPECT_EQ(brute["kind"], "creature");
  EXPECT_EQ(brute["cost"], "{3}{G}");
  EXPECT_EQ(brute["colours"], json({"green"}));
  EXPECT_EQ(brute["stats"], json::parse(R"([["P/T","4/3"]])"));
  EXPECT_EQ(brute["tags"], json({"trample"}));
  EXPECT_EQ(brute["curve"], 4);
  EXPECT_EQ(brute["deck_slots"], json({"cards"}));
  const json land = entry(*g, "dawnmeadow");
  EXPECT_EQ(land["kind"], "land");
  EXPECT_TRUE(land["cost"].is_null());
  EXPECT_EQ(land["tags"], json({"basic"}));
  EXPECT_TRUE(land["curve"].is_null()) << "a land is no part of the curve";
  EXPECT_EQ(entry(*g, "marionette-bond")["tags"], json({"Aura"}));
  const json sprite = entry(*g, "sprite-token");
  EXPECT_EQ(sprite["kind"], "artifact creature");
  EXPECT_EQ(sprite["token"], true);
  EXPECT_FALSE(entry(*g, "thornhide-brute")["token"]);
}

// The catalogue is read from the parsed pool: an override's numbers show.
TEST(CardCatalog, ShowsADataOverride) {
  const auto g = load_game("ddm", data_dir(), json::parse(R"([
      {"card": "thunder-mammoth", "set": {"atk": 50}}])"));
  EXPECT_EQ(stat(entry(*g, "thunder-mammoth"), "ATK"), 50);
}

}  // namespace
}  // namespace tt
