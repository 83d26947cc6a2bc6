// Agents where a seat can be a computer (the CLI, the engine protocol's
// `ai`, the server's computer seats): a spec (ai/agent_spec.h) checked
// against the game it is to play, and the catalogue of agents as JSON.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ai/agent_spec.h"
#include "core/game.h"
#include "core/state.h"

namespace tt::protocol {

// Whether `spec` searches determinizations (IS-MCTS; greedy with samples).
bool needs_determinization(const AgentSpec& spec);

// Why the agent cannot play the game `state` is a position of, or "": an
// agent that searches determinizations needs the game's
// State::determinize, tried once on a copy of `state`.
std::string agent_cannot_play(const AgentSpec& spec, const State& state);

// The spec parsed and checked against `state`'s game; throws tt::Error
// naming the problem ("ismcts:sims: 0 is not in 1 to 10000000", "ismcts
// cannot play ddm: this game has no determinization yet").
AgentSpec checked_agent_spec(const std::string& text, const State& state);

// The agents that can play `game` (every agent, less those that need a
// determinization the game does not have yet), in catalogue order. Found
// once per game on its seed-1 deal and remembered.
std::vector<std::string> agents_for(const Game& game);

// Agents with their parameters, as the catalogue lists them: [{name, about,
// params: [{name, about, default, min, max, integer} or {name, about,
// default, choices}]}], only those named in `names`.
nlohmann::json agent_kinds_json(const std::vector<std::string>& names);

}  // namespace tt::protocol
