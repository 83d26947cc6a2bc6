// A store URL as `--db` takes it: which back end, what to open, and how to
// show it in messages (never with its password).
#pragma once
#include <string>

namespace tt::server {

struct StoreUrl {
  enum class Kind { sqlite, postgresql };
  Kind kind = Kind::sqlite;
  std::string target;  // SQLite: the file's path; PostgreSQL: the URL for libpq
  std::string shown;   // for messages: the URL with any password replaced by ***
};

// "" (the default file), "sqlite:PATH", "sqlite://PATH", a path ending in
// .db/.sqlite/.sqlite3, "postgresql://..." or "postgres://...". Throws
// tt::Error for anything else.
StoreUrl parse_store_url(const std::string& url);

// The URL with the password of its user part and any password=... parameter
// replaced by ***.
std::string without_password(const std::string& url);

// The password the URL carries ("" when none), to scrub it from messages.
std::string password_of(const std::string& url);

}  // namespace tt::server
