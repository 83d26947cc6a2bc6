#include "ws_client.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>

#include "reactor.h"

namespace tt::loadgen {

namespace asio = boost::asio;
namespace beast = boost::beast;
using tcp = asio::ip::tcp;

// Lives as long as an operation is pending on it (shared_from_this), so the
// owning WsClient may go away at any time: `alive` turns false and every
// later callback returns at once.
struct WsClient::Impl : std::enable_shared_from_this<WsClient::Impl> {
  Impl(Reactor& reactor, Endpoint endpoint, Handlers handlers)
      : resolver(reactor.context()),
        ws(reactor.context()),
        endpoint(std::move(endpoint)),
        handlers(std::move(handlers)) {}

  tcp::resolver resolver;
  beast::websocket::stream<beast::tcp_stream> ws;
  Endpoint endpoint;
  Handlers handlers;
  beast::flat_buffer buffer;
  std::deque<std::string> outbox;
  bool writing = false;
  bool open = false;
  bool alive = true;
  bool silent = false;  // dropped for silence

  void fail(const std::string& why) {
    if (!alive) return;
    alive = false;
    open = false;
    beast::error_code ignored;
    beast::get_lowest_layer(ws).socket().close(ignored);
    if (handlers.closed) handlers.closed(why);
  }

  void connect() {
    resolver.async_resolve(
        endpoint.host, endpoint.port,
        [self = shared_from_this()](beast::error_code ec, tcp::resolver::results_type results) {
          if (!self->alive) return;
          if (ec) return self->fail("resolve: " + ec.message());
          self->on_resolved(results);
        });
  }

  void on_resolved(const tcp::resolver::results_type& results) {
    if (results.empty()) return fail("resolve: no address");
    tcp::endpoint remote = results.begin()->endpoint();
    auto& socket = beast::get_lowest_layer(ws).socket();
    beast::error_code ec;
    socket.open(remote.protocol(), ec);
    if (!ec && !endpoint.local_address.empty()) {
      auto local = asio::ip::make_address(endpoint.local_address, ec);
      if (!ec) socket.bind(tcp::endpoint(local, 0), ec);
    }
    if (ec) return fail("bind: " + ec.message());
    beast::get_lowest_layer(ws).expires_after(
        std::chrono::milliseconds(endpoint.handshake_timeout_ms));
    beast::get_lowest_layer(ws).async_connect(
        remote, [self = shared_from_this()](beast::error_code ec2) {
          if (!self->alive) return;
          if (ec2) return self->fail("connect: " + ec2.message());
          beast::get_lowest_layer(self->ws).socket().set_option(tcp::no_delay(true));
          self->handshake();
        });
  }

  void handshake() {
    beast::get_lowest_layer(ws).expires_after(
        std::chrono::milliseconds(endpoint.handshake_timeout_ms));
    ws.async_handshake(
        endpoint.host + ":" + endpoint.port, endpoint.path,
        [self = shared_from_this()](beast::error_code ec) {
          if (!self->alive) return;
          if (ec) return self->fail("handshake: " + ec.message());
          // From here the WebSocket's own timeouts apply: none while idle,
          // or pings when the server may fall silent (a stopped process).
          beast::get_lowest_layer(self->ws).expires_never();
          auto timeouts =
              beast::websocket::stream_base::timeout::suggested(beast::role_type::client);
          if (self->endpoint.silence_timeout_ms > 0) {
            timeouts.idle_timeout = std::chrono::milliseconds(self->endpoint.silence_timeout_ms);
            timeouts.keep_alive_pings = true;
          }
          self->ws.set_option(timeouts);
          self->ws.text(true);
          self->open = true;
          self->read();
          if (self->handlers.opened) self->handlers.opened();
          self->write_next();
        });
  }

  void read() {
    ws.async_read(buffer, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (!self->alive) return;
      if (ec == beast::websocket::error::closed)
        return self->fail("closed by the server: " + std::string(self->ws.reason().reason.c_str()));
      if (ec == beast::error::timeout) {
        self->silent = true;
        return self->fail("no frame nor pong in " +
                          std::to_string(self->endpoint.silence_timeout_ms) + " ms");
      }
      if (ec) return self->fail("read: " + ec.message());
      // The padding: room after the frame, not part of it (may move the frame).
      self->buffer.prepare(kPadding);
      auto data = self->buffer.cdata();
      std::string_view text(static_cast<const char*>(data.data()), data.size());
      if (self->handlers.message) self->handlers.message(text);
      if (!self->alive) return;
      self->buffer.consume(self->buffer.size());
      self->read();
    });
  }

  void send(std::string text) {
    if (!alive || !open) return;
    outbox.push_back(std::move(text));
    write_next();
  }

  void write_next() {
    if (writing || outbox.empty() || !open) return;
    writing = true;
    ws.async_write(asio::buffer(outbox.front()),
                   [self = shared_from_this()](beast::error_code ec, std::size_t) {
                     self->writing = false;
                     if (!self->alive) return;
                     if (ec) return self->fail("write: " + ec.message());
                     self->outbox.pop_front();
                     self->write_next();
                   });
  }

  void close() {
    alive = false;
    open = false;
    beast::error_code ignored;
    resolver.cancel();
    beast::get_lowest_layer(ws).socket().close(ignored);
  }
};

WsClient::WsClient(Reactor& reactor, Endpoint endpoint, Handlers handlers)
    : impl_(std::make_shared<Impl>(reactor, std::move(endpoint), std::move(handlers))) {}

WsClient::~WsClient() {
  impl_->close();
}

void WsClient::connect() {
  impl_->connect();
}
void WsClient::send(std::string text) {
  impl_->send(std::move(text));
}
void WsClient::close() {
  impl_->close();
}
bool WsClient::went_silent() const {
  return impl_->silent;
}
bool WsClient::is_open() const {
  return impl_->open && impl_->alive;
}

}  // namespace tt::loadgen
