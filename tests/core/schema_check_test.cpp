// The schema machinery (core/schema_check.h): every schema of data/schema is
// compiled in and valid, a broken document gets one line per problem naming
// the JSON pointer of the field and what it expected, and every scenario of
// the repository conforms to the scenario schema (docs/scenario-format.md).
#include "core/schema_check.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/error.h"

namespace tt {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path kSource = fs::path(TABLETOP_TESTS_DIR).parent_path();

json read(const fs::path& p) {
  std::ifstream in(p);
  return json::parse(in);
}

std::string problems_text(const json& doc, const char* schema) {
  std::string out;
  for (const SchemaProblem& p : schema_problems(doc, schema))
    out += schema_problem_line("f.json", p) + "\n";
  return out;
}

TEST(SchemaFiles, EverySchemaFileIsCompiledInAndParses) {
  std::vector<std::string> files;
  for (const auto& e : fs::directory_iterator(kSource / "data" / "schema")) {
    const std::string name = e.path().filename().string();
    const std::string suffix = ".schema.json";
    ASSERT_TRUE(name.ends_with(suffix)) << name << ": a schema file is NAME.schema.json";
    files.push_back(name.substr(0, name.size() - suffix.size()));
    // The compiled-in text is the file's (CMake re-runs when a schema changes).
    std::ifstream in(e.path());
    const std::string text((std::istreambuf_iterator<char>(in)), {});
    EXPECT_EQ(schema_text(files.back()), text) << name << " is stale in the build";
  }
  std::sort(files.begin(), files.end());
  EXPECT_EQ(schema_names(), files);  // parses every schema, throwing for a broken one
  EXPECT_THROW(schema_problems(json::object(), "no-such-format"), Error);
}

TEST(SchemaProblems, NameThePointerAndWhatWasExpected) {
  const json s = json::parse(R"({
    "game": "ddm",
    "setup": {"seats": 40, "sede": 3, "decks": "x"},
    "steps": [{"seat": 0, "option": 5}, {"option": "a", "expect": {"results": ["won"]}}],
    "expect": [{"path": "/a", "equals": 1, "eqals": 2}]
  })");
  EXPECT_EQ(problems_text(s, "scenario"),
            "f.json:/expect/0/eqals: unknown field (known: absent, contains, equals, excludes, "
            "path, size, view)\n"
            "f.json:/setup/decks: expected a list, found \"x\"\n"
            "f.json:/setup/seats: 40 is out of range (1 to 16)\n"
            "f.json:/setup/sede: unknown field (known: decks, options, seats, seed, variant)\n"
            "f.json:/steps/0/option: expected a string, found 5\n"
            "f.json:/steps/1/expect/results/0: expected one of win, loss, draw, found \"won\"\n");
}

TEST(SchemaProblems, AMissingRequiredFieldIsNamedByItsPointer) {
  EXPECT_EQ(problems_text(json::parse(R"({"name": "x"})"), "scenario"),
            "f.json:/game: is required\n");
  EXPECT_EQ(problems_text(json::array(), "scenario"), "f.json: expected an object, found []\n");
}

TEST(SchemaProblems, CheckSchemaThrowsADataErrorOfOneLinePerProblem) {
  const json s = json::parse(R"({"game": 3, "steps": {}})");
  try {
    check_schema(s, "scenario", "tests/x.json");
    FAIL() << "a broken scenario passed";
  } catch (const DataError& e) {
    EXPECT_EQ(std::string(e.what()),
              "tests/x.json:/game: expected a string, found 3\n"
              "tests/x.json:/steps: expected a list, found {}");
  }
  EXPECT_NO_THROW(check_schema(json::parse(R"({"game": "ddm"})"), "scenario", "x"));
}

// std::regex recurses per character: a huge string must never reach a pattern.
TEST(SchemaProblems, AHugeStringIsRefusedByItsPointerBeforeAnyPatternSeesIt) {
  json s = json::parse(R"({"game": "ddm", "setup": {"seed": "1"}})");
  s["setup"]["seed"] = std::string(200000, '7');
  EXPECT_EQ(problems_text(s, "scenario"),
            "f.json:/setup/seed: a string of 200000 characters; at most 16384\n");
  s["setup"]["seed"] = std::string(16384, '7');
  EXPECT_EQ(problems_text(s, "scenario"),
            "f.json:/setup/seed: \"" + std::string(56, '7') + "... does not match ^[0-9]{1,20}$\n");
}

TEST(SchemaConformance, EveryScenarioOfTheRepositoryConformsToTheScenarioSchema) {
  int checked = 0;
  for (const auto& game : fs::directory_iterator(kSource / "tests")) {
    const fs::path folder = game.path() / "scenarios";
    if (!fs::is_directory(folder)) continue;
    for (const auto& f : fs::directory_iterator(folder)) {
      if (f.path().extension() != ".json") continue;
      const json doc = read(f.path());
      EXPECT_EQ(problems_text(doc, "scenario"), "") << f.path();
      EXPECT_EQ(doc.value("$schema", ""), "../../../data/schema/scenario.schema.json")
          << f.path() << ": an editor finds the schema through $schema";
      ++checked;
    }
  }
  EXPECT_GT(checked, 300);
}

}  // namespace
}  // namespace tt
