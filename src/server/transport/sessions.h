// What the transport's sessions share, for its own .cpp files only (it pulls
// in Boost.Beast). One Shared per Transport, kept alive by every session, so a
// session outliving the Transport (in a handler the io_context drops) is safe.
#pragma once
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>

#include "server/hub.h"
#include "server/transport/address_buckets.h"
#include "server/transport/limits.h"
#include "server/transport/transport.h"
#include "server/transport/web_root.h"

namespace tt::server {

// What /metrics reports for the transport.
struct TransportCounters {
  std::uint64_t accepted = 0;
  std::uint64_t refused_total_limit = 0;   // at accept: max_connections
  std::uint64_t refused_per_ip_limit = 0;  // at accept: max_connections_per_ip
  std::uint64_t websockets_opened = 0;
  std::uint64_t messages_received = 0;
  std::uint64_t messages_sent = 0;
  std::uint64_t message_bytes_sent = 0;  // their payloads (the frames' headers aside)
  std::uint64_t refused_too_big = 0;     // frames refused (each closes its connection)
  std::uint64_t refused_flood = 0;       // (closes its connection)
  std::uint64_t refused_depth = 0;       // (the connection stays open)
  std::uint64_t refused_binary = 0;      // (the connection stays open)
  std::uint64_t dropped_send_queue = 0;
  std::uint64_t dropped_idle = 0;              // idle WebSocket or HTTP timeouts
  std::uint64_t hub_errors = 0;                // exceptions out of the hub (bugs)
  std::map<int, std::uint64_t> http_requests;  // by status code
};

// A session the transport can reach at shutdown.
class Session {
 public:
  virtual ~Session() = default;
  virtual void close_for_shutdown() = 0;  // politely
  virtual void abort() = 0;               // at once
};

struct Transport::Shared {
  AsioLoop& loop;
  Hub* hub;  // null once the transport is gone: late handlers call no one
  TransportOptions options;
  WebRoot web;
  TransportCounters counters;
  std::size_t open_http = 0;
  std::size_t open_websockets = 0;
  std::unordered_map<std::string, std::size_t> per_ip;
  AddressBuckets http_buckets;  // HTTP requests per address
  std::unordered_map<Session*, std::weak_ptr<Session>> live;
  bool stopping = false;
  std::uint16_t port = 0;
  std::unique_ptr<boost::asio::ip::tcp::acceptor> acceptor;
  std::unique_ptr<boost::asio::steady_timer> accept_pause;  // out of descriptors: wait, then accept

  Shared(AsioLoop& l, Hub& h, TransportOptions o)
      : loop(l),
        hub(&h),
        options(std::move(o)),
        web(options.web_root, options.limits.max_file_bytes),
        http_buckets(options.limits.http_rate, options.limits.http_burst) {}
  std::size_t open() const { return open_http + open_websockets; }
};

using Shared = Transport::Shared;

// One TCP connection counted against the limits while it lives; moves from
// the HTTP session to the WebSocket session on upgrade.
class Slot {
 public:
  Slot(std::shared_ptr<Shared> shared, std::string ip)
      : shared_(std::move(shared)), peer_(ip), ip_(std::move(ip)) {
    ++shared_->per_ip[ip_];
  }
  Slot(Slot&&) = default;
  Slot& operator=(Slot&&) = delete;
  ~Slot() {
    if (!shared_) return;
    auto it = shared_->per_ip.find(ip_);
    if (it != shared_->per_ip.end() && --it->second == 0) shared_->per_ip.erase(it);
  }
  // The client's address: the TCP peer's, or the one a trusted proxy named.
  const std::string& ip() const { return ip_; }
  // The TCP peer's address.
  const std::string& peer() const { return peer_; }
  // Counted for another client from now on (a trusted proxy named it).
  void rebind(const std::string& ip) {
    if (ip == ip_) return;
    ++shared_->per_ip[ip];
    auto it = shared_->per_ip.find(ip_);
    if (it != shared_->per_ip.end() && --it->second == 0) shared_->per_ip.erase(it);
    ip_ = ip;
  }

 private:
  std::shared_ptr<Shared> shared_;
  std::string peer_;
  std::string ip_;
};

// The transport's counters in Prometheus text format.
std::string transport_metrics(const Shared& shared);

// An accepted connection: reads HTTP requests until an upgrade to /ws.
void start_http(std::shared_ptr<Shared> shared, boost::asio::ip::tcp::socket socket, Slot slot);
// Refuses an accepted connection over a limit with a 503.
void refuse_http(std::shared_ptr<Shared> shared, boost::asio::ip::tcp::socket socket,
                 std::string reason);
// Completes the WebSocket handshake of an upgrade request and serves it.
void start_websocket(std::shared_ptr<Shared> shared, boost::beast::tcp_stream stream,
                     boost::beast::http::request<boost::beast::http::string_body> request,
                     Slot slot);

}  // namespace tt::server
