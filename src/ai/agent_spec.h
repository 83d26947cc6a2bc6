// How an agent is named everywhere a seat can be a computer (the CLI's
// --seats and --agent, the engine protocol's `ai`, the server's computer
// seats): its name, then parameters, each after a colon:
//   greedy            ismcts:sims=2000            ismcts:ms=50:threads=2
// The catalogue lists every agent with its parameters, their defaults and
// their ranges; a spec naming anything else is refused with the reason.
#pragma once
#include <map>
#include <string>
#include <vector>

namespace tt {

struct AgentParam {
  std::string name;
  std::string about;
  std::string fallback;              // the default, as written in a spec
  double min = 0, max = 0;           // for numbers
  bool integer = false;              // whole numbers only
  std::vector<std::string> choices;  // for words; empty for numbers
};

struct AgentKind {
  std::string name;
  std::string about;
  std::vector<AgentParam> params;
};

// Every agent, in the order they are listed to people.
const std::vector<AgentKind>& agent_kinds();

// A parsed spec: the agent and every one of its parameters (defaults filled in).
struct AgentSpec {
  std::string name;
  std::map<std::string, std::string> values;

  double number(const std::string& param) const;  // precondition: a numeric parameter
  const std::string& word(const std::string& param) const;
  // The spec written back in full, parameters in catalogue order, defaults
  // left out ("ismcts:sims=2000").
  std::string text() const;
};

// Throws tt::Error naming the problem: an unknown agent or parameter, a value
// out of its range or not among its choices, a parameter given twice.
AgentSpec parse_agent_spec(const std::string& text);

}  // namespace tt
