// Deck building (multiplayer guide "デッキ構築のルール") and the pool
// loader's errors: every broken rule is named, nothing is half-loaded.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/registry.h"
#include "games/lastchronicle/game.h"

namespace tt::lastchronicle {
namespace {

using nlohmann::json;

const LcGame& game() {
  register_builtin_games();
  return dynamic_cast<const LcGame&>(*Registry::instance().get("lastchronicle"));
}

Setup seats(int n) {
  Setup s;
  s.seats = n;
  return s;
}

std::string rules_broken(const json& deck, int n) {
  std::string out;
  for (auto& p : game().check_deck(deck, seats(n))) out += "[" + p.rule + "] " + p.message + "\n";
  return out;
}

TEST(LastChronicleDecks, EveryStarterDeckIsLegalWhereItIsMeantToBe) {
  for (auto& name : game().starter_decks()) {
    const json deck = game().starter_deck(name);
    const bool led = deck.contains("leader");
    EXPECT_EQ(rules_broken(json(name), 2), "") << name;
    if (led) {
      EXPECT_EQ(rules_broken(json(name), 4), "") << name;
    } else {
      EXPECT_NE(rules_broken(json(name), 4), "") << name << " has no leader";
    }
  }
}

json dawn() {
  return game().starter_deck("dawn-legion");
}

TEST(LastChronicleDecks, FortyCardsWithTheLeader) {
  json d = dawn();
  d["cards"].erase(d["cards"].size() - 1);
  EXPECT_NE(
      rules_broken(d, 4).find("[deck building: 40 cards] the deck has 39 cards with its leader"),
      std::string::npos)
      << rules_broken(d, 4);
}

TEST(LastChronicleDecks, OneCopyOfEachCard) {
  json d = dawn();
  d["cards"][0] = d["cards"][1];
  EXPECT_NE(rules_broken(d, 4).find("[deck building: one copy]"), std::string::npos);
  json e = dawn();
  e["cards"][0] = e["leader"];
  EXPECT_NE(rules_broken(e, 3).find("[deck building: one copy] 'sun-regent'"), std::string::npos);
}

TEST(LastChronicleDecks, TheLeaderIsALegacyUnitButNotAChronoRareOrTheSpecialCard) {
  json d = dawn();
  d.erase("leader");
  EXPECT_NE(rules_broken(d, 4).find("names a leader unit"), std::string::npos);
  for (const char* bad :
       {"crown-prince-alcion", "ashen-doom-idol", "swift-lancer", "cinder-storm"}) {
    json e = dawn();
    e["leader"] = bad;
    EXPECT_NE(rules_broken(e, 4).find("[deck building: leader]"), std::string::npos) << bad;
  }
  json ok = dawn();
  ok["leader"] = "solar-seraph";  // a white/orange legacy unit
  for (auto& c : ok["cards"])
    if (c == "solar-seraph") c = "sun-regent";
  EXPECT_EQ(rules_broken(ok, 4), "");
}

TEST(LastChronicleDecks, NoCardWithAColourTheLeaderLacks) {
  json d = dawn();
  d["leader"] = "strategist-of-dawn";  // white only
  for (auto& c : d["cards"])
    if (c == "strategist-of-dawn") c = "sun-regent";
  const std::string broken = rules_broken(d, 4);
  EXPECT_NE(broken.find("[deck building: colours] 'solar-seraph' (orange/white)"),
            std::string::npos)
      << broken;
  EXPECT_EQ(rules_broken(d, 2), "") << "two-player decks have no leader colour rule";
}

TEST(LastChronicleDecks, MalformedDecksAreNamed) {
  EXPECT_NE(rules_broken(json{{"cards", 3}}, 2).find("[format]"), std::string::npos);
  EXPECT_NE(rules_broken(json{{"cards", json::array({"no-such-card"})}}, 2).find("unknown card"),
            std::string::npos);
  EXPECT_NE(rules_broken(json{{"cards", json::array()}, {"colour", "red"}}, 2)
                .find("[format] /colour: unknown field"),
            std::string::npos);
  EXPECT_THROW(game().new_state([] {
    tt::Setup s = seats(4);
    s.decks = json::array({"duel-sunfire"});
    return s;
  }()),
               Error);
}

TEST(LastChronicleDecks, PoolErrorsNameTheCardAndField) {
  const json base = {{"tokens", json::array()}, {"starting_ca", json::array()}};
  auto error_of = [&](const json& card) {
    json p = base;
    p["cards"] = json::array({card});
    try {
      Pool::load(p);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(
      error_of({{"id", "x"}, {"name", "X"}, {"type", "unit"}, {"rarity", "normal"}, {"atk", 1}}),
      "card 'x', field 'atk': a unit needs atk and def");
  EXPECT_NE(error_of({{"id", "x"}, {"name", "X"}, {"type", "spell"}, {"rarity", "rare"}})
                .find("field 'rarity'"),
            std::string::npos);
  EXPECT_NE(error_of({{"id", "x"},
                      {"name", "X"},
                      {"type", "spell"},
                      {"rarity", "normal"},
                      {"effects", json::array({{{"do", "explode"}}})}})
                .find("field 'do'"),
            std::string::npos);
  EXPECT_NE(
      error_of({{"id", "x"},
                {"name", "X"},
                {"type", "unit"},
                {"rarity", "normal"},
                {"atk", 1},
                {"def", 1},
                {"abilities", json::array({{{"tag", "activated"},
                                            {"effects", json::array({{{"do", "develop"}}})}}})}})
          .find("needs a cost"),
      std::string::npos);
}

}  // namespace
}  // namespace tt::lastchronicle
