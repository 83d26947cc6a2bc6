// What the network transport talks to: the server's game-agnostic logic
// (lobby, tables, seats). The transport owns sockets, HTTP parsing, the
// WebSocket handshake, frame limits and flood control; it calls the hub on
// the loop thread only, and the hub answers through Connection.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace tt::server {

// One WebSocket client. Owned by the transport; valid from opened() until
// closed() returns.
class Connection {
 public:
  virtual ~Connection() = default;
  // Queues one text frame; frames go out in the order sent.
  virtual void send(std::string text) = 0;
  // Sends a close frame with this reason after the queued frames and drops
  // the connection; closed() follows.
  virtual void close(std::string_view reason) = 0;
  // Unique for the life of the process.
  virtual std::uint64_t id() const = 0;
  // The client's network address ("203.0.113.7", "2001:db8::1"): what the
  // hub's limits per address count by (docs/server.md "Limits").
  virtual std::string_view address() const = 0;
};

struct HttpReply {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
};

// Where a GET's reply goes (Hub::get).
using HttpAnswer = std::function<void(HttpReply)>;

class Hub {
 public:
  virtual ~Hub() = default;
  virtual void opened(Connection& conn) = 0;
  // One complete text frame (already within the size limit; not yet parsed).
  virtual void message(Connection& conn, std::string_view text) = 0;
  virtual void closed(Connection& conn) = 0;
  // GET requests under /api/, and /healthz and /metrics. `target` is the
  // request target with its query string. `answer` is called exactly once,
  // on the loop thread: before get() returns, or later when the reply needs
  // the store (read off the loop; the transport sends the reply then).
  // Static files are the transport's; the transport appends its own
  // counters (connections, frames refused) to the /metrics body.
  virtual void get(std::string_view target, HttpAnswer answer) = 0;
};

}  // namespace tt::server
