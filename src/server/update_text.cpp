#include "server/update_text.h"

#include <algorithm>

#include "core/outcome.h"
#include "protocol/match_json.h"
#include "server/json_text.h"

namespace tt::server {

namespace jt = json_text;

namespace {

// Each in the key order of the tree Table::clock_json, seats_json and
// Match::results build, so the text is that tree's dump.
void write_clock(std::string& out, const Table& table, Loop::Clock::time_point now) {
  const Timer& timer = table.config.timer;
  out += '{';
  if (timer.mode == Timer::Mode::kClock) {
    out += "\"increment\":";
    jt::integer(out, timer.increment);
    out += ',';
  }
  out += "\"mode\":";
  jt::string(out, mode_name(timer.mode));
  if (table.clock_runs()) {
    out += ",\"remaining_ms\":[";
    for (std::size_t i = 0; i < table.seats.size(); ++i) {
      if (i) out += ',';
      jt::integer(out, table.clock_left(table.seats[i], now));
    }
    out += "],\"running\":[";
    for (std::size_t i = 0; i < table.seats.size(); ++i) {
      if (i) out += ',';
      jt::boolean(out, table.seats[i].was_pending && table.seats[i].human());
    }
    out += ']';
  }
  if (timer.mode != Timer::Mode::kNone) {
    out += ",\"seconds\":";
    jt::integer(out, timer.seconds);
  }
  out += '}';
}

void write_seats(std::string& out, const Table& table) {
  const State& st = table.match->state();
  out += '[';
  for (std::size_t i = 0; i < table.seats.size(); ++i) {
    const TableSeat& s = table.seats[i];
    out += i ? ",{\"connected\":" : "{\"connected\":";
    jt::boolean(out, s.connected());
    out += ",\"in_game\":";
    jt::boolean(out, st.in_game(static_cast<Seat>(i)));
    out += ",\"kind\":";
    jt::string(out, s.kind);
    out += ",\"name\":";
    jt::string(out, s.name);
    out += ",\"seat\":";
    jt::unsigned_integer(out, i);
    out += ",\"taken\":";
    jt::boolean(out, s.taken());
    out += '}';
  }
  out += ']';
}

void write_results(std::string& out, const State& st) {
  out += '[';
  if (st.is_terminal()) {
    bool first = true;
    for (auto& o : st.outcomes()) {
      out += first ? "{\"place\":" : ",{\"place\":";
      first = false;
      jt::integer(out, o.place);
      out += ",\"result\":";
      jt::string(out, result_name(o.result));
      out += '}';
    }
  }
  out += ']';
}

}  // namespace

void SharedUpdateText::write(const Table& table, Loop::Clock::time_point now) {
  const Match& m = *table.match;
  clock_game.clear();
  clock_game += ",\"clock\":";
  write_clock(clock_game, table, now);
  clock_game += ",\"game\":";
  jt::string(clock_game, m.game().name());
  rest.clear();
  rest += ",\"results\":";
  write_results(rest, m.state());
  rest += ",\"seats\":";
  write_seats(rest, table);
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
