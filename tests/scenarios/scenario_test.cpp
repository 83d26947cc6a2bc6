// Runs every scenario file of every game (tests/GAME/scenarios/*.json) as its
// own test, named GAME/FILE. Each scenario names the rule it checks and cites
// the section of the game's rule text.
#include "core/scenario.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <ostream>

#include "core/match.h"
#include "core/registry.h"

namespace tt {
namespace {

struct ScenarioFile {
  std::string game;
  std::string name;
  std::string path() const { return game + "/scenarios/" + name + ".json"; }
};

// A failing scenario names its file, not the bytes of this struct.
void PrintTo(const ScenarioFile& f, std::ostream* os) {
  *os << "tests/" << f.path();
}

std::vector<ScenarioFile> scenario_files() {
  register_builtin_games();
  std::vector<ScenarioFile> files;
  for (auto& g : Registry::instance().games()) {
    const std::filesystem::path dir =
        std::string(TABLETOP_TESTS_DIR "/") + g->name() + "/scenarios";
    std::vector<std::string> names;
    std::error_code ec;
    for (auto& e : std::filesystem::directory_iterator(dir, ec))
      if (e.path().extension() == ".json") names.push_back(e.path().stem().string());
    std::sort(names.begin(), names.end());
    for (auto& n : names) files.push_back({g->name(), n});
  }
  return files;
}

class Scenario : public ::testing::TestWithParam<ScenarioFile> {};

TEST_P(Scenario, Passes) {
  const ScenarioFile& f = GetParam();
  std::ifstream in(std::string(TABLETOP_TESTS_DIR "/") + f.path());
  const auto scenario = nlohmann::json::parse(in);
  ASSERT_TRUE(scenario.contains("rule")) << "every scenario cites the rule it checks";
  ASSERT_EQ(scenario.value("game", ""), f.game) << "a scenario lives in its game's folder";
  const ScenarioReport report = run_scenario(scenario);
  for (auto& fail : report.failures)
    ADD_FAILURE() << report.name << " [" << report.rule << "]: " << fail;
}

INSTANTIATE_TEST_SUITE_P(Rules, Scenario, ::testing::ValuesIn(scenario_files()),
                         [](const auto& info) {
                           std::string n = info.param.game + "_" + info.param.name;
                           std::replace(n.begin(), n.end(), '-', '_');
                           return n;
                         });

TEST(ScenarioRunner, EveryGameHasScenarios) {
  register_builtin_games();
  for (auto& g : Registry::instance().games()) {
    const auto files = scenario_files();
    EXPECT_TRUE(
        std::any_of(files.begin(), files.end(), [&](auto& f) { return f.game == g->name(); }))
        << g->name() << " has no rule scenarios";
  }
}

// The runner itself must be able to fail: a scenario with a wrong expectation
// is reported, never silently passed.
TEST(ScenarioRunner, ReportsWrongSuikodenExpectations) {
  register_builtin_games();
  nlohmann::json s = {{"name", "wrong on purpose"},
                      {"rule", "none"},
                      {"game", "suikoden"},
                      {"state", {{"players", {{{"hand", {"aldo"}}}, {{"hand", {"kiri"}}}}}}},
                      {"expect", {{{"path", "/players/0/vp"}, {"equals", 3}}}}};
  EXPECT_FALSE(run_scenario(s).passed());
  s["expect"] = {{{"path", "/players/0/vp"}, {"equals", 0}}};
  EXPECT_TRUE(run_scenario(s).passed()) << run_scenario(s).failures.front();
  s["steps"] = {{{"option", "no-such-option"}}};
  EXPECT_FALSE(run_scenario(s).passed());
}

// "refused": the setup, deck or state must be refused, with the given text
// in the error; an accepted setup or another error fails the scenario.
TEST(ScenarioRunner, RefusedSetupsMustBeRefusedForTheStatedReason) {
  register_builtin_games();
  nlohmann::json s = nlohmann::json::parse(R"({
    "name": "an unknown card in a deck", "rule": "none", "game": "suikoden",
    "setup": {"decks": [{"cards": ["no-such-card"]}, "dawn"]},
    "expect": {"refused": "unknown card 'no-such-card'"}})");
  const auto good = run_scenario(s);
  EXPECT_TRUE(good.passed()) << good.failures.front();
  s["expect"] = {{"refused", "some other reason"}};
  EXPECT_FALSE(run_scenario(s).passed());
  s["setup"] = nlohmann::json::object();  // a legal setup: nothing is refused
  s["expect"] = nlohmann::json::parse(R"([{"refused": "no-such-card"}])");
  const auto accepted = run_scenario(s);
  ASSERT_FALSE(accepted.passed());
  EXPECT_NE(accepted.failures.front().find("accepted but should be refused"), std::string::npos);
}

// "log_excludes" fails when the line shown to that seat names the text; the
// referee sees a drawn card, the other seat only "draws a card".
TEST(ScenarioRunner, LogExcludesFailsWhenTheSeatsLogNamesTheText) {
  register_builtin_games();
  nlohmann::json s = nlohmann::json::parse(R"({
    "name": "a drawn card is hidden", "rule": "none", "game": "suikoden", "setup": {"seed": 3}})");
  // Find a card seat 0 drew at set-up, as the referee sees it.
  Match m(Registry::instance().get("suikoden"), setup_from_json(s["setup"]));
  std::string drawn;
  for (auto& line : m.log_json(kReferee)) {
    const auto text = line["text"].get<std::string>();
    if (text.rfind("Seat 0 draws ", 0) == 0) drawn = text.substr(std::string("Seat 0 ").size());
  }
  ASSERT_FALSE(drawn.empty());
  s["expect"] = {{{"log_excludes", drawn}, {"view", 1}}};
  EXPECT_TRUE(run_scenario(s).passed());
  s["expect"] = {{{"log_excludes", drawn}, {"view", 0}}};
  EXPECT_FALSE(run_scenario(s).passed()) << "seat 0 sees its own draw: " << drawn;
  s["expect"] = {{{"log_excludes", drawn}}};
  EXPECT_FALSE(run_scenario(s).passed()) << "the referee sees every draw";
}

