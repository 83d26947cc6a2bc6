// The transport tests' server and clients: a Transport in front of the fake
// hub on 127.0.0.1, port 0, run on its own thread; a small synchronous HTTP
// GET and a WebSocket client over Boost.Beast.
#pragma once
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <string>
#include <thread>

#include "fake_hub.h"
#include "server/transport/asio_loop.h"
#include "server/transport/transport.h"

namespace tt::server::testing {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

class TestServer {
 public:
  explicit TestServer(TransportOptions options = {}) {
    options.host = "127.0.0.1";
    options.port = 0;
    transport = std::make_unique<Transport>(loop, hub, std::move(options));
    transport->start();
    thread = std::thread([this] { loop.run(); });
  }
  ~TestServer() { stop(); }

  // Shuts the transport down (as `serve` does) and waits for the loop to end.
  void stop() {
    if (!thread.joinable()) return;
    loop.post(
        [this] { transport->shutdown(std::chrono::milliseconds(500), [this] { loop.stop(); }); });
    thread.join();
  }

  std::uint16_t port() const { return transport->port(); }

  // Runs `fn` on the loop thread and returns its result.
  template <class F>
  auto on_loop(F fn) {
    std::packaged_task<decltype(fn())()> task(std::move(fn));
    auto result = task.get_future();
    loop.post([&task] { task(); });
    return result.get();
  }

  std::string metrics() {
    return on_loop([this] { return transport->metrics(); });
  }

  FakeHub hub;
  AsioLoop loop;
  std::unique_ptr<Transport> transport;
  std::thread thread;
};

struct HttpResult {
  int status = 0;
  std::string body;
  std::map<std::string, std::string> headers;  // lower-case names
  std::string header(const std::string& name) const {
    auto it = headers.find(name);
    return it == headers.end() ? "" : it->second;
  }
};

// One request on a fresh connection; `target` goes out as written (no
// normalising), so hostile paths reach the server as they are.
inline HttpResult http_request(std::uint16_t port, const std::string& target,
                               http::verb verb = http::verb::get,
                               std::map<std::string, std::string> extra = {}) {
  asio::io_context io;
  tcp::socket socket(io);
  socket.connect({asio::ip::make_address("127.0.0.1"), port});
  http::request<http::empty_body> req{verb, target, 11};
  req.set(http::field::host, "127.0.0.1");
  for (const auto& [name, value] : extra) req.set(name, value);
  http::write(socket, req);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.skip(verb == http::verb::head);  // a HEAD reply has no body
  http::read(socket, buffer, parser);
  const auto& res = parser.get();
  HttpResult out;
  out.status = static_cast<int>(res.result_int());
  out.body = res.body();
  for (const auto& field : res) {
    std::string name(field.name_string());
    for (auto& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    out.headers[name] = std::string(field.value());
  }
  beast::error_code ec;
  socket.shutdown(tcp::socket::shutdown_both, ec);
  return out;
}

inline HttpResult http_get(std::uint16_t port, const std::string& target,
                           std::map<std::string, std::string> extra = {}) {
  return http_request(port, target, http::verb::get, std::move(extra));
}

class WsClient {
 public:
  // `forwarded_for`: an X-Forwarded-For header on the handshake (as a proxy sends).
  WsClient(asio::io_context& io, std::uint16_t port, const std::string& forwarded_for = "")
      : ws(io) {
    if (!forwarded_for.empty())
      ws.set_option(
          websocket::stream_base::decorator([forwarded_for](websocket::request_type& req) {
            req.set("X-Forwarded-For", forwarded_for);
          }));
    ws.next_layer().connect({asio::ip::make_address("127.0.0.1"), port});
    ws.handshake("127.0.0.1:" + std::to_string(port), "/ws");
  }
  void send(std::string_view text) {
    ws.text(true);
    ws.write(asio::buffer(text.data(), text.size()));
  }
  void send_binary(std::string_view data) {
    ws.binary(true);
    ws.write(asio::buffer(data.data(), data.size()));
  }
  std::string read() {
    beast::flat_buffer buffer;
    ws.read(buffer);
    return beast::buffers_to_string(buffer.data());
  }
  // Reads until the server closes the connection; the messages read before.
  // The close frame's code and reason are in ws.reason() after.
  std::vector<std::string> read_until_closed() {
    std::vector<std::string> got;
    for (;;) {
      beast::flat_buffer buffer;
      beast::error_code ec;
      ws.read(buffer, ec);
      if (ec) {
        closed_with = ec;
        return got;
      }
      got.push_back(beast::buffers_to_string(buffer.data()));
    }
  }

  websocket::stream<tcp::socket> ws;
  beast::error_code closed_with;
};

// Waits up to `limit` for `done` to hold.
inline bool eventually(const std::function<bool()>& done,
                       std::chrono::milliseconds limit = std::chrono::seconds(10)) {
  const auto end = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < end) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return done();
}

}  // namespace tt::server::testing
