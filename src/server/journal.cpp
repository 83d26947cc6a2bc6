#include "server/journal.h"

#include <chrono>
#include <exception>
#include <iostream>

namespace tt::server {

Journal::Journal(Loop& loop, std::unique_ptr<Store> store)
    : loop_(loop), store_(std::move(store)), writer_([this] { run(); }) {}

Journal::~Journal() {
  stop();
}

void Journal::create_table(StoredTable table, Done done) {
  Job job{Job::Kind::kCreate, std::move(table), {}, {}, {}, {}, 0, 0, std::move(done)};
  push(std::move(job));
}

void Journal::take_seat(std::string table, int seat, std::string name, std::string token_hash,
                        Done done) {
  Job job{Job::Kind::kSeat,      {}, {},   std::move(table), std::move(name),
          std::move(token_hash), 0,  seat, std::move(done)};
  push(std::move(job));
}

void Journal::append(StoredDecision decision, Done done) {
  Job job{Job::Kind::kDecision, {}, std::move(decision), {}, {}, {}, 0, 0, std::move(done)};
  push(std::move(job));
}

void Journal::snapshot(std::string table, std::int64_t index, std::string state,
                       std::string fingerprint) {
  Job job{Job::Kind::kSnapshot,   {},    {}, std::move(table), std::move(state),
          std::move(fingerprint), index, 0,  nullptr};
  push(std::move(job));
}

void Journal::finish(std::string table, std::string results, std::string record,
                     std::int64_t at_ms) {
  Job job{Job::Kind::kFinish, {},    {}, std::move(table), std::move(results),
          std::move(record),  at_ms, 0,  nullptr};
  push(std::move(job));
}

void Journal::push(Job job) {
  ++outstanding_;
  {
    std::lock_guard<std::mutex> lock(queue_mutex_);
    queue_.push_back(std::move(job));
  }
  wake_.notify_one();
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

void Journal::run() {
  for (;;) {
    std::vector<Job> batch;
    {
      std::unique_lock<std::mutex> lock(queue_mutex_);
      wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, and everything written
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
  std::size_t i = 0;
  while (i < jobs.size()) {
    std::size_t end = i + 1;
    std::string error;
    const auto start = std::chrono::steady_clock::now();
    if (jobs[i].kind == Job::Kind::kDecision) {
      while (end < jobs.size() && jobs[end].kind == Job::Kind::kDecision) ++end;
      std::vector<StoredDecision> decisions;
      for (std::size_t k = i; k < end; ++k) decisions.push_back(jobs[k].decision);
      try {
        store_->append(decisions);
        decisions_ += decisions.size();
      } catch (const std::exception& e) {
        error = std::string("the decision could not be stored: ") + e.what();
      }
      // One table's decisions follow each other only after an acknowledgement,
      // so a failed batch is retried decision by decision: one bad table
      // never costs the others their decisions.
      if (!error.empty() && end - i > 1) {
        for (std::size_t k = i; k < end; ++k) {
          std::string one;
          try {
            store_->append({jobs[k].decision});
            ++decisions_;
          } catch (const std::exception& e) {
            one = std::string("the decision could not be stored: ") + e.what();
          }
          if (!one.empty()) ++failures_;
          if (jobs[k].done) results.emplace_back(std::move(jobs[k].done), one);
        }
        i = end;
        continue;
      }
    } else {
      try {
        write_one(jobs[i]);
      } catch (const std::exception& e) {
        error = std::string("storage failed: ") + e.what();
      }
    }
    ++commits_;
    commit_micros_ +=
        static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::microseconds>(
                                       std::chrono::steady_clock::now() - start)
                                       .count());
    if (!error.empty()) {
      ++failures_;
      std::cerr << "tabletop serve: " << error << "\n";
    }
    for (std::size_t k = i; k < end; ++k)
      if (jobs[k].done) results.emplace_back(std::move(jobs[k].done), error);
    i = end;
  }
}

void Journal::write_one(Job& job) {
  switch (job.kind) {
    case Job::Kind::kCreate:
      store_->create_table(job.table);
      break;
    case Job::Kind::kSeat:
      store_->take_seat(job.a, job.seat, job.b, job.c);
      break;
    case Job::Kind::kSnapshot:
      store_->snapshot(job.a, job.n, job.b, job.c);
      break;
    case Job::Kind::kFinish:
      store_->finish(job.a, job.b, job.c, job.n);
      break;
    case Job::Kind::kDecision:
      break;
  }
}

}  // namespace tt::server
