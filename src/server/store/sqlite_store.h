// The SQLite back end: one file, WAL mode, synchronous=NORMAL (a committed
// transaction survives the process being killed; docs/server.md, Storage).
#pragma once
#include <memory>
#include <string>

#include "server/store/store.h"

namespace tt::server {

// Opens (creating the file and its folder) and migrates. `shown` names the
// store in messages.
std::unique_ptr<Store> open_sqlite_store(const std::string& path, const std::string& shown);

}  // namespace tt::server
