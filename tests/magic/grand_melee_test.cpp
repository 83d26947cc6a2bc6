// Grand Melee turn markers (comprehensive rules 807.4-807.5), checked over
// whole random games at 10 and 16 seats: the research catalogue's GM-01
// (markers 1 and 2 on the starting player and the player four seats to the
// left, turns at once, one stack each, priority only within range) and
// GM-02 (a marker waits while one of the three players to its left holds
// another). Positions with several turns at once are reached by play.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "ai/agent.h"
#include "core/match.h"
#include "core/registry.h"

namespace tt {
namespace {

using nlohmann::json;

Match grand_melee(int seats, std::uint64_t seed) {
  register_builtin_games();
  Setup s;
  s.seats = seats;
  s.variant = "grand-melee";
  s.seed = seed;
  return Match(Registry::instance().get("magic"), s);
}

// Seats still in the game, in turn order, from the seat after `from`.
std::vector<int> left_of(const json& v, int from, int count) {
  std::vector<int> out;
  const int n = static_cast<int>(v["players"].size());
  for (int k = 1; k < n && static_cast<int>(out.size()) < count; ++k) {
    const int s = (from + k) % n;
    if (v["players"][static_cast<std::size_t>(s)]["in_game"].get<bool>()) out.push_back(s);
  }
  return out;
}

TEST(GrandMelee, GM_01_MarkersStartTogetherOnTheStartingPlayerAndFourSeatsLeft) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    Match m = grand_melee(10, seed);
    Rng rng(seed);
    RandomAgent agent;
    // Mulligans first (103.5): then both markers' turns begin (807.4b).
    while (m.view(kReferee)["step"] == "mulligan") {
      const Seat s = m.state().to_act();
      ASSERT_EQ(m.act(s, agent.choose(m.state(), s, rng)), "");
    }
    const json v = m.view(kReferee);
    ASSERT_TRUE(v.contains("markers"));
    ASSERT_EQ(v["markers"].size(), 2u) << "807.4a: one marker per complete group of four";
    const int first = v["markers"][0]["holder"];
    EXPECT_EQ(v["markers"][1]["holder"].get<int>(), (first + 4) % 10) << "807.4b";
    EXPECT_FALSE(v["markers"][0]["waiting"].get<bool>());
    EXPECT_FALSE(v["markers"][1]["waiting"].get<bool>());
  }
}

// Over whole games: a waiting marker always has another marker among the
// three players to its holder's left (807.4d); a holder's turn never runs
// while another marker sits within those three seats when it starts; every
// player asked for priority on a marker's stack is within range 1 of the
// marker's holder or of a controller of an object on that stack (807.5a);
// the markers never outnumber a quarter of the players left (807.4e).
TEST(GrandMelee, GM_02_MarkersWaitAndPriorityStaysInRange) {
  for (int seats : {10, 16}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      Match m = grand_melee(seats, seed);
      Rng rng(seed * 7);
      RandomAgent agent;
      int waited = 0, decisions = 0;
      std::vector<int> was_waiting(4, 0);
      while (!m.state().is_terminal() && decisions < 60000) {
        const json v = m.view(kReferee);
        if (v.contains("markers")) {
          int remaining = 0;
          for (auto& p : v["players"]) remaining += p["in_game"].get<bool>();
          ASSERT_LE(static_cast<int>(v["markers"].size()), std::max(1, remaining / 4) + 1);
          for (std::size_t k = 0; k < v["markers"].size(); ++k) {
            const json& mk = v["markers"][k];
            const int holder = mk["holder"];
            bool blocked = false;
            for (int l : left_of(v, holder, 3))
              for (std::size_t j = 0; j < v["markers"].size(); ++j)
                if (j != k && v["markers"][j]["holder"] == l) blocked = true;
            if (mk["waiting"].get<bool>()) {
              ++waited;
              EXPECT_TRUE(blocked) << "a marker waits with no marker to its left (807.4d)";
            }
          }
          // 807.5a: the player with priority on the current marker's stack.
          const int prio = v["priority"];
          if (prio >= 0) {
            int holder = -1, marker = 0;
            for (auto& mk : v["markers"])
              if (mk["current"].get<bool>()) {
                holder = mk["holder"];
                marker = mk["marker"];
              }
            auto near = [&](int a, int b) {
              if (a == b) return true;
              auto l = left_of(v, b, 1), r = left_of(v, a, 1);
              return (!l.empty() && l[0] == a) || (!r.empty() && r[0] == b);
            };
            bool ok = near(prio, holder);
            for (auto& it : v["stack"])
              if (it["marker"] == marker) ok = ok || near(prio, it["controller"].get<int>());
            EXPECT_TRUE(ok) << "seat " << prio << " has priority on marker " << marker
                            << " held by seat " << holder;
          }
        }
        const Seat s = m.state().to_act();
        ASSERT_NE(s, kNoSeat) << "nobody is asked and the game is not over";
        ASSERT_EQ(m.act(s, agent.choose(m.state(), s, rng)), "");
        ++decisions;
      }
      EXPECT_TRUE(m.state().is_terminal());
      EXPECT_GT(waited, 0) << "markers never had to wait: 807.4d untested";
    }
  }
}

}  // namespace
}  // namespace tt
