// The PostgreSQL back end (libpqxx 6). Every call is one transaction on
// statements prepared once per connection; tables, seats and decisions go as
// one JSON parameter per kind, so a journal batch (write) is a few round trips
// and one flush.
#include "server/store/postgres_store.h"

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>
#include <set>
#include <utility>

#include "core/error.h"
#include "server/store/postgres_text.h"
#include "server/store/rows.h"
#include "server/store/schema.h"

namespace tt::server {
namespace {

// A refusal of bad input (unknown table, seat taken, decision stored twice).
struct Refused {
  std::string why;
};

// Serialises migrations of several processes sharing one database.
constexpr const char* kMigrationLock = "SELECT pg_advisory_xact_lock(7415161001)";
constexpr const char* kVersionQuery = "SELECT coalesce(max(version), 0) FROM schema_version";

// The database's clock, Unix ms: every lease time is read off it (leases.h).
constexpr const char* kNowMs = "(extract(epoch FROM clock_timestamp()) * 1000)::bigint";

constexpr const char* kTableColumns =
    "SELECT id, game, setup, config, created, finished IS NOT NULL FROM tables ";
constexpr const char* kPastColumns = "SELECT id, game, created, finished, results FROM tables ";
constexpr const char* kHumanNamed =
    "WHERE finished IS NOT NULL AND EXISTS (SELECT 1 FROM seats"
    " WHERE seats.table_id = tables.id AND seats.kind = 'human' AND seats.name = $1) ";
constexpr const char* kNewestFirst = "ORDER BY finished DESC, id DESC LIMIT $2";
constexpr const char* kNewestFirstAlone = "ORDER BY finished DESC, id DESC LIMIT $1";

// name → SQL, prepared on the connection once it is migrated.
const std::vector<std::pair<const char*, std::string>>& statements() {
  static const std::vector<std::pair<const char*, std::string>> all = {
      {"insert_table",
       "INSERT INTO tables (id, game, setup, config, created) VALUES ($1, $2, $3, $4, $5)"},
      // Tables and their seats as two batches: [{"id":..,"g":..,"s":..,"c":..,"at":..}, ...]
      // and [{"t":table,"s":seat,"k":kind,"n":name,"h":token_hash}, ...].
      {"insert_tables",
       "INSERT INTO tables (id, game, setup, config, created) SELECT id, g, s, c, at "
       "FROM json_to_recordset($1::json) AS d(id text, g text, s text, c text, at bigint)"},
      {"insert_seats",
       "INSERT INTO seats (table_id, seat, kind, name, token_hash) SELECT t, s, k, n, h "
       "FROM json_to_recordset($1::json) AS d(t text, s integer, k text, n text, h text)"},
      {"find_seat", "SELECT kind, token_hash FROM seats WHERE table_id = $1 AND seat = $2"},
      // A taken seat moving to a new token, only while it holds the old one.
      {"move_seat",
       "UPDATE seats SET token_hash = $4 WHERE table_id = $1 AND seat = $2 AND token_hash = $3 "
       "AND token_hash <> ''"},
      // Seats taken as one batch [{"t":table,"s":seat,"n":name,"h":token_hash}, ...]: only
      // open human seats change; the ones that did are returned.
      {"take_seats",
       "UPDATE seats SET name = d.n, token_hash = d.h "
       "FROM json_to_recordset($1::json) AS d(t text, s integer, n text, h text) "
       "WHERE seats.table_id = d.t AND seats.seat = d.s AND seats.kind = 'human' "
       "AND seats.token_hash = '' RETURNING seats.table_id, seats.seat"},
      // A batch: [{"t":table,"i":index,"s":seat,"o":option,"a":at_ms,"c":clocks}, ...]
      {"append",
       "INSERT INTO decisions (table_id, idx, seat, option, at, clocks) SELECT t, i, s, o, a, c "
       "FROM json_to_recordset($1::json) "
       "AS d(t text, i bigint, s integer, o text, a bigint, c text)"},
      {"snapshot",
       "INSERT INTO snapshots (table_id, idx, state, fingerprint) VALUES ($1, $2, $3, $4) "
       "ON CONFLICT (table_id) DO UPDATE SET idx = excluded.idx, state = excluded.state, "
       "fingerprint = excluded.fingerprint"},
      {"finish",
       "UPDATE tables SET finished = $2, results = $3, record = $4 "
       "WHERE id = $1 AND finished IS NULL"},
      {"table_finished", "SELECT finished IS NOT NULL FROM tables WHERE id = $1"},
      // Fenced writes (several processes, leases.h): the lease rows of the
      // tables a write touches, held until it commits, if this run owns them.
      {"lease_check",
       "SELECT table_id FROM leases WHERE table_id IN "
       "(SELECT value FROM json_array_elements_text($1::json)) "
       "AND owner = $2 AND incarnation = $3 ORDER BY table_id FOR SHARE"},
      {"insert_leases",
       "INSERT INTO leases (table_id, owner, incarnation, epoch) "
       "SELECT d.id, $2, $3, 1 FROM json_to_recordset($1::json) AS d(id text)"},
      {"insert_summaries",
       "INSERT INTO summaries (table_id, summary) SELECT d.id, d.s "
       "FROM json_to_recordset($1::json) AS d(id text, s text) WHERE d.s <> ''"},
      // This run is alive (the tables it creates are not orphans before its first renewal).
      {"heartbeat", std::string("INSERT INTO nodes (node, incarnation, expires) VALUES ($1, $2, ") +
                        kNowMs +
                        " + $3) ON CONFLICT (node, incarnation) DO UPDATE SET "
                        "expires = greatest(nodes.expires, excluded.expires)"},
      {"insert_claims", std::string("INSERT INTO claims (table_id, epoch, owner, at) SELECT d.id, "
                                    "1, $2, ") +
                            kNowMs + " FROM json_to_recordset($1::json) AS d(id text)"},
      // As "append", each decision with the epoch of the lease it is written under.
      {"append_fenced",
       "INSERT INTO decisions (table_id, idx, seat, option, at, clocks, epoch) "
       "SELECT d.t, d.i, d.s, d.o, d.a, d.c, l.epoch FROM json_to_recordset($1::json) "
       "AS d(t text, i bigint, s integer, o text, a bigint, c text) "
       "JOIN leases l ON l.table_id = d.t"},
      {"notify_lobby", "SELECT pg_notify('tabletop_lobby', $1)"},
      {"unfinished_tables",
       std::string(kTableColumns) + "WHERE finished IS NULL ORDER BY created, id"},
      {"unfinished_seats",
       "SELECT s.table_id, s.seat, s.kind, s.name, s.token_hash FROM seats s "
       "JOIN tables t ON t.id = s.table_id WHERE t.finished IS NULL"},
      {"unfinished_decisions",
       "SELECT d.table_id, d.idx, d.seat, d.option, d.at, d.clocks FROM decisions d "
       "JOIN tables t ON t.id = d.table_id WHERE t.finished IS NULL ORDER BY d.table_id, d.idx"},
      {"unfinished_snapshots",
       "SELECT s.table_id, s.idx, s.state, s.fingerprint FROM snapshots s "
       "JOIN tables t ON t.id = s.table_id WHERE t.finished IS NULL"},
      {"one_table", std::string(kTableColumns) + "WHERE id = $1"},
      {"one_seats", "SELECT table_id, seat, kind, name, token_hash FROM seats WHERE table_id = $1"},
      {"one_decisions",
       "SELECT table_id, idx, seat, option, at, clocks FROM decisions WHERE table_id = $1 "
       "ORDER BY idx"},
      {"one_snapshot",
       "SELECT table_id, idx, state, fingerprint FROM snapshots WHERE table_id = $1"},
      {"record", "SELECT record FROM tables WHERE id = $1 AND finished IS NOT NULL"},
      {"past_games", std::string(kPastColumns) + kHumanNamed + kNewestFirst},
      {"past_seats", std::string("SELECT table_id, seat, kind, name FROM seats WHERE table_id IN "
                                 "(SELECT id FROM tables ") +
                         kHumanNamed + kNewestFirst + ")"},
      {"recent_games",
       std::string(kPastColumns) + "WHERE finished IS NOT NULL " + kNewestFirstAlone},
      {"recent_seats", std::string("SELECT table_id, seat, kind, name FROM seats WHERE table_id IN "
                                   "(SELECT id FROM tables WHERE finished IS NOT NULL ") +
                           kNewestFirstAlone + ")"},
  };
  return all;
}

class PostgresStore : public Store {
 public:
  PostgresStore(const std::string& url, std::string shown, std::string password)
      : url_(with_connect_timeout(url)), shown_(std::move(shown)), password_(std::move(password)) {
    guard("open", [&] { connect(); });
  }

