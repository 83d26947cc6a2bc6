// The server as one process of several on one PostgreSQL database
// (docs/server.md, "Several processes"). Each tick renews this process's
// leases and publishes its tables' lobby summaries, takes over tables whose
// process died, drops the tables another process took, and reads the lobby
// of every process. A request naming a table this process does not hold is
// answered once the cluster knows where the table is: here after a takeover,
// or a `moved` reply naming the process that holds it.
#include <algorithm>
#include <iostream>
#include <set>

#include "protocol/fields.h"
#include "server/server_impl.h"

namespace tt::server {

using nlohmann::json;
using protocol::field;

namespace {

// Requests that name a table (field "table").
bool names_table(const std::string& cmd) {
  return cmd == "join" || cmd == "resume" || cmd == "watch" || cmd == "act" || cmd == "leave" ||
         cmd == "claim_code" || cmd == "claim";
}

// The most orphaned tables one tick takes over (the rest the next ticks, or
// other processes; a client asking for one has it taken over at once).
constexpr int kSweepPerTick = 32;

}  // namespace

void Server::Impl::start_cluster() {
  cluster->on_lobby_change([this] {
    if (lobby_reading) return;
    lobby_reading = true;
    cluster->read_lobby([this](std::string body) {
      lobby_reading = false;
      lobby_text = std::move(body);
    });
  });
  last_renewal = loop.now();
  cluster_tick();
}

void Server::Impl::cluster_tick() {
  const auto period =
      std::chrono::milliseconds(std::clamp<std::int64_t>(cluster->owner().lease_ms / 3, 50, 1000));
  cluster_timer = loop.after(period, [this] { cluster_tick(); });
  if (ticking) return;
  ticking = true;
  std::vector<std::string> asked;
  std::vector<std::pair<std::string, std::string>> summaries;
  for (auto& [id, t] : tables) {
    if (t->over()) continue;
    asked.push_back(id);
    json summary = t->summary();
    summary["node"] = node();
    std::string text = dump(summary);
    if (text == t->published_summary) continue;
    t->published_summary = text;
    summaries.emplace_back(id, std::move(text));
  }
  cluster->tick(std::move(summaries), kSweepPerTick,
                [this, asked = std::move(asked)](Cluster::Tick tick) mutable {
                  cluster_ticked(std::move(asked), std::move(tick));
                });
}

void Server::Impl::cluster_ticked(std::vector<std::string> asked, Cluster::Tick tick) {
  ticking = false;
  if (!tick.renewed) {
    renewal_error = tick.error;
    for (auto& [id, t] : tables) t->published_summary.clear();  // sent again next time
    std::cerr << "tabletop serve: the leases could not be renewed: " << tick.error << "\n";
    return;
  }
  renewal_error.clear();
  last_renewal = loop.now();
  // Held when the tick was asked for, and not renewed: another process has it.
  const std::set<std::string> held(tick.held.begin(), tick.held.end());
  for (const std::string& id : asked) {
    auto t = tables.find(id);
    if (t != tables.end() && !t->second->over() && held.count(id) == 0) lose_table(id);
  }
  for (const LoadedTable& loaded : tick.claimed) take_over(loaded);
  // Leased to this process but not here (a takeover whose rebuild failed, or
  // a claim by an earlier run of this node): claimed and rebuilt again.
  for (const std::string& id : tick.held)
    if (tables.count(id) == 0)
      cluster->locate(id, [this](Cluster::Located found) {
        if (found.table) take_over(*found.table);
      });
  if (!tick.lobby.empty()) lobby_text = std::move(tick.lobby);
}

bool Server::Impl::take_over(const LoadedTable& loaded) {
  if (tables.count(loaded.table.id) != 0) return true;
  if (loaded.finished) return false;
  try {
    restore(loaded);
  } catch (const std::exception& e) {
    std::cerr << "tabletop serve: table " << loaded.table.id
              << " cannot be taken over: " << e.what() << "\n";
    return false;
  }
  ++metrics.tables_claimed;
  return true;
}

bool Server::Impl::locate_elsewhere(Connection& conn, const std::string& cmd, const json& request) {
  if (!cluster || !names_table(cmd)) return false;
  const json* table = field(request, "table");
  if (table == nullptr || !table->is_string()) return false;
  const std::string id = table->get<std::string>();
  if (id.empty() || id.size() > 64 || tables.count(id) != 0) return false;
  cluster->locate(id, [this, conn_id = conn.id(), request](Cluster::Located found) {
    located(conn_id, request, std::move(found));
  });
  return true;
}

void Server::Impl::located(std::uint64_t conn_id, const json& request, Cluster::Located found) {
  auto c = connections.find(conn_id);
  const json* id = field(request, "id");
  auto refuse = [&](json reply) {
    if (id) reply["id"] = *id;
    send_reply(conn_id, std::move(reply));
  };
  if (!found.error.empty()) return refuse({{"ok", false}, {"error", found.error}});
  if (found.claim.outcome == ClaimResult::Outcome::kHeld) {
    ++metrics.moved_replies;
    const std::string table = request.value("table", "");
    const LeaseHolder& holder = found.claim.holder;
    return refuse(
        {{"ok", false},
         {"error", "table " + table + " is played on server " + holder.node + "; reconnect there"},
         {"moved",
          {{"table", table},
           {"node", holder.node},
           {"here", node()},
           {"retry_ms", std::max<std::int64_t>(0, holder.left_ms)}}}});
  }
  if (found.table && !take_over(*found.table))
    return refuse({{"ok", false}, {"error", "the table cannot be resumed on this server"}});
  if (c == connections.end()) return;  // gone meanwhile
  // Here now (or unknown, or over: the request says so itself).
  json reply = handle(*c->second.conn, request, true);
  if (reply.is_null()) return;
  if (reply.value("ok", true) == false) ++metrics.refused;
  c->second.conn->send(dump(reply));
}

void Server::Impl::lose_table(const std::string& table_id) {
  auto it = tables.find(table_id);
  if (it == tables.end()) return;
  Table& table = *it->second;
  ++metrics.tables_lost;
  std::cerr << "tabletop serve: table " << table_id << " moved to another server\n";
  auto cancel = [this](std::uint64_t& timer) {
    if (timer) loop.cancel(timer);
    timer = 0;
  };
  for (TableSeat& s : table.seats) cancel(s.timer);
  cancel(table.removal_timer);
  cancel(table.waiting_timer);
  cancel(table.pace_timer);
  cancel(table.retry_timer);
  for (QueuedAct& act : table.queue)
    if (act.reply) act.reply("table " + table_id + " moved to another server", table.seq());
  // Its connections come back through the proxy and resume where it is now.
  std::vector<Connection*> closing;
  for (auto& [conn_id, sub] : table.subscribers) {
    auto c = connections.find(conn_id);
    if (c != connections.end()) c->second.tables.erase(table_id);
    sub.conn->send(dump({{"type", "moved"}, {"table", table_id}}));
    closing.push_back(sub.conn);
  }
  tables.erase(it);
  for (Connection* conn : closing) conn->close("table moved");
}

bool Server::Impl::lease_lost(const std::string& error) {
  return error.find(kLeaseLost) != std::string::npos;
}

std::string Server::Impl::cluster_trouble() const {
  if (!cluster) return "";
  const auto since = loop.now() - last_renewal;
  // Half the lease without a renewal: the proxy should send clients elsewhere.
  if (since > std::chrono::milliseconds(cluster->owner().lease_ms / 2))
    return "leases not renewed for " +
           std::to_string(std::chrono::duration_cast<std::chrono::milliseconds>(since).count()) +
           " ms" + (renewal_error.empty() ? std::string() : ": " + renewal_error);
  return "";
}

}  // namespace tt::server
