#include "server/store/schema.h"

namespace tt::server {

const std::vector<Migration>& migrations() {
  // Column types are the ones both engines read alike: TEXT, INTEGER, BIGINT.
  // Times are Unix milliseconds; JSON is kept as text, exactly as written.
  static const std::vector<Migration> all = {
      {1,
       {
           // A table as created (its record's setup and the server's settings),
           // and once over its results and full record.
           "CREATE TABLE tables ("
           " id TEXT PRIMARY KEY,"
           " game TEXT NOT NULL,"
           " setup TEXT NOT NULL,"
           " config TEXT NOT NULL,"
           " created BIGINT NOT NULL,"
           " finished BIGINT,"
           " results TEXT,"
           " record TEXT)",
           "CREATE INDEX tables_finished ON tables (finished)",
           // A seat: a human seat gets its player's name and token hash on joining.
           "CREATE TABLE seats ("
           " table_id TEXT NOT NULL REFERENCES tables (id),"
           " seat INTEGER NOT NULL CHECK (seat >= 0),"
           " kind TEXT NOT NULL,"
           " name TEXT NOT NULL DEFAULT '',"
           " token_hash TEXT NOT NULL DEFAULT '',"
           " PRIMARY KEY (table_id, seat))",
           "CREATE INDEX seats_name ON seats (name)",
           // Every accepted decision; the key makes storing one twice impossible.
           "CREATE TABLE decisions ("
           " table_id TEXT NOT NULL REFERENCES tables (id),"
           " idx BIGINT NOT NULL CHECK (idx >= 0),"
           " seat INTEGER NOT NULL,"
           " option TEXT NOT NULL,"
           " at BIGINT NOT NULL,"
           " PRIMARY KEY (table_id, idx))",
           // The latest snapshot of a table: its state after `idx` decisions.
           "CREATE TABLE snapshots ("
           " table_id TEXT PRIMARY KEY REFERENCES tables (id),"
           " idx BIGINT NOT NULL CHECK (idx >= 0),"
           " state TEXT NOT NULL,"
           " fingerprint TEXT NOT NULL)",
       }},
      {2,
       {
           // The chess clocks of a table after each of its decisions, so a
           // restart keeps the time each seat used ('' at untimed tables).
           "ALTER TABLE decisions ADD COLUMN clocks TEXT NOT NULL DEFAULT ''",
       }},
      {3,
       {
           // Several processes on one database (docs/server.md "Several
           // processes"): each run of a process (its node name and a random
           // incarnation) is alive until `expires` (the database's clock,
           // Unix ms; 0: stopped), renewed as one row however many tables it
           // holds.
           "CREATE TABLE nodes ("
           " node TEXT NOT NULL,"
           " incarnation TEXT NOT NULL,"
           " expires BIGINT NOT NULL,"
           " PRIMARY KEY (node, incarnation))",
           // The run that holds a table (its lease lasts while that run is
           // alive) and the claim's number. Locked by claims and by every
           // write of the table (FOR SHARE): nothing else writes it.
           "CREATE TABLE leases ("
           " table_id TEXT PRIMARY KEY REFERENCES tables (id),"
           " owner TEXT NOT NULL,"
           " incarnation TEXT NOT NULL,"
           " epoch BIGINT NOT NULL)",
           // The lobby's summary of a table, as its holder last wrote it.
           "CREATE TABLE summaries ("
           " table_id TEXT PRIMARY KEY REFERENCES tables (id),"
           " summary TEXT NOT NULL)",
           "CREATE INDEX leases_owner ON leases (owner, incarnation)",
           // Every claim of a table, in order: who wrote under which epoch.
           "CREATE TABLE claims ("
           " table_id TEXT NOT NULL REFERENCES tables (id),"
           " epoch BIGINT NOT NULL,"
           " owner TEXT NOT NULL,"
           " at BIGINT NOT NULL,"
           " PRIMARY KEY (table_id, epoch))",
           // The claim a decision was written under (0: a single process).
           "ALTER TABLE decisions ADD COLUMN epoch BIGINT NOT NULL DEFAULT 0",
       }},
  };
  return all;
}

int newest_schema_version() {
  return migrations().back().version;
}

std::string newer_schema_message(int found) {
  return "the database is at schema version " + std::to_string(found) +
         ", newer than this program knows (" + std::to_string(newest_schema_version()) +
         "): use a newer tabletop, or another database";
}

}  // namespace tt::server
