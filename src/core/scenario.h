// Scenarios: a JSON file that sets up a state explicitly, lists decisions by
// option id, and states expected outcomes (docs/scenario-format.md). The rule
// tests of every game are scenarios.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace tt {

struct ScenarioReport {
  std::string name;
  std::string rule;                   // the rule-text section the scenario checks
  std::vector<std::string> failures;  // empty: passed
  bool bad_data = false;              // the game's card data could not be loaded (tt::DataError)
  bool passed() const { return failures.empty(); }
};

// Runs a scenario. Malformed scenarios are reported as failures, never thrown.
ScenarioReport run_scenario(const nlohmann::json& scenario);

}  // namespace tt
