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
  // Timers fire on this grid, so the players whose pauses end within one tick
  // act in one wake of the loop instead of one wake each (at 1,000 decisions/s
  // a wake per timer was most of the loop's wakes). Kept short: the acts of one
  // tick reach the server together, a burst of (decisions/s x tick) requests
  // that queue there and lengthen the acknowledgements the load test measures.
  static constexpr std::chrono::milliseconds kTick{2};
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
