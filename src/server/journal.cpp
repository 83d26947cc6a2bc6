#include "server/journal.h"

#include <algorithm>
#include <chrono>
#include <exception>
#include <iostream>

namespace tt::server {
namespace {

std::uint64_t micros_since(std::chrono::steady_clock::time_point start) {
  return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::microseconds>(
                                        std::chrono::steady_clock::now() - start)
                                        .count());
}

}  // namespace

Journal::Journal(Loop& loop, std::unique_ptr<Store> store) : loop_(loop), store_(std::move(store)) {
  writer_ = std::thread([this] { run(); });  // every member is constructed by now
}

Journal::~Journal() {
  stop();
}

void Journal::create_table(StoredTable table, Done done) {
  Job job{Job::Kind::kCreate, std::move(table), {}, {}, {}, {}, 0, 0, std::move(done), {}};
  push(std::move(job));
}

void Journal::take_seat(std::string table, int seat, std::string name, std::string token_hash,
                        Done done) {
  Job job{Job::Kind::kSeat,      {}, {},   std::move(table), std::move(name),
          std::move(token_hash), 0,  seat, std::move(done),  {}};
  push(std::move(job));
}

void Journal::move_seat(std::string table, int seat, std::string name, std::string old_hash,
                        std::string new_hash, Done done) {
  Job job{Job::Kind::kSeat,    {}, {},   std::move(table), std::move(name),
          std::move(new_hash), 0,  seat, std::move(done),  std::move(old_hash)};
  push(std::move(job));
}

void Journal::append(StoredDecision decision, Done done) {
  Job job{Job::Kind::kDecision, {}, std::move(decision), {}, {}, {}, 0, 0, std::move(done), {}};
  push(std::move(job));
}

void Journal::snapshot(std::string table, std::int64_t index, std::string state,
                       std::string fingerprint) {
  Job job{Job::Kind::kSnapshot,   {},    {}, std::move(table), std::move(state),
          std::move(fingerprint), index, 0,  nullptr,          {}};
  push(std::move(job));
}

void Journal::finish(std::string table, std::string results, std::string record,
                     std::int64_t at_ms) {
  Job job{Job::Kind::kFinish, {},    {}, std::move(table), std::move(results),
          std::move(record),  at_ms, 0,  nullptr,          {}};
  push(std::move(job));
}

void Journal::push(Job job) {
  ++outstanding_;
  bool wake = false, post_wake = false;
  {
    std::lock_guard<std::mutex> lock(queue_mutex_);
    queue_.push_back(std::move(job));
    // A writer that is gathering or committing looks at the queue anyway:
    // waking it for each job would cost a switch of threads per decision.
    if (queue_.size() >= kFullBatch) {
      wake = true;
    } else if (writer_idle_ && !wake_posted_) {
      // An idle writer is woken once the loop has handled what it holds
      // now: the other requests read in the same wake join this batch
      // instead of waiting for the next commit (one wake and one commit
      // for a burst, not for its first job alone).
      wake_posted_ = true;
      post_wake = true;
    }
  }
  if (wake) wake_.notify_one();
  if (post_wake)
    loop_.post([this] {
      {
        std::lock_guard<std::mutex> lock(queue_mutex_);
        wake_posted_ = false;
      }
      wake_.notify_one();
    });
}

void Journal::stop() {
  {
    std::lock_guard<std::mutex> lock(queue_mutex_);
    if (stopping_) return;
    stopping_ = true;
  }
  wake_.notify_one();
  if (writer_.joinable()) writer_.join();
}

std::string Journal::trouble(std::chrono::milliseconds stall) const {
  const std::int64_t started = commit_started_ns_;
  if (started != 0) {
    const auto running =
        std::chrono::steady_clock::now().time_since_epoch() - std::chrono::nanoseconds(started);
    if (running > stall)
      return "a commit has been running for " +
             std::to_string(
                 std::chrono::duration_cast<std::chrono::milliseconds>(running).count()) +
             " ms";
  }
  std::lock_guard<std::mutex> lock(health_mutex_);
  return last_failure_.empty() ? std::string() : "the last commit failed: " + last_failure_;
}

void Journal::commit_outcome(const std::string& failure) {
  std::lock_guard<std::mutex> lock(health_mutex_);
  last_failure_ = failure;
}

void Journal::probe() {
  std::lock_guard<std::mutex> lock(store_mutex_);
  try {
    store_->check_writable();
    commit_outcome("");
  } catch (const std::exception& e) {
    commit_outcome(e.what());
  }
}

