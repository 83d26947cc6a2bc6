// The SQLite back end. Every call is one transaction on prepared statements
// compiled once when the store opens; write() runs the single writes' bodies
// in one transaction.
#include "server/store/sqlite_store.h"

#include <filesystem>
#include <system_error>

#include "core/error.h"
#include "server/store/rows.h"
#include "server/store/schema.h"
#include "server/store/sqlite_checkpointer.h"
#include "server/store/sqlite_db.h"

namespace tt::server {
namespace {

using sqlite::Db;
using sqlite::Failure;
using sqlite::Statement;
using sqlite::Transaction;
using sqlite::Use;

// A refusal of bad input (unknown table, seat taken, decision stored twice).
struct Refused {
  std::string why;
};

constexpr const char* kTableColumns =
    "SELECT id, game, setup, config, created, finished IS NOT NULL FROM tables ";
constexpr const char* kPastColumns = "SELECT id, game, created, finished, results FROM tables ";
constexpr const char* kHumanNamed =
    "WHERE finished IS NOT NULL AND EXISTS (SELECT 1 FROM seats"
    " WHERE seats.table_id = tables.id AND seats.kind = 'human' AND seats.name = ?1) ";
constexpr const char* kNewestFirst = "ORDER BY finished DESC, id DESC LIMIT ?2";
constexpr const char* kNewestFirstAlone = "ORDER BY finished DESC, id DESC LIMIT ?1";

std::string cat(std::initializer_list<const char*> parts) {
  std::string sql;
  for (const char* part : parts) sql += part;
  return sql;
}

// The prepared statements, compiled once and kept.
struct Statements {
  explicit Statements(Db& db)
      : begin(db, "BEGIN"),
        begin_write(db, "BEGIN IMMEDIATE"),
        commit(db, "COMMIT"),
        rollback(db, "ROLLBACK"),
        insert_table(db,
                     "INSERT INTO tables (id, game, setup, config, created) "
                     "VALUES (?1, ?2, ?3, ?4, ?5)"),
        insert_seat(db,
                    "INSERT INTO seats (table_id, seat, kind, name, token_hash) "
                    "VALUES (?1, ?2, ?3, ?4, ?5)"),
        find_seat(db, "SELECT kind, token_hash FROM seats WHERE table_id = ?1 AND seat = ?2"),
        take_seat(db,
                  "UPDATE seats SET name = ?3, token_hash = ?4 WHERE table_id = ?1 AND seat = ?2"),
        insert_decision(db,
                        "INSERT INTO decisions (table_id, idx, seat, option, at, clocks) "
                        "VALUES (?1, ?2, ?3, ?4, ?5, ?6)"),
        snapshot(
            db,
            "INSERT INTO snapshots (table_id, idx, state, fingerprint) VALUES (?1, ?2, ?3, ?4) "
            "ON CONFLICT (table_id) DO UPDATE SET idx = excluded.idx, state = excluded.state, "
            "fingerprint = excluded.fingerprint"),
        finish(db,
               "UPDATE tables SET finished = ?2, results = ?3, record = ?4 "
               "WHERE id = ?1 AND finished IS NULL"),
        table_finished(db, "SELECT finished IS NOT NULL FROM tables WHERE id = ?1"),
        unfinished_tables(db, cat({kTableColumns, "WHERE finished IS NULL ORDER BY created, id"})),
        unfinished_seats(db,
                         "SELECT s.table_id, s.seat, s.kind, s.name, s.token_hash FROM seats s "
                         "JOIN tables t ON t.id = s.table_id WHERE t.finished IS NULL"),
        unfinished_decisions(db,
                             "SELECT d.table_id, d.idx, d.seat, d.option, d.at, d.clocks "
                             "FROM decisions d "
                             "JOIN tables t ON t.id = d.table_id WHERE t.finished IS NULL "
                             "ORDER BY d.table_id, d.idx"),
        unfinished_snapshots(db,
                             "SELECT s.table_id, s.idx, s.state, s.fingerprint FROM snapshots s "
                             "JOIN tables t ON t.id = s.table_id WHERE t.finished IS NULL"),
        one_table(db, cat({kTableColumns, "WHERE id = ?1"})),
        one_seats(db,
                  "SELECT table_id, seat, kind, name, token_hash FROM seats WHERE table_id = ?1"),
        one_decisions(db,
                      "SELECT table_id, idx, seat, option, at, clocks FROM decisions "
                      "WHERE table_id = ?1 "
                      "ORDER BY idx"),
        one_snapshot(db,
                     "SELECT table_id, idx, state, fingerprint FROM snapshots WHERE table_id = ?1"),
        record(db, "SELECT record FROM tables WHERE id = ?1 AND finished IS NOT NULL"),
        past_games(db, cat({kPastColumns, kHumanNamed, kNewestFirst})),
        past_seats(db,
                   cat({"SELECT table_id, seat, kind, name FROM seats WHERE table_id IN (SELECT "
                        "id FROM tables ",
                        kHumanNamed, kNewestFirst, ")"})),
        recent_games(db, cat({kPastColumns, "WHERE finished IS NOT NULL ", kNewestFirstAlone})),
        recent_seats(db,
                     cat({"SELECT table_id, seat, kind, name FROM seats WHERE table_id IN (SELECT "
                          "id FROM tables WHERE finished IS NOT NULL ",
                          kNewestFirstAlone, ")"})) {}