// Forced random results reach the game through the state block; one that
// does not fit its draw stops the scenario with a clear message.
TEST(ScenarioRunner, ForcedRandomResultThatDoesNotFitIsReported) {
  register_builtin_games();
  // Seat 0 returns one card at the mulligan: the deck (3 cards + 1) is
  // shuffled with draws below 4, 3, 2; a forced 9 fits none of them.
  nlohmann::json s = nlohmann::json::parse(R"({
    "name": "bad forced result", "rule": "none", "game": "suikoden",
    "state": {"phase": "mulligan", "deciding": 0, "first_player": 0,
      "rng": {"seed": 1, "next": [9]},
      "players": [{"hand": ["aldo", "kiri"], "deck": ["lupa", "lupa", "lupa"]},
                  {"hand": ["aldo", "kiri"], "deck": ["lupa", "lupa", "lupa"]}]},
    "steps": [{"seat": 0, "option": "return:aldo"}, {"seat": 0, "option": "keep"}]})");
  const auto r = run_scenario(s);
  ASSERT_FALSE(r.passed());
  EXPECT_NE(r.failures.front().find("forced result 9 is not below 4"), std::string::npos)
      << r.failures.front();
}

TEST(ScenarioRunner, ReportsWrongDdmExpectations) {
  register_builtin_games();
  nlohmann::json s = {
      {"name", "wrong on purpose"},
      {"rule", "none"},
      {"game", "ddm"},
      {"state",
       {{"phase", "main"}, {"players", {{{"crests", {{"move", 3}}}}, nlohmann::json::object()}}}},
      {"expect", {{{"path", "/players/0/crests/move"}, {"equals", 4}}}}};
  EXPECT_FALSE(run_scenario(s).passed());
  s["expect"] = {{{"path", "/players/0/crests/move"}, {"equals", 3}}};
  EXPECT_TRUE(run_scenario(s).passed()) << run_scenario(s).failures.front();
  s["steps"] = {{{"option", "no-such-option"}}};
  EXPECT_FALSE(run_scenario(s).passed());
}

// A misspelt key never turns a check into one that cannot fail: the issue's
// case ("include" for "contains") once passed with any value at the path.
// Each unknown word, wherever it is, fails the scenario and is named.
TEST(ScenarioRunner, EveryUnknownKeyIsAnErrorNamingIt) {
  register_builtin_games();
  const nlohmann::json good = nlohmann::json::parse(R"({
    "name": "vp", "rule": "none", "game": "suikoden",
    "state": {"players": [{"hand": ["aldo"]}, {"hand": ["kiri"]}]},
    "steps": [{"expect": [{"path": "/players/0/vp", "equals": 0}]}],
    "expect": [{"path": "/players/0/hand", "contains": "aldo"}]})");
  ASSERT_TRUE(run_scenario(good).passed()) << run_scenario(good).failures.front();
  const std::vector<std::pair<std::string, std::string>> typos = {
      {"/expect/0/contains", "include"},
      {"/steps/0/expect/0/equals", "equal"},
      {"/steps/0/expect/0/view", "veiw"},
      {"/steps/0/seat", "set"},
      {"/setup", "seeds"},
      {"/name", "title"},
  };
  for (const auto& [where, word] : typos) {
    nlohmann::json s = good;
    const nlohmann::json::json_pointer ptr(where);
    if (where == "/setup") {
      s["setup"] = {{word, 3}};
    } else if (s.contains(ptr)) {
      nlohmann::json& parent = s[ptr.parent_pointer()];
      parent[word] = parent[ptr.back()];
      parent.erase(ptr.back());
    } else {
      s[ptr.parent_pointer()][word] = 1;
    }
    const ScenarioReport report = run_scenario(s);
    ASSERT_FALSE(report.passed()) << word << " at " << where;
    // Named by its JSON pointer (the scenario schema).
    const std::string at =
        (where == "/setup" ? where : ptr.parent_pointer().to_string()) + "/" + word;
    EXPECT_EQ(report.failures.front().rfind("the scenario:" + at + ": unknown field (known: ", 0),
              0u)
        << report.failures.front();
  }
  // A path expectation that checks nothing, and one of no known kind.
  nlohmann::json s = good;
  s["expect"] = {{{"path", "/players/0/vp"}}};
  EXPECT_NE(run_scenario(s).failures.at(0).find("checks nothing"), std::string::npos);
  s["expect"] = {{{"log_contain", "Aldo"}}};
  EXPECT_NE(run_scenario(s).failures.at(0).find("no kind of expectation"), std::string::npos);
  // "excludes" on a value that cannot contain anything is an error, not a pass.
  s["expect"] = {{{"path", "/players/0/vp"}, {"excludes", 3}}};
  EXPECT_FALSE(run_scenario(s).passed());
}

}  // namespace
}  // namespace tt
