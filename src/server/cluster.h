// One process of several on one PostgreSQL database (docs/server.md,
// "Several processes"): the database work of leases off the loop thread.
// A worker thread with a lease session claims tables, renews this process's
// leases, sweeps for tables whose owner died and reads the lobby of every
// process; a listener thread waits for the database's notices that a table
// came or went anywhere. Every answer runs on the loop thread; the tables
// themselves stay the loop's (cluster_play.cpp).
#pragma once
#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "server/loop.h"
#include "server/store/store.h"

namespace tt::server {

class Cluster {
 public:
  // Where a table is: ours now (with its record, to rebuild), someone else's,
  // over, or unknown; `error` when the database failed.
  struct Located {
    ClaimResult claim;
    std::optional<LoadedTable> table;
    std::string error;
  };
  // What one tick found: the tables still held (when the renewal worked),
  // tables taken over from dead processes, the lobby of every process.
  struct Tick {
    bool renewed = false;
    std::string error;
    std::vector<std::string> held;
    std::vector<LoadedTable> claimed;
    std::string lobby;  // "" when it could not be read
  };

  // `store` is the journal's (fenced here) before it is handed over.
  Cluster(Loop& loop, Store& store, LeaseOwner owner);
  ~Cluster();
  Cluster(const Cluster&) = delete;
  Cluster& operator=(const Cluster&) = delete;

  const LeaseOwner& owner() const { return owner_; }

  // Loop thread; `done` runs on the loop thread (not after stop()).
  void locate(std::string table, std::function<void(Located)> done);
  void tick(std::vector<std::pair<std::string, std::string>> summaries, int sweep,
            std::function<void(Tick)> done);
  void read_lobby(std::function<void(std::string)> done);
  // Runs on the loop thread whenever a table was created or ended anywhere.
  void on_lobby_change(std::function<void()> fn);

  // Ends both threads; with `release`, this process's leases first (a clean
  // stop: the others take its tables at once). Idempotent.
  void stop(bool release);

 private:
  void push(std::function<void()> job);
  void work();
  void listen();
  // Posts `fn` to the loop unless this cluster is gone by then.
  void answer(std::function<void()> fn);

  Loop& loop_;
  LeaseOwner owner_;
  std::unique_ptr<LeaseStore> leases_;    // the worker's session
  std::unique_ptr<LeaseStore> listener_;  // the listener's session
  std::unique_ptr<Store> reader_;         // loads a table once claimed
  std::function<void()> lobby_changed_;   // loop thread only
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> jobs_;
  bool stopping_ = false;
  std::atomic<bool> listening_{true};
  std::thread worker_, listener_thread_;
  std::shared_ptr<const bool> alive_ = std::make_shared<const bool>(true);
};

}  // namespace tt::server
