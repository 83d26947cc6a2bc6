// The event loop the server's game logic runs on: one thread that handles
// every message, timer and storage acknowledgement in turn, so tables need no
// locks. The transport implements it over Boost.Asio (asio_loop.cpp); tests
// use a manual loop that runs posted work and fires timers on demand.
#pragma once
#include <chrono>
#include <cstdint>
#include <functional>

namespace tt::server {

class Loop {
 public:
  using Clock = std::chrono::steady_clock;
  virtual ~Loop() = default;
  // Runs `fn` on the loop thread soon. Safe to call from any thread.
  virtual void post(std::function<void()> fn) = 0;
  // Runs `fn` on the loop thread after `delay` unless cancelled first.
  // Call on the loop thread only. Returns a handle for cancel().
  virtual std::uint64_t after(std::chrono::milliseconds delay, std::function<void()> fn) = 0;
  // Cancels a pending timer; a fired or unknown handle is ignored.
  virtual void cancel(std::uint64_t timer) = 0;
  virtual Clock::time_point now() const { return Clock::now(); }
};

}  // namespace tt::server
