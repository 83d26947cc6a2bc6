// Several server processes on one PostgreSQL database (docs/server.md,
// "Several processes"): a process owns a table while it holds the table's
// lease. Claims, renewals and the lobby's list go through a LeaseStore (a
// database session of its own, used from one thread at a time); the writes
// of a table go through the owner's Store, fenced (Store::fence) so that only
// the lease's holder can write them.
//
// A table's lease lasts while the run of the process holding it is alive: one
// row per run in `nodes`, renewed in one statement however many tables it
// holds. Times are the database's clock, never a process's. A claim bumps the
// table's epoch under the lease row's lock, and every fenced write holds that
// row while it checks the owner, so a process that lost a table (paused,
// partitioned, dead) can never write it after another took it over.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace tt::server {

// Who writes: a node (its name in the cluster) in one run of it (a random
// incarnation, so a node restarted under the same name is known for new).
struct LeaseOwner {
  std::string node;
  std::string incarnation;
  std::int64_t lease_ms = 10000;  // a renewal keeps this run (and its tables) alive this long
  // A run that ended this long ago and holds no unfinished table is removed
  // from `nodes` by the next renewal of any process (one row per run would
  // otherwise pile up forever: every restart and deploy adds one).
  std::int64_t forget_ms = 3'600'000;
};

// A table's lease as a claim found it.
struct LeaseHolder {
  std::string node;          // "" when nobody holds it
  std::int64_t epoch = 0;    // claims so far
  std::int64_t left_ms = 0;  // until its holder's run is no longer alive (<= 0: it is not)
};

struct ClaimResult {
  enum class Outcome {
    kClaimed,   // the table is ours now (epoch bumped): load and serve it
    kHeld,      // another process holds it and is alive (holder says which)
    kFinished,  // the game is over: nothing to serve
    kUnknown,   // no such table
  } outcome = Outcome::kUnknown;
  LeaseHolder holder;
};

// A write refused because this process does not hold the table's lease any
// more: the message of the tt::Error it throws holds this text.
inline constexpr const char* kLeaseLost = "lease lost";

class LeaseStore {
 public:
  virtual ~LeaseStore() = default;
  // Claims the table when the run holding it is not alive (or nobody holds
  // it, or this node held it in an earlier run) and it is not finished.
  virtual ClaimResult claim(const std::string& table) = 0;
  // Renews this run's life (every lease it holds) in ONE statement, then
  // stores the lobby summaries given (table, summary JSON) of tables it
  // holds. Returns the unfinished tables it still holds.
  virtual std::vector<std::string> renew(
      const std::vector<std::pair<std::string, std::string>>& summaries) = 0;
  // Ends this run's life, and so every lease it holds (a clean stop: others
  // take over at once).
  virtual void release_all() = 0;
  // Unfinished tables whose holder is not alive (or that nobody holds, or
  // that this node held in an earlier run), in random order.
  virtual std::vector<std::string> orphans(int limit) = 0;
  // The lobby over every process: {"tables":[summary, ...],"count":N},
  // newest first, at most `limit` named.
  virtual std::string lobby(std::size_t limit) = 0;
  // Waits up to `ms` for a notice that a table was created or finished
  // anywhere (LISTEN); true when one came (or the session was made again).
  virtual bool await_change(int ms) = 0;
};

}  // namespace tt::server
