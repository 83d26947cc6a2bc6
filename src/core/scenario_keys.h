// The words a scenario may use (docs/scenario-format.md): every key of the
// scenario, its setup, steps, expectations and option checks is one the
// runner reads, so a misspelt key ("include" for "contains") is an error
// naming it rather than a check that silently passes.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace tt {

// Every key of `scenario` the runner would not read, and every expectation
// that is not exactly one known kind, each as one line naming where it is
// ("step 3, expectation 2: unknown key \"include\" ..."). Empty when the
// scenario uses only known words.
std::vector<std::string> scenario_key_problems(const nlohmann::json& scenario);

}  // namespace tt
