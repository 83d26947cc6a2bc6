#include "server/table.h"

#include <algorithm>

#include "protocol/match_json.h"
#include "server/tokens.h"

namespace tt::server {

using nlohmann::json;

bool Table::full() const {
  return std::all_of(seats.begin(), seats.end(), [](const TableSeat& s) { return s.taken(); });
}

const char* Table::status() const {
  if (over()) return "over";
  return full() ? "playing" : "waiting";
}

Seat Table::seat_of_token(const std::string& token) const {
  if (token.size() > 256) return kNoSeat;
  for (std::size_t i = 0; i < seats.size(); ++i) {
    const TableSeat& s = seats[i];
    if (!s.token_hash.empty() && !s.verified_token.empty() && s.verified_hash == s.token_hash &&
        same_secret(s.verified_token, token))
      return static_cast<Seat>(i);
  }
  const std::string hash = token_hash(token);
  for (std::size_t i = 0; i < seats.size(); ++i) {
    const TableSeat& s = seats[i];
    if (!s.token_hash.empty() && same_secret(s.token_hash, hash)) {
      s.verified_token = token;
      s.verified_hash = s.token_hash;
      return static_cast<Seat>(i);
    }
  }
  return kNoSeat;
}

json Table::seats_json() const {
  json out = json::array();
  const State& st = match->state();
  for (std::size_t i = 0; i < seats.size(); ++i) {
    const TableSeat& s = seats[i];
    out.push_back({{"seat", i},
                   {"kind", s.kind},
                   {"name", s.name},
                   {"taken", s.taken()},
                   {"connected", s.connected()},
                   {"in_game", st.in_game(static_cast<Seat>(i))}});
  }
  return out;
}

json Table::summary() const {
  json j = {{"table", id},
            {"game", match->game().name()},
            {"title", config.title},
            {"variant", match->setup().variant},
            {"status", status()},
            {"decisions", seq()},
            {"created_ms", created_ms},
            {"timer", timer_json(config.timer)},
            {"grace", config.grace_seconds},
            {"pace", config.pace_ms},
            {"spectators", std::count_if(subscribers.begin(), subscribers.end(),
                                         [](const auto& kv) { return kv.second.seat == kNoSeat; })},
            {"seats", seats_json()}};
  add_public_seed(j, seed_secret);
  return j;
}

bool Table::clock_runs() const {
  return config.timer.mode != Timer::Mode::kNone && !over() && full();
}

std::int64_t Table::clock_left(const TableSeat& s, Loop::Clock::time_point now) const {
  const auto waited =
      s.was_pending
          ? std::chrono::duration_cast<std::chrono::milliseconds>(now - s.pending_since).count()
          : 0;
  if (config.timer.mode == Timer::Mode::kClock) {
    const std::int64_t budget =
        s.flag_fell ? std::max<std::int64_t>(config.timer.increment, kFlagFallSeconds) * 1000
                    : s.clock_ms;
    return s.was_pending ? std::max<std::int64_t>(0, budget - waited) : budget;
  }
  if (s.was_pending)
    return std::max<std::int64_t>(0, std::int64_t{config.timer.seconds} * 1000 - waited);
  return -1;
}

json Table::clock_json(Loop::Clock::time_point now) const {
  json j = timer_json(config.timer);
  if (!clock_runs()) return j;
  json remaining = json::array();
  json deadlines = json::array();
  for (const TableSeat& s : seats) {
    remaining.push_back(clock_left(s, now));
    deadlines.push_back(s.was_pending && s.human());
  }
  j["remaining_ms"] = remaining;
  j["running"] = deadlines;
  return j;
}

json Table::update_base(Seat seat, Loop::Clock::time_point now) const {
  const Match& m = *match;
  json pending = json::array();
  for (Seat s : protocol::pending_seats(m)) {
    if (s != seat) {
      pending.push_back({{"seat", s}});
      continue;
    }
    json options = json::array();
    for (auto& o : m.options(s)) options.push_back({{"id", o.id}, {"label", o.label}});
    pending.push_back({{"seat", s}, {"prompt", m.state().prompt(s)}, {"options", options}});
  }
  json j = {{"type", "update"},
            {"table", id},
            {"game", m.game().name()},
            {"title", config.title},
            {"as", seat},
            {"seq", seq()},
            {"status", status()},
            {"view", m.view(seat)},
            {"pending", pending},
            {"terminal", over()},
            {"results", m.results()},
            {"seats", seats_json()},
            {"clock", clock_json(now)}};
  add_public_seed(j, seed_secret);
  if (last_seat != kNoSeat && !last_shown.empty()) {
    const std::size_t i = seat >= 0 && static_cast<std::size_t>(seat) + 1 < last_shown.size()
                              ? static_cast<std::size_t>(seat)
                              : last_shown.size() - 1;
    j["last"] = {{"seat", last_seat}, {"option", last_shown[i]}, {"seq", seq()}};
  }
  return j;
}

}  // namespace tt::server
