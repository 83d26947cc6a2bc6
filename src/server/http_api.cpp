// GET /api/..., /healthz and /metrics: the lobby, finished games and their
// replays, and the numbers an operator watches.
#include <charconv>

#include "core/error.h"
#include "core/registry.h"
#include "core/replay.h"
#include "protocol/catalog.h"
#include "server/server_impl.h"

namespace tt::server {

using nlohmann::json;

namespace {

// Who sat where in a finished game, as the table's seats were listed (the
// record keeps them from the table; older records have none).
json replay_seats(const json& record) {
  json out = json::array();
  const auto it = record.find("seats");
  if (it == record.end() || !it->is_array()) return out;
  for (const json& s : *it) {
    if (!s.is_object() || !s.contains("seat") || !s["seat"].is_number_integer()) continue;
    const std::string kind = s.value("kind", "human");
    out.push_back({{"seat", s["seat"]},
                   {"kind", kind},
                   {"name", s.value("name", "")},
                   {"taken", kind != "human" || !s.value("name", "").empty()},
                   {"connected", false},
                   {"in_game", true}});
  }
  return out;
}

HttpReply json_reply(int status, const json& body) {
  return {status, "application/json", dump(body)};
}
HttpReply not_found(const std::string& why) {
  return json_reply(404, {{"error", why}});
}

// %XX and '+' decoded; nullopt for a malformed escape.
std::optional<std::string> url_decode(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%') {
      if (i + 2 >= s.size()) return std::nullopt;
      int v = 0;
      auto [p, ec] = std::from_chars(s.data() + i + 1, s.data() + i + 3, v, 16);
      if (ec != std::errc() || p != s.data() + i + 3) return std::nullopt;
      out.push_back(static_cast<char>(v));
      i += 2;
    } else {
      out.push_back(s[i] == '+' ? ' ' : s[i]);
    }
  }
  return out;
}

// The value of `key` in a query string ("" when absent).
std::string query_value(std::string_view query, std::string_view key) {
  while (!query.empty()) {
    const auto amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    const auto eq = pair.find('=');
    if (pair.substr(0, eq) == key && eq != std::string_view::npos)
      return url_decode(pair.substr(eq + 1)).value_or("");
    if (amp == std::string_view::npos) break;
    query.remove_prefix(amp + 1);
  }
  return {};
}

json past_json(const std::vector<PastGame>& games) {
  json out = json::array();
  for (const PastGame& g : games) {
    json results = json::parse(g.results_json, nullptr, false);
    // A table that ended waiting for people (abandoned.cpp) was never played.
    if (results.is_array() && results.empty()) continue;
    out.push_back({{"table", g.table},
                   {"game", g.game},
                   {"created_ms", g.created_ms},
                   {"finished_ms", g.finished_ms},
                   {"results", results},
                   {"names", g.names},
                   {"kinds", g.kinds}});
  }
  return out;
}

// A game's card catalogue: 404 for a game this server does not know, 503
// for one whose card data could not be loaded.
HttpReply cards_reply(std::string_view game) {
  try {
    return json_reply(200, protocol::cards_json(std::string(game)));
  } catch (const DataError& e) {
    return json_reply(503, {{"error", e.what()}});
  } catch (const Error& e) {
    return not_found(e.what());
  }
}

// A finished table's record, or its position at `step` as `viewer` sees
// it. On the reader thread (StoreReads): the record is read there and the
// replay, which is CPU, is built there too.
HttpReply record_reply(Store& store, const std::string& table, bool replay, long step,
                       Seat viewer) {
  auto record = store.record(table);  // a store failure: 503 (StoreReads)
  if (!record) return not_found("no finished game '" + table + "'");
  if (!replay) return {200, "application/json", *record};
  try {
    const json parsed = json::parse(*record);
    Replay r(parsed);
    r.view_as(viewer);
    const auto total = static_cast<long>(r.size());
    if (step > total) step = total;
    json decision;
    for (long i = 0; i < step; ++i) {
      ReplayStep st = r.next();
      if (i == step - 1)
        decision = {
            {"index", st.index}, {"seat", st.seat}, {"option", st.option}, {"label", st.label}};
    }
    return json_reply(200, {{"table", table},
                            {"game", r.match().game().name()},
                            {"step", step},
                            {"total", total},
                            {"view", r.match().view(viewer)},
                            {"log", r.match().log_json(viewer)},
                            {"results", r.match().results()},
                            {"seats", replay_seats(parsed)},
                            {"decision", decision},
                            {"seed_commitment", parsed.value("seed_commitment", json())}});
  } catch (const Error& e) {
    return json_reply(400, {{"error", e.what()}});
  } catch (const std::exception& e) {
    return json_reply(500, {{"error", std::string("internal error: ") + e.what()}});
  }
}

}  // namespace