  Statement begin, begin_write, commit, rollback;
  Statement insert_table, insert_seat, find_seat, take_seat, insert_decision, snapshot, finish,
      table_finished;
  Statement unfinished_tables, unfinished_seats, unfinished_decisions, unfinished_snapshots;
  Statement one_table, one_seats, one_decisions, one_snapshot, record;
  Statement past_games, past_seats, recent_games, recent_seats;
};

bool is(const Failure& failure, int code) {
  return failure.code() == code;
}

class SqliteStore : public Store {
 public:
  // The writer migrates and checks that the file takes writes; a reader
  // (reader()) only reads, on a connection of its own.
  enum class Role { kWriter, kReader };

  SqliteStore(const std::string& path, std::string shown, Role role = Role::kWriter)
      : shown_(std::move(shown)), path_(path) {
    guard("open", [&] {
      create_folder(path);
      db_ = std::make_unique<Db>(path);
      configure(role);
      if (role == Role::kWriter) migrate_now();
      statements_ = std::make_unique<Statements>(*db_);
      if (role == Role::kWriter) writable_now();
      if (role == Role::kWriter && path != ":memory:")
        checkpointer_ = std::make_unique<sqlite::Checkpointer>(path, std::chrono::seconds(1));
    });
  }

  void check_writable() override {
    guard("check_writable", [&] { writable_now(); });
  }

  std::unique_ptr<Store> reader() override {
    return std::make_unique<SqliteStore>(path_, shown_, Role::kReader);
  }

  void migrate() override {
    guard("migrate", [&] { migrate_now(); });
  }

  int schema_version() override {
    return guard("schema_version", [&] { return std::stoi(db_->text(kVersionQuery)); });
  }

  void create_table(const StoredTable& table) override {
    guard("create_table", [&] { in_one_transaction([&] { create_in(table); }); });
  }

  void take_seat(const std::string& table, int seat, const std::string& name,
                 const std::string& token_hash) override {
    guard("take_seat",
          [&] { in_one_transaction([&] { seat_in(table, seat, name, token_hash); }); });
  }

  void append(const std::vector<StoredDecision>& decisions) override {
    if (decisions.empty()) return;
    guard("append", [&] { in_one_transaction([&] { append_in(decisions); }); });
  }

  void snapshot(const std::string& table, std::int64_t index, const std::string& state_json,
                const std::string& fingerprint) override {
    guard("snapshot",
          [&] { in_one_transaction([&] { snapshot_in(table, index, state_json, fingerprint); }); });
  }

  void finish(const std::string& table, const std::string& results_json,
              const std::string& record_json, std::int64_t finished_ms) override {
    guard("finish", [&] {
      in_one_transaction([&] { finish_in(table, results_json, record_json, finished_ms); });
    });
  }

  void write(const WriteBatch& batch) override {
    if (batch.empty()) return;
    guard("write", [&] {
      in_one_transaction([&] {
        for (const StoredTable& table : batch.created) create_in(table);
        for (const SeatTaken& seat : batch.seats)
          seat_in(seat.table, seat.seat, seat.name, seat.token_hash, seat.replaces);
        append_in(batch.decisions);
        for (const SnapshotRow& row : batch.snapshots)
          snapshot_in(row.table, row.index, row.state_json, row.fingerprint);
        for (const FinishRow& row : batch.finished)
          finish_in(row.table, row.results_json, row.record_json, row.finished_ms);
      });
    });
  }

