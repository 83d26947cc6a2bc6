// open_store: the back end a URL names (store.h).
#include "server/store/postgres_store.h"
#include "server/store/sqlite_store.h"
#include "server/store/store.h"
#include "server/store/store_url.h"

namespace tt::server {

std::unique_ptr<Store> open_store(const std::string& url) {
  const StoreUrl parsed = parse_store_url(url);
  if (parsed.kind == StoreUrl::Kind::postgresql) {
    return open_postgres_store(parsed.target, parsed.shown, password_of(parsed.target));
  }
  return open_sqlite_store(parsed.target, "sqlite:" + parsed.target);
}

}  // namespace tt::server
