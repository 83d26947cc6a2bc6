// One WebSocket connection to the server, as a browser holds it: connect,
// send text frames in order, hear every frame and the moment it drops.
#pragma once
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace tt::loadgen {

class Reactor;

struct Endpoint {
  std::string host = "127.0.0.1";
  std::string port = "8080";
  std::string path = "/ws";
  // The local address to connect from ("": any). A server limits connections
  // per client address; on loopback every 127.x.y.z is this machine, so many
  // simulated clients spread over many addresses as real ones would.
  std::string local_address;
  // Connecting and the WebSocket handshake must be done within this time.
  int handshake_timeout_ms = 10000;
  // When > 0: after half this time without a frame a ping is sent, and a
  // connection that hears nothing (not even the pong) for this long is dropped.
  int silence_timeout_ms = 0;
};

class WsClient {
 public:
  struct Handlers {
    std::function<void()> opened;
    // A text frame, followed by at least kPadding readable bytes (for a
    // parser that reads ahead in blocks); valid during the call.
    std::function<void(std::string_view)> message;
    // The connection failed or dropped (not called after close()).
    std::function<void(const std::string& why)> closed;
  };

  static constexpr std::size_t kPadding = 64;

  WsClient(Reactor& reactor, Endpoint endpoint, Handlers handlers);
  ~WsClient();  // drops the connection without calling `closed`
  WsClient(const WsClient&) = delete;
  WsClient& operator=(const WsClient&) = delete;

  // Starts connecting; `opened` or `closed` follows.
  void connect();
  // Queues one text frame (ignored while not open).
  void send(std::string text);
  // Drops the connection at once; no handler runs after.
  void close();
  bool is_open() const;
  // The connection was dropped because the server fell silent (silence_timeout_ms).
  bool went_silent() const;

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

}  // namespace tt::loadgen
