#include "core/scenario_keys.h"

#include <algorithm>
#include <iterator>
#include <span>
#include <string_view>

namespace tt {
namespace {

using nlohmann::json;
using Words = std::span<const std::string_view>;

bool known(const std::string& key, Words words) {
  return std::find(words.begin(), words.end(), key) != words.end();
}

std::string listed(Words words) {
  std::string s;
  for (std::string_view w : words) s += (s.empty() ? "" : ", ") + std::string(w);
  return s;
}

// One problem per key of `object` not among `words`.
void unknown_keys(const json& object, Words words, const std::string& where,
                  std::vector<std::string>& problems) {
  if (!object.is_object()) return;  // the runner reports a wrong type itself
  for (auto& [key, value] : object.items())
    if (!known(key, words))
      problems.push_back(where + ": unknown key \"" + key + "\" (known: " + listed(words) + ")");
}

// What each kind of expectation may carry besides its own key.
constexpr std::string_view kKinds[] = {"path",    "terminal",     "results",      "pending",
                                       "options", "log_contains", "log_excludes", "refused"};
constexpr std::string_view kPathWords[] = {"path",     "view", "equals", "contains",
                                           "excludes", "size", "absent"};
constexpr std::string_view kPathChecks[] = {"equals", "contains", "excludes", "size", "absent"};
constexpr std::string_view kLogContains[] = {"log_contains", "view"};
constexpr std::string_view kLogExcludes[] = {"log_excludes", "view"};
constexpr std::string_view kOptions[] = {"options"};
constexpr std::string_view kOptionChecks[] = {"seat", "include", "exclude", "exactly"};
constexpr std::string_view kScenario[] = {"$schema", "name",  "rule",  "game",
                                          "setup",   "state", "steps", "expect"};
constexpr std::string_view kSetup[] = {"seats", "variant", "options", "decks", "seed"};
constexpr std::string_view kStep[] = {"seat", "option", "error", "expect"};

void expectation(const json& e, const std::string& where, std::vector<std::string>& problems) {
  if (!e.is_object()) return;  // "an expectation must be an object", from the runner
  std::vector<std::string> kinds;
  for (std::string_view k : kKinds)
    if (e.contains(std::string(k))) kinds.emplace_back(k);
  if (kinds.size() != 1) {
    problems.push_back(where + (kinds.empty()
                                    ? ": no kind of expectation (one of: " + listed(kKinds) + ")"
                                    : ": more than one kind of expectation in one object"));
    return;
  }
  const std::string& kind = kinds.front();
  if (kind == "path") {
    unknown_keys(e, kPathWords, where, problems);
    if (std::none_of(std::begin(kPathChecks), std::end(kPathChecks),
                     [&](std::string_view c) { return e.contains(std::string(c)); }))
      problems.push_back(
          where + ": a path expectation checks nothing (add one of: " + listed(kPathChecks) + ")");
    if (e.contains("absent") && e["absent"] != json(true))
      problems.push_back(where + ": \"absent\" must be true");
  } else if (kind == "log_contains") {
    unknown_keys(e, kLogContains, where, problems);
  } else if (kind == "log_excludes") {
    unknown_keys(e, kLogExcludes, where, problems);
  } else if (kind == "options") {
    unknown_keys(e, kOptions, where, problems);
    unknown_keys(e["options"], kOptionChecks, where + ", options", problems);
  } else {
    const std::string_view only[] = {kind};
    unknown_keys(e, only, where, problems);
  }
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
  if (!scenario.is_object()) return problems;
  // "$schema" lets an editor check the file as it is typed; the runner ignores it.
  unknown_keys(scenario, kScenario, "the scenario", problems);
  if (scenario.contains("setup")) unknown_keys(scenario["setup"], kSetup, "setup", problems);
  if (const auto steps = scenario.find("steps"); steps != scenario.end() && steps->is_array())
    for (std::size_t i = 0; i < steps->size(); ++i) {
      const std::string where = "step " + std::to_string(i + 1);
      unknown_keys((*steps)[i], kStep, where, problems);
      if ((*steps)[i].is_object() && (*steps)[i].contains("expect"))
        expectations((*steps)[i]["expect"], where, problems);
    }
  if (scenario.contains("expect")) expectations(scenario["expect"], "end", problems);
  return problems;
}

}  // namespace tt
