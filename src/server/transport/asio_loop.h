// The server's event loop over Boost.Asio: one io_context run by one thread,
// which also runs every socket of the transport, so the hub, its tables and
// the network never need locks. Boost stays out of this header (compile time).
#pragma once
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>

#include "server/loop.h"

namespace tt::server {

class AsioLoop final : public Loop {
 public:
  AsioLoop();
  ~AsioLoop() override;
  AsioLoop(const AsioLoop&) = delete;
  AsioLoop& operator=(const AsioLoop&) = delete;

  void post(std::function<void()> fn) override;
  std::uint64_t after(std::chrono::milliseconds delay, std::function<void()> fn) override;
  void cancel(std::uint64_t timer) override;

  // Runs posted work, timers and sockets on the calling thread until stop().
  void run();
  // Makes run() return soon. Safe to call from any thread.
  void stop();
  // Calls `fn` on the loop thread with the signal's number each time the
  // process receives SIGINT or SIGTERM (instead of the default: ending it).
  void on_stop_signal(std::function<void(int)> fn);

  struct Impl;
  Impl& impl() { return *impl_; }

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace tt::server