HttpReply Server::Impl::health() const {
  if (!ready) return {503, "text/plain", "resuming tables\n"};
  const std::string trouble = journal.trouble(std::chrono::milliseconds(options.store_stall_ms));
  if (!trouble.empty()) return {503, "text/plain", "store down: " + trouble + "\n"};
  if (const std::string leases = cluster_trouble(); !leases.empty())
    return {503, "text/plain", "leases down: " + leases + "\n"};
  return {200, "text/plain", "ok\n"};
}

void Server::Impl::get(std::string_view target, HttpAnswer answer) {
  std::string_view path = target;
  std::string_view query;
  if (const auto q = target.find('?'); q != std::string_view::npos) {
    path = target.substr(0, q);
    query = target.substr(q + 1);
  }
  if (path == "/healthz") return answer(health());
  if (path == "/metrics") return answer({200, "text/plain; version=0.0.4", metrics_text()});
  if (path == "/api/games") return answer(json_reply(200, {{"games", protocol::games_json()}}));
  if (path == "/api/tables") return answer({200, "application/json", lobby_body()});
  if (constexpr std::string_view kCards = "/api/cards/"; path.starts_with(kCards))
    return answer(cards_reply(path.substr(kCards.size())));
  // What follows reads the store: on the reader thread (StoreReads), answered later.
  if (path == "/api/recent")
    return reads.run(
        [](Store& s) {
          return json_reply(200, {{"games", past_json(s.recent_games())}});
        },
        std::move(answer));
  constexpr std::string_view kPlayers = "/api/players/";
  if (path.starts_with(kPlayers) && path.ends_with("/games")) {
    const auto raw = path.substr(kPlayers.size(), path.size() - kPlayers.size() - 6);
    const auto name = url_decode(raw);
    if (!name || name->empty() || name->size() > kMaxNameLength)
      return answer(not_found("no such player name"));
    return reads.run(
        [name = *name](Store& s) {
          return json_reply(200, {{"name", name}, {"games", past_json(s.past_games(name))}});
        },
        std::move(answer));
  }
  constexpr std::string_view kRecords = "/api/records/";
  constexpr std::string_view kReplay = "/api/replay/";
  if (path.starts_with(kRecords) || path.starts_with(kReplay)) {
    const bool replay = path.starts_with(kReplay);
    std::string_view rest = path.substr(replay ? kReplay.size() : kRecords.size());
    std::string_view id = rest;
    long step = -1;
    if (replay) {
      const auto slash = rest.find('/');
      if (slash == std::string_view::npos) return answer(not_found("use /api/replay/ID/STEP"));
      id = rest.substr(0, slash);
      const std::string_view st = rest.substr(slash + 1);
      auto [p, ec] = std::from_chars(st.data(), st.data() + st.size(), step);
      if (ec != std::errc() || p != st.data() + st.size() || step < 0)
        return answer(not_found("STEP must be a number"));
    }
    if (id.empty() || id.size() > 64) return answer(not_found("no such table"));
    const std::string table(id);
    auto live = tables.find(table);
    if (live != tables.end() && !live->second->finished_stored)
      return answer(json_reply(
          404, {{"error", "table " + table +
                              " is still being played; its record opens when the game ends"}}));
    const std::string as = query_value(query, "as");
    Seat viewer = kReferee;
    if (replay && !as.empty() && as != "referee") {
      int v = -1;
      auto [p, ec] = std::from_chars(as.data(), as.data() + as.size(), v);
      if (ec != std::errc() || p != as.data() + as.size() || v < 0)
        return answer(not_found("as= takes a seat or referee"));
      viewer = v;
    }
    return reads.run([table, replay, step,
                      viewer](Store& s) { return record_reply(s, table, replay, step, viewer); },
                     std::move(answer));
  }
  answer(not_found("no such path"));
}

