// The journal: a writer thread between the tables and the store. Work from
// the loop thread is queued; the writer takes everything queued at once and
// commits it (tables, seats, decisions, snapshots, finished games of all
// tables) in one transaction (group commit), so a slow disk or a PostgreSQL
// round trip costs one wait for the whole batch.
// Each job's completion runs back on the loop thread once its transaction
// committed (or failed): a decision is acknowledged only after that.
#pragma once
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "server/loop.h"
#include "server/store/store.h"

namespace tt::server {

class Journal {
 public:
  // "" on success, else what failed.
  using Done = std::function<void(const std::string& error)>;

  Journal(Loop& loop, std::unique_ptr<Store> store);
  ~Journal();

  void create_table(StoredTable table, Done done);
  void take_seat(std::string table, int seat, std::string name, std::string token_hash, Done done);
  // A taken seat's token replaced (claimed on another device): stored only
  // while the seat still holds `old_hash`.
  void move_seat(std::string table, int seat, std::string name, std::string old_hash,
                 std::string new_hash, Done done);
  void append(StoredDecision decision, Done done);
  void snapshot(std::string table, std::int64_t index, std::string state, std::string fingerprint);
  void finish(std::string table, std::string results, std::string record, std::int64_t at_ms);

  // Runs `fn` with the store on the calling thread, between two commits
  // (the tables to resume, read once before the server serves anything;
  // the HTTP API reads through StoreReads, off the loop).
  template <typename F>
  auto read(F&& fn) {
    std::lock_guard<std::mutex> lock(store_mutex_);
    return fn(*store_);
  }

  // True when nothing is queued, being written, or waiting to be answered
  // on the loop (tests settle on it; a graceful stop waits for it).
  bool idle() const { return outstanding_ == 0; }

  // Commits what is queued and stops the writer (idempotent).
  void stop();

  // Why the store is down, or "" while it is not: a commit running longer
  // than `stall`, or the last commit failed (until one succeeds: the writer
  // tries Store::check_writable every `probe` while it has nothing to
  // write). Any thread.
  std::string trouble(std::chrono::milliseconds stall) const;
  void set_probe_interval(std::chrono::milliseconds probe) { probe_ms_ = probe.count(); }
  // Group commit under load: while jobs keep coming, the writer takes a
  // batch at most once per `gather` (jobs queue meanwhile; a batch of
  // kFullBatch jobs goes at once), so commits stay at most 1/gather a second
  // however many decisions come. A job that comes after a quiet spell longer
  // than `gather` is taken at once. Zero: every batch at once. Any thread.
  void set_gather(std::chrono::microseconds gather) { gather_us_ = gather.count(); }
  static constexpr std::size_t kFullBatch = 512;

  // For /metrics: commits made, decisions committed, and the time spent in
  // commits (microseconds), read from any thread.
  std::uint64_t commits() const { return commits_; }
  std::uint64_t decisions() const { return decisions_; }
  std::uint64_t commit_micros() const { return commit_micros_; }
  std::uint64_t failures() const { return failures_; }

 private:
  struct Job {
    enum class Kind { kCreate, kSeat, kDecision, kSnapshot, kFinish } kind;
    StoredTable table;
    StoredDecision decision;
    std::string a, b, c;  // per kind: ids, names, JSON texts
    std::int64_t n = 0;
    int seat = 0;
    Done done;
    std::string replaces;  // kSeat: the token hash a moving seat holds ("" to take an open seat)
  };
  void push(Job job);
  void run();
  // Writes a batch in one Store::write; if that is refused, job by job.
  void write(std::vector<Job>& jobs, std::vector<std::pair<Done, std::string>>& results);
  void write_one(Job& job);
  // The outcome of a commit for trouble(): "" when it committed.
  void commit_outcome(const std::string& failure);
  // While the last commit failed and nothing is queued: is the store back?
  void probe();

  Loop& loop_;
  std::unique_ptr<Store> store_;
  std::mutex store_mutex_;
  std::mutex queue_mutex_;
  std::condition_variable wake_;
  std::deque<Job> queue_;
  bool stopping_ = false;
  bool writer_idle_ = false;  // the writer waits for a job (not gathering, not committing)
  bool wake_posted_ = false;  // a wake of the idle writer is posted to the loop
  std::thread writer_;
  std::atomic<std::int64_t> outstanding_{0};  // jobs pushed whose completion has not run
  std::atomic<std::uint64_t> commits_{0}, decisions_{0}, commit_micros_{0}, failures_{0};
  // Health (trouble()): when the running commit started (steady clock, ns
  // since its epoch; 0: none running), and why the last one failed.
  std::atomic<std::int64_t> commit_started_ns_{0};
  std::atomic<std::int64_t> probe_ms_{1000};
  std::atomic<std::int64_t> gather_us_{0};
  // When the writer last took a batch (writer thread only). None yet: the
  // distant past, not the clock's epoch, which is the machine's boot on
  // Linux (a first batch within `gather` of boot waited out the gather).
  std::chrono::steady_clock::time_point last_take_ = std::chrono::steady_clock::time_point::min();
  mutable std::mutex health_mutex_;
  std::string last_failure_;
};

}  // namespace tt::server
