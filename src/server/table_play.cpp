// Decisions at a table: checked, stored, then applied and acknowledged;
// computer seats deciding; timers and the grace of a disconnected seat.
#include <algorithm>
#include <iostream>
#include <map>
#include <optional>

#include "core/error.h"
#include "protocol/fields.h"
#include "protocol/match_json.h"
#include "server/chess_clock.h"
#include "server/server_impl.h"

namespace tt::server {

using nlohmann::json;
using protocol::field;
using protocol::int_field;
using protocol::string_field;

namespace {

// Why `act` cannot be taken now, or "" when it can: then it is marked
// checked, with its option's action found once (Match::refusal lists the
// options), so storing and applying it lists them no more.
std::string check(const Table& table, QueuedAct& act) {
  if (table.over()) return "the game is over";
  if (!table.full()) return "the table is waiting for players";
  if (act.seq >= 0 && act.seq != table.seq())
    return "stale decision: it was sent at decision " + std::to_string(act.seq) +
           ", the game is at " + std::to_string(table.seq());
  act.action.reset();
  std::string why = table.match->refusal(act.seat, act.option, &act.action);
  act.checked = why.empty();
  return why;
}

}  // namespace

json Server::Impl::cmd_act(Connection& conn, const json& request) {
  Table& table = table_named(request);
  const std::string token = string_field(request, "token");
  const Seat seat = table.seat_of_token(token);
  if (seat == kNoSeat) throw Error("that token holds no seat at table " + table.id);
  const std::string option = string_field(request, "option");
  const std::int64_t seq = int_field(request, "seq", 0, std::int64_t{1} << 40);
  const json* id = field(request, "id");
  return act(conn, table, seat, option, seq, id ? *id : json());
}

json Server::Impl::handle_act(Connection& conn, Table& table, const ActRequest& request) {
  json reply;
  try {
    // As cmd_act, its fields already read and checked.
    const Seat seat = table.seat_of_token(std::string(request.token));
    if (seat == kNoSeat) throw Error("that token holds no seat at table " + table.id);
    reply = act(conn, table, seat, std::string(request.option), request.seq, request.id);
    if (reply.is_null()) return reply;  // answered once stored
    reply["type"] = "reply";
    reply["ok"] = true;
  } catch (const Error& e) {
    reply = {{"type", "reply"}, {"ok", false}, {"error", e.what()}};
  } catch (const std::exception& e) {
    reply = {
        {"type", "reply"}, {"ok", false}, {"error", std::string("internal error: ") + e.what()}};
  }
  if (!request.id.is_null()) reply["id"] = request.id;
  return reply;
}

json Server::Impl::act(Connection& conn, Table& table, Seat seat, const std::string& option,
                       std::int64_t seq, json id) {
  const std::uint64_t conn_id = conn.id();
  QueuedAct act{seat, option, seq, [this, conn_id, id](const std::string& error, std::int64_t s) {
                  json r = error.empty() ? json{{"ok", true}, {"seq", s}}
                                         : json{{"ok", false}, {"error", error}};
                  if (!id.is_null()) r["id"] = id;
                  send_reply(conn_id, r);
                }};
  act.conn = conn_id;
  act.id = std::move(id);
  // Checked now when it goes to the store at once; behind a decision being
  // stored, when its turn comes.
  if (!table.storing) {
    if (const std::string why = check(table, act); !why.empty()) throw Error(why);
  } else if (table.queue.size() >= kMaxQueuedActs) {
    throw Error("too many decisions waiting at this table");
  }
  submit(table, std::move(act));
  return nullptr;
}

void Server::Impl::submit(Table& table, QueuedAct act) {
  if (table.storing) {
    table.queue.push_back(std::move(act));
    return;
  }
  if (!act.checked) {
    if (const std::string why = check(table, act); !why.empty()) {
      if (act.reply) act.reply(why, table.seq());
      return;
    }
  }
  table.storing = true;
  const auto received = loop.now();
  // Charged now, as it leaves the seat, not once the store answers.
  act.clocks = clocks_after(table, act.seat, act.option, loop.now());
  StoredDecision d{table.id, table.seq(), act.seat, act.option, unix_ms(), act.clocks};
  const std::string id = table.id;
  journal.append(std::move(d),
                 [this, id, act = std::move(act), received](const std::string& error) mutable {
                   stored(id, std::move(act), received, error);
                 });
}

void Server::Impl::stored(const std::string& table_id, QueuedAct act,
                          Loop::Clock::time_point received, const std::string& error) {
  auto it = tables.find(table_id);
  if (it == tables.end()) return;
  Table& table = *it->second;
  table.storing = false;
  if (!error.empty()) {
    if (act.reply) act.reply(error, table.seq());        // a person may send it again
    if (lease_lost(error)) return lose_table(table_id);  // another process has it now
    retry_after_store_failure(table);
  } else {
    table.store_failures = 0;
    Match& m = *table.match;
    // The decision as each seat may see it, rendered before it changes the state.
    table.last_shown.assign(table.seats.size() + 1, act.option);
    // Found when it was checked; the table did not move since.
    const std::optional<Action> chosen = act.action;
    if (chosen)
      for (std::size_t v = 0; v <= table.seats.size(); ++v)
        table.last_shown[v] = m.state().action_id_for(
            act.seat, *chosen, v < table.seats.size() ? static_cast<Seat>(v) : kNoSeat);
    table.last_seat = act.seat;
    // Checked before it was stored; the table did not move since.
    const std::string applied = chosen ? m.act(act.seat, *chosen) : m.act(act.seat, act.option);
    TableSeat& s = table.seats[static_cast<std::size_t>(act.seat)];
    set_seat_clock(table, act.seat, act.clocks);
    s.was_pending = false;
    ++metrics.decisions;
    metrics.ack_ms.observe(
        std::chrono::duration<double, std::milli>(loop.now() - received).count());
    acknowledge(table, act, applied);
  }
  // The next decision waiting behind this one.
  while (!table.storing && !table.queue.empty()) {
    QueuedAct next = std::move(table.queue.front());
    table.queue.pop_front();
    submit(table, std::move(next));
  }
}

void Server::Impl::changed(Table& table) {
  // Timers first, so the update shows the clock of the seat that now decides.
  if (!table.over()) schedule_timers(table);
  broadcast(table);
  const std::int64_t seq = table.seq();
  if (seq - table.last_snapshot >= options.snapshot_every && !table.over()) {
    json state;
    table.match->state().save(state);
    journal.snapshot(table.id, seq, dump(state),
                     std::to_string(table.match->state().fingerprint()));
    table.last_snapshot = seq;
  }
  if (table.over()) {
    game_over(table);
    return;
  }
  schedule_agents(table);
}

void Server::Impl::schedule_agents(Table& table) {
  if (!table.full() || table.over() || table.thinking != kNoSeat) return;
  const SeatMask pending = table.match->state().pending_seats();
  for (std::size_t i = 0; i < table.seats.size(); ++i) {
    if (!table.seats[i].agent || !has_seat(pending, static_cast<Seat>(i))) continue;
    const auto seat = static_cast<Seat>(i);
    table.thinking = seat;
    const std::string id = table.id;
    auto start = [this, id, seat] { start_agent(id, seat); };
    // The table's pace (a table stored before it had one: the server's).
    const int pace = table.config.pace_ms >= 0 ? table.config.pace_ms : options.agent_delay_ms;
    if (pace > 0)
      table.pace_timer = loop.after(std::chrono::milliseconds(pace), start);
    else
      loop.post(start);
    return;
  }
}

void Server::Impl::start_agent(const std::string& table_id, Seat seat) {
  auto it = tables.find(table_id);
  if (it == tables.end()) return;
  Table& t = *it->second;
  t.pace_timer = 0;
  const State& state = t.match->state();
  if (t.over() || !has_seat(state.pending_seats(), seat)) {
    t.thinking = kNoSeat;
    schedule_agents(t);
    return;
  }
  const std::int64_t seq = t.seq();
  // The computer's draws follow from the table's seed and the decision
  // index through a one-way function (seed_commitment.h), so a seeded table
  // plays the same way, restarts included, and its choices tell nothing of
  // the deal.
  Rng rng(agent_seed(t.seed_secret, t.match->setup().seed, seq));
  std::shared_ptr<const State> copy = state.clone();
  std::shared_ptr<Agent> agent = t.seats[static_cast<std::size_t>(seat)].agent;
  if (!workers) workers = std::make_unique<AgentWorkers>(options.agent_workers);
  // The worker touches only its copy, the seat's agent (no other job uses it
  // meanwhile: one per table) and the loop's post.
  workers->run([this, loop = &loop, alive = std::weak_ptr<const bool>(alive), table_id, seat, seq,
                copy, agent, rng]() mutable {
    std::string option, error;
    try {
      option = copy->action_id(seat, agent->choose(*copy, seat, rng));
    } catch (const std::exception& e) {
      error = e.what();
    }
    loop->post([this, alive, table_id, seat, seq, option, error] {
      if (!alive.expired()) agent_decided(table_id, seat, seq, option, error);
    });
  });
}

void Server::Impl::agent_decided(const std::string& table_id, Seat seat, std::int64_t seq,
                                 std::string option, const std::string& error) {
  auto it = tables.find(table_id);
  if (it == tables.end()) return;  // removed meanwhile
  Table& t = *it->second;
  t.thinking = kNoSeat;
  const State& state = t.match->state();
  if (t.seq() != seq || t.over() || !has_seat(state.pending_seats(), seat)) {
    schedule_agents(t);  // the game moved on meanwhile: decide again where it is now
    return;
  }
  if (!error.empty()) {
    // A bug in an agent must not stop the table: its default option is taken.
    std::cerr << "tabletop serve: table " << t.id << ", seat " << seat << " ("
              << t.seats[static_cast<std::size_t>(seat)].kind << "): " << error
              << "; its default option is taken\n";
    option = state.action_id(seat, state.default_action(seat));
  }
  // With the index it was decided at: a decision stored ahead of it makes it
  // stale (refused), and the one stored ahead decides again (changed()).
  submit(t, QueuedAct{seat, option, seq, nullptr});
}

void Server::Impl::schedule_timers(Table& table) {
  const bool timed = table.config.timer.mode != Timer::Mode::kNone;
  const bool grace = table.config.grace_seconds > 0;
  const SeatMask pending = table.full() && !table.over() ? table.match->state().pending_seats() : 0;
  const auto now = loop.now();
  for (std::size_t i = 0; i < table.seats.size(); ++i) {
    TableSeat& s = table.seats[i];
    const bool is_pending = has_seat(pending, static_cast<Seat>(i)) && s.human();
    if (s.timer) {
      loop.cancel(s.timer);
      s.timer = 0;
    }
    if (!is_pending) {
      s.was_pending = false;
      continue;
    }
    if (!s.was_pending) {
      s.was_pending = true;
      s.pending_since = now;
    }
    // The earlier of the decision's deadline and the end of the grace.
    std::optional<Loop::Clock::time_point> due;
    if (timed) {
      std::int64_t budget_ms = std::int64_t{table.config.timer.seconds} * 1000;
      if (table.config.timer.mode == Timer::Mode::kClock)
        budget_ms =
            s.flag_fell
                ? std::max<std::int64_t>(table.config.timer.increment, kFlagFallSeconds) * 1000
                : s.clock_ms;
      due = s.pending_since + std::chrono::milliseconds(budget_ms);
    }
    if (grace && s.connections == 0) {
      const auto end = s.away_since + std::chrono::seconds(table.config.grace_seconds);
      if (!due || end < *due) due = end;
    }
    if (!due) continue;
    const auto delay = std::max(std::chrono::milliseconds(0),
                                std::chrono::duration_cast<std::chrono::milliseconds>(*due - now));
    const std::string id = table.id;
    const auto seat = static_cast<Seat>(i);
    s.timer = loop.after(delay, [this, id, seat] { seat_timer_fired(id, seat); });
  }
}

void Server::Impl::seat_timer_fired(const std::string& table_id, Seat seat) {
  auto it = tables.find(table_id);
  if (it == tables.end()) return;
  Table& table = *it->second;
  TableSeat& s = table.seats[static_cast<std::size_t>(seat)];
  s.timer = 0;
  const State& state = table.match->state();
  if (state.is_terminal() || !has_seat(state.pending_seats(), seat)) return;
  const auto now = loop.now();
  const bool away_too_long = table.config.grace_seconds > 0 && s.connections == 0 &&
                             now - s.away_since >= std::chrono::seconds(table.config.grace_seconds);
  if (away_too_long) {
    ++metrics.grace_concessions;
    submit(table, QueuedAct{seat, kConcede, -1, nullptr});
    return;
  }
  if (table.config.timer.mode == Timer::Mode::kNone) return;
  if (table.config.timer.mode == Timer::Mode::kClock) {
    s.clock_ms = 0;
    s.flag_fell = true;
  }
  ++metrics.timeouts;
  const Action a = state.default_action(seat);
  submit(table, QueuedAct{seat, state.action_id(seat, a), -1, nullptr});
}

void Server::Impl::game_over(Table& table) {
  for (TableSeat& s : table.seats)
    if (s.timer) {
      loop.cancel(s.timer);
      s.timer = 0;
    }
  if (table.finished_stored) return;
  table.finished_stored = true;
  ++metrics.tables_finished;
  // The record names who sat where, so a replay names people as the table did.
  json record = table.match->record();
  json& seats = record["seats"] = json::array();
  for (std::size_t i = 0; i < table.seats.size(); ++i)
    seats.push_back({{"seat", i}, {"kind", table.seats[i].kind}, {"name", table.seats[i].name}});
  // The seed is no secret any more: its salt lets anyone check the commitment.
  if (json reveal = seed_reveal(table.seed_secret, table.match->setup().seed); !reveal.is_null())
    record["seed_commitment"] = std::move(reveal);
  journal.finish(table.id, dump(table.match->results()), dump(record), unix_ms());
  // Watchers keep the table a while; then it lives on in the store only.
  const std::string id = table.id;
  table.removal_timer = loop.after(kKeepFinished, [this, id] {
    auto it = tables.find(id);
    if (it == tables.end()) return;
    for (auto& [conn_id, sub] : it->second->subscribers) {
      auto c = connections.find(conn_id);
      if (c != connections.end()) c->second.tables.erase(id);
    }
    tables.erase(it);
  });
}

}  // namespace tt::server
