#include "ai/agent_spec.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

#include "ai/agent.h"
#include "ai/ismcts.h"
#include "core/error.h"

namespace tt {

const std::vector<AgentKind>& agent_kinds() {
  static const std::vector<AgentKind> kinds = {
      {"random", "uniformly random among the legal options", {}},
      {"greedy",
       "one step of lookahead rated by the game's heuristic, averaged over determinizations "
       "(samples of what it cannot see; it never reads hidden cards or coming rolls)",
       {{"samples", "determinizations each option is rated on", "4", 1, 64, true, {}},
        {"evals",
         "the most positions a decision rates (an option applied, then the heuristic read); "
         "fewer samples, then fewer options, when the options need more",
         std::to_string(GreedyAgent::kDefaultEvals),
         1,
         10'000'000,
         true,
         {}}}},
      {"ismcts",
       "information-set Monte Carlo tree search (one tree from its own seat's view, a fresh "
       "determinization each simulation, UCT, playouts cut off by the game's heuristic)",
       {{"sims", "simulations per decision (when ms is 0)", "1000", 1, 10'000'000, true, {}},
        {"ms",
         "milliseconds per decision instead of a simulation count (0: use sims)",
         "0",
         0,
         600'000,
         true,
         {}},
        {"c", "UCT exploration constant", "0.7", 0, 100, false, {}},
        {"depth",
         "playout decisions before the heuristic judges the position (the most, 100000, plays "
         "every game to its end: full playouts)",
         "20",
         0,
         IsmctsConfig::kFullPlayout,
         true,
         {}},
        {"rollout", "playout policy", "random", 0, 0, false, {"random", "greedy"}},
        {"threads", "root-parallel trees, one per thread, votes summed", "1", 1, 64, true, {}}}},
  };
  return kinds;
}

namespace {

const AgentKind& kind_named(const std::string& name) {
  for (const AgentKind& k : agent_kinds())
    if (k.name == name) return k;
  std::string known;
  for (const AgentKind& k : agent_kinds()) known += (known.empty() ? "" : ", ") + k.name;
  throw Error("unknown agent '" + name + "' (known: " + known + ")");
}

const AgentParam* param_named(const AgentKind& kind, const std::string& name) {
  for (const AgentParam& p : kind.params)
    if (p.name == name) return &p;
  return nullptr;
}

// 10000000 as "10000000", 0.5 as "0.5".
std::string number_text(double v) {
  if (v == std::floor(v) && std::abs(v) < 1e15) return std::to_string(static_cast<long long>(v));
  std::ostringstream out;
  out << v;
  return out.str();
}

void check_value(const AgentKind& kind, const AgentParam& p, const std::string& value) {
  const std::string where = kind.name + ":" + p.name;
  if (!p.choices.empty()) {
    if (std::find(p.choices.begin(), p.choices.end(), value) != p.choices.end()) return;
    std::string list;
    for (auto& c : p.choices) list += (list.empty() ? "" : ", ") + c;
    throw Error(where + ": '" + value + "' is not one of " + list);
  }
  double v = 0;
  const char* end = value.data() + value.size();
  const auto [ptr, ec] = std::from_chars(value.data(), end, v);
  if (value.empty() || ec != std::errc() || ptr != end || !std::isfinite(v))
    throw Error(where + ": '" + value + "' is not a number");
  if (p.integer && v != std::floor(v))
    throw Error(where + ": '" + value + "' is not a whole number");
  if (v < p.min || v > p.max)
    throw Error(where + ": " + value + " is not in " + number_text(p.min) + " to " +
                number_text(p.max));
}

}  // namespace

AgentSpec parse_agent_spec(const std::string& text) {
  const std::size_t colon = text.find(':');
  AgentSpec spec;
  spec.name = text.substr(0, colon);
  const AgentKind& kind = kind_named(spec.name);
  for (const AgentParam& p : kind.params) spec.values[p.name] = p.fallback;
  std::vector<std::string> given;
  for (std::size_t at = colon; at != std::string::npos;) {
    const std::size_t next = text.find(':', at + 1);
    const std::string part = text.substr(at + 1, next == std::string::npos ? next : next - at - 1);
    at = next;
    const std::size_t eq = part.find('=');
    if (eq == std::string::npos || eq == 0)
      throw Error(spec.name + ": '" + part + "' is not a parameter=value");
    const std::string name = part.substr(0, eq), value = part.substr(eq + 1);
    const AgentParam* p = param_named(kind, name);
    if (!p) {
      std::string known;
      for (auto& q : kind.params) known += (known.empty() ? "" : ", ") + q.name;
      throw Error(spec.name + " has no parameter '" + name + "'" +
                  (known.empty() ? std::string(" (it takes none)") : " (it takes " + known + ")"));
    }
    if (std::find(given.begin(), given.end(), name) != given.end())
      throw Error(spec.name + ": '" + name + "' is given twice");
    given.push_back(name);
    check_value(kind, *p, value);
    spec.values[name] = value;
  }
  return spec;
}

double AgentSpec::number(const std::string& param) const {
  return std::stod(values.at(param));
}

const std::string& AgentSpec::word(const std::string& param) const {
  return values.at(param);
}

std::string AgentSpec::text() const {
  std::string out = name;
  for (const AgentParam& p : kind_named(name).params) {
    const std::string& v = values.at(p.name);
    if (v != p.fallback) out += ":" + p.name + "=" + v;
  }
  return out;
}

}  // namespace tt