  std::vector<LoadedTable> unfinished() override {
    return guard("unfinished", [&] {
      Transaction tx = read();
      Use tables(s().unfinished_tables), seats(s().unfinished_seats);
      Use decisions(s().unfinished_decisions), snapshots(s().unfinished_snapshots);
      LoadedTables loaded;
      read_tables(*tables, *seats, *decisions, *snapshots, loaded);
      return loaded.take();
    });
  }

  std::optional<LoadedTable> load(const std::string& table) override {
    return guard("load", [&]() -> std::optional<LoadedTable> {
      Transaction tx = read();
      Use tables(s().one_table), seats(s().one_seats);
      Use decisions(s().one_decisions), snapshots(s().one_snapshot);
      for (Use* use : {&tables, &seats, &decisions, &snapshots}) (*use)->bind(1, table);
      LoadedTables loaded;
      read_tables(*tables, *seats, *decisions, *snapshots, loaded);
      auto found = loaded.take();
      if (found.empty()) return std::nullopt;
      return std::move(found.front());
    });
  }

  std::optional<std::string> record(const std::string& table) override {
    return guard("record", [&]() -> std::optional<std::string> {
      Use find(s().record);
      find->bind(1, table);
      if (!find->step()) return std::nullopt;
      return find->column_text(0);
    });
  }

  std::vector<PastGame> past_games(const std::string& name, int limit) override {
    return guard("past_games", [&] {
      if (limit <= 0) return std::vector<PastGame>{};
      Transaction tx = read();
      Use games(s().past_games), seats(s().past_seats);
      for (Use* use : {&games, &seats}) (*use)->bind(1, name).bind(2, std::int64_t{limit});
      return read_past(*games, *seats);
    });
  }

  std::vector<PastGame> recent_games(int limit) override {
    return guard("recent_games", [&] {
      if (limit <= 0) return std::vector<PastGame>{};
      Transaction tx = read();
      Use games(s().recent_games), seats(s().recent_seats);
      for (Use* use : {&games, &seats}) (*use)->bind(1, std::int64_t{limit});
      return read_past(*games, *seats);
    });
  }

 private:
  // Runs `work` in one write transaction, committed only if it all succeeded.
  template <typename Work>
  void in_one_transaction(Work&& work) {
    Transaction tx = writing();
    work();
    tx.commit();
  }

  // The single writes, each inside the caller's open transaction.
  void create_in(const StoredTable& table) {
    try {
      Use insert(s().insert_table);
      insert->bind(1, table.id).bind(2, table.game).bind(3, table.setup_json);
      insert->bind(4, table.config_json).bind(5, table.created_ms).run();
    } catch (const Failure& failure) {
      if (is(failure, SQLITE_CONSTRAINT_PRIMARYKEY)) {
        throw Refused{"table " + table.id + " already exists"};
      }
      throw;
    }
    for (std::size_t seat = 0; seat < table.seats.size(); ++seat) {
      const StoredSeat& stored = table.seats[seat];
      Use insert(s().insert_seat);
      insert->bind(1, table.id).bind(2, static_cast<std::int64_t>(seat)).bind(3, stored.kind);
      insert->bind(4, stored.name).bind(5, stored.token_hash).run();
    }
  }

  // `replaces`: "" to take an open seat, else the token hash a moving seat holds.
  void seat_in(const std::string& table, int seat, const std::string& name,
               const std::string& token_hash, const std::string& replaces = "") {
    {
      Use find(s().find_seat);
      find->bind(1, table).bind(2, std::int64_t{seat});
      if (!find->step()) {
        throw Refused{"table " + table + " has no seat " + std::to_string(seat)};
      }
      if (find->column_text(0) != "human") {
        throw Refused{"seat " + std::to_string(seat) + " of table " + table +
                      " is not a human seat"};
      }
      if (find->column_text(1) != replaces) {
        throw Refused{"seat " + std::to_string(seat) + " of table " + table +
                      (replaces.empty() ? " is already taken" : " moved already")};
      }
    }
    Use take(s().take_seat);
    take->bind(1, table).bind(2, std::int64_t{seat}).bind(3, name).bind(4, token_hash).run();
  }

