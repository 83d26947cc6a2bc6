#include "protocol/agents.h"

#include <algorithm>
#include <map>
#include <mutex>

#include "ai/agent.h"
#include "core/error.h"
#include "core/rng.h"

namespace tt::protocol {

using nlohmann::json;

bool needs_determinization(const AgentSpec& spec) {
  if (spec.name == "ismcts") return true;
  // A greedy agent that rates its options over sampled determinizations.
  const auto samples = spec.values.find("samples");
  return samples != spec.values.end() && spec.number("samples") > 0;
}

std::string agent_cannot_play(const AgentSpec& spec, const State& state) {
  if (!needs_determinization(spec)) return {};
  try {
    auto copy = state.clone();
    Rng rng(1);
    copy->determinize(0, rng);
  } catch (const Error& e) {
    return spec.name + " cannot play this game: " + e.what();
  }
  return {};
}

AgentSpec checked_agent_spec(const std::string& text, const State& state) {
  AgentSpec spec = parse_agent_spec(text);
  if (const std::string why = agent_cannot_play(spec, state); !why.empty()) throw Error(why);
  return spec;
}

std::vector<std::string> agents_for(const Game& game) {
  static std::mutex mutex;
  static std::map<std::string, std::vector<std::string>> known;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = known.find(game.name());
  if (it != known.end()) return it->second;
  std::vector<std::string> names;
  std::unique_ptr<State> state;
  try {
    Setup setup;
    setup.seats = game.min_seats();
    state = game.new_state(setup);
  } catch (const Error&) {
    // The default setup does not deal: only agents that need nothing of the game.
  }
  for (const AgentKind& k : agent_kinds()) {
    const AgentSpec spec = parse_agent_spec(k.name);
    if (!needs_determinization(spec) || (state && agent_cannot_play(spec, *state).empty()))
      names.push_back(k.name);
  }
  return known[game.name()] = names;
}

json agent_kinds_json(const std::vector<std::string>& names) {
  json out = json::array();
  for (const AgentKind& k : agent_kinds()) {
    if (std::find(names.begin(), names.end(), k.name) == names.end()) continue;
    json params = json::array();
    for (const AgentParam& p : k.params) {
      json j = {{"name", p.name}, {"about", p.about}, {"default", p.fallback}};
      if (p.choices.empty()) {
        j["min"] = p.min;
        j["max"] = p.max;
        j["integer"] = p.integer;
      } else {
        j["choices"] = p.choices;
      }
      params.push_back(j);
    }
    out.push_back({{"name", k.name}, {"about", k.about}, {"params", params}});
  }
  return out;
}

}  // namespace tt::protocol