  void migrate() override {
    guard("migrate", [&] {
      db();
      migrate_now();
    });
  }

  int schema_version() override {
    return guard("schema_version", [&] {
      pqxx::read_transaction tx(db());
      return tx.exec1(kVersionQuery)[0].as<int>();
    });
  }

  void create_table(const StoredTable& table) override {
    if (fence_) return write(WriteBatch{{table}, {}, {}, {}, {}});
    guard("create_table",
          [&] { in_one_transaction([&](pqxx::work& tx) { create_in(tx, {table}); }); });
  }

  void take_seat(const std::string& table, int seat, const std::string& name,
                 const std::string& token_hash) override {
    if (fence_) return write(WriteBatch{{}, {{table, seat, name, token_hash}}, {}, {}, {}});
    guard("take_seat", [&] {
      in_one_transaction([&](pqxx::work& tx) { seats_in(tx, {{table, seat, name, token_hash}}); });
    });
  }

  void append(const std::vector<StoredDecision>& decisions) override {
    if (decisions.empty()) return;
    if (fence_) return write(WriteBatch{{}, {}, decisions, {}, {}});
    guard("append", [&] { in_one_transaction([&](pqxx::work& tx) { append_in(tx, decisions); }); });
  }

  void snapshot(const std::string& table, std::int64_t index, const std::string& state_json,
                const std::string& fingerprint) override {
    if (fence_) return write(WriteBatch{{}, {}, {}, {{table, index, state_json, fingerprint}}, {}});
    guard("snapshot", [&] {
      in_one_transaction([&](pqxx::work& tx) {
        snapshot_in(tx, {table, index, state_json, fingerprint});
      });
    });
  }

