// The PostgreSQL back end (libpqxx 6). Every call is one transaction on
// statements prepared once per connection; append sends a whole batch as one
// JSON parameter, so a group commit is one round trip and one flush.
#include "server/store/postgres_store.h"

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include "core/error.h"
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
      {"insert_seat",
       "INSERT INTO seats (table_id, seat, kind, name, token_hash) VALUES ($1, $2, $3, $4, $5)"},
      {"find_seat",
       "SELECT kind, token_hash FROM seats WHERE table_id = $1 AND seat = $2 FOR UPDATE"},
      {"take_seat",
       "UPDATE seats SET name = $3, token_hash = $4 WHERE table_id = $1 AND seat = $2"},
      // A batch: [{"t":table,"i":index,"s":seat,"o":option,"a":at_ms}, ...]
      {"append",
       "INSERT INTO decisions (table_id, idx, seat, option, at) SELECT t, i, s, o, a "
       "FROM json_to_recordset($1::json) AS d(t text, i bigint, s integer, o text, a bigint)"},
      {"snapshot",
       "INSERT INTO snapshots (table_id, idx, state, fingerprint) VALUES ($1, $2, $3, $4) "
       "ON CONFLICT (table_id) DO UPDATE SET idx = excluded.idx, state = excluded.state, "
       "fingerprint = excluded.fingerprint"},
      {"finish",
       "UPDATE tables SET finished = $2, results = $3, record = $4 "
       "WHERE id = $1 AND finished IS NULL"},
      {"table_finished", "SELECT finished IS NOT NULL FROM tables WHERE id = $1"},
      {"unfinished_tables",
       std::string(kTableColumns) + "WHERE finished IS NULL ORDER BY created, id"},
      {"unfinished_seats",
       "SELECT s.table_id, s.seat, s.kind, s.name, s.token_hash FROM seats s "
       "JOIN tables t ON t.id = s.table_id WHERE t.finished IS NULL"},
      {"unfinished_decisions",
       "SELECT d.table_id, d.idx, d.seat, d.option, d.at FROM decisions d "
       "JOIN tables t ON t.id = d.table_id WHERE t.finished IS NULL ORDER BY d.table_id, d.idx"},
      {"unfinished_snapshots",
       "SELECT s.table_id, s.idx, s.state, s.fingerprint FROM snapshots s "
       "JOIN tables t ON t.id = s.table_id WHERE t.finished IS NULL"},
      {"one_table", std::string(kTableColumns) + "WHERE id = $1"},
      {"one_seats", "SELECT table_id, seat, kind, name, token_hash FROM seats WHERE table_id = $1"},
      {"one_decisions",
       "SELECT table_id, idx, seat, option, at FROM decisions WHERE table_id = $1 ORDER BY idx"},
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

// One line: PostgreSQL's messages come with newlines and tab indents.
std::string one_line(std::string text) {
  for (char& c : text) {
    if (c == '\n' || c == '\t' || c == '\r') c = ' ';
  }
  std::string squeezed;
  for (char c : text) {
    if (c == ' ' && (squeezed.empty() || squeezed.back() == ' ')) continue;
    squeezed += c;
  }
  while (!squeezed.empty() && squeezed.back() == ' ') squeezed.pop_back();
  return squeezed;
}

// The DETAIL line of a server error ("Key (table_id, idx)=(t, 3) already exists."), if any.
std::string detail(const pqxx::sql_error& error) {
  const std::string what = error.what();
  auto at = what.find("DETAIL:");
  if (at == std::string::npos) return one_line(what);
  auto end = what.find('\n', at);
  return one_line(what.substr(at + 7, end == std::string::npos ? end : end - at - 7));
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
    guard("create_table", [&] {
      pqxx::work tx(db());
      try {
        tx.exec_prepared0("insert_table", table.id, table.game, table.setup_json, table.config_json,
                          table.created_ms);
      } catch (const pqxx::unique_violation&) {
        throw Refused{"table " + table.id + " already exists"};
      }
      for (std::size_t seat = 0; seat < table.seats.size(); ++seat) {
        const StoredSeat& stored = table.seats[seat];
        tx.exec_prepared0("insert_seat", table.id, static_cast<int>(seat), stored.kind, stored.name,
                          stored.token_hash);
      }
      tx.commit();
    });
  }

  void take_seat(const std::string& table, int seat, const std::string& name,
                 const std::string& token_hash) override {
    guard("take_seat", [&] {
      pqxx::work tx(db());
      const auto found = tx.exec_prepared("find_seat", table, seat);
      const std::string which = "seat " + std::to_string(seat) + " of table " + table;
      if (found.empty()) throw Refused{"table " + table + " has no seat " + std::to_string(seat)};
      if (found[0][0].as<std::string>() != "human") throw Refused{which + " is not a human seat"};
      if (!found[0][1].as<std::string>().empty()) throw Refused{which + " is already taken"};
      tx.exec_prepared0("take_seat", table, seat, name, token_hash);
      tx.commit();
    });
  }

  void append(const std::vector<StoredDecision>& decisions) override {
    if (decisions.empty()) return;
    guard("append", [&] {
      nlohmann::json batch = nlohmann::json::array();
      for (const StoredDecision& decision : decisions) {
        batch.push_back({{"t", decision.table},
                         {"i", decision.index},
                         {"s", decision.seat},
                         {"o", decision.option},
                         {"a", decision.at_ms}});
      }
      const std::string payload = batch.dump();
      pqxx::work tx(db());
      try {
        tx.exec_prepared0("append", payload);
      } catch (const pqxx::unique_violation& error) {
        throw Refused{"a decision is already stored (" + detail(error) + ")"};
      } catch (const pqxx::foreign_key_violation& error) {
        throw Refused{"no such table (" + detail(error) + ")"};
      } catch (const pqxx::check_violation&) {
        throw Refused{"a negative decision index"};
      }
      tx.commit();
    });
  }

  void snapshot(const std::string& table, std::int64_t index, const std::string& state_json,
                const std::string& fingerprint) override {
    guard("snapshot", [&] {
      pqxx::work tx(db());
      try {
        tx.exec_prepared0("snapshot", table, index, state_json, fingerprint);
      } catch (const pqxx::foreign_key_violation&) {
        throw Refused{"no table " + table};
      } catch (const pqxx::check_violation&) {
        throw Refused{"a negative index"};
      }
      tx.commit();
    });
  }

  void finish(const std::string& table, const std::string& results_json,
              const std::string& record_json, std::int64_t finished_ms) override {
    guard("finish", [&] {
      pqxx::work tx(db());
      const auto updated =
          tx.exec_prepared("finish", table, finished_ms, results_json, record_json);
      if (updated.affected_rows() == 0) {
        const bool known = !tx.exec_prepared("table_finished", table).empty();
        throw Refused{known ? "table " + table + " is already finished" : "no table " + table};
      }
      tx.commit();
    });
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
    if (password_.size() >= 4) {
      for (auto at = why.find(password_); at != std::string::npos; at = why.find(password_, at)) {
        why.replace(at, password_.size(), "***");
      }
    }
    return "postgresql store " + shown_ + ": " + call + ": " + why;
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
                                  row[4].as<std::int64_t>()});
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
};

}  // namespace

std::unique_ptr<Store> open_postgres_store(const std::string& url, const std::string& shown,
                                           const std::string& password) {
  return std::make_unique<PostgresStore>(url, shown, password);
}

}  // namespace tt::server
