// Which pages may open a WebSocket (docs/server.md "Running it"): programs
// that send no Origin, the server's own pages (Origin's host is the Host),
// and the origins given with --allowed-origin; any other page's upgrade gets
// 403 and never reaches the hub.
#include <gtest/gtest.h>

#include "core/error.h"
#include "server/transport/origin.h"
#include "transport_harness.h"

namespace tt::server::testing {
namespace {

// The upgrade's HTTP status (101: a WebSocket) with these headers.
int upgrade_status(std::uint16_t port, const std::string& origin, const std::string& host) {
  asio::io_context io;
  websocket::stream<tcp::socket> ws(io);
  ws.next_layer().connect({asio::ip::make_address("127.0.0.1"), port});
  ws.set_option(websocket::stream_base::decorator([&](websocket::request_type& req) {
    if (!origin.empty()) req.set(http::field::origin, origin);
  }));
  websocket::response_type res;
  beast::error_code ec;
  ws.handshake(res, host, "/ws", ec);
  return static_cast<int>(res.result_int());
}

TEST(TransportOrigin, OnlyOwnAndAllowedPagesOrNoBrowserMayUpgrade) {
  TransportOptions options;
  options.allowed_origins = {"https://Games.Example.org"};
  TestServer server(options);
  const std::uint16_t port = server.port();
  const std::string host = "127.0.0.1:" + std::to_string(port);

  EXPECT_EQ(upgrade_status(port, "", host), 101);                // the load generator, tests, bots
  EXPECT_EQ(upgrade_status(port, "http://" + host, host), 101);  // the server's own page
  EXPECT_EQ(upgrade_status(port, "http://play.local:8080", "PLAY.local:8080"), 101);
  EXPECT_EQ(upgrade_status(port, "https://games.example.org", host), 101);  // --allowed-origin

  EXPECT_EQ(upgrade_status(port, "https://evil.example", host), 403);
  EXPECT_EQ(upgrade_status(port, "https://games.example.org.evil.example", host), 403);
  EXPECT_EQ(upgrade_status(port, "http://127.0.0.1:1", host), 403);  // another port
  EXPECT_EQ(upgrade_status(port, "null", host), 403);                // a sandboxed page
  EXPECT_EQ(upgrade_status(port, "http://" + host + "@evil.example", host), 403);
  EXPECT_TRUE(eventually([&] { return server.hub.opened_count == 4; })) << server.hub.opened_count;
}

TEST(TransportOrigin, AMalformedAllowedOriginIsRefusedAtStart) {
  EXPECT_EQ(normal_origin("HTTPS://Games.Example.org:8443"), "https://games.example.org:8443");
  for (const char* bad : {"games.example.org", "https://x.org/path", "https://", "://x.org",
                          "https://a b.org", "null"})
    EXPECT_THROW((void)normal_origin(bad), Error) << bad;
  AsioLoop loop;
  FakeHub hub;
  TransportOptions options;
  options.port = 0;
  options.allowed_origins = {"https://x.org/"};
  Transport transport(loop, hub, options);
  EXPECT_THROW(transport.start(), Error);
}

}  // namespace
}  // namespace tt::server::testing