  void finish(const std::string& table, const std::string& results_json,
              const std::string& record_json, std::int64_t finished_ms) override {
    if (fence_)
      return write(WriteBatch{{}, {}, {}, {}, {{table, results_json, record_json, finished_ms}}});
    guard("finish", [&] {
      in_one_transaction([&](pqxx::work& tx) {
        finish_in(tx, {table, results_json, record_json, finished_ms});
      });
    });
  }

  // Tables, seats and decisions go as one statement each; snapshots and
  // finished games (few per batch) one each.
  void write(const WriteBatch& batch) override {
    if (batch.empty()) return;
    guard("write", [&] {
      in_one_transaction([&](pqxx::work& tx) {
        create_in(tx, batch.created);
        if (fence_) fenced_in(tx, batch);
        seats_in(tx, batch.seats);
        append_in(tx, batch.decisions, fence_ ? "append_fenced" : "append");
        for (const SnapshotRow& row : batch.snapshots) snapshot_in(tx, row);
        for (const FinishRow& row : batch.finished) finish_in(tx, row);
        // The lobby of every process shows a new table, or drops an ended one, at once.
        if (fence_ && (!batch.created.empty() || !batch.finished.empty()))
          tx.exec_prepared("notify_lobby", fence_->node);
      });
    });
  }

  // An UPDATE that leaves the row as it was, committed (and flushed).
  void check_writable() override {
    guard("check_writable", [&] {
      in_one_transaction(
          [&](pqxx::work& tx) { tx.exec0("UPDATE schema_version SET version = version"); });
    });
  }

  void fence(const LeaseOwner& owner) override { fence_ = owner; }

  std::unique_ptr<LeaseStore> leases(const LeaseOwner& owner) override {
    return open_postgres_leases(url_, shown_, password_, owner);
  }

  // A session of its own (migrating again finds nothing to do).
  std::unique_ptr<Store> reader() override {
    return std::make_unique<PostgresStore>(url_, shown_, password_);
  }

  std::vector<LoadedTable> unfinished() override {
    return guard("unfinished", [&] {
      pqxx::read_transaction tx(db());
      LoadedTables loaded;
      read_tables(tx.exec_prepared("unfinished_tables"), tx.exec_prepared("unfinished_seats"),
                  tx.exec_prepared("unfinished_decisions"),
                  tx.exec_prepared("unfinished_snapshots"), loaded);
      return loaded.take();
    });
  }

  std::optional<LoadedTable> load(const std::string& table) override {
    return guard("load", [&]() -> std::optional<LoadedTable> {
      pqxx::read_transaction tx(db());
      LoadedTables loaded;
      read_tables(tx.exec_prepared("one_table", table), tx.exec_prepared("one_seats", table),
                  tx.exec_prepared("one_decisions", table), tx.exec_prepared("one_snapshot", table),
                  loaded);
      auto found = loaded.take();
      if (found.empty()) return std::nullopt;
      return std::move(found.front());
    });
  }

