// The load generator's event loop: one thread runs every socket callback and
// timer in turn, so the simulated players need no locks.
#pragma once
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>

namespace boost::asio {
class io_context;
}

namespace tt::loadgen {

class Reactor {
 public:
  using Clock = std::chrono::steady_clock;
  Reactor();
  ~Reactor();
  Reactor(const Reactor&) = delete;
  Reactor& operator=(const Reactor&) = delete;

  // Runs until stop() or until nothing is left to do.
  void run();
  void stop();
  // Timers fire on this grid (a player's pause is drawn in milliseconds; a
  // few more do not matter, a wake per timer does).
  static constexpr std::chrono::milliseconds kTick{5};
  // Runs `fn` after `delay` (rounded up to the next tick) unless cancelled
  // first; returns a handle for cancel().
  std::uint64_t after(std::chrono::milliseconds delay, std::function<void()> fn);
  // Cancels a pending timer; a fired or unknown handle is ignored.
  void cancel(std::uint64_t timer);
  Clock::time_point now() const { return Clock::now(); }

  boost::asio::io_context& context();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tt::loadgen