  void append_in(const std::vector<StoredDecision>& decisions) {
    for (const StoredDecision& decision : decisions) {
      try {
        Use insert(s().insert_decision);
        insert->bind(1, decision.table).bind(2, decision.index);
        insert->bind(3, std::int64_t{decision.seat}).bind(4, decision.option);
        insert->bind(5, decision.at_ms).bind(6, decision.clocks).run();
      } catch (const Failure& failure) {
        const std::string which =
            "decision " + std::to_string(decision.index) + " of table " + decision.table;
        if (is(failure, SQLITE_CONSTRAINT_PRIMARYKEY)) throw Refused{which + " is already stored"};
        if (is(failure, SQLITE_CONSTRAINT_FOREIGNKEY)) throw Refused{which + ": no such table"};
        if (is(failure, SQLITE_CONSTRAINT_CHECK)) throw Refused{which + ": a negative index"};
        throw;
      }
    }
  }

  void snapshot_in(const std::string& table, std::int64_t index, const std::string& state_json,
                   const std::string& fingerprint) {
    try {
      Use upsert(s().snapshot);
      upsert->bind(1, table).bind(2, index).bind(3, state_json).bind(4, fingerprint).run();
    } catch (const Failure& failure) {
      if (is(failure, SQLITE_CONSTRAINT_FOREIGNKEY)) throw Refused{"no table " + table};
      if (is(failure, SQLITE_CONSTRAINT_CHECK)) throw Refused{"a negative index"};
      throw;
    }
  }

  void finish_in(const std::string& table, const std::string& results_json,
                 const std::string& record_json, std::int64_t finished_ms) {
    {
      Use update(s().finish);
      update->bind(1, table).bind(2, finished_ms).bind(3, results_json).bind(4, record_json);
      update->run();
    }
    if (db_->changes() == 0) {
      Use find(s().table_finished);
      find->bind(1, table);
      throw Refused{find->step() ? "table " + table + " is already finished" : "no table " + table};
    }
  }

  static constexpr const char* kVersionQuery =
      "SELECT coalesce(max(version), 0) FROM schema_version";

  // Runs `work`, turning every failure into tt::Error naming the store and the call.
  template <typename Work>
  auto guard(const char* call, Work&& work) -> decltype(work()) {
    try {
      return work();
    } catch (const Refused& refused) {
      throw Error(prefix(call) + refused.why);
    } catch (const Failure& failure) {
      throw Error(prefix(call) + failure.what());
    } catch (const Error& error) {
      throw Error(prefix(call) + error.what());
    } catch (const std::exception& error) {
      throw Error(prefix(call) + error.what());
    }
  }

  std::string prefix(const char* call) const {
    return "sqlite store " + shown_ + ": " + call + ": ";
  }

  Statements& s() { return *statements_; }
  Transaction writing() { return Transaction(s().begin_write, s().commit, s().rollback); }
  // A read sees one consistent moment; it ends (rolled back: nothing to keep)
  // when its scope does, after the statements declared after it are reset.
  Transaction read() { return Transaction(s().begin, s().commit, s().rollback); }

  static void create_folder(const std::string& path) {
    const auto folder = std::filesystem::path(path).parent_path();
    if (folder.empty() || path == ":memory:") return;
    std::error_code error;
    std::filesystem::create_directories(folder, error);
    if (error)
      throw Refused{"cannot create the folder " + folder.string() + ": " + error.message()};
  }

  // A real write, committed: a file SQLite opened read-only (no write
  // permission, immutable), a full disk or a lock held elsewhere fails here.
  void writable_now() {
    if (sqlite3_db_readonly(db_->handle(), "main") == 1)
      throw Refused{"the file cannot be written (SQLite opened it read-only)"};
    in_one_transaction([&] { db_->exec("UPDATE schema_version SET version = version"); });
  }

