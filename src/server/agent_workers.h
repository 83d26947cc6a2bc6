// Computer seats decide off the loop thread: a few worker threads run their
// decisions (each on its own copy of the table's state) and each job posts
// its answer back to the loop, so a search of tens of milliseconds never
// holds up another table's messages. With no threads a job runs at once on
// the caller's thread.
#pragma once
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace tt::server {

class AgentWorkers {
 public:
  explicit AgentWorkers(int threads) {
    for (int i = 0; i < threads; ++i) threads_.emplace_back([this] { work(); });
  }
  // Jobs not yet started are dropped; a running one is finished first.
  ~AgentWorkers() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
      queue_.clear();
    }
    wake_.notify_all();
    for (auto& t : threads_) t.join();
  }
  AgentWorkers(const AgentWorkers&) = delete;
  AgentWorkers& operator=(const AgentWorkers&) = delete;

  void run(std::function<void()> job) {
    if (threads_.empty()) {
      job();
      return;
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      queue_.push_back(std::move(job));
      ++unfinished_;
    }
    wake_.notify_one();
  }
  // No job waiting or running (a finished job has posted its answer already).
  bool idle() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return unfinished_ == 0;
  }

 private:
  void work() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
        if (stopping_) return;
        job = std::move(queue_.front());
        queue_.pop_front();
      }
      job();
      std::lock_guard<std::mutex> lock(mutex_);
      --unfinished_;
    }
  }

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> queue_;
  std::size_t unfinished_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace tt::server
