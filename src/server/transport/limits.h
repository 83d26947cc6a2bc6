// What one client may do to the server, and what happens beyond it
// (docs/server.md "Limits"). Each bound keeps one connection from harming the
// others: memory, file descriptors and the one loop thread are shared.
#pragma once
#include <chrono>
#include <cstddef>

#include "protocol/limits.h"

namespace tt::server {

struct TransportLimits {
  // A WebSocket message (all its frames) longer than this: an error message,
  // then the connection is closed (1009 "message too big").
  std::size_t max_message_bytes = 64 * 1024;
  // JSON nested deeper than this (arrays and objects) gets an error reply
  // before the hub parses it; the connection stays open. As the engine
  // protocol's limit.
  int max_depth = protocol::kMaxDepth;
  // Messages a connection may send: a bucket of `burst` tokens refilled at
  // `rate` a second, one token a message. An empty bucket: an error message,
  // then the connection is closed (1008 "too many messages").
  double rate = 20;
  double burst = 60;
  // HTTP requests (files, /api, /healthz, /metrics; not the upgrade to a
  // WebSocket) from one client address, all its connections together: a
  // bucket of `http_burst` refilled at `http_rate` a second. Beyond: 429 with
  // Retry-After, and the hub is not asked.
  double http_rate = 20;
  double http_burst = 100;
  // Frames queued for a client that does not read them: beyond this many
  // bytes the connection is dropped at once.
  std::size_t max_send_queue_bytes = std::size_t{4} << 20;
  // TCP connections (HTTP and WebSocket) held at once, in all and from one
  // address. Beyond: 503 and the connection is closed. Two for each of the
  // 10,000 tables a server holds (ServerOptions::max_tables); `tabletop
  // serve` lowers it to what its descriptor limit allows.
  std::size_t max_connections = 20000;
  std::size_t max_connections_per_ip = 256;
  // An HTTP request's header and body.
  std::size_t max_header_bytes = 8 * 1024;
  std::size_t max_body_bytes = 1024;
  // A request (or the next one on a kept-alive connection) must arrive
  // within this; the WebSocket handshake and closing handshake too.
  std::chrono::seconds http_timeout{30};
  std::chrono::seconds handshake_timeout{10};
  // A WebSocket from which nothing arrived for this long is closed; the
  // server pings it after half of it.
  std::chrono::seconds idle_timeout{60};
  // Static files larger than this are not served (the web client's files
  // are far smaller).
  std::size_t max_file_bytes = std::size_t{32} << 20;
};

}  // namespace tt::server
