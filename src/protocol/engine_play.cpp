// The commands that play and inspect the current match.
#include <algorithm>
#include <cstdint>

#include "ai/agent.h"
#include "core/error.h"
#include "core/replay.h"
#include "protocol/agents.h"
#include "protocol/engine.h"
#include "protocol/fields.h"
#include "protocol/match_json.h"

namespace tt::protocol {

using nlohmann::json;

namespace {

// A seat that must exist in the match: an integer in [0, seats).
Seat seat_field(const Match& m, const json& req) {
  return static_cast<Seat>(int_field(req, "seat", 0, m.state().num_seats() - 1));
}

}  // namespace

json Engine::after_decision(std::size_t log_from, Seat viewer) {
  const Match& m = *match_;
  json reply = {{"log", m.log_json(viewer, log_from)}, {"decisions", m.decisions().size()}};
  add_status(m, reply);
  return reply;
}

json Engine::cmd_pending(const json&) {
  json reply = json::object();
  add_status(current(), reply);
  return reply;
}

json Engine::cmd_act(const json& req) {
  Match& m = current();
  const Seat seat = seat_field(m, req);
  const std::string option = string_field(req, "option");
  // New log lines are shown as the acting seat sees them unless "as" says otherwise.
  const Seat viewer = viewer_field_or(req, "as", m.state().num_seats(), seat);
  // The decision as the viewer may see it (a card played face down is not named).
  std::string shown = option;
  for (auto& o : m.options(seat))
    if (o.id == option) shown = m.state().action_id_for(seat, o.action, viewer);
  const std::size_t log_from = m.log().size();
  const std::string error = m.act(seat, option);
  if (!error.empty()) throw Error(error);
  json reply = after_decision(log_from, viewer);
  reply["option"] = shown;
  return reply;
}

json Engine::cmd_ai(const json& req) {
  Match& m = current();
  const State& st = m.state();
  if (st.is_terminal()) throw Error("the game is over");
  const Seat seat = field(req, "seat") ? seat_field(m, req) : st.to_act();
  if (!has_seat(st.pending_seats(), seat))
    throw Error("seat " + std::to_string(seat) + " has no decision pending");
  // An agent spec ("greedy", "ismcts:sims=2000"), checked against the game.
  const AgentSpec spec = checked_agent_spec(string_field_or(req, "agent", "greedy"), st);
  auto agent = make_agent(spec.text());
  const Seat viewer = viewer_field_or(req, "as", st.num_seats(), seat);
  const Action action = agent->choose(st, seat, agent_rng_);
  const std::string id = st.action_id_for(seat, action, viewer);
  const std::string label = st.action_label_for(seat, action, viewer);
  const std::size_t log_from = m.log().size();
  const std::string error = m.act(seat, action);
  if (!error.empty()) throw Error("the agent chose an illegal option: " + error);
  json reply = after_decision(log_from, viewer);
  reply["seat"] = seat;
  reply["option"] = id;
  reply["label"] = label;
  reply["agent"] = spec.text();
  return reply;
}

json Engine::cmd_view(const json& req) {
  const Match& m = current();
  const json* seat = field(req, "seat");
  if (!seat) throw Error("missing field 'seat' (a seat number or \"referee\")");
  const Seat viewer = viewer_value(*seat, "seat", m.state().num_seats());
  return {{"view", m.view(viewer)}, {"text", m.state().render(viewer)}};
}

json Engine::cmd_log(const json& req) {
  const Match& m = current();
  const Seat viewer = viewer_field_or(req, "as", m.state().num_seats(), kReferee);
  const auto since = static_cast<std::size_t>(int_field_or(req, "since", 0, INT64_MAX, 0));
  const std::size_t size = m.log().size();
  return {{"log", m.log_json(viewer, std::min(since, size))}, {"next", size}};
}

json Engine::cmd_save(const json& req) {
  const Match& m = current();
  const Seat viewer = viewer_field_or(req, "as", m.state().num_seats(), kReferee);
  return {{"record", record_seen_by(m.record(), viewer)}};
}

json Engine::cmd_results(const json&) {
  const Match& m = current();
  return {{"terminal", m.state().is_terminal()}, {"results", m.results()}};
}

}  // namespace tt::protocol
