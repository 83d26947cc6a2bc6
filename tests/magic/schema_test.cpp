// The Magic data files against their schemas (data/schema/magic-cards and
// magic-deck, issue 22): a broken pool or deck of each kind is refused naming
// the file and the JSON pointer of the field; what a schema cannot say
// (references between fields, deck rules) is still refused by the loader,
// naming the file, the card and the field.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/registry.h"
#include "games/magic/cards.h"
#include "games/magic/game.h"

namespace tt::magic {
namespace {

using nlohmann::json;

const char* kFile = "data/magic/cards.json";

// A pool of one creature, with `extra` merged into the card.
json pool(const std::string& extra = "{}") {
  json c = json::parse(R"({"id": "test-card", "name": "Test Card", "types": ["creature"],
                           "cost": "{1}{G}", "power": 2, "toughness": 2, "text": "A test."})");
  c.merge_patch(json::parse(extra));
  return json{{"$schema", "../schema/magic-cards.schema.json"},
              {"tokens", json::array({json::parse(R"({"id": "imp-token", "name": "Imp",
                  "types": ["creature"], "power": 1, "toughness": 1, "text": "An imp."})")})},
              {"cards", json::array({c})}};
}

std::string error(const json& p) {
  try {
    Pool::load(p, kFile);
  } catch (const DataError& e) {
    return e.what();
  }
  return "";
}

// The error names `file:pointer: ` and says `what`.
::testing::AssertionResult names(const std::string& error, const std::string& pointer,
                                 const std::string& what) {
  const std::string at = std::string(kFile) + ":" + pointer + ": ";
  const auto p = error.find(at);
  if (p != std::string::npos && error.find(what, p) != std::string::npos)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "wanted " << at << "..." << what << "\nin: " << error;
}

TEST(MagicSchema, TheTestPoolConforms) {
  EXPECT_EQ(error(pool()), "");
}

// Each kind of structural fault, refused by the schema before the loader
// reads anything, with the file and the JSON pointer of the field.
TEST(MagicSchema, BrokenPoolsNameFileAndPointer) {
  // A wrong type, a misspelt field, a value out of range, an unknown name.
  EXPECT_TRUE(names(error(pool(R"({"power": "big"})")), "/cards/0/power", "expected an integer"));
  EXPECT_TRUE(names(error(pool(R"({"colour": "green"})")), "/cards/0/colour", "unknown field"));
  EXPECT_TRUE(names(error(pool(R"({"power": 21})")), "/cards/0/power", "out of range (0 to 20)"));
  EXPECT_TRUE(
      names(error(pool(R"({"keywords": ["shroud"]})")), "/cards/0/keywords/0", "\"shroud\""));
  // A bad effect, nested in a mode of a trigger's effect.
  EXPECT_TRUE(names(error(pool(R"({"triggers": [{"when": "enters", "effects": [
      {"do": "choose-mode", "chooser": "you", "modes": [[{"do": "draw", "who": "you", "amount": 1}],
       [{"do": "draw", "who": "nobody", "amount": 1}]]}]}]})")),
                    "/cards/0/triggers/0/effects/0/modes/1/0/who", "\"nobody\""));
  EXPECT_TRUE(
      names(error(pool(R"({"triggers": [{"when": "enters", "effects": [{"do": "explode"}]}]})")),
            "/cards/0/triggers/0/effects/0/do", "\"explode\""));
  // An effect's fields are its verb's: draw deals no damage to anyone.
  EXPECT_TRUE(names(error(pool(R"({"triggers": [{"when": "enters", "effects": [
      {"do": "draw", "who": "you", "amount": 1, "to": "target"}]}]})")),
                    "/cards/0/triggers/0/effects/0/to", "unknown field (known: do, amount, who)"));
  EXPECT_TRUE(
      names(error(pool(R"({"triggers": [{"when": "enters", "effects": [{"do": "draw"}]}]})")),
            "/cards/0/triggers/0/effects/0/amount", "is required"));
  // A card's types say which fields it has.
  EXPECT_TRUE(names(error(pool(R"({"types": ["land"], "produces": "G"})")), "/cards/0/cost",
                    "unknown field"));
  EXPECT_TRUE(names(error(pool(R"({"types": ["artifact"]})")), "/cards/0/power", "unknown field"));
  EXPECT_TRUE(names(error(pool(R"({"effects": [{"do": "win-game"}]})")), "/cards/0/effects",
                    "unknown field"));
  EXPECT_TRUE(names(error(pool(R"({"types": ["sorcery"], "power": null, "toughness": null})")),
                    "/cards/0/effects", "is required"));
  EXPECT_TRUE(names(error(pool(R"({"types": ["land", "creature"]})")), "/cards/0/types",
                    "expected one of [\"land\"], [\"instant\"], [\"sorcery\"]"));
  // Auras and Curses.
  EXPECT_TRUE(names(error(pool(R"({"enchant": "creature"})")), "/cards/0/subtypes", ""));
  EXPECT_TRUE(names(error(pool(R"({"subtypes": ["aura"]})")), "/cards/0/enchant", "is required"));
  EXPECT_TRUE(names(error(pool(R"({"subtypes": ["curse"], "enchant": "player"})")),
                    "/cards/0/subtypes/0", "\"aura\""));
  // Mana, ids, targets, tokens and the pool itself.
  EXPECT_TRUE(names(error(pool(R"({"cost": "{R}{2}"})")), "/cards/0/cost", "does not match"));
  EXPECT_TRUE(names(error(pool(R"({"id": "Test Card"})")), "/cards/0/id", "does not match"));
  EXPECT_TRUE(names(error(pool(R"({"types": ["sorcery"], "power": null, "toughness": null,
      "targets": [{"kind": "any"}, {"kind": "any"}, {"kind": "any"}, {"kind": "any"}],
      "effects": [{"do": "win-game"}]})")),
                    "/cards/0/targets", "at most 3"));
  json p = pool();
  p["tokens"][0]["cost"] = "{1}";
  EXPECT_TRUE(names(error(p), "/tokens/0/cost", "unknown field"));
  p = pool();
  p["card"] = json::array();
  EXPECT_TRUE(names(error(p), "/card", "unknown field"));
  // Every problem, one a line.
  p = pool(R"({"power": "big", "text": ""})");
  const std::string both = error(p);
  EXPECT_TRUE(names(both, "/cards/0/power", "")) << both;
  EXPECT_TRUE(names(both, "/cards/0/text", "")) << both;
}

