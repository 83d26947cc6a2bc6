// Starter decks as the command line meets them (issue 20 §4): an illegal
// default deck is bad input naming the deck, its file and game; one broken
// starter deck file breaks only that deck; `games` warns of a starter deck
// that is not legal; check-deck judges a Last Chronicle deck with a leader by
// the multiplayer rules.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_fixture.h"
#include "core/data_file.h"

namespace tt::cli {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

// A copy of data/ to change (DataTest), and ways to change it.
class StarterDeckTest : public DataTest {
 protected:
  json read(const fs::path& file) { return read_data_file(file.string()); }
  void save(const fs::path& file, const json& j) { std::ofstream(file) << j.dump(2); }
  // The copied starter deck `name` of suikoden with an unknown card added.
  fs::path break_suikoden_deck(const std::string& name) {
    const fs::path file = data / "suikoden" / "decks" / (name + ".json");
    json deck = read(file);
    deck["cards"].push_back({{"card", "no-such-card"}, {"count", 1}});
    save(file, deck);
    return file;
  }
};

TEST_F(StarterDeckTest, AnIllegalDefaultDeckIsBadInputNamingItsFileAndGame) {
  const fs::path file = break_suikoden_deck("ember");  // the deck seat 1 gets by default
  const std::string d = data.string();
  EXPECT_EQ(run({"play", "suikoden", "--seats", "random,random", "--seed", "1", "--record",
                 (dir / "r.json").string(), "--data", d}),
            2);
  for (const std::string& part : std::vector<std::string>{
           "seat 1", "'ember'", file.string(), "not a legal suikoden deck", "no-such-card"})
    EXPECT_NE(err.str().find(part), std::string::npos) << part << "\nin: " << err.str();
  EXPECT_EQ(run({"simulate", "suikoden", "-n", "1", "-q", "--data", d}), 2) << err.str();
  // A --deck for that seat plays without it.
  EXPECT_EQ(run({"simulate", "suikoden", "-n", "1", "-q", "--deck", "dawn", "--deck", "iron",
                 "--data", d}),
            0)
      << err.str();
}

TEST_F(StarterDeckTest, OneUnreadableStarterDeckBreaksOnlyThatDeck) {
  const std::string arcane = write("arcane.json", read(data / "ddm/decks/arcane.json").dump());
  std::ofstream(data / "ddm" / "decks" / "beasts.json") << "{\"monsters\": [";
  const std::string d = data.string();
  // An unrelated deck is checked as usual.
  EXPECT_EQ(run({"check-deck", "ddm", arcane, "--data", d}), 0) << err.str() << out.str();
  EXPECT_EQ(run({"check-deck", "ddm", "dragons", "--data", d}), 0) << err.str();
  // The broken one is bad card data, naming its file.
  EXPECT_EQ(run({"check-deck", "ddm", "beasts", "--data", d}), 4);
  EXPECT_NE(err.str().find("beasts.json"), std::string::npos) << err.str();
  // Dealt by default to seat 1: bad card data too, before the game starts.
  EXPECT_EQ(run({"play", "ddm", "--seats", "random,random", "--record", (dir / "r.json").string(),
                 "--data", d}),
            4);
  EXPECT_NE(err.str().find("beasts.json"), std::string::npos) << err.str();
  // The game is listed as playable, with the broken deck flagged.
  ASSERT_EQ(run({"games", "--data", d}), 0);
  EXPECT_EQ(out.str().find("ddm - cannot be played"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("broken: the starter deck 'beasts'"), std::string::npos) << out.str();
}

TEST_F(StarterDeckTest, GamesFlagsAStarterDeckNamingAnUnknownCard) {
  ASSERT_EQ(run({"games"}), 0);
  EXPECT_EQ(out.str().find("warning:"), std::string::npos) << out.str();  // the shipped decks
  const fs::path file = break_suikoden_deck("iron");
  ASSERT_EQ(run({"games", "--data", data.string()}), 0);
  const std::string text = out.str();
  for (const std::string& part :
       std::vector<std::string>{"broken: the starter deck 'iron' (" + file.string() + ")",
                                "cannot be played at any table size", "'no-such-card'"})
    EXPECT_NE(text.find(part), std::string::npos) << part << "\nin: " << text;
  ASSERT_EQ(run({"games", "--json", "--data", data.string()}), 0);
  for (const json& g : json::parse(out.str())) {
    if (g["name"] != "suikoden") {
      EXPECT_FALSE(g.contains("starter_deck_warnings")) << g["name"];
      continue;
    }
    ASSERT_EQ(g["starter_deck_warnings"].size(), 1u);
    EXPECT_EQ(g["starter_deck_warnings"][0]["deck"], "iron");
    EXPECT_EQ(g["starter_deck_warnings"][0]["file"], file.string());
    EXPECT_TRUE(g["starter_deck_warnings"][0]["broken"].get<bool>());
  }
}

// A Last Chronicle deck naming a leader is built for the multiplayer rules:
// a chrono rare leader is illegal there, though 2-player rules shuffle it in.
TEST_F(StarterDeckTest, LastChronicleJudgesADeckWithALeaderByTheMultiplayerRules) {
  json deck = read(data / "lastchronicle/decks/dawn-legion.json");
  const std::string leader = deck["leader"];
  json cards = json::array({leader});
  for (auto& c : deck["cards"])
    if (c != "crown-prince-alcion") cards.push_back(c);
  cards.erase(cards.end() - (cards.size() - 39), cards.end());
  deck["cards"] = cards;
  deck["leader"] = "crown-prince-alcion";  // the chrono rare of the pool
  const std::string file = write("chrono.json", deck.dump());
  EXPECT_EQ(run({"check-deck", "lastchronicle", file}), 1) << out.str();
  EXPECT_NE(out.str().find("not a legal lastchronicle deck for 3-4 seats"), std::string::npos)
      << out.str();
  EXPECT_NE(out.str().find("a chrono rare ('crown-prince-alcion') cannot be the leader"),
            std::string::npos);
  EXPECT_NE(out.str().find("note: it would be legal for 2 seats"), std::string::npos);
  ASSERT_EQ(run({"check-deck", "lastchronicle", file, "--json"}), 1);
  const json r = json::parse(out.str());
  EXPECT_EQ(r["seats"], json::array({3, 4}));
  ASSERT_EQ(r["by_seats"].size(), 3u);
  EXPECT_TRUE(r["by_seats"][0]["legal"].get<bool>());
  EXPECT_FALSE(r["by_seats"][0]["judged"].get<bool>());
  EXPECT_FALSE(r["by_seats"][1]["legal"].get<bool>());
  // Asked for one table size, that one only.
  EXPECT_EQ(run({"check-deck", "lastchronicle", file, "--seats", "2"}), 0) << out.str();
  EXPECT_EQ(run({"check-deck", "lastchronicle", file, "--seats", "4"}), 1) << out.str();
  // As a starter deck it is flagged, but not broken: 2-seat tables could play it.
  std::ofstream(data / "lastchronicle" / "decks" / "chrono.json") << deck.dump();
  ASSERT_EQ(run({"games", "--data", data.string()}), 0);
  EXPECT_NE(out.str().find("warning: the starter deck 'chrono'"), std::string::npos) << out.str();
  EXPECT_EQ(out.str().find("broken: the starter deck 'chrono'"), std::string::npos) << out.str();
  // The shipped decks: led decks for 3-4 seats, duel decks for 2.
  EXPECT_EQ(run({"check-deck", "lastchronicle", "dawn-legion"}), 0) << out.str();
  EXPECT_NE(out.str().find("legal lastchronicle deck for 3-4 seats"), std::string::npos);
  EXPECT_EQ(run({"check-deck", "lastchronicle", "duel-sunfire"}), 0) << out.str();
  EXPECT_NE(out.str().find("legal lastchronicle deck for 2 seats"), std::string::npos);
  EXPECT_NE(out.str().find("a multiplayer deck names a leader unit"), std::string::npos);
}

}  // namespace
}  // namespace tt::cli
