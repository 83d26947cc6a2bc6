// Durable storage of tables: each table is its record (game, setup, seed,
// seats, every accepted decision in order) plus periodic snapshots of the
// state, so a restarted server resumes every table at its last acknowledged
// decision. Two back ends share one schema and its migrations: SQLite (one
// file, WAL mode; the default) and PostgreSQL (libpqxx).
//
// A Store is used from one thread at a time (the server's journal thread); it
// throws tt::Error (message names the back end and what failed) on any
// failure, and a failed call changes nothing (each call is one transaction).
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "server/store/leases.h"

namespace tt::server {

// One seat of a stored table.
struct StoredSeat {
  std::string kind;        // "human", or an agent name ("greedy", "random")
  std::string name;        // the player's name once a person joined ("" while open)
  std::string token_hash;  // hex SHA-256 of the seat token ("" while open)
};

// A table as created: everything needed to start its match again.
struct StoredTable {
  std::string id;           // random, URL-safe
  std::string game;         // registry name
  std::string setup_json;   // the setup as setup_to_json writes it (seed included)
  std::string config_json;  // server-side settings: title, timers, grace (JSON object)
  std::vector<StoredSeat> seats;
  std::int64_t created_ms = 0;  // Unix time, milliseconds
  // A fenced store (several processes): the lobby's summary of the new table.
  std::string summary_json = "";
};

// One accepted decision: the n-th (0-based) of its table.
struct StoredDecision {
  std::string table;
  std::int64_t index = 0;
  int seat = 0;
  std::string option;      // the option id as the match took it (full, unredacted)
  std::int64_t at_ms = 0;  // when it was accepted (Unix ms)
  // A table with a chess clock: every seat's clock once this decision is
  // made (JSON, server/chess_clock.h); "" for other tables.
  std::string clocks = "";
};

// A table to resume: its creation data, its decisions in order, its latest
// snapshot (if any) and whether it is over.
struct LoadedTable {
  StoredTable table;
  std::vector<StoredDecision> decisions;
  std::int64_t snapshot_index = -1;  // the snapshot was taken after this many decisions; -1 none
  std::string snapshot_json;         // State::save output at that point
  std::string snapshot_fingerprint;  // State::fingerprint as decimal, to check a replay against
  bool finished = false;
};

// A finished game, for a player's list of past games.
struct PastGame {
  std::string table;
  std::string game;
  std::int64_t created_ms = 0;
  std::int64_t finished_ms = 0;
  std::string results_json;        // Match::results()
  std::vector<std::string> names;  // per seat: the player's name, or the agent's kind
  std::vector<std::string> kinds;  // per seat: "human" or the agent's kind
};

// A person taking an open seat, as part of a WriteBatch; or, with
// `replaces`, a taken seat moving to a new token (its owner claimed it on
// another device): only a seat still holding `replaces` changes.
struct SeatTaken {
  std::string table;
  int seat = 0;
  std::string name, token_hash;
  std::string replaces = "";  // "" to take an open seat
};

// A table's snapshot (its state after `index` decisions), as part of a WriteBatch.
struct SnapshotRow {
  std::string table;
  std::int64_t index = 0;
  std::string state_json, fingerprint;
};

// A game over, as part of a WriteBatch.
struct FinishRow {
  std::string table, results_json, record_json;
  std::int64_t finished_ms = 0;
};

// Everything a journal batch writes, committed together or not at all, in this order:
// tables created, seats taken, decisions, snapshots, games finished.
struct WriteBatch {
  std::vector<StoredTable> created;
  std::vector<SeatTaken> seats;
  std::vector<StoredDecision> decisions;
  std::vector<SnapshotRow> snapshots;
  std::vector<FinishRow> finished;
  bool empty() const {
    return created.empty() && seats.empty() && decisions.empty() && snapshots.empty() &&
           finished.empty();
  }
};

class Store {
 public:
  virtual ~Store() = default;

  // Creates the schema or brings it up to the newest version (idempotent).
  // The version is kept in a table `schema_version`.
  virtual void migrate() = 0;
  // The schema version the database is at after migrate().
  virtual int schema_version() = 0;

  virtual void create_table(const StoredTable& table) = 0;
  // A person took an open seat (name and token hash set).
  virtual void take_seat(const std::string& table, int seat, const std::string& name,
                         const std::string& token_hash) = 0;
  // Appends decisions, possibly of many tables, in ONE transaction (group
  // commit). Throws when an (table, index) pair already exists: a decision is
  // never stored twice nor overwritten.
  virtual void append(const std::vector<StoredDecision>& decisions) = 0;
  // Replaces the table's snapshot (state after `index` decisions).
  virtual void snapshot(const std::string& table, std::int64_t index, const std::string& state_json,
                        const std::string& fingerprint) = 0;
  // The game is over: results and the full record (JSON text) are kept.
  virtual void finish(const std::string& table, const std::string& results_json,
                      const std::string& record_json, std::int64_t finished_ms) = 0;
  // The whole batch in ONE transaction (one commit, however many kinds of
  // rows), each row checked as its single call above checks it; throws and
  // changes nothing on any refusal. An empty batch does nothing.
  virtual void write(const WriteBatch& batch) = 0;

  // Every table that is not finished, with its decisions in order.
  virtual std::vector<LoadedTable> unfinished() = 0;
  // One table (finished or not); nullopt when unknown.
  virtual std::optional<LoadedTable> load(const std::string& table) = 0;
  // The full record of a finished table (JSON text); nullopt when unknown or not finished.
  virtual std::optional<std::string> record(const std::string& table) = 0;
  // Finished games in which a seat was held by a person of this name, newest first.
  virtual std::vector<PastGame> past_games(const std::string& name, int limit = 100) = 0;
  // The most recent finished games of anyone, newest first.
  virtual std::vector<PastGame> recent_games(int limit = 50) = 0;

  // A write transaction that changes nothing anyone reads, committed: proves
  // the store takes writes now (open_store runs it before a server starts;
  // the journal runs it to learn that a failing store came back).
  virtual void check_writable() = 0;
  // Another connection to the same database, for reads on another thread
  // while this one writes: they never wait for each other's transactions
  // (SQLite in WAL mode; a second PostgreSQL session). Not migrated.
  virtual std::unique_ptr<Store> reader() = 0;

  // Several processes on one database (leases.h; PostgreSQL only, the others
  // throw tt::Error saying so). From now on every write of a table is
  // refused (kLeaseLost) unless `owner` holds its lease; a table created
  // through this store is leased to `owner`; its decisions carry the epoch.
  virtual void fence(const LeaseOwner& owner);
  // A session of its own for claims, renewals and the lobby, as `owner`.
  virtual std::unique_ptr<LeaseStore> leases(const LeaseOwner& owner);
};

// Opens a store from a URL: "" or "sqlite:PATH" or a path ending in .db/.sqlite
// (SQLite, WAL mode, the folder created), or "postgresql://..." /
// "postgres://..." (libpqxx). Runs migrate() and check_writable(). Throws tt::Error naming the URL
// (without its password) and the reason.
std::unique_ptr<Store> open_store(const std::string& url);

// The default SQLite file: var/tabletop.db under the current folder.
inline constexpr const char* kDefaultStore = "sqlite:var/tabletop.db";

}  // namespace tt::server