std::string loader_error(const std::string& extra) {
  return error(pool(extra));
}

// What the schema cannot say stays with the loader: references from an
// effect to the ability's targets, to its trigger's event and to the rest of
// the card, each naming the file, the card and the field.
TEST(MagicSchema, ReferencesAreCheckedByTheLoader) {
  const std::string at = std::string(kFile) + ": card 'test-card', field '";
  auto refused = [&](const std::string& extra, const std::string& field, const std::string& what) {
    const std::string e = loader_error(extra);
    return e.find(at + field + "': " + what) != std::string::npos
               ? ::testing::AssertionSuccess()
               : ::testing::AssertionFailure() << e;
  };
  EXPECT_TRUE(refused(
      R"({"triggers": [{"when": "enters", "effects": [{"do": "lose-life", "who": "target", "amount": 1}]}]})",
      "triggers[0].effects[0].who", "names target 0, but the ability has 0"));
  EXPECT_TRUE(refused(R"({"triggers": [{"when": "enters", "targets": [{"kind": "creature"}],
      "effects": [{"do": "lose-life", "who": "target", "amount": 1}]}]})",
                      "triggers[0].effects[0].who",
                      "needs a player target; target 0 is 'creature'"));
  EXPECT_TRUE(refused(R"({"activated": [{"cost": {"tap": true}, "targets": [{"kind": "player"}],
      "effects": [{"do": "tap", "what": "target"}]}]})",
                      "activated[0].effects[0].what", "needs a permanent target"));
  EXPECT_TRUE(refused(
      R"({"triggers": [{"when": "enters", "effects": [{"do": "draw", "who": "that-player", "amount": 1}]}]})",
      "triggers[0].effects[0].who", "that-player needs a trigger about a player"));
  EXPECT_TRUE(refused(
      R"({"triggers": [{"when": "enters", "effects": [{"do": "draw", "who": "chosen-player", "amount": 1}]}]})",
      "triggers[0].effects[0].who", "chosen-player needs \"as_enters\""));
  EXPECT_TRUE(refused(R"({"triggers": [{"when": "enters", "effects": [{"do": "return-linked"}]}]})",
                      "triggers[0].effects[0].do", "return-linked needs an exile"));
  EXPECT_TRUE(refused(
      R"({"triggers": [{"when": "enters", "effects": [{"do": "create-token", "token": "elf-token", "count": 1, "who": "you"}]}]})",
      "triggers[0].effects[0].token", "'elf-token' is not a token"));
  EXPECT_TRUE(refused(R"({"types": ["sorcery"], "power": null, "toughness": null,
      "effects": [{"do": "untap", "what": "self"}]})",
                      "effects[0].what", "self needs a permanent"));
  EXPECT_TRUE(refused(R"({"types": ["sorcery"], "power": null, "toughness": null,
      "effects": [{"do": "exile", "what": "target", "return": "linked"}], "targets": [{"kind": "creature"}]})",
                      "effects[0].return", "linked needs a permanent source"));
  EXPECT_TRUE(refused(R"({"types": ["artifact"], "power": null, "toughness": null,
      "triggers": [{"when": "attacks", "effects": [{"do": "draw", "who": "you", "amount": 1}]}]})",
                      "triggers[0].when", "attacks needs a creature"));
  EXPECT_TRUE(refused(
      R"({"types": ["enchantment"], "power": null, "toughness": null, "subtypes": ["aura"],
      "enchant": "player", "statics": [{"kind": "enchanted-pt", "power": 1, "toughness": 1}]})",
      "statics[0].kind", "an enchanted-creature ability needs an Aura that enchants a creature"));
  EXPECT_TRUE(refused(
      R"({"activated": [{"cost": {"tap": false}, "effects": [{"do": "draw", "who": "you", "amount": 1}]}]})",
      "activated[0].cost", "an activated ability without a cost could be used forever"));
  EXPECT_TRUE(refused(R"({"triggers": [{"when": "enters", "targets": [{"kind": "opponent"}],
      "effects": [{"do": "damage", "to": "target", "amount": 1},
                  {"do": "give-control", "who": "target", "what": "target"}]}]})",
                      "triggers[0].effects[1].what", "needs a permanent you control target"));
  EXPECT_TRUE(
      refused(R"({"triggers": [{"when": "enters", "targets": [{"kind": "instant-or-sorcery-spell"}],
      "effects": [{"do": "damage", "to": "target", "amount": 1}]}]})",
              "triggers[0].effects[0].to", "needs a creature or a player target"));
  EXPECT_TRUE(refused(
      R"({"triggers": [{"when": "enters", "effects": [{"do": "lose-life", "who": "defending-player", "amount": 1}]}]})",
      "triggers[0].effects[0].who", "defending-player needs an attacks trigger"));
  EXPECT_TRUE(refused(
      R"({"triggers": [{"when": "each-upkeep", "effects": [{"do": "lose-life", "who": "its-controller", "amount": 1}]}]})",
      "triggers[0].effects[0].who", "its-controller needs a creature-dies"));
  EXPECT_TRUE(refused(
      R"({"triggers": [{"when": "enchanted-player-upkeep", "effects": [{"do": "draw", "who": "you", "amount": 1}]}]})",
      "triggers[0].when", "enchanted-player-upkeep needs an Aura that enchants a player"));
  EXPECT_TRUE(refused(R"({"subtypes": ["aura"], "enchant": "creature"})", "subtypes",
                      "an Aura is an enchantment"));
  // 608.2d: a spell chooses a player as it resolves; a creature has no such step.
  EXPECT_TRUE(names(error(pool(R"({"choose": "player"})")), "/cards/0/choose", "unknown field"));
  EXPECT_TRUE(refused(R"({"types": ["sorcery"], "power": null, "toughness": null,
      "effects": [{"do": "draw", "who": "chosen", "amount": 1}]})",
                      "effects[0].who", "chosen needs \"choose\": \"player\""));
  EXPECT_EQ(
      loader_error(R"({"types": ["sorcery"], "power": null, "toughness": null, "choose": "player",
      "effects": [{"do": "draw", "who": "chosen", "amount": 1}]})"),
      "");
  json twice = pool();
  twice["cards"].push_back(twice["cards"][0]);
  EXPECT_NE(error(twice).find(std::string(kFile) + ": card 'test-card', field 'id': defined twice"),
            std::string::npos)
      << error(twice);
}

