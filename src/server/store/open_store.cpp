// open_store: the back end a URL names (store.h).
#include "core/error.h"
#include "server/store/postgres_store.h"
#include "server/store/sqlite_store.h"
#include "server/store/store.h"
#include "server/store/store_url.h"

namespace tt::server {

// Only PostgreSQL is shared by several processes (postgres_store.cpp).
void Store::fence(const LeaseOwner&) {
  throw Error(
      "several processes (--cluster) need a PostgreSQL store (postgresql://...): SQLite is one "
      "process's own file");
}

std::unique_ptr<LeaseStore> Store::leases(const LeaseOwner&) {
  throw Error(
      "several processes (--cluster) need a PostgreSQL store (postgresql://...): SQLite is one "
      "process's own file");
}

std::unique_ptr<Store> open_store(const std::string& url) {
  const StoreUrl parsed = parse_store_url(url);
  std::unique_ptr<Store> store =
      parsed.kind == StoreUrl::Kind::postgresql
          ? open_postgres_store(parsed.target, parsed.shown, password_of(parsed.target))
          : open_sqlite_store(parsed.target, "sqlite:" + parsed.target);
  // A store that cannot take a write is refused before anything is served.
  store->check_writable();
  return store;
}

}  // namespace tt::server