std::string Server::Impl::metrics_text() const {
  std::size_t live = 0, playing = 0, subscribers = 0;
  for (auto& [id, t] : tables) {
    live += t->over() ? 0 : 1;
    playing += !t->over() && t->full() ? 1 : 0;
    subscribers += t->subscribers.size();
  }
  std::string out;
  out += metric_line("tabletop_tables", "gauge", "Tables held that are not over.",
                     static_cast<double>(live));
  out += metric_line("tabletop_tables_playing", "gauge",
                     "Tables with every seat taken and the game on.", static_cast<double>(playing));
  out += metric_line("tabletop_connections", "gauge", "WebSocket connections known to the lobby.",
                     static_cast<double>(connections.size()));
  out += metric_line("tabletop_watchers", "gauge",
                     "Connections following a table (seats and spectators).",
                     static_cast<double>(subscribers));
  out += metric_line("tabletop_tables_created_total", "counter", "Tables created.",
                     static_cast<double>(metrics.tables_created));
  out += metric_line("tabletop_tables_finished_total", "counter", "Games that ended.",
                     static_cast<double>(metrics.tables_finished));
  out += metric_line("tabletop_decisions_total", "counter", "Decisions stored and acknowledged.",
                     static_cast<double>(metrics.decisions));
  out += metric_line("tabletop_requests_total", "counter", "WebSocket requests handled.",
                     static_cast<double>(metrics.messages));
  out += metric_line("tabletop_refused_total", "counter", "Requests answered with an error.",
                     static_cast<double>(metrics.refused));
  out += metric_line("tabletop_timeouts_total", "counter",
                     "Default options taken when a seat's time ran out.",
                     static_cast<double>(metrics.timeouts));
  out += metric_line("tabletop_grace_concessions_total", "counter",
                     "Seats conceded after their grace period.",
                     static_cast<double>(metrics.grace_concessions));
  out += metric_line("tabletop_tables_abandoned_total", "counter",
                     "Tables ended while still waiting for people.",
                     static_cast<double>(metrics.tables_abandoned));
  out += metric_line("tabletop_seats_moved_total", "counter",
                     "Seats claimed on another device by their owners.",
                     static_cast<double>(metrics.seats_moved));
  out += metric_line("tabletop_views_built_total", "counter",
                     "Updates rendered: one per seat (and one for spectators) per change.",
                     static_cast<double>(metrics.views_built));
  out += metric_line("tabletop_updates_sent_total", "counter",
                     "Updates sent: one per subscribed connection per change.",
                     static_cast<double>(metrics.updates_sent));
  out += metric_line("tabletop_acks_in_updates_total", "counter",
                     "Accepted acts acknowledged inside the update that followed them.",
                     static_cast<double>(metrics.acks_in_updates));
  out += metric_line("tabletop_lobby_builds_total", "counter",
                     "Times the lobby's list of tables was built (tables, /api/tables).",
                     static_cast<double>(metrics.lobby_builds));
  if (cluster) {
    out += metric_line("tabletop_cluster_tables_claimed_total", "counter",
                       "Tables this process took over (their process died or stopped).",
                       static_cast<double>(metrics.tables_claimed));
    out += metric_line("tabletop_cluster_tables_lost_total", "counter",
                       "Tables another process took from this one.",
                       static_cast<double>(metrics.tables_lost));
    out += metric_line("tabletop_cluster_moved_replies_total", "counter",
                       "Requests answered with the process that holds their table.",
                       static_cast<double>(metrics.moved_replies));
  }
  out += metric_line("tabletop_store_commits_total", "counter", "Store transactions committed.",
                     static_cast<double>(journal.commits()));
  out += metric_line("tabletop_store_failures_total", "counter", "Store transactions that failed.",
                     static_cast<double>(journal.failures()));
  out += metric_line(
      "tabletop_store_up", "gauge",
      "1 while the store commits, 0 while /healthz says it is down (a commit stalled or failed).",
      journal.trouble(std::chrono::milliseconds(options.store_stall_ms)).empty() ? 1 : 0);
  out += metric_line("tabletop_store_reads_waiting", "gauge",
                     "HTTP reads waiting for the store (off the loop thread).",
                     static_cast<double>(reads.waiting()));
  out += metric_line("tabletop_store_commit_seconds_total", "counter",
                     "Time spent in store transactions.",
                     static_cast<double>(journal.commit_micros()) / 1e6);
  out += metrics.ack_ms.text("tabletop_ack_milliseconds",
                             "Time from a decision received to its acknowledgement.");
  return out;
}

}  // namespace tt::server
