// The words a scenario may use (docs/scenario-format.md): every key of the
// scenario, its setup, steps, expectations and option checks is one the
// runner reads, so a misspelt key ("include" for "contains") is an error
// naming it rather than a check that silently passes. The words and their
// types are the scenario schema's (data/schema/scenario.schema.json); the
// runner adds what the schema does not say.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace tt {

// Every field of `scenario` that breaks the scenario schema, as its JSON
// pointer and what is wrong ("/steps/2/expect/0/include: unknown field
// (known: ...)"), and every expectation that is not exactly one kind or is a
// path expectation that checks nothing ("step 3, expectation 2: ..."). Empty
// when the scenario uses only known words.
std::vector<std::string> scenario_key_problems(const nlohmann::json& scenario);

}  // namespace tt
