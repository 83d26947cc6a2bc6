// Store reads for the HTTP API, off the loop thread: a reader thread with a
// store connection of its own (Store::reader), so a read never waits for the
// journal's commit nor holds up the loop. Each read is answered on the loop
// thread: with what the job built, or 503 "store timed out" when the store
// has not answered within the timeout (the read may still finish later; its
// answer is then dropped), or 503 at once when too many reads are waiting.
#pragma once
#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <set>

#include "server/hub.h"
#include "server/loop.h"
#include "server/store/store.h"

namespace tt::server {

class StoreReads {
 public:
  // Runs on the reader thread: reads and builds the whole reply (a replay's
  // positions too, which are CPU the loop should not spend). A tt::Error out
  // of it is a 503 naming the store's failure.
  using Job = std::function<HttpReply(Store&)>;

  StoreReads(Loop& loop, std::unique_ptr<Store> store, std::chrono::milliseconds timeout,
             std::size_t max_waiting);
  ~StoreReads();
  StoreReads(const StoreReads&) = delete;
  StoreReads& operator=(const StoreReads&) = delete;

  // On the loop thread. `answer` is called exactly once, on the loop thread.
  void run(Job job, HttpAnswer answer);
  // Answers every read still waiting (503 "server stopping") and ends the
  // reader thread; a read stuck in the store is left to finish on its own.
  // Loop thread; idempotent.
  void stop();
  // Reads not answered yet.
  std::size_t waiting() const { return waiting_.size(); }

 private:
  struct Pending;
  struct Shared;
  void answer(const std::shared_ptr<Pending>& pending, HttpReply reply);

  Loop& loop_;
  std::chrono::milliseconds timeout_;
  std::size_t max_waiting_;
  std::shared_ptr<Shared> shared_;
  std::set<std::shared_ptr<Pending>> waiting_;  // loop thread only
  std::shared_ptr<const bool> alive_ = std::make_shared<const bool>(true);
};

}  // namespace tt::server
