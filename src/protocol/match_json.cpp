#include "protocol/match_json.h"

namespace tt::protocol {

using nlohmann::json;

std::vector<Seat> pending_seats(const Match& match) {
  std::vector<Seat> out;
  const State& st = match.state();
  if (st.is_terminal()) return out;
  for (Seat s = 0; s < st.num_seats(); ++s)
    if (has_seat(st.pending_seats(), s)) out.push_back(s);
  return out;
}

json pending_json(const Match& match) {
  json out = json::array();
  for (Seat s : pending_seats(match)) {
    json options = json::array();
    for (auto& o : match.options(s)) options.push_back({{"id", o.id}, {"label", o.label}});
    out.push_back({{"seat", s}, {"prompt", match.state().prompt(s)}, {"options", options}});
  }
  return out;
}

void add_status(const Match& match, json& reply) {
  reply["terminal"] = match.state().is_terminal();
  reply["results"] = match.results();
  reply["pending"] = pending_json(match);
}

}  // namespace tt::protocol
