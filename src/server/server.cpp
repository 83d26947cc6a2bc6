#include "server/server.h"

#include <chrono>
#include <iostream>

#include "core/error.h"
#include "protocol/fields.h"
#include "protocol/limits.h"
#include "server/server_impl.h"

namespace tt::server {

using nlohmann::json;
using protocol::field;
using protocol::string_field;

std::string dump(const nlohmann::json& j) {
  // Replace rather than throw on invalid UTF-8 (an error may quote a request's bytes).
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::int64_t unix_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

namespace {

json failure(const std::string& message) {
  return {{"type", "reply"}, {"ok", false}, {"error", message}};
}

}  // namespace

Server::Impl::Impl(Loop& l, std::unique_ptr<Store> store, ServerOptions o)
    : loop(l),
      reads(l, store->reader(), std::chrono::milliseconds(o.store_read_timeout_ms),
            o.max_store_reads),
      cluster(o.cluster ? std::make_unique<Cluster>(l, *store, *o.cluster) : nullptr),
      journal(l, std::move(store)),
      options(o) {
  journal.set_probe_interval(std::chrono::milliseconds(o.store_probe_ms));
  journal.set_gather(std::chrono::microseconds(o.commit_gather_us));
}

Server::Server(Loop& loop, std::unique_ptr<Store> store, ServerOptions options)
    : impl_(std::make_unique<Impl>(loop, std::move(store), options)) {}

Server::~Server() {
  stop();
  impl_->cancel_timers();
}

void Server::Impl::cancel_timers() {
  auto cancel = [this](std::uint64_t& timer) {
    if (timer) loop.cancel(timer);
    timer = 0;
  };
  for (auto& [id, table] : tables) {
    for (TableSeat& s : table->seats) cancel(s.timer);
    cancel(table->removal_timer);
    cancel(table->waiting_timer);
    cancel(table->pace_timer);
    cancel(table->retry_timer);
  }
  cancel(cluster_timer);
}

void Server::resume() {
  if (impl_->cluster) {
    // Tables come as their leases end (sweeps) or as clients ask for them.
    impl_->ready = true;
    impl_->start_cluster();
    return;
  }
  auto loaded = impl_->journal.read([](Store& s) { return s.unfinished(); });
  std::size_t broken = 0;
  for (const LoadedTable& t : loaded) {
    try {
      impl_->restore(t);
    } catch (const std::exception& e) {
      ++broken;
      std::cerr << "tabletop serve: table " << t.table.id << " cannot be resumed: " << e.what()
                << "\n";
    }
  }
  impl_->ready = true;
  if (!loaded.empty())
    std::cerr << "tabletop serve: resumed " << loaded.size() - broken << " table(s)"
              << (broken ? ", " + std::to_string(broken) + " could not be" : std::string()) << "\n";
}

void Server::stop() {
  impl_->reads.stop();
  impl_->journal.stop();
  // After the last write: the others may take every table at once.
  if (impl_->cluster) impl_->cluster->stop(true);
}

bool Server::idle() const {
  return impl_->journal.idle() && impl_->agents_idle();
}

void Server::opened(Connection& conn) {
  impl_->connections[conn.id()] = {&conn, {}};
}

void Server::closed(Connection& conn) {
  auto it = impl_->connections.find(conn.id());
  if (it == impl_->connections.end()) return;
  const std::set<std::string> subscribed = it->second.tables;
  for (const std::string& id : subscribed) {
    auto t = impl_->tables.find(id);
    if (t != impl_->tables.end()) impl_->unsubscribe(conn.id(), *t->second);
  }
  impl_->connections.erase(conn.id());
}

void Server::message(Connection& conn, std::string_view text) {
  ++impl_->metrics.messages;
  json reply;
  // Acts, most of what a busy server reads, without a JSON tree
  // (act_request.h); at a table held elsewhere or unknown, or anything else
  // about them out of the ordinary, the general path below.
  std::optional<ActRequest> act = impl_->act_reader.read(text);
  auto table = act ? impl_->tables.find(std::string(act->table)) : impl_->tables.end();
  if (table != impl_->tables.end()) {
    reply = impl_->handle_act(conn, *table->second, *act);
  } else if (!protocol::nesting_within(text, protocol::kMaxDepth)) {
    // The one nesting limit of every protocol (protocol/limits.h, docs/server.md
    // "Limits"); the transport refuses deeper messages before they get here.
    reply = failure("request nested too deeply (limit " + std::to_string(protocol::kMaxDepth) +
                    " levels)");
  } else {
    json request = json::parse(text, nullptr, false);
    if (request.is_discarded() || !request.is_object())
      reply = {{"type", "error"},
               {"error", "a message must be a JSON object with a string \"cmd\""}};
    else
      reply = impl_->handle(conn, request);
  }
  if (!reply.is_null()) {
    if (reply.value("ok", true) == false) ++impl_->metrics.refused;
    conn.send(dump(reply));
  }
}

void Server::get(std::string_view target, HttpAnswer answer) {
  impl_->get(target, std::move(answer));
}

json Server::Impl::handle(Connection& conn, const json& request, bool located) {
  const json* id = field(request, "id");
  json reply;
  try {
    const json* cmd = field(request, "cmd");
    if (!cmd || !cmd->is_string())
      throw Error(
          "a request needs a string \"cmd\": games, check_deck, create, tables, join, resume, "
          "claim_code, claim, watch, act, leave or ping");
    // A table another process may hold: answered once the cluster knows.
    if (!located && locate_elsewhere(conn, cmd->get<std::string>(), request)) return nullptr;
    reply = dispatch(conn, cmd->get<std::string>(), request);
    if (reply.is_null()) return reply;  // answered once stored
    reply["type"] = "reply";
    reply["ok"] = true;
  } catch (const Error& e) {
    reply = failure(e.what());
  } catch (const json::exception& e) {
    reply = failure(std::string("bad request: ") + e.what());
  } catch (const std::exception& e) {
    reply = failure(std::string("internal error: ") + e.what());
  }
  if (id) reply["id"] = *id;
  return reply;
}

json Server::Impl::dispatch(Connection& conn, const std::string& cmd, const json& request) {
  if (cmd == "games") return cmd_games();
  if (cmd == "check_deck") return cmd_check_deck(request);
  if (cmd == "claim_code") return cmd_claim_code(request);
  if (cmd == "claim") return cmd_claim(conn, request);
  if (cmd == "tables") {
    send_tables(conn, field(request, "id"));  // the lobby's list as built (lobby_list.cpp)
    return nullptr;
  }
  if (cmd == "create") return cmd_create(conn, request);
  if (cmd == "join") return cmd_join(conn, request);
  if (cmd == "resume") return cmd_resume(conn, request);
  if (cmd == "act") return cmd_act(conn, request);
  if (cmd == "ping") return {{"time_ms", unix_ms()}};
  if (cmd == "watch") {
    Table& table = table_named(request);
    subscribe(conn, table, kNoSeat, following(request));
    return {{"table", table.id}, {"seat", kNoSeat}};
  }
  if (cmd == "leave") {
    Table& table = table_named(request);
    unsubscribe(conn.id(), table);
    return {{"table", table.id}};
  }
  throw Error("unknown cmd '" + cmd +
              "' (games, check_deck, create, tables, join, resume, claim_code, claim, watch, act, "
              "leave, ping)");
}

Table& Server::Impl::table_named(const json& request) {
  const std::string id = string_field(request, "table");
  auto it = tables.find(id);
  if (it == tables.end()) {
    if (id.size() > 64) throw Error("there is no such table");
    throw Error("there is no table '" + id + "' (a finished game is at /api/records/" + id + ")");
  }
  return *it->second;
}

void Server::Impl::subscribe(Connection& conn, Table& table, Seat seat, Following follow) {
  ConnectionInfo& info = connections.at(conn.id());
  auto existing = table.subscribers.find(conn.id());
  if (existing == table.subscribers.end() && info.tables.size() >= kMaxSubscriptions)
    throw Error("this connection follows " + std::to_string(kMaxSubscriptions) +
                " tables already (leave one first)");
  // Spectator places are limited (address_limits.cpp), seats never.
  if (seat == kNoSeat && (existing == table.subscribers.end() || existing->second.seat != kNoSeat))
    check_may_watch(conn, table);
  if (existing != table.subscribers.end()) unsubscribe(conn.id(), table);  // a new place for it
  Subscriber sub{&conn, seat, 0};
  sub.patches = follow.patches;
  sub.acks_in_updates = follow.acks_in_updates;
  const std::size_t log_size = table.match->log().size();
  if (log_size > kMaxLogLines) sub.log_sent = log_size - kMaxLogLines;
  table.subscribers[conn.id()] = sub;
  info.tables.insert(table.id);
  // The reply goes first; the update follows it (posted).
  const std::string id = table.id;
  if (seat == kNoSeat) {
    // A spectator changes nothing the others see: it alone gets an update.
    const std::uint64_t conn_id = conn.id();
    loop.post([this, id, conn_id] { first_update(id, conn_id); });
    return;
  }
  TableSeat& s = table.seats[static_cast<std::size_t>(seat)];
  ++s.connections;
  // Everyone learns the seat is connected; its timers change.
  loop.post([this, id] {
    auto t = tables.find(id);
    if (t != tables.end()) changed(*t->second);
  });
}

void Server::Impl::first_update(const std::string& table_id, std::uint64_t conn_id) {
  auto t = tables.find(table_id);
  if (t == tables.end()) return;
  auto sub = t->second->subscribers.find(conn_id);
  if (sub != t->second->subscribers.end() && !sub->second.updated)
    send_update(*t->second, sub->second);
}

void Server::Impl::unsubscribe(std::uint64_t conn_id, Table& table) {
  auto it = table.subscribers.find(conn_id);
  if (it == table.subscribers.end()) return;
  const Seat seat = it->second.seat;
  table.subscribers.erase(it);
  auto c = connections.find(conn_id);
  if (c != connections.end()) c->second.tables.erase(table.id);
  if (seat >= 0) {
    TableSeat& s = table.seats[static_cast<std::size_t>(seat)];
    if (--s.connections == 0) s.away_since = loop.now();
    changed(table);
  }
}

void Server::Impl::send_reply(std::uint64_t conn_id, json reply) {
  auto c = connections.find(conn_id);
  if (c == connections.end()) return;  // gone while its decision was stored
  reply["type"] = "reply";
  if (reply.value("ok", true) == false) ++metrics.refused;
  c->second.conn->send(dump(reply));
}

}  // namespace tt::server
