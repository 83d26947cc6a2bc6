#include "server/cluster.h"

#include <exception>
#include <iostream>

#include "server/lobby_list.h"

namespace tt::server {

Cluster::Cluster(Loop& loop, Store& store, LeaseOwner owner)
    : loop_(loop),
      owner_(std::move(owner)),
      leases_(store.leases(owner_)),
      listener_(store.leases(owner_)),
      reader_(store.reader()) {
  store.fence(owner_);
  worker_ = std::thread([this] { work(); });
  listener_thread_ = std::thread([this] { listen(); });
}

Cluster::~Cluster() {
  stop(false);
}

void Cluster::answer(std::function<void()> fn) {
  loop_.post([alive = std::weak_ptr<const bool>(alive_), fn = std::move(fn)] {
    if (!alive.expired()) fn();
  });
}

void Cluster::push(std::function<void()> job) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_) return;
    jobs_.push_back(std::move(job));
  }
  wake_.notify_one();
}

void Cluster::locate(std::string table, std::function<void(Located)> done) {
  push([this, table = std::move(table), done = std::move(done)]() mutable {
    Located found;
    try {
      found.claim = leases_->claim(table);
      if (found.claim.outcome == ClaimResult::Outcome::kClaimed) found.table = reader_->load(table);
    } catch (const std::exception& e) {
      found.error = e.what();
    }
    answer(
        [done = std::move(done), found = std::move(found)]() mutable { done(std::move(found)); });
  });
}

void Cluster::tick(std::vector<std::pair<std::string, std::string>> summaries, int sweep,
                   std::function<void(Tick)> done) {
  push([this, summaries = std::move(summaries), sweep, done = std::move(done)]() mutable {
    Tick t;
    try {
      t.held = leases_->renew(summaries);
      t.renewed = true;
      // Tables whose process died (or stopped cleanly) come to whoever sweeps first.
      for (const std::string& id : leases_->orphans(sweep)) {
        if (leases_->claim(id).outcome != ClaimResult::Outcome::kClaimed) continue;
        if (auto loaded = reader_->load(id)) t.claimed.push_back(std::move(*loaded));
      }
      t.lobby = leases_->lobby(kMaxListedTables);
    } catch (const std::exception& e) {
      t.error = e.what();
    }
    answer([done = std::move(done), t = std::move(t)]() mutable { done(std::move(t)); });
  });
}

void Cluster::read_lobby(std::function<void(std::string)> done) {
  push([this, done = std::move(done)]() mutable {
    std::string body;
    try {
      body = leases_->lobby(kMaxListedTables);
    } catch (const std::exception&) {
      // The next tick reads it again.
    }
    if (!body.empty())
      answer([done = std::move(done), body = std::move(body)]() mutable { done(std::move(body)); });
  });
}

void Cluster::on_lobby_change(std::function<void()> fn) {
  lobby_changed_ = std::move(fn);
}

void Cluster::stop(bool release) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_) return;
    if (release)
      jobs_.push_back([this] {
        try {
          leases_->release_all();
        } catch (const std::exception& e) {
          std::cerr << "tabletop serve: the leases could not be given up: " << e.what() << "\n";
        }
      });
    stopping_ = true;
  }
  listening_ = false;
  wake_.notify_one();
  if (worker_.joinable()) worker_.join();
  if (listener_thread_.joinable()) listener_thread_.join();
}

void Cluster::work() {
  for (;;) {
    std::function<void()> job;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
      if (jobs_.empty()) return;  // stopping, and every job done
      job = std::move(jobs_.front());
      jobs_.pop_front();
    }
    job();
  }
}

void Cluster::listen() {
  while (listening_) {
    if (listener_->await_change(250))
      answer([this] {
        if (lobby_changed_) lobby_changed_();
      });
  }
}

}  // namespace tt::server
