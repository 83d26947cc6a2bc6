#include "reactor.h"

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <unordered_map>

namespace tt::loadgen {

struct Reactor::Impl {
  boost::asio::io_context io{1};
  std::uint64_t next = 1;
  std::unordered_map<std::uint64_t, std::unique_ptr<boost::asio::steady_timer>> timers;
};

Reactor::Reactor() : impl_(std::make_unique<Impl>()) {}
Reactor::~Reactor() = default;

void Reactor::run() {
  impl_->io.run();
}
void Reactor::stop() {
  impl_->io.stop();
}
boost::asio::io_context& Reactor::context() {
  return impl_->io;
}

std::uint64_t Reactor::after(std::chrono::milliseconds delay, std::function<void()> fn) {
  std::uint64_t handle = impl_->next++;
  // Deadlines are rounded up to the tick: timers due within one tick expire
  // together, in one wake of the loop instead of one wake each.
  auto due = (Clock::now() + delay).time_since_epoch();
  auto ticks = (due + kTick - Clock::duration(1)) / kTick;
  auto timer =
      std::make_unique<boost::asio::steady_timer>(impl_->io, Clock::time_point(ticks * kTick));
  timer->async_wait([this, handle, fn = std::move(fn)](const boost::system::error_code& ec) {
    // A cancelled timer is already gone from the map; a fired one leaves it now.
    if (ec || impl_->timers.erase(handle) == 0) return;
    fn();
  });
  impl_->timers.emplace(handle, std::move(timer));
  return handle;
}

void Reactor::cancel(std::uint64_t timer) {
  auto it = impl_->timers.find(timer);
  if (it == impl_->timers.end()) return;
  // The handler still runs (with operation_aborted) after the timer object is
  // destroyed; it finds no entry and does nothing.
  it->second->cancel();
  impl_->timers.erase(it);
}

}  // namespace tt::loadgen