  std::optional<std::string> record(const std::string& table) override {
    return guard("record", [&]() -> std::optional<std::string> {
      pqxx::read_transaction tx(db());
      const auto found = tx.exec_prepared("record", table);
      if (found.empty()) return std::nullopt;
      return found[0][0].as<std::string>("");
    });
  }

  std::vector<PastGame> past_games(const std::string& name, int limit) override {
    return guard("past_games", [&] {
      if (limit <= 0) return std::vector<PastGame>{};
      pqxx::read_transaction tx(db());
      return read_past(tx.exec_prepared("past_games", name, limit),
                       tx.exec_prepared("past_seats", name, limit));
    });
  }

  std::vector<PastGame> recent_games(int limit) override {
    return guard("recent_games", [&] {
      if (limit <= 0) return std::vector<PastGame>{};
      pqxx::read_transaction tx(db());
      return read_past(tx.exec_prepared("recent_games", limit),
                       tx.exec_prepared("recent_seats", limit));
    });
  }

 private:
  // Runs `work` in one transaction, committed only if it all succeeded.
  template <typename Work>
  void in_one_transaction(Work&& work) {
    pqxx::work tx(db());
    work(tx);
    tx.commit();
  }

  // The writes, each inside the caller's open transaction.
  static void create_in(pqxx::work& tx, const std::vector<StoredTable>& tables) {
    if (tables.empty()) return;
    nlohmann::json rows = nlohmann::json::array(), seats = nlohmann::json::array();
    for (const StoredTable& table : tables) {
      rows.push_back({{"id", table.id},
                      {"g", table.game},
                      {"s", table.setup_json},
                      {"c", table.config_json},
                      {"at", table.created_ms}});
      for (std::size_t seat = 0; seat < table.seats.size(); ++seat) {
        const StoredSeat& stored = table.seats[seat];
        seats.push_back({{"t", table.id},
                         {"s", seat},
                         {"k", stored.kind},
                         {"n", stored.name},
                         {"h", stored.token_hash}});
      }
    }
    try {
      tx.exec_prepared0("insert_tables", rows.dump());
    } catch (const pqxx::unique_violation& error) {
      throw Refused{tables.size() == 1 ? "table " + tables[0].id + " already exists"
                                       : "a table already exists (" + detail(error) + ")"};
    }
    if (!seats.empty()) tx.exec_prepared0("insert_seats", seats.dump());
  }

  // One statement for all; when a seat was not taken, the first such one is
  // named as take_seat names it.
  static void seats_in(pqxx::work& tx, const std::vector<SeatTaken>& all) {
    std::vector<SeatTaken> seats;
    for (const SeatTaken& seat : all) {
      if (seat.replaces.empty()) {
        seats.push_back(seat);
        continue;
      }
      // A seat moving to another device (rare): one statement each.
      const auto moved =
          tx.exec_prepared0("move_seat", seat.table, seat.seat, seat.replaces, seat.token_hash);
      if (moved.affected_rows() != 1)
        throw Refused{"seat " + std::to_string(seat.seat) + " of table " + seat.table +
                      " moved already"};
    }
    if (seats.empty()) return;
    nlohmann::json rows = nlohmann::json::array();
    for (const SeatTaken& seat : seats) {
      rows.push_back(
          {{"t", seat.table}, {"s", seat.seat}, {"n", seat.name}, {"h", seat.token_hash}});
    }
    const auto taken = tx.exec_prepared("take_seats", rows.dump());
    if (taken.size() == seats.size()) return;
    std::set<std::pair<std::string, int>> changed, named;
    for (const auto& row : taken) changed.emplace(row[0].as<std::string>(), row[1].as<int>());
    for (const SeatTaken& seat : seats) {
      const std::string which = "seat " + std::to_string(seat.seat) + " of table " + seat.table;
      const auto key = std::make_pair(seat.table, seat.seat);
      if (!named.insert(key).second) throw Refused{which + " is already taken"};
      if (changed.count(key) != 0) continue;
      const auto found = tx.exec_prepared("find_seat", seat.table, seat.seat);
      if (found.empty()) {
        throw Refused{"table " + seat.table + " has no seat " + std::to_string(seat.seat)};
      }
      if (found[0][0].as<std::string>() != "human") throw Refused{which + " is not a human seat"};
      throw Refused{which + " is already taken"};
    }
  }

