// What a schema failure means in the author's terms: valijson says "Value
// type not permitted by 'type' constraint."; an author wants "expected an
// integer from 0 to 9990, found \"strong\"" at "/monsters/0/atk". The schema
// itself says what the field expects, so the message is built from it.
// Internal to core/schema_check.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/schema_check.h"

namespace tt {

// The problem valijson reported as `description` at `tokens` (the JSON
// pointer's tokens into `doc`), with `schema` the schema document.
SchemaProblem describe_schema_failure(const nlohmann::json& schema, const nlohmann::json& doc,
                                      const std::vector<std::string>& tokens,
                                      const std::string& description);

}  // namespace tt