// The deck format: a wrong type, a misspelt field and a count out of range,
// named by pointer; the deck rules after it (a card id the pool lacks).
TEST(MagicSchema, BrokenDecksNameThePointer) {
  register_builtin_games();
  const Game& g = *Registry::instance().get("magic");
  auto problems = [&](const json& deck) {
    std::string out;
    for (auto& p : g.check_deck(deck, tt::Setup{})) out += "[" + p.rule + "] " + p.message + "\n";
    return out;
  };
  const json deck = g.starter_deck(g.starter_decks()[0]);
  EXPECT_EQ(problems(deck), "");
  json bad = deck;
  bad["cards"]["dawnmeadow"] = "four";
  EXPECT_NE(problems(bad).find("[format] deck:/cards/dawnmeadow: expected an integer"),
            std::string::npos)
      << problems(bad);
  bad = deck;
  bad["sideboard"] = json::object();
  EXPECT_NE(problems(bad).find("[format] deck:/sideboard: unknown field"), std::string::npos)
      << problems(bad);
  bad = deck;
  bad["cards"]["dawnmeadow"] = 0;
  EXPECT_NE(problems(bad).find("[format] deck:/cards/dawnmeadow: 0 is out of range (1 to 250)"),
            std::string::npos)
      << problems(bad);
  bad = deck;
  bad["cards"]["Dawn Meadow"] = 1;
  EXPECT_NE(problems(bad).find("[deck building: cards] deck:/cards/Dawn Meadow: unknown card"),
            std::string::npos)
      << problems(bad);
  bad = deck;
  bad["name"] = 7;
  EXPECT_NE(problems(bad).find("[format] deck:/name: expected a string"), std::string::npos)
      << problems(bad);
  // What the schema cannot say: cards of the pool, not tokens.
  bad = deck;
  bad["cards"]["spirit-token"] = 1;
  EXPECT_NE(problems(bad).find("[deck building: cards] deck:/cards/spirit-token: unknown card "
                               "'spirit-token' (a token)"),
            std::string::npos)
      << problems(bad);
  // A starter deck names its file.
  const std::string file = g.starter_deck_file(g.starter_decks()[0]);
  EXPECT_NE(file.find("data/magic/decks/"), std::string::npos);
}