  // A fenced batch: the tables it creates are leased to this run; every
  // table it touches must be leased to this run, and stays so until the
  // commit (the lease rows are held: a claim waits for it).
  void fenced_in(pqxx::work& tx, const WriteBatch& batch) {
    const LeaseOwner& me = *fence_;
    if (!batch.created.empty()) {
      nlohmann::json leased = nlohmann::json::array();
      for (const StoredTable& table : batch.created)
        leased.push_back({{"id", table.id}, {"s", table.summary_json}});
      tx.exec_prepared0("heartbeat", me.node, me.incarnation, me.lease_ms);
      tx.exec_prepared0("insert_leases", leased.dump(), me.node, me.incarnation);
      tx.exec_prepared0("insert_summaries", leased.dump());
      tx.exec_prepared0("insert_claims", leased.dump(), me.node);
    }
    std::set<std::string> touched;
    for (const SeatTaken& seat : batch.seats) touched.insert(seat.table);
    for (const StoredDecision& decision : batch.decisions) touched.insert(decision.table);
    for (const SnapshotRow& row : batch.snapshots) touched.insert(row.table);
    for (const FinishRow& row : batch.finished) touched.insert(row.table);
    if (touched.empty()) return;
    const nlohmann::json ids(touched);
    const auto held = tx.exec_prepared("lease_check", ids.dump(), me.node, me.incarnation);
    if (held.size() == touched.size()) return;
    for (const auto& row : held) touched.erase(row[0].as<std::string>());
    throw Refused{"table " + *touched.begin() + ": " + kLeaseLost +
                  " (another server took it over; this one may not write it)"};
  }

  // `statement`: "append", or "append_fenced" (each decision with its lease's epoch).
  static void append_in(pqxx::work& tx, const std::vector<StoredDecision>& decisions,
                        const char* statement = "append") {
    if (decisions.empty()) return;
    nlohmann::json batch = nlohmann::json::array();
    for (const StoredDecision& decision : decisions) {
      batch.push_back({{"t", decision.table},
                       {"i", decision.index},
                       {"s", decision.seat},
                       {"o", decision.option},
                       {"a", decision.at_ms},
                       {"c", decision.clocks}});
    }
    try {
      tx.exec_prepared0(statement, batch.dump());
    } catch (const pqxx::unique_violation& error) {
      throw Refused{"a decision is already stored (" + detail(error) + ")"};
    } catch (const pqxx::foreign_key_violation& error) {
      throw Refused{"no such table (" + detail(error) + ")"};
    } catch (const pqxx::check_violation&) {
      throw Refused{"a negative decision index"};
    }
  }

  static void snapshot_in(pqxx::work& tx, const SnapshotRow& row) {
    try {
      tx.exec_prepared0("snapshot", row.table, row.index, row.state_json, row.fingerprint);
    } catch (const pqxx::foreign_key_violation&) {
      throw Refused{"no table " + row.table};
    } catch (const pqxx::check_violation&) {
      throw Refused{"a negative index"};
    }
  }

  static void finish_in(pqxx::work& tx, const FinishRow& row) {
    const auto updated =
        tx.exec_prepared("finish", row.table, row.finished_ms, row.results_json, row.record_json);
    if (updated.affected_rows() == 0) {
      const bool known = !tx.exec_prepared("table_finished", row.table).empty();
      throw Refused{known ? "table " + row.table + " is already finished"
                          : "no table " + row.table};
    }
  }

  // Runs `work`, turning every failure into tt::Error naming the store and the
  // call, with the password scrubbed from whatever the server or libpq said.
  // A connection found broken before anything was committed (the database
  // server restarted, the connection was cut) is made again, once, and the
  // call run again: it had changed nothing.
  template <typename Work>
  auto guard(const char* call, Work&& work) -> decltype(work()) {
    try {
      try {
        return work();
      } catch (const pqxx::broken_connection&) {
        connect();
        return work();
      }
    } catch (const Refused& refused) {
      throw Error(message(call, refused.why));
    } catch (const pqxx::in_doubt_error& error) {
      throw Error(
          message(call, "the connection was lost while committing; the outcome is unknown (" +
                            one_line(error.what()) + ")"));
    } catch (const pqxx::broken_connection& error) {
      throw Error(message(call, "connection lost: " + one_line(error.what())));
    } catch (const pqxx::sql_error& error) {
      throw Error(message(call, one_line(error.what())));
    } catch (const std::exception& error) {
      throw Error(message(call, one_line(error.what())));
    }
  }

  std::string message(const char* call, std::string why) const {
    return store_message(shown_, call, std::move(why), password_);
  }

