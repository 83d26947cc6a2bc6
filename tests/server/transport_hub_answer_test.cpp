// A GET the hub answers later (a store read, docs/server.md "HTTP"): the
// transport waits for it without holding up the loop, so /healthz, other
// requests and WebSockets are answered meanwhile; the held request gets its
// reply, with the API's headers, once the hub answers.
#include <gtest/gtest.h>

#include <future>

#include "transport_harness.h"

namespace tt::server::testing {
namespace {

TEST(TransportHubAnswer, AGetTheHubAnswersLaterHoldsUpNothingElse) {
  TestServer server;
  auto held = std::async(std::launch::async, [&] { return http_get(server.port(), "/api/held"); });
  ASSERT_TRUE(eventually([&] { return server.hub.held_count == 1; }));
  // The loop answers everything else meanwhile.
  EXPECT_EQ(http_get(server.port(), "/healthz").status, 200);
  EXPECT_EQ(http_get(server.port(), "/api/other").status, 200);
  asio::io_context io;
  WsClient ws(io, server.port());
  ws.send("hello");
  EXPECT_EQ(ws.read(), "hello");
  EXPECT_EQ(held.wait_for(std::chrono::milliseconds(50)), std::future_status::timeout);
  // The hub answers: the held request gets it.
  server.on_loop([&] {
    server.hub.release_held(R"({"late":true})");
    return 0;
  });
  const HttpResult got = held.get();
  EXPECT_EQ(got.status, 200);
  EXPECT_EQ(got.body, R"({"late":true})");
  EXPECT_EQ(got.header("cache-control"), "no-store");
}

}  // namespace
}  // namespace tt::server::testing
