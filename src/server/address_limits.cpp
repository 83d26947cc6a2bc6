// What one client address may hold (address_limits.h), so that no one client (many connections
// from one machine) can lock others out: the tables it created that are not
// over, and the spectator places at a table. A seat is never limited here:
// its owner, holding its token, can always come back to it (resume, claim),
// whatever the spectators do.
#include "server/address_limits.h"

#include <algorithm>

#include "core/error.h"
#include "server/server_impl.h"

namespace tt::server {

void Server::Impl::check_may_create(const Connection& conn) const {
  const std::size_t most = options.tables_per_address;
  if (most == 0) return;
  // Counted from each table's stored creator, so a restart does not reset it.
  const std::size_t held =
      static_cast<std::size_t>(std::count_if(tables.begin(), tables.end(), [&](const auto& kv) {
        return !kv.second->over() && kv.second->config.creator == conn.address();
      }));
  if (held >= most)
    throw Error("your address holds " + std::to_string(most) +
                " tables that are not over already (waiting or playing; at most " +
                std::to_string(most) + "): try again when one has ended");
}

void Server::Impl::check_may_watch(const Connection& conn, const Table& table) const {
  std::size_t spectators = 0, from_here = 0;
  for (const auto& [id, sub] : table.subscribers) {
    if (sub.seat != kNoSeat || id == conn.id()) continue;
    ++spectators;
    if (sub.conn->address() == conn.address()) ++from_here;
  }
  if (from_here >= kMaxSpectatorsPerAddress)
    throw Error("your address watches this table from " + std::to_string(kMaxSpectatorsPerAddress) +
                " connections already");
  if (spectators >= kMaxSpectators)
    throw Error("this table has " + std::to_string(kMaxSpectators) + " spectators already");
}

}  // namespace tt::server
