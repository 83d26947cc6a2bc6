// The server's game-agnostic logic behind the transport: the lobby (every
// table by id), seats and their secret tokens, spectators, timers, agents
// playing their seats, and the journal that stores each decision durably
// before it is acknowledged. Runs on the loop thread only.
#pragma once
#include <cstddef>
#include <memory>
#include <optional>
#include <string>

#include "server/hub.h"
#include "server/loop.h"
#include "server/store/store.h"
#include "server/table_config.h"

namespace tt::server {

struct ServerOptions {
  std::size_t max_tables = 10000;  // tables held at once (not over); create is refused beyond
  int snapshot_every = 50;         // a state snapshot every this many decisions of a table
  int agent_delay_ms = 0;          // pause before a computer seat decides (0: at once)
  int agent_workers = 2;  // threads computer seats decide on, off the loop (0: on the loop)
  int agent_threads = 1;  // the most search threads a computer seat may ask for
  // The grace of a table whose create request names none (0: forever).
  int grace_seconds = kDefaultGraceSeconds;
  // A table still waiting for people this long after it was created ends
  // (0: never); the seats already taken lose it too.
  int waiting_seconds = 1800;
  // Tables not over that one client address created (0: no limit); a create
  // beyond is refused. Counted from the address stored with each table, so
  // restarts do not reset it.
  std::size_t tables_per_address = 20;
  // Tests and demos only: a create request may name the seed of a table of
  // two or more people (the table still says its seed is fixed).
  bool allow_fixed_seeds = false;
  // The store (docs/server.md, "Storage"): an HTTP read it has not answered
  // in this long is a 503 "store timed out"; at most this many reads wait
  // at once; /healthz says the store is down while a commit has run longer
  // than `store_stall_ms` or the last one failed (retried every
  // `store_probe_ms` while nothing else is written).
  int store_read_timeout_ms = 5000;
  std::size_t max_store_reads = 64;
  int store_stall_ms = 5000;
  int store_probe_ms = 1000;
  // Group commit under load (Journal::set_gather): while decisions keep
  // coming, one commit at most every this many microseconds (0: at once).
  int commit_gather_us = 1000;
  // One process of several on one PostgreSQL database (docs/server.md,
  // "Several processes"): this process's node name and lease time.
  std::optional<LeaseOwner> cluster = std::nullopt;
};

class Server final : public Hub {
 public:
  Server(Loop& loop, std::unique_ptr<Store> store, ServerOptions options = {});
  ~Server() override;

  // Reads every unfinished table from the store and resumes it at its last
  // stored decision (agents decide, timers start again). Call once, on the
  // loop thread, before serving. Throws tt::Error on a broken store.
  void resume();
  // Writes what is queued to the store and stops the journal thread; HTTP
  // reads still waiting for the store are answered 503.
  void stop();
  // True when no write is queued, being stored, or waiting to be answered,
  // and no computer seat is deciding.
  bool idle() const;

  void opened(Connection& conn) override;
  void message(Connection& conn, std::string_view text) override;
  void closed(Connection& conn) override;
  void get(std::string_view target, HttpAnswer answer) override;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tt::server
