// The network side of the server (docs/server.md): one listening socket that
// serves HTTP GET (the web client's files, /healthz, /metrics, /api/...) and
// upgrades /ws to WebSocket connections handed to the Hub. Every socket runs
// on the AsioLoop's thread, so the hub is only ever called from there.
// Boost stays out of this header (compile time).
#pragma once
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "server/hub.h"
#include "server/transport/asio_loop.h"
#include "server/transport/limits.h"

namespace tt::server {

struct TransportOptions {
  std::string host = "127.0.0.1";  // loopback only unless told otherwise
  std::uint16_t port = 8080;       // 0: any free port (see Transport::port())
  std::string web_root;            // the built web client (web/dist); "" or missing: none
  // Origins (scheme://host[:port]) whose pages may open a WebSocket besides
  // the server's own (origin.h); start() throws tt::Error on a malformed one.
  std::vector<std::string> allowed_origins;
  // Proxies (their IP addresses) whose X-Forwarded-For is believed
  // (forwarded.h): behind one, every limit per address counts the client the
  // proxy names, not the proxy. Anyone else's X-Forwarded-For is ignored.
  std::vector<std::string> trusted_proxies;
  TransportLimits limits;
};

class Transport {
 public:
  Transport(AsioLoop& loop, Hub& hub, TransportOptions options);
  ~Transport();
  Transport(const Transport&) = delete;
  Transport& operator=(const Transport&) = delete;

  // Binds and listens. Call once, before the loop runs or on its thread.
  // Throws tt::Error naming the address and the reason, or a malformed
  // allowed origin.
  void start();
  // The port listened on (the real one when asked for 0), after start().
  std::uint16_t port() const;
  // The web root found (canonical), or "" when there are no files to serve.
  std::string web_root() const;

  // Stops accepting, closes every WebSocket (1001 "server stopping") and
  // every HTTP connection, and calls `done` on the loop thread once all are
  // gone or after `grace` (the rest are dropped; the hub hears closed() for
  // each). Call on the loop thread.
  void shutdown(std::chrono::milliseconds grace, std::function<void()> done);

  // The transport's counters in Prometheus text format (appended to the
  // hub's /metrics). Call on the loop thread.
  std::string metrics() const;

  struct Shared;

 private:
  std::shared_ptr<Shared> shared_;
};

}  // namespace tt::server
