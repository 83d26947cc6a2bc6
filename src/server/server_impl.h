// The inside of Server (server.h), shared by its files: server.cpp (requests
// and connections), table_play.cpp (decisions, agents, timers), lobby.cpp
// (creating, joining and resuming tables) and http_api.cpp (/api, /metrics).
#pragma once
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>

#include "server/act_request.h"
#include "server/address_limits.h"
#include "server/agent_workers.h"
#include "server/cluster.h"
#include "server/journal.h"
#include "server/lobby_list.h"
#include "server/metrics.h"
#include "server/prepared_setups.h"
#include "server/server.h"
#include "server/store_reads.h"
#include "server/table.h"

namespace tt::server {

// Limits of the lobby (docs/server.md, "Limits").
inline constexpr std::size_t kMaxSubscriptions = 16;  // tables one connection follows
inline constexpr std::size_t kMaxQueuedActs = 16;     // decisions waiting behind one being stored
inline constexpr std::size_t kMaxNameLength = 32;
// A finished table stays in memory this long for its watchers, then only in the store.
inline constexpr std::chrono::seconds kKeepFinished{300};
// What a create request may ask of a computer seat (docs/server.md, "Computer
// seats"): a search of at most this many simulations, or milliseconds, each
// playout cut off after at most this many decisions; threads up to
// ServerOptions::agent_threads.
inline constexpr double kMaxAgentSims = 20000;
inline constexpr double kMaxAgentMs = 5000;
inline constexpr double kMaxAgentDepth = 100;
inline constexpr double kMaxGreedyRolloutSims = 2000;  // greedy playouts cost ~20 random ones
inline constexpr double kMaxAgentSamples = 1000;       // determinizations a greedy seat rates
inline constexpr double kMaxAgentEvals = 20000;        // positions a greedy seat rates a decision
inline constexpr std::size_t kMaxAgentSpecLength = 200;

// A claim code: a seat's owner moving the seat to another device
// (seat_moves.cpp). Good once, for kClaimLifetime.
struct Claim {
  std::string table;
  Seat seat = kNoSeat;
  std::string token_hash;  // the seat's token when the code was made
  Loop::Clock::time_point expires{};
};
inline constexpr std::chrono::seconds kClaimLifetime{600};
inline constexpr std::size_t kMaxClaims = 10000;

struct ConnectionInfo {
  Connection* conn = nullptr;
  std::set<std::string> tables;  // subscribed
};

struct Server::Impl {
  using json = nlohmann::json;

  Impl(Loop& loop, std::unique_ptr<Store> store, ServerOptions options);

  Loop& loop;
  // HTTP reads, on a store connection of their own (made before the journal
  // takes the store).
  StoreReads reads;
  // One process of several (cluster_play.cpp); null for a lone server. Made
  // before the journal takes the store, which it fences.
  std::unique_ptr<Cluster> cluster;
  Journal journal;
  ServerOptions options;
  Metrics metrics;
  bool ready = false;  // resumed every stored table
  std::unordered_map<std::string, std::unique_ptr<Table>> tables;
  std::unordered_map<std::uint64_t, ConnectionInfo> connections;
  std::unordered_map<std::string, Claim> claims;  // by the hash of the code
  LobbyList lobby;                                // `tables` and GET /api/tables, kept built
  // Computer seats' decisions, off the loop; started at the first one.
  std::unique_ptr<AgentWorkers> workers;
  // Expires when the server goes: an answer a worker posts after that is dropped.
  std::shared_ptr<const bool> alive = std::make_shared<const bool>(true);

  // server.cpp: one request from a connection; returns the reply, or null
  // when the reply comes later (after the store answered).
  json handle(Connection& conn, const json& request, bool located = false);
  // An act read by act_reader, at a table this process holds: answered as
  // handle() answers the same act.
  json handle_act(Connection& conn, Table& table, const ActRequest& request);
  ActReader act_reader;
  json dispatch(Connection& conn, const std::string& cmd, const json& request);
  Table& table_named(const json& request);
  void subscribe(Connection& conn, Table& table, Seat seat, Following follow);
  // A new spectator's first update (posted after its reply), unless a
  // broadcast reached it first.
  void first_update(const std::string& table_id, std::uint64_t conn_id);
  void unsubscribe(std::uint64_t conn_id, Table& table);
  void send_reply(std::uint64_t conn_id, json reply);

  // lobby.cpp
  json cmd_create(Connection& conn, const json& request);
  json cmd_tables();
  // lobby_list.cpp: cmd_tables as sent, from the LobbyList.
  const std::string& lobby_body();
  void send_tables(Connection& conn, const json* id);
  json cmd_join(Connection& conn, const json& request);
  json cmd_resume(Connection& conn, const json& request);
  // Rebuilds a stored table (replaying its record). Throws tt::Error.
  void restore(const LoadedTable& loaded);

  // abandoned.cpp: a table nobody fills ends after options.waiting_seconds.
  void arm_waiting_expiry(Table& table);
  // Every timer the tables hold, cancelled: a server that goes away leaves
  // nothing on the loop that would call back into it.
  void cancel_timers();
  void waiting_expired(const std::string& table_id);

