// The transport's parts that need no network: path decoding and content
// types, the flood bucket, and the Asio loop's post/after/cancel.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "server/transport/asio_loop.h"
#include "server/transport/token_bucket.h"
#include "server/transport/web_root.h"

namespace tt::server {
namespace {

TEST(TransportParts, PercentDecoding) {
  EXPECT_EQ(percent_decode("/a%20b"), "/a b");
  EXPECT_EQ(percent_decode("/%2e%2E/%2F"), "/..//");
  EXPECT_EQ(percent_decode("/%"), std::nullopt);
  EXPECT_EQ(percent_decode("/%2"), std::nullopt);
  EXPECT_EQ(percent_decode("/%g0"), std::nullopt);
  EXPECT_EQ(percent_decode("/%00"), std::nullopt);
}

TEST(TransportParts, ContentTypes) {
  EXPECT_EQ(content_type_for("index.html"), "text/html; charset=utf-8");
  EXPECT_EQ(content_type_for("a/b.JS"), "text/javascript; charset=utf-8");
  EXPECT_EQ(content_type_for("x.svg"), "image/svg+xml");
  EXPECT_EQ(content_type_for("x.woff2"), "font/woff2");
  EXPECT_EQ(content_type_for("noext"), "application/octet-stream");
}

TEST(TransportParts, AMissingWebRootServesNothing) {
  WebRoot root("/nonexistent/tabletop/web");
  EXPECT_FALSE(root.present());
  std::shared_ptr<const WebFile> file;
  EXPECT_EQ(root.find("/", file), WebLookup::kNotFound);
}

TEST(TransportParts, TheTokenBucketAllowsABurstThenTheRate) {
  using namespace std::chrono_literals;
  auto t = TokenBucket::Clock::time_point{} + 1000s;
  TokenBucket bucket(20, 60, t);
  int taken = 0;
  while (bucket.take(t)) ++taken;
  EXPECT_EQ(taken, 60);
  t += 1s;  // 20 more
  taken = 0;
  while (bucket.take(t)) ++taken;
  EXPECT_EQ(taken, 20);
  t += 1h;  // never beyond the burst
  taken = 0;
  while (bucket.take(t)) ++taken;
  EXPECT_EQ(taken, 60);
}

TEST(TransportParts, TheLoopRunsPostedWorkAndTimersAndCancels) {
  using namespace std::chrono_literals;
  AsioLoop loop;
  std::atomic<int> posted{0};
  std::vector<int> fired;  // loop thread only until joined
  std::thread runner([&] { loop.run(); });
  std::thread other([&] {
    for (int i = 0; i < 100; ++i) loop.post([&] { ++posted; });
  });
  other.join();
  loop.post([&] {
    loop.after(30ms, [&] { fired.push_back(3); });
    loop.after(10ms, [&] { fired.push_back(1); });
    const auto cancelled = loop.after(20ms, [&] { fired.push_back(2); });
    loop.cancel(cancelled);
    loop.cancel(12345);  // unknown: ignored
    // A timer cancelled after it fired but before its handler ran is not run.
    const auto racing = loop.after(0ms, [&] { fired.push_back(99); });
    std::this_thread::sleep_for(5ms);
    loop.cancel(racing);
    loop.after(60ms, [&] { loop.stop(); });
  });
  runner.join();
  EXPECT_EQ(posted, 100);
  EXPECT_EQ(fired, (std::vector<int>{1, 3}));
}

}  // namespace
}  // namespace tt::server
