// A Hub for the transport's tests, so they need no game logic: it echoes each
// message, and obeys two commands:
//   "close:REASON"  closes the connection with that reason;
//   "big:N"         sends N frames of 60 KiB at once (a client that does not
//                   read them overflows its send queue);
//   "throw"         throws, as a hub with a bug would.
// It runs on the loop thread; the counters are atomic for the test thread.
#pragma once
#include <atomic>
#include <charconv>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "server/hub.h"

namespace tt::server::testing {

class FakeHub final : public Hub {
 public:
  std::atomic<int> opened_count{0};
  std::atomic<int> closed_count{0};
  std::atomic<int> message_count{0};

  void opened(Connection&) override { ++opened_count; }

  void message(Connection& conn, std::string_view text) override {
    ++message_count;
    if (text == "throw") throw std::runtime_error("the fake hub's bug");
    if (text == "address") {
      conn.send(std::string(conn.address()));
    } else if (text.starts_with("close:")) {
      conn.close(text.substr(6));
    } else if (text.starts_with("big:")) {
      int n = 0;
      std::from_chars(text.data() + 4, text.data() + text.size(), n);
      for (int i = 0; i < n; ++i) conn.send(std::string(60 * 1024, 'x'));
    } else {
      conn.send(std::string(text));
    }
  }

  void closed(Connection&) override { ++closed_count; }

  void get(std::string_view target, HttpAnswer answer) override {
    if (target == "/healthz") return answer({200, "text/plain; charset=utf-8", "ok\n"});
    if (target == "/metrics")
      return answer({200, "text/plain; version=0.0.4",
                     "# HELP tabletop_tables Tables held.\n# TYPE tabletop_tables "
                     "gauge\ntabletop_tables 3\n"});
    if (target.starts_with("/api/missing"))
      return answer({404, "application/json", R"({"error":"none"})"});
    if (target == "/api/held") {  // answered when the test calls release_held() (loop thread)
      held.push_back(std::move(answer));
      ++held_count;
      return;
    }
    answer({200, "application/json", R"({"target":")" + std::string(target) + "\"}"});
  }

  // Answers every held request (call on the loop thread).
  void release_held(const std::string& body) {
    for (auto& answer : held) answer({200, "application/json", body});
    held.clear();
  }
  std::vector<HttpAnswer> held;
  std::atomic<int> held_count{0};
};

}  // namespace tt::server::testing
