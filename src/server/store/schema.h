// The one schema both back ends share, as numbered migrations: version N is
// reached by running the steps of every version up to N in order, in one
// transaction. A database records its version in `schema_version`; one newer
// than this program knows is refused, never touched.
#pragma once
#include <string>
#include <vector>

namespace tt::server {

struct Migration {
  int version;                     // 1, 2, ... in order, no gaps
  std::vector<std::string> steps;  // SQL statements that SQLite and PostgreSQL both accept
};

// Every migration, oldest first.
const std::vector<Migration>& migrations();
// The newest schema version this program knows (the last migration's).
int newest_schema_version();

// The table holding the version: one row, one column.
inline constexpr const char* kCreateSchemaVersion =
    "CREATE TABLE schema_version (version INTEGER NOT NULL)";

// Why a database at `found` is refused (found > newest_schema_version()).
std::string newer_schema_message(int found);

}  // namespace tt::server