// Starter decks are files: a broken one names its file and field, a file
// name that is no id or a deck without a name is refused, and the other
// decks play on.
TEST(MagicSchema, StarterDeckFilesNameTheFile) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("tt_magic_schema_" + std::to_string(getpid()));
  fs::create_directories(dir / "magic");
  fs::copy(fs::path(TABLETOP_TESTS_DIR) / ".." / "data" / "magic", dir / "magic",
           fs::copy_options::recursive);
  std::ofstream(dir / "magic" / "decks" / "broken.json") << R"({"cards": {"wildglen": "two"}})";
  json unnamed = json::parse(std::ifstream(dir / "magic" / "decks" / "blue-green-tides.json"));
  unnamed.erase("name");
  std::ofstream(dir / "magic" / "decks" / "Odd Name.json") << unnamed.dump();
  const MagicGame g(dir.string());
  auto problems = [&](const std::string& name) {
    std::string out;
    for (auto& p : g.check_deck(json(name), tt::Setup{})) out += p.message + "\n";
    return out;
  };
  const std::string broken = (dir / "magic" / "decks" / "broken.json").string();
  EXPECT_NE(problems("broken").find(broken + ":/cards/wildglen: expected an integer"),
            std::string::npos)
      << problems("broken");
  const std::string odd = (dir / "magic" / "decks" / "Odd Name.json").string();
  EXPECT_NE(problems("Odd Name").find(odd + ": a deck's file name is an id"), std::string::npos)
      << problems("Odd Name");
  EXPECT_NE(problems("Odd Name").find(odd + ": a starter deck has a \"name\""), std::string::npos)
      << problems("Odd Name");
  EXPECT_EQ(problems("blue-green-tides"), "");
  fs::remove_all(dir);
}

}  // namespace
}  // namespace tt::magic
