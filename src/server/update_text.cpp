#include "server/update_text.h"

#include <algorithm>

#include "protocol/match_json.h"
#include "server/json_text.h"

namespace tt::server {

namespace jt = json_text;

void SharedUpdateText::write(const Table& table, Loop::Clock::time_point now) {
  const Match& m = *table.match;
  clock_game.clear();
  clock_game += ",\"clock\":";
  jt::value(clock_game, table.clock_json(now));
  clock_game += ",\"game\":";
  jt::string(clock_game, m.game().name());
  rest.clear();
  rest += ",\"results\":";
  jt::value(rest, m.results());
  rest += ",\"seats\":";
  jt::value(rest, table.seats_json());
  rest += ",\"seed\":";
  rest += table.seed_secret.fixed ? "\"fixed\"" : "\"secret\"";
  if (!table.seed_secret.fixed) {
    rest += ",\"seed_commitment\":";
    jt::string(rest, table.seed_secret.commitment);
  }
  rest += ",\"seq\":";
  jt::integer(rest, table.seq());
  rest += ",\"status\":";
  jt::string(rest, table.status());
  rest += ",\"table\":";
  jt::string(rest, table.id);
  rest += ",\"terminal\":";
  jt::boolean(rest, table.over());
  rest += ",\"title\":";
  jt::string(rest, table.config.title);
  rest += ",\"type\":\"update\"";
}

void PlaceUpdateText::write(const Table& table, Seat seat) {
  const Match& m = *table.match;
  pending.clear();
  pending += '[';
  bool first = true;
  for (Seat s : protocol::pending_seats(m)) {
    if (!first) pending += ',';
    first = false;
    if (s != seat) {
      pending += "{\"seat\":";
      jt::integer(pending, s);
      pending += '}';
      continue;
    }
    pending += "{\"options\":[";
    bool first_option = true;
    for (auto& o : m.options(s)) {
      pending += first_option ? "{\"id\":" : ",{\"id\":";
      first_option = false;
      jt::string(pending, o.id);
      pending += ",\"label\":";
      jt::string(pending, o.label);
      pending += '}';
    }
    pending += "],\"prompt\":";
    jt::string(pending, m.state().prompt(s));
    pending += ",\"seat\":";
    jt::integer(pending, s);
    pending += '}';
  }
  pending += ']';
  last.clear();
  if (table.last_seat != kNoSeat && !table.last_shown.empty()) {
    // The decision as this place saw it (the last entry: the spectators').
    const auto& shown = table.last_shown;
    const std::size_t i = seat >= 0 && static_cast<std::size_t>(seat) + 1 < shown.size()
                              ? static_cast<std::size_t>(seat)
                              : shown.size() - 1;
    last += ",\"last\":{\"option\":";
    jt::string(last, shown[i]);
    last += ",\"seat\":";
    jt::integer(last, table.last_seat);
    last += ",\"seq\":";
    jt::integer(last, table.seq());
    last += '}';
  }
}

std::string update_text(const Table& table, Seat seat, const SharedUpdateText& shared,
                        const PlaceUpdateText& place, const UpdateText& body,
                        std::size_t log_from) {
  const Match& m = *table.match;
  const auto& log = m.log();
  std::string out;
  out.reserve(256 + shared.clock_game.size() + shared.rest.size() + place.pending.size() +
              place.last.size() + body.view.size() + body.patch.size() +
              96 * (log.size() - std::min(log_from, log.size())));
  out += "{\"as\":";
  jt::integer(out, seat);
  if (body.form == UpdateForm::kPatch) {
    out += ",\"base\":";
    jt::integer(out, static_cast<std::int64_t>(body.from));
  }
  out += shared.clock_game;
  out += place.last;
  out += ",\"log\":[";
  for (std::size_t i = log_from; i < log.size(); ++i) {
    if (i > log_from) out += ',';
    out += "{\"index\":";
    jt::integer(out, static_cast<std::int64_t>(i));
    out += ",\"seat\":";
    jt::integer(out, log[i].seat);
    out += ",\"text\":";
    jt::string(out, m.state().describe(log[i], seat));
    out += '}';
  }
  out += ']';
  if (body.form == UpdateForm::kPatch) {
    out += ",\"patch\":";
    out += body.patch;
  }
  out += ",\"pending\":";
  out += place.pending;
  out += shared.rest;
  if (body.form != UpdateForm::kPlain) {
    out += ",\"version\":";
    jt::integer(out, static_cast<std::int64_t>(body.to));
  }
  if (body.form != UpdateForm::kPatch) {
    out += ",\"view\":";
    out += body.view;
  }
  out += '}';
  return out;
}

}  // namespace tt::server
