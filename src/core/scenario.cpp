#include "core/scenario.h"

#include <algorithm>

#include "core/error.h"
#include "core/match.h"
#include "core/registry.h"

namespace tt {

namespace {

using nlohmann::json;

std::vector<std::string> option_ids(const Match& m, Seat seat) {
  std::vector<std::string> ids;
  for (auto& o : m.options(seat)) ids.push_back(o.id);
  return ids;
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
    if (e.contains("excludes") && actual.is_array() &&
        std::find(actual.begin(), actual.end(), e["excludes"]) != actual.end())
      return where + "expected not to contain " + e["excludes"].dump();
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

}  // namespace

ScenarioReport run_scenario(const json& scenario) {
  ScenarioReport report;
  try {
    if (!scenario.is_object()) throw Error("a scenario must be a JSON object");
    report.name = scenario.value("name", "unnamed");
    report.rule = scenario.value("rule", "");
    auto game = Registry::instance().get(scenario.value("game", ""));
    Setup setup = setup_from_json(scenario.value("setup", json::object()));
    Match m =
        scenario.contains("state") ? Match(game, setup, scenario["state"]) : Match(game, setup);
    const json steps = scenario.value("steps", json::array());
    for (std::size_t i = 0; i < steps.size(); ++i) {
      const json& step = steps[i];
      const std::string when = "step " + std::to_string(i + 1);
      if (step.contains("option")) {
        const Seat seat = step.value("seat", m.state().to_act());
        const std::string id = step["option"].get<std::string>();
        const std::string err = m.act(seat, id);
        const bool want_error = step.value("error", false);
        if (want_error && err.empty())
          report.failures.push_back(when + ": '" + id + "' was accepted but should be refused");
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
