// Chess clocks across a restart (docs/server.md "Timers, disconnects and
// leaving"): each seat keeps the time it used; the decision in progress at
// the restart starts afresh, so the time the server was down is nobody's.
#include <gtest/gtest.h>

#include "core/registry.h"
#include "hub_support.h"

namespace tt::server::testing {
namespace {

// The seat whose last update offers it options (-1: none) and its options' first id.
std::pair<int, std::string> deciding(const std::vector<FakeConnection*>& seats) {
  for (std::size_t i = 0; i < seats.size(); ++i)
    if (const json* u = seats[i]->last_update())
      for (auto& p : (*u)["pending"])
        if (p.contains("options")) return {static_cast<int>(i), p["options"][0]["id"]};
  return {-1, ""};
}

TEST(ChessClock, ARestartKeepsTheTimeEachSeatUsed) {
  register_builtin_games();
  Harness h;
  std::vector<FakeConnection*> seats = {&h.connect(), &h.connect()};
  json created =
      h.request(*seats[0], {{"cmd", "create"},
                            {"game", "suikoden"},
                            {"seats", {"human", "human"}},
                            {"grace", 0},
                            {"timer", {{"mode", "clock"}, {"seconds", 600}, {"increment", 2}}}});
  ASSERT_EQ(created["ok"], true) << created.dump();
  const std::string t = created["table"];
  std::vector<std::string> tokens;
  for (int s = 0; s < 2; ++s)
    tokens.push_back(h.join(*seats[static_cast<std::size_t>(s)], t, s, "P"));
  // The seat that decides thinks `secs` seconds, then decides.
  auto play = [&](int secs) {
    h.loop.advance(std::chrono::seconds(secs), *h.server);
    const auto [s, option] = deciding(seats);
    ASSERT_GE(s, 0);
    const json& u = *seats[static_cast<std::size_t>(s)]->last_update();
    json r = h.request(*seats[static_cast<std::size_t>(s)], {{"cmd", "act"},
                                                             {"table", t},
                                                             {"token", tokens[s]},
                                                             {"option", option},
                                                             {"seq", u["seq"]}});
    ASSERT_EQ(r["ok"], true) << r.dump();
  };
  play(100);
  play(40);
  play(7);
  const json before = (*seats[0]->last_update())["clock"];
  ASSERT_EQ(before["mode"], "clock") << before.dump();
  // Time was used: no seat still has its 600 s.
  EXPECT_LT(std::min(before["remaining_ms"][0].get<std::int64_t>(),
                     before["remaining_ms"][1].get<std::int64_t>()),
            600000)
      << before.dump();

  // The seat to decide thinks 30 s; then the server restarts.
  h.loop.advance(std::chrono::seconds(30), *h.server);
  h.restart();
  seats = {&h.connect(), &h.connect()};
  for (int s = 0; s < 2; ++s)
    ASSERT_EQ(h.request(*seats[static_cast<std::size_t>(s)],
                        {{"cmd", "resume"}, {"table", t}, {"token", tokens[s]}})["ok"],
              true);
  const json after = (*seats[0]->last_update())["clock"];
  EXPECT_EQ(after["remaining_ms"], before["remaining_ms"]) << after.dump();

  // Only the time after the restart is charged to the seat deciding then.
  const int next = deciding(seats).first;
  const std::int64_t had = after["remaining_ms"][next];
  play(10);
  const json later = (*seats[0]->last_update())["clock"];
  EXPECT_EQ(later["remaining_ms"][next], had - 10000 + 2000) << later.dump();
}

// A seat whose flag fell before the restart still has only the flag-fall
// allowance per decision after it.
TEST(ChessClock, AFallenFlagStaysFallenAfterARestart) {
  register_builtin_games();
  Harness h;
  std::vector<FakeConnection*> seats = {&h.connect(), &h.connect()};
  json created = h.request(*seats[0], {{"cmd", "create"},
                                       {"game", "suikoden"},
                                       {"seats", {"human", "human"}},
                                       {"grace", 0},
                                       {"timer", {{"mode", "clock"}, {"seconds", 20}}}});
  const std::string t = created["table"];
  std::vector<std::string> tokens;
  for (int s = 0; s < 2; ++s)
    tokens.push_back(h.join(*seats[static_cast<std::size_t>(s)], t, s, "P"));
  const int first = deciding(seats).first;
  ASSERT_GE(first, 0);
  h.loop.advance(std::chrono::seconds(21), *h.server);  // its 20 s run out: the default is taken
  ASSERT_GE(h.data->tables[t].decisions.size(), 1u);
  h.restart();
  seats = {&h.connect(), &h.connect()};
  for (int s = 0; s < 2; ++s)
    h.request(*seats[static_cast<std::size_t>(s)],
              {{"cmd", "resume"}, {"table", t}, {"token", tokens[s]}});
  // Played on until `first` decides again: it has the 5 s allowance, not 20 s.
  for (int i = 0; i < 20 && deciding(seats).first != first; ++i) {
    const auto [s, option] = deciding(seats);
    ASSERT_GE(s, 0);
    h.request(*seats[static_cast<std::size_t>(s)],
              {{"cmd", "act"},
               {"table", t},
               {"token", tokens[s]},
               {"option", option},
               {"seq", (*seats[static_cast<std::size_t>(s)]->last_update())["seq"]}});
  }
  ASSERT_EQ(deciding(seats).first, first);
  EXPECT_EQ((*seats[0]->last_update())["clock"]["remaining_ms"][first], kFlagFallSeconds * 1000);
}

}  // namespace
}  // namespace tt::server::testing