void Journal::run() {
  for (;;) {
    std::vector<Job> batch;
    {
      std::unique_lock<std::mutex> lock(queue_mutex_);
      const auto ready = [&] { return stopping_ || !queue_.empty(); };
      bool failing = false;
      {
        std::lock_guard<std::mutex> health(health_mutex_);
        failing = !last_failure_.empty();
      }
      writer_idle_ = true;
      if (!failing) {
        wake_.wait(lock, ready);
      } else if (!wake_.wait_for(lock, std::chrono::milliseconds(probe_ms_.load()), ready)) {
        writer_idle_ = false;
        lock.unlock();
        probe();
        continue;
      }
      writer_idle_ = false;
      if (queue_.empty()) return;  // stopping, and everything written
      // Under load, gather: the jobs coming within `gather` of the last
      // batch share its successor's commit (one WAL write or flush for all).
      const auto gather = std::chrono::microseconds(gather_us_.load());
      const auto until = last_take_ + gather;
      if (gather.count() > 0 && !stopping_ && until > std::chrono::steady_clock::now())
        wake_.wait_until(lock, until, [&] { return stopping_ || queue_.size() >= kFullBatch; });
      last_take_ = std::chrono::steady_clock::now();
      batch.assign(std::make_move_iterator(queue_.begin()), std::make_move_iterator(queue_.end()));
      queue_.clear();
    }
    std::vector<std::pair<Done, std::string>> results;
    const auto jobs = static_cast<std::int64_t>(batch.size());
    write(batch, results);
    if (results.empty()) {
      outstanding_ -= jobs;
      continue;
    }
    loop_.post([this, jobs, results = std::move(results)]() mutable {
      for (auto& [done, error] : results) done(error);
      outstanding_ -= jobs;
    });
  }
}

void Journal::write(std::vector<Job>& jobs, std::vector<std::pair<Done, std::string>>& results) {
  std::lock_guard<std::mutex> lock(store_mutex_);
  // One transaction per store call, its time counted whether it committed or not.
  auto timed = [this](auto&& call) {
    const auto start = std::chrono::steady_clock::now();
    commit_started_ns_ = std::max<std::int64_t>(
        1, std::chrono::duration_cast<std::chrono::nanoseconds>(start.time_since_epoch()).count());
    try {
      call();
    } catch (...) {
      commit_started_ns_ = 0;
      ++commits_;
      commit_micros_ += micros_since(start);
      throw;
    }
    commit_started_ns_ = 0;
    ++commits_;
    commit_micros_ += micros_since(start);
  };

  // Everything taken at once goes in ONE transaction, whatever its kinds, so
  // a slow commit costs once per batch. The store writes the kinds in the
  // order each depends on the last (created, seats, decisions, snapshots,
  // finished); within a kind the order they came in.
  WriteBatch batch;
  for (const Job& job : jobs) {
    switch (job.kind) {
      case Job::Kind::kCreate:
        batch.created.push_back(job.table);
        break;
      case Job::Kind::kSeat:
        batch.seats.push_back({job.a, job.seat, job.b, job.c, job.replaces});
        break;
      case Job::Kind::kDecision:
        batch.decisions.push_back(job.decision);
        break;
      case Job::Kind::kSnapshot:
        batch.snapshots.push_back({job.a, job.n, job.b, job.c});
        break;
      case Job::Kind::kFinish:
        batch.finished.push_back({job.a, job.b, job.c, job.n});
        break;
    }
  }
  try {
    timed([&] { store_->write(batch); });
    decisions_ += batch.decisions.size();
    for (Job& job : jobs)
      if (job.done) results.emplace_back(std::move(job.done), "");
    commit_outcome("");
    return;
  } catch (const std::exception&) {
    // Refused as a whole (one bad job, or the store failing): below.
  }

  // Job by job, in the order they came: one bad job costs only itself. When
  // none of them commits, the store is failing (trouble()).
  std::string first_failure;
  bool any_committed = false;
  for (Job& job : jobs) {
    std::string error;
    try {
      timed([&] { write_one(job); });
      any_committed = true;
      if (job.kind == Job::Kind::kDecision) ++decisions_;
    } catch (const std::exception& e) {
      if (first_failure.empty()) first_failure = e.what();
      error = std::string(job.kind == Job::Kind::kDecision ? "the decision could not be stored: "
                                                           : "storage failed: ") +
              e.what();
      ++failures_;
      std::cerr << "tabletop serve: " << error << "\n";
    }
    if (job.done) results.emplace_back(std::move(job.done), error);
  }
  commit_outcome(any_committed ? std::string() : first_failure);
}

void Journal::write_one(Job& job) {
  switch (job.kind) {
    case Job::Kind::kCreate:
      store_->create_table(job.table);
      break;
    case Job::Kind::kSeat:
      if (job.replaces.empty()) {
        store_->take_seat(job.a, job.seat, job.b, job.c);
      } else {
        WriteBatch move;
        move.seats.push_back({job.a, job.seat, job.b, job.c, job.replaces});
        store_->write(move);
      }
      break;
    case Job::Kind::kSnapshot:
      store_->snapshot(job.a, job.n, job.b, job.c);
      break;
    case Job::Kind::kFinish:
      store_->finish(job.a, job.b, job.c, job.n);
      break;
    case Job::Kind::kDecision:
      store_->append({job.decision});
      break;
  }
}

}  // namespace tt::server
