// The lobby: setting up tables, taking seats, coming back to them, and
// rebuilding stored tables after a restart.
#include <algorithm>
#include <sstream>

#include "ai/agent.h"
#include "ai/agent_spec.h"
#include "core/error.h"
#include "core/registry.h"
#include "protocol/agents.h"
#include "protocol/fields.h"
#include "protocol/setup_json.h"
#include "server/chess_clock.h"
#include "server/seed_commitment.h"
#include "server/server_impl.h"
#include "server/tokens.h"

namespace tt::server {

using nlohmann::json;
using protocol::field;
using protocol::int_field;
using protocol::string_field;

namespace {

// Whether a create request may ask `spec` of a computer seat: what it may
// think per decision is capped (server_impl.h, docs/server.md "Computer
// seats") so one request cannot tie up the workers.
void check_within_caps(const AgentSpec& spec, const ServerOptions& options, std::size_t seat) {
  auto at_most = [&](const char* param, double cap) {
    const auto it = spec.values.find(param);
    if (it == spec.values.end() || spec.number(param) <= cap) return;
    std::ostringstream most;
    most << cap;
    throw Error("seat " + std::to_string(seat) + ": " + spec.name + ":" + param + "=" + it->second +
                " is more than this server allows (at most " + most.str() + ")");
  };
  at_most("sims", kMaxAgentSims);
  at_most("ms", kMaxAgentMs);
  at_most("depth", kMaxAgentDepth);
  at_most("threads", options.agent_threads);
  at_most("samples", kMaxAgentSamples);
  at_most("evals", kMaxAgentEvals);
  const auto rollout = spec.values.find("rollout");
  const auto ms = spec.values.find("ms");
  if (rollout != spec.values.end() && rollout->second == "greedy" &&
      (ms == spec.values.end() || spec.number("ms") == 0))
    at_most("sims", kMaxGreedyRolloutSims);
}

// The seat kinds of a create request: "human" or an agent spec (written back
// in full: "ismcts:sims=2000"), each within this server's caps.
std::vector<std::string> seat_kinds(const json& request, const ServerOptions& options) {
  const json* seats = field(request, "seats");
  if (!seats) return {"human", "human"};
  if (!seats->is_array() || seats->empty() || seats->size() > static_cast<std::size_t>(kMaxSeats))
    throw Error("\"seats\" must be an array of 1 to " + std::to_string(kMaxSeats) +
                " entries, each \"human\" or an agent spec");
  std::vector<std::string> kinds;
  for (const json& s : *seats) {
    const std::size_t seat = kinds.size();
    if (!s.is_string())
      throw Error("seat " + std::to_string(seat) + " is not \"human\" or an agent spec");
    const std::string kind = s.get<std::string>();
    if (kind == "human") {
      kinds.push_back(kind);
      continue;
    }
    if (kind.size() > kMaxAgentSpecLength)
      throw Error("seat " + std::to_string(seat) + ": an agent spec has at most " +
                  std::to_string(kMaxAgentSpecLength) + " characters");
    AgentSpec spec;
    try {
      spec = parse_agent_spec(kind);
    } catch (const Error& e) {
      throw Error("seat " + std::to_string(seat) +
                  " is not \"human\" or an agent spec: " + e.what());
    }
    check_within_caps(spec, options, seat);
    kinds.push_back(spec.text());
  }
  return kinds;
}

// Every computer seat can play the game (IS-MCTS needs its determinization).
void check_agents_play(const std::vector<std::string>& kinds, const State& state) {
  for (std::size_t i = 0; i < kinds.size(); ++i)
    if (kinds[i] != "human")
      if (const std::string why = protocol::agent_cannot_play(parse_agent_spec(kinds[i]), state);
          !why.empty())
        throw Error("seat " + std::to_string(i) + " (" + kinds[i] + "): " + why);
}

std::string checked_name(const json& request) {
  const std::string name = string_field(request, "name");
  if (name.empty() || name.size() > kMaxNameLength)
    throw Error("a name has 1 to " + std::to_string(kMaxNameLength) + " characters");
  for (unsigned char ch : name)
    if (ch < 0x20 || ch == 0x7f) throw Error("a name may not hold control characters");
  return name;
}

// The table's first moves belong to nobody: nothing starts until every
// person's seat is taken.
void seat_agents(Table& table) {
  for (TableSeat& s : table.seats)
    if (!s.human()) {
      s.agent = make_agent(s.kind);
      s.name = s.kind;
    }
}

// The table's settings as the store keeps them: with the seed's secret, which
// no client is sent.
json stored_config(const Table& table) {
  json config = config_to_json(table.config);
  add_seed_secret(config, table.seed_secret);
  return config;
}

void start_clocks(Table& table) {
  if (table.config.timer.mode == Timer::Mode::kClock)
    for (TableSeat& s : table.seats) s.clock_ms = std::int64_t{table.config.timer.seconds} * 1000;
}

}  // namespace

json Server::Impl::cmd_tables() {
  std::vector<const Table*> list;
  for (auto& [id, t] : tables)
    if (!t->over()) list.push_back(t.get());
  std::sort(list.begin(), list.end(), [](const Table* a, const Table* b) {
    return a->created_ms != b->created_ms ? a->created_ms > b->created_ms : a->id < b->id;
  });
  json out = json::array();
  for (const Table* t : list) {
    out.push_back(t->summary());
    if (out.size() >= kMaxListedTables) break;
  }
  return {{"tables", out}, {"count", list.size()}};
}

json Server::Impl::cmd_create(Connection& conn, const json& request) {
  if (!ready) throw Error("the server is still resuming its tables; try again in a moment");
  std::size_t live = 0;
  for (auto& [id, t] : tables) live += t->over() ? 0 : 1;
  if (live >= options.max_tables)
    throw Error("the server holds " + std::to_string(options.max_tables) +
                " tables already; try again later");
  check_may_create(conn);
  auto game = Registry::instance().get(string_field(request, "game"));
  const std::vector<std::string> kinds = seat_kinds(request, options);
  json setup_fields = request;
  setup_fields.erase("seats");  // here a list of seat kinds, not a count
  Setup setup = protocol::strict_setup(setup_fields);
  setup.seats = static_cast<int>(kinds.size());
  SeedSecret secret;  // fixed, as named by the creator
  if (field(request, "seed")) {
    const auto people = std::count(kinds.begin(), kinds.end(), "human");
    if (people >= 2 && !options.allow_fixed_seeds)
      throw Error(
          "\"seed\" may be named only at a table of one person and computers: at a table "
          "of " +
          std::to_string(people) +
          " people the server draws the seed itself and keeps it secret until the game "
          "is over");
  } else {
    const SecretDeal deal = draw_secret_seed();
    setup.seed = deal.seed;
    secret = deal.secret;
  }
  if (kinds.size() < static_cast<std::size_t>(game->min_seats()) ||
      kinds.size() > static_cast<std::size_t>(game->max_seats()))
    throw Error(game->title() + " is played by " + std::to_string(game->min_seats()) + " to " +
                std::to_string(game->max_seats()) + " players, not " +
                std::to_string(kinds.size()));

  auto table = std::make_unique<Table>();
  table->config = config_from_request(request, game->title(), options.grace_seconds);
  table->config.creator = std::string(conn.address());
  // Throws on a bad deck or option.
  const std::shared_ptr<const PreparedSetup> prepared = prepared_setups.get(game, setup);
  table->match.emplace(game, std::move(setup), *prepared);
  check_agents_play(kinds, table->match->state());
  table->id = new_table_id();
  table->created_ms = unix_ms();
  table->seed_secret = secret;
  for (const std::string& kind : kinds) {
    TableSeat& seat = table->seats.emplace_back();
    seat.kind = kind;
  }
  if (table->config.pace_ms < 0)
    table->config.pace_ms = pace_for_seats(
        std::any_of(kinds.begin(), kinds.end(), [](const std::string& k) { return k == "human"; }),
        options.agent_delay_ms);
  seat_agents(*table);
  start_clocks(*table);

  StoredTable stored{
      table->id, game->name(),     table->match->record().dump(), stored_config(*table).dump(),
      {},        table->created_ms};
  for (const TableSeat& s : table->seats) stored.seats.push_back({s.kind, s.name, ""});
  json summary = table->summary();
  if (cluster) {
    summary["node"] = node();
    stored.summary_json = table->published_summary = dump(summary);
  }

  json links = json::array();
  for (std::size_t i = 0; i < kinds.size(); ++i)
    if (kinds[i] == "human")
      links.push_back({{"seat", i}, {"path", "/#/t/" + table->id + "/join/" + std::to_string(i)}});
  json reply = {{"table", table->id}, {"links", links}, {"summary", summary}};
  if (cluster) reply["node"] = node();
  if (const json* id = field(request, "id")) reply["id"] = *id;

  ++metrics.tables_created;
  const std::uint64_t conn_id = conn.id();
  Table* raw = table.release();
  journal.create_table(std::move(stored), [this, raw, conn_id, reply](const std::string& error) {
    std::unique_ptr<Table> owned(raw);
    if (!error.empty()) {
      json r = {{"ok", false}, {"error", error}};
      if (reply.contains("id")) r["id"] = reply["id"];
      send_reply(conn_id, r);
      return;
    }
    Table& t = *owned;
    tables[t.id] = std::move(owned);
    json r = reply;
    r["ok"] = true;
    send_reply(conn_id, r);
    arm_waiting_expiry(t);
    changed(t);  // a table of computers only starts at once
  });
  return nullptr;
}

json Server::Impl::cmd_join(Connection& conn, const json& request) {
  Table& table = table_named(request);
  const Following follow = following(request);  // checked before anything changes
  const auto seat = static_cast<Seat>(int_field(request, "seat", 0, kMaxSeats - 1));
  if (seat >= static_cast<Seat>(table.seats.size()))
    throw Error("table " + table.id + " has no seat " + std::to_string(seat));
  const std::string name = checked_name(request);
  TableSeat& s = table.seats[static_cast<std::size_t>(seat)];
  if (!s.human()) throw Error("seat " + std::to_string(seat) + " is played by the computer");
  if (s.taken()) throw Error("seat " + std::to_string(seat) + " is taken");
  if (table.over()) throw Error("the game is over");
  const std::string token = new_token();
  const std::string hash = token_hash(token);
  // Held at once, so a second join for the same seat is refused while the
  // first is being stored.
  s.token_hash = hash;
  s.name = name;
  const std::uint64_t conn_id = conn.id();
  const std::string table_id = table.id;
  json id = field(request, "id") ? *field(request, "id") : json();
  journal.take_seat(table.id, seat, name, hash,
                    [this, conn_id, table_id, seat, token, id, follow](const std::string& error) {
                      auto t = tables.find(table_id);
                      json r;
                      if (t == tables.end()) {
                        r = {{"ok", false}, {"error", "the table is gone"}};
                      } else if (!error.empty()) {
                        TableSeat& st = t->second->seats[static_cast<std::size_t>(seat)];
                        st.token_hash.clear();
                        st.name.clear();
                        r = {{"ok", false}, {"error", error}};
                      } else {
                        r = {{"ok", true}, {"table", table_id}, {"seat", seat}, {"token", token}};
                        if (cluster) r["node"] = node();
                      }
                      if (!id.is_null()) r["id"] = id;
                      auto c = connections.find(conn_id);
                      const bool subscribe_now = r["ok"] == true && c != connections.end();
                      send_reply(conn_id, r);
                      if (lease_lost(error)) return lose_table(table_id);
                      if (subscribe_now) {
                        try {
                          subscribe(*c->second.conn, *t->second, seat, follow);
                        } catch (const Error&) {
                          // Too many subscriptions: the seat is the player's; resume later.
                        }
                      }
                    });
  return nullptr;
}

json Server::Impl::cmd_resume(Connection& conn, const json& request) {
  Table& table = table_named(request);
  const std::string token = string_field(request, "token");
  const Seat seat = table.seat_of_token(token);
  if (seat == kNoSeat) throw Error("that token holds no seat at table " + table.id);
  subscribe(conn, table, seat, following(request));
  return {{"table", table.id}, {"seat", seat}};
}

void Server::Impl::restore(const LoadedTable& loaded) {
  json record = json::parse(loaded.table.setup_json);
  auto game = Registry::instance().get(loaded.table.game);
  auto table = std::make_unique<Table>();
  table->id = loaded.table.id;
  table->created_ms = loaded.table.created_ms;
  const json config = json::parse(loaded.table.config_json);
  table->config = config_from_json(config);
  table->seed_secret = seed_secret_from_json(config);
  // Replayed up to the snapshot, checked against it, then to the end.
  const auto total = static_cast<std::int64_t>(loaded.decisions.size());
  const std::int64_t upto =
      loaded.snapshot_index >= 0 && loaded.snapshot_index <= total ? loaded.snapshot_index : total;
  json& decisions = record["decisions"] = json::array();
  for (std::int64_t i = 0; i < upto; ++i) {
    const StoredDecision& d = loaded.decisions[static_cast<std::size_t>(i)];
    if (d.index != i) throw Error("decision " + std::to_string(i) + " is missing");
    decisions.push_back({{"seat", d.seat}, {"option", d.option}});
  }
  table->match.emplace(Match::from_record(record));
  if (upto == loaded.snapshot_index && !loaded.snapshot_fingerprint.empty() &&
      std::to_string(table->match->state().fingerprint()) != loaded.snapshot_fingerprint)
    throw Error("the replay does not reach the snapshot taken after decision " +
                std::to_string(upto) + " (the rules or card data changed)");
  for (std::int64_t i = upto; i < total; ++i) {
    const StoredDecision& d = loaded.decisions[static_cast<std::size_t>(i)];
    if (d.index != i) throw Error("decision " + std::to_string(i) + " is missing");
    if (const std::string e = table->match->act(d.seat, d.option); !e.empty())
      throw Error("decision " + std::to_string(i) + " does not apply: " + e);
  }
  for (const StoredSeat& s : loaded.table.seats) {
    TableSeat& seat = table->seats.emplace_back();
    seat.kind = s.kind;
    seat.name = s.name;
    seat.token_hash = s.token_hash;
  }
  if (table->seats.size() != static_cast<std::size_t>(table->match->state().num_seats()))
    throw Error("its seats do not match its game");
  seat_agents(*table);
  start_clocks(*table);
  // The clocks as of the last decision; the one being made at the restart
  // starts afresh (the time the server was down is nobody's).
  for (auto d = loaded.decisions.rbegin(); d != loaded.decisions.rend(); ++d)
    if (!d->clocks.empty()) {
      set_clocks(*table, d->clocks);
      break;
    }
  table->last_snapshot = upto;
  const auto now = loop.now();
  for (TableSeat& s : table->seats) s.away_since = now;  // everyone gets the grace to come back
  Table& t = *table;
  tables[t.id] = std::move(table);
  arm_waiting_expiry(t);
  changed(t);
}

}  // namespace tt::server
