#include "core/scenario.h"

#include <algorithm>
#include <optional>

#include "core/error.h"
#include "core/match.h"
#include "core/registry.h"
#include "core/scenario_keys.h"

namespace tt {

namespace {

using nlohmann::json;

std::vector<std::string> option_ids(const Match& m, Seat seat) {
  std::vector<std::string> ids;
  for (auto& o : m.options(seat)) ids.push_back(o.id);
  return ids;
}

std::string viewer_name(Seat viewer) {
  return viewer == kReferee ? "the referee" : "seat " + std::to_string(viewer);
}

std::string joined(const std::vector<std::string>& ids) {
  std::string s;
  for (auto& id : ids) s += (s.empty() ? "" : ", ") + id;
  return s;
}

// Checks one expectation against the match; returns failure text or "".
std::string check(const Match& m, const json& e) {
  if (!e.is_object()) return "an expectation must be an object";
  if (e.contains("path")) {
    const Seat viewer = e.value("view", kReferee);
    json view = m.view(viewer);
    json::json_pointer ptr;
    try {
      ptr = json::json_pointer(e["path"].get<std::string>());
    } catch (const std::exception& ex) {
      return std::string("bad path: ") + ex.what();
    }
    const std::string where = "at " + e["path"].get<std::string>() + ": ";
    if (!view.contains(ptr)) {
      if (e.contains("absent")) return {};
      return where + "no such value in the view";
    }
    const json& actual = view[ptr];
    if (e.contains("absent")) return where + "expected no value, found " + actual.dump();
    if (e.contains("equals") && actual != e["equals"])
      return where + "expected " + e["equals"].dump() + ", found " + actual.dump();
    if (e.contains("contains")) {
      const json& want = e["contains"];
      bool found =
          actual.is_array()
              ? std::find(actual.begin(), actual.end(), want) != actual.end()
              : actual.is_string() && want.is_string() &&
                    actual.get<std::string>().find(want.get<std::string>()) != std::string::npos;
      if (!found) return where + "expected to contain " + want.dump() + ", found " + actual.dump();
    }
    if (e.contains("excludes")) {
      const json& bad = e["excludes"];
      if (!actual.is_array() && !(actual.is_string() && bad.is_string()))
        return where + "\"excludes\" needs an array, or a string and a string; found " +
               actual.dump();
      const bool found =
          actual.is_array()
              ? std::find(actual.begin(), actual.end(), bad) != actual.end()
              : actual.get<std::string>().find(bad.get<std::string>()) != std::string::npos;
      if (found)
        return where + "expected not to contain " + bad.dump() + ", found " + actual.dump();
    }
    if (e.contains("size") && (!actual.is_array() || actual.size() != e["size"].get<std::size_t>()))
      return where + "expected size " + e["size"].dump() + ", found " + actual.dump();
    return {};
  }
  if (e.contains("terminal")) {
    if (m.state().is_terminal() != e["terminal"].get<bool>())
      return std::string("expected the game ") +
             (e["terminal"].get<bool>() ? "to be over" : "to go on");
    return {};
  }
  if (e.contains("results")) {
    json actual = json::array();
    for (auto& r : m.results()) actual.push_back(r["result"]);
    if (actual != e["results"])
      return "expected results " + e["results"].dump() + ", found " + actual.dump();
    return {};
  }
  if (e.contains("pending")) {
    json actual = json::array();
    for (Seat s = 0; s < m.state().num_seats(); ++s)
      if (!m.state().is_terminal() && has_seat(m.state().pending_seats(), s)) actual.push_back(s);
    if (actual != e["pending"])
      return "expected pending seats " + e["pending"].dump() + ", found " + actual.dump();
    return {};
  }
  if (e.contains("options")) {
    const json& o = e["options"];
    const Seat seat = o.value("seat", 0);
    auto ids = option_ids(m, seat);
    for (auto& want : o.value("include", json::array()))
      if (std::find(ids.begin(), ids.end(), want.get<std::string>()) == ids.end())
        return "seat " + std::to_string(seat) + " lacks option " + want.dump() + " (has " +
               joined(ids) + ")";
    for (auto& bad : o.value("exclude", json::array()))
      if (std::find(ids.begin(), ids.end(), bad.get<std::string>()) != ids.end())
        return "seat " + std::to_string(seat) + " should not have option " + bad.dump();
    if (o.contains("exactly")) {
      auto want = o["exactly"].get<std::vector<std::string>>();
      auto have = ids;
      std::sort(want.begin(), want.end());
      std::sort(have.begin(), have.end());
      if (want != have) return "seat " + std::to_string(seat) + " options are " + joined(ids);
    }
    return {};
  }
  if (e.contains("log_contains")) {
    json log = m.log_json(e.value("view", kReferee));
    const auto want = e["log_contains"].get<std::string>();
    for (auto& line : log)
      if (line["text"].get<std::string>().find(want) != std::string::npos) return {};
    return "no log line contains \"" + want + "\"";
  }
  if (e.contains("log_excludes")) {
    // Hidden information: no line shown to this viewer may name it.
    const Seat viewer = e.value("view", kReferee);
    const auto bad = e["log_excludes"].get<std::string>();
    for (auto& line : m.log_json(viewer)) {
      const auto text = line["text"].get<std::string>();
      if (text.find(bad) != std::string::npos)
        return "the log shown to " + viewer_name(viewer) + " contains \"" + bad + "\": " + text;
    }
    return {};
  }
  if (e.contains("refused"))
    return "\"refused\" is an expectation about the setup: the scenario's only expectation";
  return "unknown expectation " + e.dump();
}

void check_all(const Match& m, const json& list, const std::string& when, ScenarioReport& report) {
  if (!list.is_array()) {
    report.failures.push_back(when + ": expect must be an array");
    return;
  }
  for (auto& e : list) {
    std::string f;
    try {
      f = check(m, e);
    } catch (const std::exception& ex) {
      f = std::string("malformed expectation: ") + ex.what();
    }
    if (!f.empty()) report.failures.push_back(when + ": " + f);
  }
}

// The expected refusal of the setup, deck or state: "expect": {"refused":
// "text"} or "expect": [{"refused": "text"}]. Null when the scenario plays.
const json* expected_refusal(const json& scenario) {
  if (!scenario.contains("expect")) return nullptr;
  const json& e = scenario["expect"];
  if (e.is_object() && e.contains("refused")) return &e["refused"];
  if (e.is_array() && e.size() == 1 && e[0].is_object() && e[0].contains("refused"))
    return &e[0]["refused"];
  return nullptr;
}

}  // namespace

ScenarioReport run_scenario(const json& scenario) {
  ScenarioReport report;
  try {
    if (!scenario.is_object()) throw Error("a scenario must be a JSON object");
    report.name = scenario.value("name", "unnamed");
    report.rule = scenario.value("rule", "");
    // A misspelt key would make its check pass unseen: refuse the scenario first.
    report.failures = scenario_key_problems(scenario);
    if (!report.failures.empty()) return report;
    auto game = Registry::instance().get(scenario.value("game", ""));
    const json* refusal = expected_refusal(scenario);
    std::optional<Match> started;
    try {
      Setup setup = setup_from_json(scenario.value("setup", json::object()));
      started.emplace(scenario.contains("state") ? Match(game, setup, scenario["state"])
                                                 : Match(game, setup));
    } catch (const std::exception& ex) {
      if (!refusal) throw;
      const std::string why = ex.what();
      if (!refusal->is_string())
        report.failures.push_back("\"refused\" names part of the expected error (a string)");
      else if (why.find(refusal->get<std::string>()) == std::string::npos)
        report.failures.push_back("refused as expected, but the error does not contain \"" +
                                  refusal->get<std::string>() + "\": " + why);
      return report;
    }
    if (refusal) {
      report.failures.push_back("the setup was accepted but should be refused (" + refusal->dump() +
                                ")");
      return report;
    }
    Match& m = *started;
    const json steps = scenario.value("steps", json::array());
    for (std::size_t i = 0; i < steps.size(); ++i) {
      const json& step = steps[i];
      const std::string when = "step " + std::to_string(i + 1);
      if (step.contains("option")) {
        const Seat seat = step.value("seat", m.state().to_act());
        const std::string id = step["option"].get<std::string>();
        std::string err;
        try {
          err = m.act(seat, id);
        } catch (const Error& ex) {
          // E.g. a forced random result that does not fit its draw: nothing changed.
          report.failures.push_back(when + ": '" + id + "' could not be played: " + ex.what());
          return report;
        }
        const json want = step.value("error", json(false));
        const bool want_error = want.is_string() || (want.is_boolean() && want.get<bool>());
        if (want_error && err.empty())
          report.failures.push_back(when + ": '" + id + "' was accepted but should be refused");
        if (want.is_string() && !err.empty() &&
            err.find(want.get<std::string>()) == std::string::npos)
          report.failures.push_back(when + ": '" + id + "' was refused, but not with \"" +
                                    want.get<std::string>() + "\": " + err);
        if (!want_error && !err.empty()) {
          report.failures.push_back(when + ": " + err +
                                    " (options: " + joined(option_ids(m, seat)) + ")");
          return report;  // later steps would only repeat the failure
        }
      }
      if (step.contains("expect")) check_all(m, step["expect"], when, report);
    }
    if (scenario.contains("expect")) check_all(m, scenario["expect"], "end", report);
  } catch (const std::exception& ex) {
    report.failures.push_back(std::string("scenario could not run: ") + ex.what());
  }
  return report;
}

}  // namespace tt
