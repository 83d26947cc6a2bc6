// Runs every scenario file in tests/suikoden/scenarios as its own test. Each
// scenario names the rule it checks and cites the section of the rule text.
#include "core/scenario.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/registry.h"

namespace tt {
namespace {

std::vector<std::string> scenario_files() {
  std::vector<std::string> files;
  for (auto& e : std::filesystem::directory_iterator(TABLETOP_TESTS_DIR "/suikoden/scenarios"))
    if (e.path().extension() == ".json") files.push_back(e.path().stem().string());
  std::sort(files.begin(), files.end());
  return files;
}

class SuikodenScenario : public ::testing::TestWithParam<std::string> {};

TEST_P(SuikodenScenario, Passes) {
  register_builtin_games();
  std::ifstream in(std::string(TABLETOP_TESTS_DIR "/suikoden/scenarios/") + GetParam() + ".json");
  const auto scenario = nlohmann::json::parse(in);
  ASSERT_TRUE(scenario.contains("rule")) << "every scenario cites the rule it checks";
  const ScenarioReport report = run_scenario(scenario);
  for (auto& f : report.failures) ADD_FAILURE() << report.name << " [" << report.rule << "]: " << f;
}

INSTANTIATE_TEST_SUITE_P(Rules, SuikodenScenario, ::testing::ValuesIn(scenario_files()),
                         [](const auto& info) {
                           std::string n = info.param;
                           std::replace(n.begin(), n.end(), '-', '_');
                           return n;
                         });

// The runner itself must be able to fail: a scenario with a wrong expectation
// is reported, never silently passed.
TEST(ScenarioRunner, ReportsWrongExpectations) {
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

}  // namespace
}  // namespace tt
