// Deck building (rule text "事前準備 > デッキ").
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/registry.h"

namespace tt {
namespace {

using nlohmann::json;

std::shared_ptr<const Game> suikoden() {
  register_builtin_games();
  return Registry::instance().get("suikoden");
}

std::vector<std::string> rules_broken(const json& deck) {
  std::vector<std::string> rules;
  for (auto& p : suikoden()->check_deck(deck, tt::Setup{})) rules.push_back(p.rule);
  return rules;
}

bool breaks(const json& deck, const std::string& rule) {
  auto r = rules_broken(deck);
  return std::find(r.begin(), r.end(), rule) != r.end();
}

TEST(SuikodenDeck, StarterDecksAreLegal) {
  auto g = suikoden();
  ASSERT_GE(g->starter_decks().size(), 4u);
  for (auto& name : g->starter_decks()) EXPECT_TRUE(rules_broken(json(name)).empty()) << name;
}

TEST(SuikodenDeck, ExactlyFiftyCards) {
  json deck = suikoden()->starter_deck("dawn");
  deck["cards"][0]["count"] = deck["cards"][0]["count"].get<int>() - 1;
  EXPECT_TRUE(breaks(deck, "deck size"));
}

TEST(SuikodenDeck, AtMostFourPerNameAndPairsCountForEachName) {
  json deck = {{"cards",
                {{{"card", "mira"}, {"count", 3}},
                 {{"card", "mira-jun"}, {"count", 2}},
                 {{"card", "hold-the-ford"}, {"count", 45}}}}};
  EXPECT_TRUE(breaks(deck, "copies"));  // 3 Mira + 2 "Mira & Jun" = 5 Mira
  deck["cards"][1]["count"] = 1;
  deck["cards"][2]["count"] = 46;
  EXPECT_FALSE(breaks(deck, "copies"));
}

TEST(SuikodenDeck, CommanderCampAndNameAndPlacement) {
  auto g = suikoden();
  json deck = g->starter_deck("dawn");
  deck["cards"].push_back({{"card", "hask"}, {"count", 1}});  // an Iron Crown leader
  EXPECT_TRUE(breaks(deck, "camp"));
  json in_deck = g->starter_deck("dawn");
  in_deck["cards"].push_back({{"card", "serel"}, {"count", 1}});
  EXPECT_TRUE(breaks(in_deck, "commander"));
  json no_commander = g->starter_deck("dawn");
  no_commander.erase("commander");
  no_commander["cards"].push_back({{"card", "hask"}, {"count", 1}});
  EXPECT_FALSE(breaks(no_commander, "camp"));  // without a commander any camp goes
}

TEST(SuikodenDeck, MalformedDecksAreReportedNotThrown) {
  EXPECT_TRUE(breaks(json(42), "format"));
  EXPECT_TRUE(breaks(json::object(), "format"));
  EXPECT_TRUE(breaks(json{{"cards", {{{"card", "aldo"}, {"count", "x"}}}}}, "format"));
  EXPECT_TRUE(breaks(json{{"cards", {"no-such-card"}}}, "cards"));
  EXPECT_TRUE(breaks(json("no-such-starter"), "format"));
}

TEST(SuikodenDeck, IllegalDeckRefusesToStart) {
  tt::Setup s;
  s.decks = json::array({json{{"cards", {"aldo"}}}, "iron"});
  EXPECT_THROW(suikoden()->new_state(s), Error);
}

}  // namespace
}  // namespace tt
