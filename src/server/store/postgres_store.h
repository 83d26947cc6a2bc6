// The PostgreSQL back end (libpqxx): the same schema and migrations as SQLite;
// a commit returns once PostgreSQL has flushed it (synchronous_commit on).
#pragma once
#include <memory>
#include <string>

#include "server/store/store.h"

namespace tt::server {

// Connects (libpq URL) and migrates. `shown` names the store in messages
// (the URL without its password); `password` is scrubbed from any message.
std::unique_ptr<Store> open_postgres_store(const std::string& url, const std::string& shown,
                                           const std::string& password);

// A lease session (leases.h) for `owner`, on a connection of its own
// (postgres_leases.cpp).
std::unique_ptr<LeaseStore> open_postgres_leases(const std::string& url, const std::string& shown,
                                                 const std::string& password,
                                                 const LeaseOwner& owner);

}  // namespace tt::server