  void configure(Role role) {
    // Our own writer committing (the reader), or the file's lock held by
    // another process: wait, up to 5 s.
    sqlite3_busy_timeout(db_->handle(), 5000);
    if (role == Role::kReader) {
      db_->exec("PRAGMA query_only = ON");
      return;
    }
    // WAL: readers never block the writer, and a commit is one append to the
    // log. synchronous=NORMAL syncs the log only at checkpoints: a commit
    // survives the process being killed (it is in the OS's hands when COMMIT
    // returns) but the last ones may be lost if the machine loses power.
    const std::string mode = db_->text("PRAGMA journal_mode = WAL");
    if (mode != "wal" && mode != "memory")
      throw Refused{"WAL mode refused (journal_mode " + mode + ")"};
    db_->exec("PRAGMA synchronous = NORMAL");
    db_->exec("PRAGMA foreign_keys = ON");
    // No commit checkpoints (copies the log back into the file and flushes
    // both: tens of ms on a busy disk): the checkpointer's connection does,
    // every second, beside the writer (sqlite_checkpointer.h).
    db_->exec("PRAGMA wal_autocheckpoint = 0");
    db_->exec("PRAGMA journal_size_limit = 67108864");  // the log shrinks back to 64 MB at most
  }

  void migrate_now() {
    Statement begin(*db_, "BEGIN IMMEDIATE"), commit(*db_, "COMMIT"), rollback(*db_, "ROLLBACK");
    Transaction tx(begin, commit, rollback);
    const bool has_version =
        !db_->text(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'")
             .empty();
    if (!has_version) db_->exec(kCreateSchemaVersion);
    const int found = std::stoi(db_->text(kVersionQuery));
    if (found > newest_schema_version()) throw Refused{newer_schema_message(found)};
    for (const Migration& migration : migrations()) {
      if (migration.version <= found) continue;
      for (const std::string& step : migration.steps) db_->exec(step);
    }
    if (found != newest_schema_version()) {
      db_->exec("DELETE FROM schema_version");
      db_->exec("INSERT INTO schema_version (version) VALUES (" +
                std::to_string(newest_schema_version()) + ")");
    }
    tx.commit();
  }

  // Tables, then their seats, decisions (in order) and snapshots.
  static void read_tables(Statement& tables, Statement& seats, Statement& decisions,
                          Statement& snapshots, LoadedTables& loaded) {
    while (tables.step()) {
      StoredTable table;
      table.id = tables.column_text(0);
      table.game = tables.column_text(1);
      table.setup_json = tables.column_text(2);
      table.config_json = tables.column_text(3);
      table.created_ms = tables.column_int(4);
      loaded.add(std::move(table), tables.column_int(5) != 0);
    }
    while (seats.step()) {
      loaded.add_seat(seats.column_text(0), static_cast<int>(seats.column_int(1)),
                      {seats.column_text(2), seats.column_text(3), seats.column_text(4)});
    }
    while (decisions.step()) {
      LoadedTable* table = loaded.find(decisions.column_text(0));
      if (table == nullptr) continue;
      table->decisions.push_back({decisions.column_text(0), decisions.column_int(1),
                                  static_cast<int>(decisions.column_int(2)),
                                  decisions.column_text(3), decisions.column_int(4),
                                  decisions.column_text(5)});
    }
    while (snapshots.step()) {
      LoadedTable* table = loaded.find(snapshots.column_text(0));
      if (table == nullptr) continue;
      table->snapshot_index = snapshots.column_int(1);
      table->snapshot_json = snapshots.column_text(2);
      table->snapshot_fingerprint = snapshots.column_text(3);
    }
  }

  static std::vector<PastGame> read_past(Statement& games, Statement& seats) {
    PastGames past;
    while (games.step()) {
      PastGame game;
      game.table = games.column_text(0);
      game.game = games.column_text(1);
      game.created_ms = games.column_int(2);
      game.finished_ms = games.column_int(3);
      game.results_json = games.column_text(4);
      past.add(std::move(game));
    }
    while (seats.step()) {
      past.add_seat(seats.column_text(0), static_cast<int>(seats.column_int(1)),
                    seats.column_text(2), seats.column_text(3));
    }
    return past.take();
  }

  std::string shown_;
  std::string path_;
  std::unique_ptr<Db> db_;
  std::unique_ptr<Statements> statements_;
  std::unique_ptr<sqlite::Checkpointer> checkpointer_;  // the writer's; stops first
};

}  // namespace

std::unique_ptr<Store> open_sqlite_store(const std::string& path, const std::string& shown) {
  return std::make_unique<SqliteStore>(path, shown);
}

}  // namespace tt::server
