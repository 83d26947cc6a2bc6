// The io_context behind an AsioLoop, for the transport's own .cpp files only
// (it pulls in Boost.Asio: never include it from a header others include).
#pragma once
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <cstdint>
#include <functional>
#include <memory>
#include <unordered_map>

#include "server/transport/asio_loop.h"

namespace tt::server {

struct AsioLoop::Impl {
  boost::asio::io_context io{1};  // one thread: a hint that lets Asio skip locking
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work =
      boost::asio::make_work_guard(io);
  std::unordered_map<std::uint64_t, std::unique_ptr<boost::asio::steady_timer>> timers;
  std::uint64_t next_timer = 1;
  std::unique_ptr<boost::asio::signal_set> signals;
  std::shared_ptr<std::function<void()>> rearm;  // waits for the next signal
};

inline boost::asio::io_context& io_context_of(AsioLoop& loop) {
  return loop.impl().io;
}

}  // namespace tt::server
