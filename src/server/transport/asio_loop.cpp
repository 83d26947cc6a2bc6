#include "server/transport/asio_loop.h"

#include <boost/asio/post.hpp>
#include <csignal>

#include "server/transport/asio_context.h"

namespace tt::server {

AsioLoop::AsioLoop() : impl_(std::make_unique<Impl>()) {}

AsioLoop::~AsioLoop() {
  // Timers first: their handlers may hold what the io_context destroys next.
  impl_->timers.clear();
}

void AsioLoop::post(std::function<void()> fn) {
  boost::asio::post(impl_->io, std::move(fn));
}

std::uint64_t AsioLoop::after(std::chrono::milliseconds delay, std::function<void()> fn) {
  const std::uint64_t id = impl_->next_timer++;
  auto timer = std::make_unique<boost::asio::steady_timer>(impl_->io, delay);
  // A timer that fired but whose handler has not run yet cannot be stopped
  // by timer.cancel(); it is gone from the map then, and that is the check.
  timer->async_wait([this, id, fn = std::move(fn)](const boost::system::error_code& ec) {
    if (ec) return;
    auto it = impl_->timers.find(id);
    if (it == impl_->timers.end()) return;
    impl_->timers.erase(it);
    fn();
  });
  impl_->timers.emplace(id, std::move(timer));
  return id;
}

void AsioLoop::cancel(std::uint64_t timer) {
  auto it = impl_->timers.find(timer);
  if (it == impl_->timers.end()) return;
  it->second->cancel();
  impl_->timers.erase(it);
}

void AsioLoop::on_stop_signal(std::function<void(int)> fn) {
  if (!impl_->signals)
    impl_->signals = std::make_unique<boost::asio::signal_set>(impl_->io, SIGINT, SIGTERM);
  auto wait = std::make_shared<std::function<void()>>();
  // Waits again after each signal: a second one may mean "now".
  *wait = [this, fn = std::move(fn), weak = std::weak_ptr(wait)] {
    impl_->signals->async_wait([fn, weak](const boost::system::error_code& ec, int signal) {
      if (ec) return;
      fn(signal);
      if (auto again = weak.lock()) (*again)();
    });
  };
  impl_->rearm = wait;
  (*wait)();
}

void AsioLoop::run() {
  impl_->io.restart();
  impl_->io.run();
}

void AsioLoop::stop() {
  impl_->io.stop();
}

}  // namespace tt::server
