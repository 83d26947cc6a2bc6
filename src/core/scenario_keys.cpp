#include "core/scenario_keys.h"

#include <algorithm>
#include <iterator>
#include <span>
#include <string_view>

#include "core/schema_check.h"

namespace tt {
namespace {

using nlohmann::json;

// The kinds of expectation; an expectation is exactly one (the schema checks
// each kind's own fields, but not that there is one kind).
constexpr std::string_view kKinds[] = {"path",    "terminal",     "results",      "pending",
                                       "options", "log_contains", "log_excludes", "refused"};
constexpr std::string_view kPathChecks[] = {"equals", "contains", "excludes", "size", "absent"};

std::string listed(std::span<const std::string_view> words) {
  std::string s;
  for (std::string_view w : words) s += (s.empty() ? "" : ", ") + std::string(w);
  return s;
}

void expectation(const json& e, const std::string& where, std::vector<std::string>& problems) {
  if (!e.is_object()) return;
  std::size_t kinds = 0;
  for (std::string_view k : kKinds) kinds += e.contains(std::string(k)) ? 1 : 0;
  if (kinds != 1) {
    problems.push_back(where + (kinds == 0
                                    ? ": no kind of expectation (one of: " + listed(kKinds) + ")"
                                    : ": more than one kind of expectation in one object"));
    return;
  }
  if (e.contains("path") &&
      std::none_of(std::begin(kPathChecks), std::end(kPathChecks),
                   [&](std::string_view c) { return e.contains(std::string(c)); }))
    problems.push_back(
        where + ": a path expectation checks nothing (add one of: " + listed(kPathChecks) + ")");
}

void expectations(const json& list, const std::string& where, std::vector<std::string>& problems) {
  if (list.is_object()) return expectation(list, where, problems);  // {"refused": ...}
  if (!list.is_array()) return;
  for (std::size_t i = 0; i < list.size(); ++i)
    expectation(list[i], where + ", expectation " + std::to_string(i + 1), problems);
}

}  // namespace

std::vector<std::string> scenario_key_problems(const json& scenario) {
  std::vector<std::string> problems;
  for (const SchemaProblem& p : schema_problems(scenario, "scenario"))
    problems.push_back(schema_problem_line("the scenario", p));
  if (!scenario.is_object()) return problems;
  if (const auto steps = scenario.find("steps"); steps != scenario.end() && steps->is_array())
    for (std::size_t i = 0; i < steps->size(); ++i)
      if ((*steps)[i].is_object() && (*steps)[i].contains("expect"))
        expectations((*steps)[i]["expect"], "step " + std::to_string(i + 1), problems);
  if (scenario.contains("expect")) expectations(scenario["expect"], "end", problems);
  return problems;
}

}  // namespace tt
