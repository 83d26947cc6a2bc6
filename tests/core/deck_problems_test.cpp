// Deck checks name every problem of a deck, not only the first: a deck with
// several faults of form and of content gets one report line for each.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "core/registry.h"

namespace tt {
namespace {

using nlohmann::json;

// "rule: message" for every problem check_deck reports.
std::vector<std::string> problems(const std::string& game, const json& deck, int seats = 2) {
  register_builtin_games();
  Setup setup;
  setup.seats = seats;
  std::vector<std::string> out;
  for (auto& p : Registry::instance().get(game)->check_deck(deck, setup))
    out.push_back(p.rule + ": " + p.message);
  return out;
}

// Whether some reported problem contains `text`.
bool names(const std::vector<std::string>& reported, const std::string& text) {
  return std::any_of(reported.begin(), reported.end(),
                     [&](const std::string& p) { return p.find(text) != std::string::npos; });
}

std::string all(const std::vector<std::string>& reported) {
  std::string s;
  for (auto& p : reported) s += "\n  " + p;
  return s;
}

TEST(DeckProblems, SuikodenReportsEveryFault) {
  const auto reported =
      problems("suikoden",
               json{{"commander", 5},
                    {"cards", {{{"card", "mira"}, {"count", "x"}}, "no-such-card", 42, "mira"}}});
  // The form by the deck schema (data/schema/suikoden-deck.schema.json), the cards by the game.
  EXPECT_TRUE(names(reported, "format: /commander: expected a string or null, found 5"))
      << all(reported);
  EXPECT_TRUE(names(reported, "format: /cards/0/count: expected an integer")) << all(reported);
  EXPECT_TRUE(names(reported, "unknown card 'no-such-card'")) << all(reported);
  EXPECT_TRUE(names(reported, "format: /cards/2: expected a string or an object, found 42"))
      << all(reported);
  EXPECT_TRUE(names(reported, "deck size: the deck has 1 card")) << all(reported);
}

TEST(DeckProblems, DungeonDiceMonstersReportsEveryFault) {
  const auto reported =
      problems("ddm", json{{"dice", "no-such-dice-set"},
                           {"monsters", {{{"monster", "shield-ox"}, {"count", "two"}}, "no-such"}},
                           {"items", "medic-kit"}});
  EXPECT_TRUE(names(reported, "unknown dice set \"no-such-dice-set\"")) << all(reported);
  // The form by the deck schema (data/schema/ddm-deck.schema.json), the pieces by the game.
  EXPECT_TRUE(names(reported, "format: /monsters/0/count: expected an integer")) << all(reported);
  EXPECT_TRUE(names(reported, "'no-such' is no monster")) << all(reported);
  EXPECT_TRUE(names(reported, "format: /items: expected a list")) << all(reported);
  EXPECT_TRUE(names(reported, "monster deck: the deck has 0 monster")) << all(reported);
}

TEST(DeckProblems, LastChronicleReportsEveryFault) {
  const auto reported = problems(
      "lastchronicle",
      json{{"leader", 7}, {"colour", "red"}, {"cards", {"sun-regent", "no-such-card", 3}}});
  // The form by the deck schema (data/schema/lastchronicle-deck.schema.json), the cards by the
  // game.
  EXPECT_TRUE(names(reported, "format: /colour: unknown field")) << all(reported);
  EXPECT_TRUE(names(reported, "format: /leader: expected a string or null, found 7"))
      << all(reported);
  EXPECT_TRUE(names(reported, "unknown card 'no-such-card'")) << all(reported);
  EXPECT_TRUE(names(reported, "format: /cards/2: expected a string, found 3")) << all(reported);
  EXPECT_TRUE(names(reported, "the deck has 1 card")) << all(reported);
}

TEST(DeckProblems, MagicReportsEveryFault) {
  const auto reported = problems(
      "magic",
      json{{"sideboard", json::object()},
           {"cards", {{"mistglass-heron", 5}, {"no-such-card", 1}, {"lampwick-squire", 0}}}},
      4);
  EXPECT_TRUE(names(reported, "format: deck:/sideboard: unknown field")) << all(reported);
  EXPECT_TRUE(names(reported, "'mistglass-heron' appears 5 times")) << all(reported);
  EXPECT_TRUE(names(reported, "unknown card 'no-such-card'")) << all(reported);
  EXPECT_TRUE(names(reported, "deck:/cards/lampwick-squire: 0 is out of range (1 to 250)"))
      << all(reported);
  EXPECT_TRUE(names(reported, "the deck has 5 card")) << all(reported);
}

}  // namespace
}  // namespace tt
