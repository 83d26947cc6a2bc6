// The leases of several processes on one PostgreSQL database (leases.h), on a
// session of their own. A lease lasts while the run holding it is alive: its
// row in `nodes`, renewed as one row whatever the number of its tables. Every
// time is the database's clock (TT_NOW_MS).
#include <chrono>
#include <nlohmann/json.hpp>
#include <pqxx/pqxx>
#include <thread>
#include <utility>

#include "core/error.h"
#include "server/store/postgres_store.h"
#include "server/store/postgres_text.h"

namespace tt::server {
namespace {

#define TT_NOW_MS "(extract(epoch FROM clock_timestamp()) * 1000)::bigint"

// A lease holds while the run holding it is alive: the node row of the
// lease's owner and incarnation, unexpired.
#define TT_HOLDER_ALIVE                                                                     \
  "EXISTS (SELECT 1 FROM nodes n WHERE n.node = l.owner AND n.incarnation = l.incarnation " \
  "AND n.expires > " TT_NOW_MS ")"

const std::vector<std::pair<const char*, const char*>>& statements() {
  static const std::vector<std::pair<const char*, const char*>> all = {
      // This run is alive for another lease time: one row, however many tables it holds.
      {"heartbeat",
       "INSERT INTO nodes (node, incarnation, expires) VALUES ($1, $2, " TT_NOW_MS " + $3) "
       "ON CONFLICT (node, incarnation) DO UPDATE SET expires = excluded.expires"},
      {"claim_state", "SELECT finished IS NOT NULL FROM tables WHERE id = $1"},
      // A table from before leases (or a process of one) gets a row nobody holds.
      {"lease_row",
       "INSERT INTO leases (table_id, owner, incarnation, epoch) VALUES ($1, '', '', 0) "
       "ON CONFLICT (table_id) DO NOTHING"},
      // Ours when its holder is not alive, or when this node held it (in this
      // run or an earlier one); the epoch counts the claims.
      {"claim",
       "UPDATE leases l SET owner = $2, incarnation = $3, epoch = l.epoch + 1 "
       "WHERE l.table_id = $1 AND (l.owner = $2 OR NOT " TT_HOLDER_ALIVE ") RETURNING epoch"},
      {"record_claim",
       "INSERT INTO claims (table_id, epoch, owner, at) VALUES ($1, $2, $3, " TT_NOW_MS ")"},
      {"holder", "SELECT l.owner, l.epoch, coalesce(n.expires, 0) - " TT_NOW_MS " FROM leases l "
                 "LEFT JOIN nodes n ON n.node = l.owner AND n.incarnation = l.incarnation "
                 "WHERE l.table_id = $1"},
      {"held",
       "SELECT l.table_id FROM leases l JOIN tables t ON t.id = l.table_id "
       "WHERE l.owner = $1 AND l.incarnation = $2 AND t.finished IS NULL"},
      // Only the holder's summaries, read without locking the lease rows
      // (a fenced write holds them); in table order, so two processes never
      // wait for each other's rows crosswise.
      {"summaries",
       "INSERT INTO summaries (table_id, summary) SELECT d.t, d.s "
       "FROM json_to_recordset($1::json) AS d(t text, s text) "
       "WHERE EXISTS (SELECT 1 FROM leases l WHERE l.table_id = d.t AND l.owner = $2 "
       "AND l.incarnation = $3) ORDER BY d.t "
       "ON CONFLICT (table_id) DO UPDATE SET summary = excluded.summary"},
      // The run ends now (not at 0: how long ago a run ended decides when it is forgotten).
      {"release", "UPDATE nodes SET expires = " TT_NOW_MS " WHERE node = $1 AND incarnation = $2"},
      // Runs long over that hold no unfinished table (a finished table's
      // lease is never claimed again, so it keeps no run).
      {"forget",
       "DELETE FROM nodes n WHERE n.expires < " TT_NOW_MS " - $1 AND NOT EXISTS (SELECT 1 "
       "FROM leases l JOIN tables t ON t.id = l.table_id WHERE l.owner = n.node "
       "AND l.incarnation = n.incarnation AND t.finished IS NULL)"},
      {"orphans",
       "SELECT t.id FROM tables t LEFT JOIN leases l ON l.table_id = t.id "
       "WHERE t.finished IS NULL AND (l.table_id IS NULL OR NOT " TT_HOLDER_ALIVE
       " OR (l.owner = $2 AND l.incarnation <> $3)) ORDER BY random() LIMIT $1"},
      {"lobby",
       "SELECT s.summary FROM tables t JOIN summaries s ON s.table_id = t.id "
       "WHERE t.finished IS NULL ORDER BY t.created DESC, t.id LIMIT $1"},
      {"unfinished_count", "SELECT count(*) FROM tables WHERE finished IS NULL"},
  };
  return all;
}

#undef TT_HOLDER_ALIVE
#undef TT_NOW_MS

// Counts the notices of the lobby's channel.
class LobbyNotices : public pqxx::notification_receiver {
 public:
  explicit LobbyNotices(pqxx::connection_base& connection)
      : pqxx::notification_receiver(connection, "tabletop_lobby") {}
  void operator()(const std::string&, int) override { ++count; }
  int count = 0;
};

class PostgresLeases : public LeaseStore {
 public:
  PostgresLeases(std::string url, std::string shown, std::string password, LeaseOwner owner)
      : url_(std::move(url)),
        shown_(std::move(shown)),
        password_(std::move(password)),
        me_(std::move(owner)) {}

  ~PostgresLeases() override {
    notices_.reset();  // before its connection
  }