  // address_limits.cpp: what one client address may hold (docs/server.md
  // "Limits"). Each throws tt::Error saying which limit was reached.
  void check_may_create(const Connection& conn) const;
  void check_may_watch(const Connection& conn, const Table& table) const;

  // seat_moves.cpp: a seat's owner takes it up on another device.
  json cmd_claim_code(const json& request);
  json cmd_claim(Connection& conn, const json& request);

  // deck_check.cpp: a deck checked by the game's rules before a table is made.
  json cmd_check_deck(const json& request);
  // The `games` catalogue, each variant with the seats it is meant for.
  json cmd_games();

  // table_play.cpp
  json cmd_act(Connection& conn, const json& request);
  // An act's fields read (act_request.cpp reads them without a tree): the
  // rest of cmd_act. Throws tt::Error when refused at once.
  json act(Connection& conn, Table& table, Seat seat, const std::string& option, std::int64_t seq,
           json id);
  // Takes a decision through the journal: checked now, applied and
  // acknowledged once stored; queued behind one being stored.
  void submit(Table& table, QueuedAct act);
  void stored(const std::string& table_id, QueuedAct act, Loop::Clock::time_point received,
              const std::string& error);
  // After any change: updates to every watcher, snapshot, game over, agents, timers.
  void changed(Table& table);
  // acks.cpp: a decision applied: its reply (or its `ack` riding the actor's
  // update, for a connection following with acks_in_updates), then changed().
  void acknowledge(Table& table, const QueuedAct& act, const std::string& applied);
  // An update to `conn_id` with the ack riding it, if one waits for that connection.
  std::string with_riding_ack(std::uint64_t conn_id, std::string update);
  struct RidingAck {
    std::uint64_t conn = 0;
    std::string fields;  // `"ack":{...},`
  };
  std::optional<RidingAck> riding_ack;  // set only while acknowledge() runs changed()
  // updates.cpp: the update each following connection is sent, whole or as a patch.
  void broadcast(Table& table);
  void send_update(Table& table, Subscriber& sub);
  // Views' text buffers kept from one broadcast to the next (a few; they
  // grow to a view's size once instead of every time).
  std::vector<ViewText> spare_views;
  static constexpr std::size_t kSpareViews = 8;
  // lobby.cpp: tables created alike are dealt from one prepared setup.
  PreparedSetups prepared_setups;
  // The lowest pending computer seat, if none is deciding yet, decides
  // (after --agent-delay-ms): start_agent hands a copy of the state to a
  // worker, agent_decided takes its answer back on the loop.
  void schedule_agents(Table& table);
  void start_agent(const std::string& table_id, Seat seat);
  void agent_decided(const std::string& table_id, Seat seat, std::int64_t seq, std::string option,
                     const std::string& error);
  // No computer seat deciding (Server::idle).
  bool agents_idle() const { return !workers || workers->idle(); }
  void schedule_timers(Table& table);
  void seat_timer_fired(const std::string& table_id, Seat seat);
  void game_over(Table& table);
  // store_retry.cpp: a decision of this table could not be stored; its
  // computer seats and timers go on by themselves once the store is back.
  void retry_after_store_failure(Table& table);

  // cluster_play.cpp: one process of several on one database.
  // Starts the ticks (renewals, sweeps, the lobby); from resume().
  void start_cluster();
  void cluster_tick();
  void cluster_ticked(std::vector<std::string> asked, Cluster::Tick tick);
  // A request naming a table another process may hold: answered once the
  // cluster found where it is (true), or not a matter for it (false).
  bool locate_elsewhere(Connection& conn, const std::string& cmd, const json& request);
  void located(std::uint64_t conn_id, const json& request, Cluster::Located found);
  // Rebuilds a table this process claimed (unless it has it); false when it cannot.
  bool take_over(const LoadedTable& loaded);
  // Another process took this table: its connections are told and closed.
  void lose_table(const std::string& table_id);
  // A store error saying this process lost a table's lease.
  static bool lease_lost(const std::string& error);
  // "" while the leases are renewed, else why not (for /healthz).
  std::string cluster_trouble() const;
  // The node to name in replies and summaries ("" for a lone server).
  std::string node() const { return cluster ? cluster->owner().node : std::string(); }
  std::string lobby_text;                  // the lobby of every process, as last read
  Loop::Clock::time_point last_renewal{};  // when a tick last renewed the leases
  std::string renewal_error;               // why the last tick failed ("" if it did not)
  std::uint64_t cluster_timer = 0;
  bool lobby_reading = false;
  bool ticking = false;  // a tick is with the cluster's worker (a slow database: none piles up)

  // http_api.cpp
  void get(std::string_view target, HttpAnswer answer);
  // /healthz: ok, resuming, or the store down (never reads the store).
  HttpReply health() const;
  std::string metrics_text() const;
};

// Whether a join, resume, watch or claim asks for patches (`"patches":true`).
// Throws tt::Error when the field is there but not a boolean.
bool wants_patches(const nlohmann::json& request);
// What a join, resume, watch or claim asks for (patches, acks in updates).
// Throws tt::Error when a field is there but not a boolean.
Following following(const nlohmann::json& request);
// A message as sent: one line of JSON, invalid UTF-8 replaced.
std::string dump(const nlohmann::json& j);
// Unix time in milliseconds.
std::int64_t unix_ms();

}  // namespace tt::server
