// Bad input over the wire: each limit of docs/server.md "Limits" is met with
// an error or a closed connection, and never harms the other connections.
#include <gtest/gtest.h>

#include "transport_harness.h"

namespace tt::server::testing {
namespace {

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(TransportLimits, AnOversizeMessageClosesThatConnectionOnly) {
  TestServer server;
  asio::io_context io;
  WsClient big(io, server.port());
  WsClient other(io, server.port());
  big.send(std::string(64 * 1024, 'a'));  // exactly the limit: fine
  EXPECT_EQ(big.read().size(), 64u * 1024);
  big.send(std::string(64 * 1024 + 1, 'a'));
  auto got = big.read_until_closed();
  ASSERT_EQ(got.size(), 1u);
  EXPECT_TRUE(has(got[0], R"("type":"error")")) << got[0];
  EXPECT_TRUE(has(got[0], "message too big")) << got[0];
  EXPECT_EQ(big.ws.reason().code, websocket::close_code::too_big);

  other.send("still here");
  EXPECT_EQ(other.read(), "still here");
  EXPECT_TRUE(eventually([&] { return server.hub.closed_count == 1; }));
  EXPECT_TRUE(
      has(server.metrics(), "tabletop_transport_frames_refused_total{reason=\"too_big\"} 1"));
}

TEST(TransportLimits, AHugeFrameIsCutOffAtItsHeader) {
  TestServer server;
  asio::io_context io;
  WsClient huge(io, server.port());
  // 8 MiB announced: the server reads no more than its cut-off.
  beast::error_code ec;
  huge.ws.text(true);
  huge.ws.write(asio::buffer(std::string(8 << 20, 'a')), ec);
  huge.read_until_closed();
  EXPECT_TRUE(eventually([&] { return server.hub.closed_count == 1; }));
  WsClient next(io, server.port());
  next.send("ok");
  EXPECT_EQ(next.read(), "ok");
}

TEST(TransportLimits, AFloodIsCutOff) {
  TestServer server;
  asio::io_context io;
  WsClient flood(io, server.port());
  WsClient calm(io, server.port());
  for (int i = 0; i < 200; ++i) {
    beast::error_code ec;
    flood.ws.text(true);
    flood.ws.write(asio::buffer(std::string("{}")), ec);
    if (ec) break;
  }
  auto got = flood.read_until_closed();
  // The burst (60, and what refilled meanwhile) is answered, then the error.
  ASSERT_GE(got.size(), 61u);
  EXPECT_LT(got.size(), 120u);
  EXPECT_TRUE(has(got.back(), "too many messages")) << got.back();
  EXPECT_EQ(flood.ws.reason().code, websocket::close_code::policy_error);
  EXPECT_LE(server.hub.message_count, 120);

  calm.send("fine");
  EXPECT_EQ(calm.read(), "fine");
}

TEST(TransportLimits, DeepNestingAndBinaryFramesGetAnErrorAndTheConnectionStays) {
  TestServer server;
  asio::io_context io;
  WsClient client(io, server.port());
  const int depth = TransportLimits{}.max_depth;
  client.send(std::string(depth, '[') + std::string(depth, ']'));  // at the limit: passed on
  EXPECT_EQ(client.read().size(), 2u * depth);
  client.send(R"({"cmd":"create","a":)" + std::string(100, '[') + std::string(100, ']') + "}");
  const std::string error = client.read();
  EXPECT_TRUE(has(error, R"("type":"error")")) << error;
  EXPECT_TRUE(has(error, "nested deeper than")) << error;
  client.send_binary("\x01\x02");
  EXPECT_TRUE(has(client.read(), "binary frames are not accepted"));
  client.send("after");
  EXPECT_EQ(client.read(), "after");
  EXPECT_EQ(server.hub.message_count, 2);  // the refused ones never reached the hub
}

TEST(TransportLimits, AClientThatDoesNotReadIsDroppedAndOthersGoOn) {
  TestServer server;
  asio::io_context io;
  WsClient slow(io, server.port());
  WsClient other(io, server.port());
  slow.send("big:100");  // 6 MB queued at once, never read
  EXPECT_TRUE(eventually([&] { return server.hub.closed_count == 1; }));
  other.send("hello");
  EXPECT_EQ(other.read(), "hello");
  EXPECT_TRUE(
      has(server.metrics(), "tabletop_transport_closed_for_limits_total{limit=\"send_queue\"} 1"));
}

TEST(TransportLimits, ManyConnectionsAtOnce) {
  TestServer server;
  asio::io_context io;
  std::vector<std::unique_ptr<WsClient>> clients;
  for (int i = 0; i < 200; ++i) clients.push_back(std::make_unique<WsClient>(io, server.port()));
  for (int i = 0; i < 200; ++i) clients[i]->send("n" + std::to_string(i));
  for (int i = 0; i < 200; ++i) EXPECT_EQ(clients[i]->read(), "n" + std::to_string(i));
  EXPECT_EQ(server.hub.opened_count, 200);
  EXPECT_TRUE(has(server.metrics(), "tabletop_transport_connections{kind=\"websocket\"} 200"));
  clients.clear();
  EXPECT_TRUE(eventually([&] { return server.hub.closed_count == 200; }));
}

TEST(TransportLimits, ConnectionsPerAddressAndInAll) {
  TransportOptions options;
  options.limits.max_connections_per_ip = 3;
  TestServer server(options);
  asio::io_context io;
  std::vector<std::unique_ptr<WsClient>> clients;
  for (int i = 0; i < 3; ++i) clients.push_back(std::make_unique<WsClient>(io, server.port()));
  {
    // The fourth is answered 503 at once, without reading its request.
    tcp::socket socket(io);
    socket.connect({asio::ip::make_address("127.0.0.1"), server.port()});
    beast::flat_buffer buffer;
    http::response<http::string_body> res;
    http::read(socket, buffer, res);
    EXPECT_EQ(res.result(), http::status::service_unavailable);
    EXPECT_TRUE(has(res.body(), "too many connections from your address"));
  }
  EXPECT_THROW(WsClient(io, server.port()), boost::system::system_error);
  clients[0]->send("ok");
  EXPECT_EQ(clients[0]->read(), "ok");
  // One leaves: room for another.
  clients.pop_back();
  EXPECT_TRUE(eventually([&] { return server.hub.closed_count == 1; }));
  EXPECT_TRUE(eventually(
      [&] { return has(server.metrics(), "tabletop_transport_connections{kind=\"http\"} 0"); }));
  WsClient late(io, server.port());
  late.send("in");
  EXPECT_EQ(late.read(), "in");
  EXPECT_TRUE(
      has(server.metrics(), "tabletop_transport_connections_refused_total{limit=\"per_ip\"} 2"));

  TransportOptions total;
  total.limits.max_connections = 1;
  TestServer small(total);
  WsClient only(io, small.port());
  EXPECT_THROW(WsClient(io, small.port()), boost::system::system_error);
  EXPECT_TRUE(
      has(small.metrics(), "tabletop_transport_connections_refused_total{limit=\"total\"} 1"));
}

// Behind a trusted proxy every limit per address counts the client the proxy
// names (its X-Forwarded-For, last entry), not the proxy; anyone else's
// X-Forwarded-For is not believed.
TEST(TransportLimits, BehindATrustedProxyEachClientIsCountedForItself) {
  TransportOptions options;
  options.limits.max_connections_per_ip = 2;
  options.trusted_proxies = {"127.0.0.1"};
  TestServer server(options);
  asio::io_context io;
  std::vector<std::unique_ptr<WsClient>> clients;
  for (const char* client : {"203.0.113.1", "203.0.113.2", "2001:db8::3", "203.0.113.1"})
    clients.push_back(std::make_unique<WsClient>(io, server.port(), client));
  clients[2]->send("address");
  EXPECT_EQ(clients[2]->read(), "2001:db8::3");
  // A third connection of 203.0.113.1 is one too many; others still come in.
  EXPECT_THROW(WsClient(io, server.port(), "203.0.113.1"), boost::system::system_error);
  WsClient spoofed(io, server.port(), "198.51.100.9, 203.0.113.7");  // the proxy's word is last
  spoofed.send("address");
  EXPECT_EQ(spoofed.read(), "203.0.113.7");
  // HTTP requests: each client has a bucket of its own.
  const TransportLimits limits;
  int refused = 0;
  for (int i = 0; i < static_cast<int>(limits.http_burst) * 2; ++i)
    refused +=
        http_get(server.port(), "/healthz", {{"X-Forwarded-For", "203.0.113.9"}}).status == 429;
  EXPECT_GE(refused, 1);
  EXPECT_EQ(http_get(server.port(), "/healthz", {{"X-Forwarded-For", "203.0.113.10"}}).status, 200);

  // Without the trust, the header is the client's word: ignored.
  TestServer plain;
  WsClient liar(io, plain.port(), "203.0.113.1");
  liar.send("address");
  EXPECT_EQ(liar.read(), "127.0.0.1");
}

TEST(TransportLimits, SilentConnectionsAreClosed) {
  TransportOptions options;
  options.limits.idle_timeout = std::chrono::seconds(1);
  options.limits.http_timeout = std::chrono::seconds(1);
  TestServer server(options);
  asio::io_context io;
  // A WebSocket that answers no ping (it never reads) and sends nothing.
  WsClient silent(io, server.port());
  // A TCP connection that never sends its request.
  tcp::socket mute(io);
  mute.connect({asio::ip::make_address("127.0.0.1"), server.port()});
  EXPECT_TRUE(eventually([&] { return server.hub.closed_count == 1; }, std::chrono::seconds(5)));
  char byte;
  beast::error_code ec;
  mute.read_some(asio::buffer(&byte, 1), ec);  // returns once the server closed it
  EXPECT_EQ(ec, asio::error::eof);
  EXPECT_TRUE(
      has(server.metrics(), "tabletop_transport_closed_for_limits_total{limit=\"timeout\"} 2"));
}

TEST(TransportLimits, AnOversizeHttpHeaderIsRefused) {
  TestServer server;
  HttpResult got = http_get(server.port(), "/healthz", {{"X-Big", std::string(16 * 1024, 'h')}});
  EXPECT_EQ(got.status, 431);
  EXPECT_EQ(http_get(server.port(), "/healthz").status, 200);
}

TEST(TransportLimits, HttpRequestsFromOneAddressAreRateLimited) {
  TestServer server;
  const TransportLimits limits;
  // Past the burst (and what refills meanwhile), each on a connection of its
  // own: more connections buy no more requests.
  int ok = 0, refused = 0;
  HttpResult last;
  for (int i = 0; i < static_cast<int>(limits.http_burst) * 2; ++i) {
    HttpResult got = http_get(server.port(), i % 2 ? "/api/tables" : "/healthz");
    if (got.status == 200) ++ok;
    if (got.status == 429) {
      ++refused;
      last = got;
    }
  }
  EXPECT_GE(ok, static_cast<int>(limits.http_burst));
  ASSERT_GE(refused, 1);
  EXPECT_GE(std::stoi(last.header("retry-after")), 1);
  EXPECT_TRUE(has(last.body, "too many requests")) << last.body;
  // A WebSocket is not an HTTP request here: it still opens and talks.
  asio::io_context io;
  WsClient ws(io, server.port());
  ws.send("still");
  EXPECT_EQ(ws.read(), "still");
  EXPECT_TRUE(has(server.metrics(), "tabletop_transport_http_requests_total{code=\"429\"}"));
  // The bucket refills.
  std::this_thread::sleep_for(
      std::chrono::milliseconds(static_cast<int>(1000 / limits.http_rate) + 50));
  EXPECT_EQ(http_get(server.port(), "/healthz").status, 200);
}

}  // namespace
}  // namespace tt::server::testing