  ClaimResult claim(const std::string& table) override {
    return guard("claim", [&] {
      pqxx::work tx(db());
      ClaimResult result;
      const auto state = tx.exec_prepared("claim_state", table);
      if (state.empty()) return result;  // kUnknown
      if (state[0][0].as<bool>()) {
        result.outcome = ClaimResult::Outcome::kFinished;
        return result;
      }
      // Held by another live process (the common case: a client to send
      // there): answered by reads alone, so asking costs the database no write.
      auto held_elsewhere = [&] {
        const auto holder = tx.exec_prepared("holder", table);
        if (holder.empty() || holder[0][0].as<std::string>() == me_.node ||
            holder[0][2].as<std::int64_t>() <= 0)
          return false;
        result.outcome = ClaimResult::Outcome::kHeld;
        result.holder = {holder[0][0].as<std::string>(), holder[0][1].as<std::int64_t>(),
                         holder[0][2].as<std::int64_t>()};
        return true;
      };
      if (held_elsewhere()) return result;
      const auto now = std::chrono::steady_clock::now();
      const bool stale = now - last_heartbeat_ > std::chrono::milliseconds(me_.lease_ms / 3);
      if (stale) tx.exec_prepared0("heartbeat", me_.node, me_.incarnation, me_.lease_ms);
      tx.exec_prepared0("lease_row", table);
      const auto claimed = tx.exec_prepared("claim", table, me_.node, me_.incarnation);
      if (!claimed.empty()) {
        result.outcome = ClaimResult::Outcome::kClaimed;
        result.holder = {me_.node, claimed[0][0].as<std::int64_t>(), me_.lease_ms};
        tx.exec_prepared0("record_claim", table, result.holder.epoch, me_.node);
      } else if (!held_elsewhere()) {
        throw Error("table " + table + " could be neither claimed nor found held");
      }
      tx.commit();
      if (stale) last_heartbeat_ = now;
      return result;
    });
  }

  std::vector<std::string> renew(
      const std::vector<std::pair<std::string, std::string>>& summaries) override {
    return guard("renew", [&] {
      pqxx::work tx(db());
      std::vector<std::string> held;
      const auto now = std::chrono::steady_clock::now();
      tx.exec_prepared0("heartbeat", me_.node, me_.incarnation, me_.lease_ms);
      tx.exec_prepared0("forget", me_.forget_ms);
      for (const auto& row : tx.exec_prepared("held", me_.node, me_.incarnation))
        held.push_back(row[0].as<std::string>());
      if (!summaries.empty()) {
        nlohmann::json rows = nlohmann::json::array();
        for (const auto& [table, summary] : summaries)
          rows.push_back({{"t", table}, {"s", summary}});
        tx.exec_prepared0("summaries", rows.dump(), me_.node, me_.incarnation);
      }
      tx.commit();
      last_heartbeat_ = now;
      return held;
    });
  }

  void release_all() override {
    guard("release", [&] {
      pqxx::work tx(db());
      tx.exec_prepared0("release", me_.node, me_.incarnation);
      tx.commit();
    });
  }

  std::vector<std::string> orphans(int limit) override {
    return guard("orphans", [&] {
      pqxx::read_transaction tx(db());
      std::vector<std::string> found;
      for (const auto& row : tx.exec_prepared("orphans", limit, me_.node, me_.incarnation))
        found.push_back(row[0].as<std::string>());
      return found;
    });
  }

  std::string lobby(std::size_t limit) override {
    return guard("lobby", [&] {
      pqxx::read_transaction tx(db());
      std::string body = "{\"tables\":[";
      bool first = true;
      for (const auto& row : tx.exec_prepared("lobby", static_cast<std::int64_t>(limit))) {
        if (!first) body += ',';
        first = false;
        body += row[0].as<std::string>();  // written by the owners as JSON text
      }
      body += "],\"count\":" + tx.exec_prepared1("unfinished_count")[0].as<std::string>() + "}";
      return body;
    });
  }

  bool await_change(int ms) override {
    try {
      if (!notices_) {
        db();
        notices_ = std::make_unique<LobbyNotices>(*connection_);  // LISTEN
        return true;  // whatever changed while nobody listened
      }
      const int before = notices_->count;
      connection_->await_notification(ms / 1000, (ms % 1000) * 1000L);
      return notices_->count != before;
    } catch (const std::exception&) {
      notices_.reset();
      connection_.reset();  // made again (and LISTEN again) on the next call
      std::this_thread::sleep_for(std::chrono::milliseconds(ms));  // not a busy loop while down
      return true;
    }
  }

 private:
  // As the store's guard: one failure is a tt::Error naming the call, the
  // password scrubbed; a connection found broken is made again once.
  template <typename Work>
  auto guard(const char* call, Work&& work) -> decltype(work()) {
    try {
      try {
        return work();
      } catch (const pqxx::broken_connection&) {
        notices_.reset();
        connection_.reset();
        return work();
      }
    } catch (const std::exception& error) {
      throw Error(store_message(shown_, call, one_line(error.what()), password_));
    }
  }

  pqxx::connection& db() {
    if (!connection_) {
      auto made = std::make_unique<pqxx::connection>(url_);
      for (const auto& [name, sql] : statements()) made->prepare(name, sql);
      connection_ = std::move(made);
    }
    return *connection_;
  }

  std::string url_, shown_, password_;
  LeaseOwner me_;
  std::unique_ptr<pqxx::connection> connection_;
  std::unique_ptr<LobbyNotices> notices_;  // the LISTEN, while this session listens
  // When this run was last made alive through this session (claims renew it only when stale).
  std::chrono::steady_clock::time_point last_heartbeat_{};
};

}  // namespace

std::unique_ptr<LeaseStore> open_postgres_leases(const std::string& url, const std::string& shown,
                                                 const std::string& password,
                                                 const LeaseOwner& owner) {
  return std::make_unique<PostgresLeases>(url, shown, password, owner);
}

}  // namespace tt::server
