// Tables nobody fills: a table still waiting for people options.waiting_seconds
// after it was created ends, so the lobby does not fill up with tables left
// behind. Nothing was played at it (a table starts only once every person's
// seat is taken), so it is stored as finished with no results; its watchers
// are told it closed.
#include <algorithm>

#include "server/server_impl.h"

namespace tt::server {

using nlohmann::json;

void Server::Impl::arm_waiting_expiry(Table& table) {
  if (options.waiting_seconds <= 0 || table.full() || table.over()) return;
  // From when it was created, restarts included (created_ms is wall time).
  const std::int64_t waited_ms = std::max<std::int64_t>(0, unix_ms() - table.created_ms);
  const std::int64_t left_ms =
      std::max<std::int64_t>(0, std::int64_t{options.waiting_seconds} * 1000 - waited_ms);
  const std::string id = table.id;
  table.waiting_timer =
      loop.after(std::chrono::milliseconds(left_ms), [this, id] { waiting_expired(id); });
}

void Server::Impl::waiting_expired(const std::string& table_id) {
  auto it = tables.find(table_id);
  if (it == tables.end()) return;
  Table& table = *it->second;
  table.waiting_timer = 0;
  if (table.full() || table.over()) return;  // it filled up meanwhile
  const json closed = {{"type", "closed"},
                       {"table", table.id},
                       {"reason", "nobody took the open seats in " +
                                      std::to_string(options.waiting_seconds / 60) + " minutes"}};
  const std::string text = dump(closed);
  for (auto& [conn_id, sub] : table.subscribers) {
    sub.conn->send(text);
    auto c = connections.find(conn_id);
    if (c != connections.end()) c->second.tables.erase(table.id);
  }
  for (auto c = claims.begin(); c != claims.end();)
    c = c->second.table == table.id ? claims.erase(c) : std::next(c);
  ++metrics.tables_abandoned;
  journal.finish(table.id, "[]", dump(table.match->record()), unix_ms());
  tables.erase(it);
}

}  // namespace tt::server
