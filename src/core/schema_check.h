// Checking a data file against its JSON Schema (data/schema/NAME.schema.json,
// compiled into the program): the one description of each format that the
// loaders, `tabletop check-data`, the tests and people's editors all read.
// Every problem names the JSON pointer of the field at fault and says what
// was expected and what was found. A loader checks the schema first and then
// only what a schema cannot say (references between cards, deck rules).
#pragma once
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace tt {

struct SchemaProblem {
  std::string pointer;  // RFC 6901: "/monsters/0/atk"; "" for the whole document
  std::string message;  // "expected an integer, found \"strong\""
};

// Every problem of `doc` under schema `schema` ("ddm-pool", "magic-deck",
// "scenario"), in document order; empty when it conforms. Throws tt::Error
// for a schema that is not compiled in.
std::vector<SchemaProblem> schema_problems(const nlohmann::json& doc, std::string_view schema);

// One line for a problem: "FILE:/monsters/0/atk: expected ..." ("FILE: ..."
// for the whole document).
std::string schema_problem_line(const std::string& file, const SchemaProblem& p);

// Throws tt::DataError when `doc` does not conform: every problem, one a line
// (schema_problem_line), the first 50 of them.
void check_schema(const nlohmann::json& doc, std::string_view schema, const std::string& file);

// The schemas compiled in, by name, and the text of one ("" when unknown).
std::vector<std::string> schema_names();
std::string_view schema_text(std::string_view name);

}  // namespace tt
