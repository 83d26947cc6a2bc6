#include "server/store_reads.h"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#include "core/error.h"

namespace tt::server {

namespace {

HttpReply unavailable(const std::string& why) {
  return {503, "application/json",
          nlohmann::json{{"error", why}}.dump(-1, ' ', false,
                                              nlohmann::json::error_handler_t::replace)};
}

}  // namespace

// One read on its way: its answer and its timeout (loop thread only).
struct StoreReads::Pending {
  HttpAnswer answer;
  std::uint64_t timer = 0;
};

// What the reader thread shares with the loop: the queue, and the loop to
// post answers to (null once stopped, so a read that finishes after the
// server went posts nothing).
struct StoreReads::Shared {
  std::mutex mutex;
  std::condition_variable wake;
  std::deque<std::pair<Job, std::shared_ptr<Pending>>> queue;
  bool stopping = false;
  bool busy = false;  // a job is running
  Loop* loop = nullptr;
  std::function<void(std::shared_ptr<Pending>, HttpReply)> deliver;
  std::unique_ptr<Store> store;
  std::thread thread;

  void run() {
    for (;;) {
      std::pair<Job, std::shared_ptr<Pending>> item;
      {
        std::unique_lock<std::mutex> lock(mutex);
        wake.wait(lock, [&] { return stopping || !queue.empty(); });
        if (stopping) return;
        item = std::move(queue.front());
        queue.pop_front();
        busy = true;
      }
      HttpReply reply;
      try {
        reply = item.first(*store);
      } catch (const std::exception& e) {
        reply = unavailable(std::string("store failed: ") + e.what());
      }
      std::lock_guard<std::mutex> lock(mutex);
      busy = false;
      if (loop == nullptr) return;  // stopped meanwhile
      loop->post([deliver = deliver, pending = std::move(item.second),
                  reply = std::move(reply)]() mutable { deliver(pending, std::move(reply)); });
    }
  }
};

StoreReads::StoreReads(Loop& loop, std::unique_ptr<Store> store, std::chrono::milliseconds timeout,
                       std::size_t max_waiting)
    : loop_(loop),
      timeout_(timeout),
      max_waiting_(max_waiting),
      shared_(std::make_shared<Shared>()) {
  shared_->loop = &loop;
  shared_->store = std::move(store);
  // An answer posted just before the server went finds it gone and is dropped.
  shared_->deliver = [this, alive = std::weak_ptr<const bool>(alive_)](
                         const std::shared_ptr<Pending>& pending, HttpReply reply) {
    if (!alive.expired()) answer(pending, std::move(reply));
  };
  shared_->thread = std::thread([shared = shared_] { shared->run(); });
}

StoreReads::~StoreReads() {
  stop();
}

void StoreReads::run(Job job, HttpAnswer answer) {
  if (!shared_->loop) {
    answer(unavailable("server stopping"));
    return;
  }
  if (waiting_.size() >= max_waiting_) {
    answer(unavailable("too many store reads waiting (" + std::to_string(max_waiting_) +
                       "); try again shortly"));
    return;
  }
  auto pending = std::make_shared<Pending>();
  pending->answer = std::move(answer);
  waiting_.insert(pending);
  pending->timer = loop_.after(timeout_, [this, pending] {
    pending->timer = 0;
    this->answer(pending, unavailable("store timed out: no answer in " +
                                      std::to_string(timeout_.count()) + " ms"));
  });
  {
    std::lock_guard<std::mutex> lock(shared_->mutex);
    shared_->queue.emplace_back(std::move(job), std::move(pending));
  }
  shared_->wake.notify_one();
}

void StoreReads::answer(const std::shared_ptr<Pending>& pending, HttpReply reply) {
  if (waiting_.erase(pending) == 0) return;  // answered already (timed out)
  if (pending->timer) loop_.cancel(pending->timer);
  pending->timer = 0;
  HttpAnswer answer = std::move(pending->answer);
  answer(std::move(reply));
}

void StoreReads::stop() {
  bool busy = false;
  {
    std::lock_guard<std::mutex> lock(shared_->mutex);
    if (shared_->loop == nullptr) return;
    shared_->loop = nullptr;
    shared_->stopping = true;
    shared_->queue.clear();
    busy = shared_->busy;
  }
  shared_->wake.notify_one();
  // A read stuck in the store (a stopped database) must not hold the
  // process: its thread ends by itself once the store answers.
  if (busy)
    shared_->thread.detach();
  else
    shared_->thread.join();
  for (const auto& pending : std::set(waiting_)) answer(pending, unavailable("server stopping"));
}

}  // namespace tt::server
