// Runs every scenario file of every game (tests/GAME/scenarios/*.json) as its
// own test, named GAME/FILE. Each scenario names the rule it checks and cites
// the section of the game's rule text.
#include "core/scenario.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/registry.h"

namespace tt {
namespace {

struct ScenarioFile {
  std::string game;
  std::string name;
};

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
  std::ifstream in(std::string(TABLETOP_TESTS_DIR "/") + f.game + "/scenarios/" + f.name + ".json");
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

}  // namespace
}  // namespace tt