  // The connection, made again if the last attempt failed.
  pqxx::connection& db() {
    if (!connection_) connect();
    return *connection_;
  }

  // Connects, migrates and prepares every statement; no connection is kept
  // unless all of that succeeded.
  void connect() {
    connection_.reset();
    try {
      connection_ = std::make_unique<pqxx::connection>(url_);
    } catch (const pqxx::broken_connection& error) {
      throw Refused{"cannot connect: " + one_line(error.what())};
    }
    try {
      migrate_now();
      for (const auto& [name, sql] : statements()) connection_->prepare(name, sql);
    } catch (...) {
      connection_.reset();  // half set up: the next call starts again
      throw;
    }
  }

  // A server that does not answer is given up after 10 s unless the URL says otherwise.
  static std::string with_connect_timeout(const std::string& url) {
    if (url.find("connect_timeout=") != std::string::npos) return url;
    return url + (url.find('?') == std::string::npos ? "?" : "&") + "connect_timeout=10";
  }

  void migrate_now() {
    pqxx::work tx(db());
    tx.exec(kMigrationLock);
    const bool has_version =
        tx.exec1("SELECT to_regclass('schema_version') IS NOT NULL")[0].as<bool>();
    if (!has_version) tx.exec0(kCreateSchemaVersion);
    const int found = tx.exec1(kVersionQuery)[0].as<int>();
    if (found > newest_schema_version()) throw Refused{newer_schema_message(found)};
    for (const Migration& migration : migrations()) {
      if (migration.version <= found) continue;
      for (const std::string& step : migration.steps) tx.exec0(step);
    }
    if (found != newest_schema_version()) {
      tx.exec0("DELETE FROM schema_version");
      tx.exec0("INSERT INTO schema_version (version) VALUES (" +
               std::to_string(newest_schema_version()) + ")");
    }
    tx.commit();
  }

  static void read_tables(const pqxx::result& tables, const pqxx::result& seats,
                          const pqxx::result& decisions, const pqxx::result& snapshots,
                          LoadedTables& loaded) {
    for (const auto& row : tables) {
      StoredTable table;
      table.id = row[0].as<std::string>();
      table.game = row[1].as<std::string>();
      table.setup_json = row[2].as<std::string>();
      table.config_json = row[3].as<std::string>();
      table.created_ms = row[4].as<std::int64_t>();
      loaded.add(std::move(table), row[5].as<bool>());
    }
    for (const auto& row : seats) {
      loaded.add_seat(
          row[0].as<std::string>(), row[1].as<int>(),
          {row[2].as<std::string>(), row[3].as<std::string>(), row[4].as<std::string>()});
    }
    for (const auto& row : decisions) {
      LoadedTable* table = loaded.find(row[0].as<std::string>());
      if (table == nullptr) continue;
      table->decisions.push_back({row[0].as<std::string>(), row[1].as<std::int64_t>(),
                                  row[2].as<int>(), row[3].as<std::string>(),
                                  row[4].as<std::int64_t>(), row[5].as<std::string>()});
    }
    for (const auto& row : snapshots) {
      LoadedTable* table = loaded.find(row[0].as<std::string>());
      if (table == nullptr) continue;
      table->snapshot_index = row[1].as<std::int64_t>();
      table->snapshot_json = row[2].as<std::string>();
      table->snapshot_fingerprint = row[3].as<std::string>();
    }
  }

  static std::vector<PastGame> read_past(const pqxx::result& games, const pqxx::result& seats) {
    PastGames past;
    for (const auto& row : games) {
      PastGame game;
      game.table = row[0].as<std::string>();
      game.game = row[1].as<std::string>();
      game.created_ms = row[2].as<std::int64_t>();
      game.finished_ms = row[3].as<std::int64_t>();
      game.results_json = row[4].as<std::string>("");
      past.add(std::move(game));
    }
    for (const auto& row : seats) {
      past.add_seat(row[0].as<std::string>(), row[1].as<int>(), row[2].as<std::string>(),
                    row[3].as<std::string>());
    }
    return past.take();
  }

  std::string url_;
  std::string shown_;
  std::string password_;
  std::unique_ptr<pqxx::connection> connection_;
  std::optional<LeaseOwner> fence_;  // set: several processes share the database
};

}  // namespace

std::unique_ptr<Store> open_postgres_store(const std::string& url, const std::string& shown,
                                           const std::string& password) {
  return std::make_unique<PostgresStore>(url, shown, password);
}

}  // namespace tt::server
