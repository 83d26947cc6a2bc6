// tabletop arena: the line-up rotated over the seats, standings with
// intervals and ratings, the same results on any number of jobs, and the
// Bradley-Terry fit behind the ratings.
#include "cli/arena.h"

#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "cli/rating.h"
#include "cli_fixture.h"

namespace tt::cli {
namespace {

using nlohmann::json;

TEST_F(CliTest, ArenaRandomAgainstItselfIsOneAgent) {
  ASSERT_EQ(run({"arena", "suikoden", "--seats", "random,random", "-n", "20", "--json"}), 0)
      << err.str();
  const json r = json::parse(out.str());
  ASSERT_EQ(r["agents"].size(), 1u);
  const json& a = r["agents"][0];
  EXPECT_EQ(a["agent"], "random");
  EXPECT_EQ(a["seats"], 2);
  EXPECT_EQ(a["games"].get<long>() + 2 * r["unfinished"].get<long>(), 40);
  EXPECT_EQ(a["wins"].get<long>() + a["draws"].get<long>() + a["losses"].get<long>(), a["games"]);
  EXPECT_DOUBLE_EQ(a["elo"].get<double>(), 1500.0);  // nobody to be rated against
  EXPECT_TRUE(r["pairs"].empty());
  EXPECT_EQ(r["deal_seeds"], json::array({1, 10}));
}

TEST_F(CliTest, ArenaGreedyAgainstRandom) {
  ASSERT_EQ(run({"arena", "suikoden", "--seats", "greedy,random", "-n", "20", "--json", "--seed",
                 "5", "--jobs", "1"}),
            0)
      << err.str();
  const json one = json::parse(out.str());
  ASSERT_EQ(one["agents"].size(), 2u);
  const json& greedy = one["agents"][0];
  const json& random = one["agents"][1];
  EXPECT_EQ(greedy["agent"], "greedy");
  EXPECT_EQ(greedy["games"], 20);
  EXPECT_EQ(random["games"], 20);
  const double rate = greedy["win_rate"];
  EXPECT_NEAR(rate, greedy["wins"].get<double>() / 20, 1e-12);
  EXPECT_LE(greedy["ci95"][0].get<double>(), rate);
  EXPECT_GE(greedy["ci95"][1].get<double>(), rate);
  EXPECT_GT(rate, 0.5);  // greedy wins about 19 games in 20 here
  EXPECT_GT(greedy["elo"].get<double>(), random["elo"].get<double>());
  EXPECT_NEAR(greedy["elo"].get<double>() + random["elo"].get<double>(), 3000, 1e-6);
  EXPECT_GT(greedy["mean_length"].get<double>(), 0);
  ASSERT_EQ(one["pairs"].size(), 2u);
  EXPECT_EQ(one["pairs"][0]["meetings"], 20);

  // The same games on two threads: the same results.
  ASSERT_EQ(run({"arena", "suikoden", "--seats", "greedy,random", "-n", "20", "--json", "--seed",
                 "5", "--jobs", "2"}),
            0);
  const json two = json::parse(out.str());
  for (const char* key : {"wins", "draws", "losses", "games", "decisions", "elo"})
    for (int a = 0; a < 2; ++a) EXPECT_EQ(one["agents"][a][key], two["agents"][a][key]) << key;

  // The table for people.
  ASSERT_EQ(run({"arena", "suikoden", "--seats", "greedy,random", "-n", "4", "-q"}), 0);
  EXPECT_NE(out.str().find("win rate"), std::string::npos);
  EXPECT_NE(out.str().find("95% CI"), std::string::npos);
  EXPECT_NE(out.str().find("Elo"), std::string::npos);
  EXPECT_NE(out.str().find("  greedy "), std::string::npos);
  EXPECT_NE(out.str().find("  random "), std::string::npos);
}

TEST_F(CliTest, ArenaRefusesBadLineUps) {
  EXPECT_EQ(run({"arena", "suikoden", "--seats", "greedy", "-n", "2", "-q"}), 1);
  EXPECT_NE(err.str().find("at least two"), std::string::npos);
  EXPECT_EQ(run({"arena", "suikoden", "--seats", "greedy,wizard", "-n", "2", "-q"}), 1);
  EXPECT_NE(err.str().find("unknown agent 'wizard'"), std::string::npos);
  EXPECT_EQ(run({"arena", "suikoden", "--seats", "greedy,ismcts:sims=0", "-n", "2", "-q"}), 1);
  EXPECT_NE(err.str().find("ismcts:sims"), std::string::npos);
  EXPECT_EQ(run({"arena", "suikoden", "--seats", "greedy,random,random", "-n", "2", "-q"}), 1);
  EXPECT_EQ(run({"arena", "suikoden", "--seats", "greedy,random", "-n", "0", "-q"}), 1);
  EXPECT_EQ(run({"arena", "suikoden", "--seats", "greedy,random", "--jobs", "0", "-q"}), 1);
}

TEST(Arena, EveryAgentSitsInEverySeatEquallyOften) {
  for (int seats = 2; seats <= 8; ++seats) {
    ArenaConfig config;
    config.lineup.assign(static_cast<std::size_t>(seats), "random");
    config.setup.seed = 100;
    const long games = 3L * seats;
    std::vector<std::vector<int>> count(seats, std::vector<int>(seats, 0));
    for (long g = 0; g < games; ++g) {
      std::vector<bool> used(seats, false);
      for (int s = 0; s < seats; ++s) {
        const int e = arena_entry_at(config, g, s);
        EXPECT_FALSE(used[e]);  // each entry once per game
        used[e] = true;
        ++count[e][s];
      }
      EXPECT_EQ(arena_deal_seed(config, g), 100u + static_cast<std::uint64_t>(g / seats));
    }
    for (auto& row : count)
      for (int c : row) EXPECT_EQ(c, 3);
  }
}

TEST(Rating, BradleyTerryOnTheEloScale) {
  PairResults even(2);
  for (int i = 0; i < 10; ++i) even.add(0, 1, i % 2 ? 1.0 : 0.0);
  auto r = bradley_terry(even);
  EXPECT_NEAR(r[0].elo, 1500, 1e-6);
  EXPECT_NEAR(r[1].elo, 1500, 1e-6);
  EXPECT_GT(r[0].margin, 0);

  // 3 wins to 1, plus the virtual draw: odds 3.5 to 1.5.
  PairResults three(2);
  for (int i = 0; i < 4; ++i) three.add(0, 1, i < 3 ? 1.0 : 0.0);
  r = bradley_terry(three);
  EXPECT_NEAR(r[0].elo - r[1].elo, 400 * std::log10(3.5 / 1.5), 1e-6);

  // A clean sweep stays finite; a player who met nobody sits at the mean.
  PairResults sweep(3);
  for (int i = 0; i < 50; ++i) sweep.add(0, 1, 1.0);
  r = bradley_terry(sweep);
  EXPECT_TRUE(std::isfinite(r[0].elo));
  EXPECT_GT(r[0].elo, r[1].elo + 500);
  EXPECT_NEAR(r[2].elo, 1500, 1e-6);

  // Transitive: A beats B, B beats C, each 3 to 1: A over C.
  PairResults chain(3);
  for (int i = 0; i < 4; ++i) {
    chain.add(0, 1, i < 3 ? 1.0 : 0.0);
    chain.add(1, 2, i < 3 ? 1.0 : 0.0);
  }
  r = bradley_terry(chain);
  EXPECT_GT(r[0].elo, r[1].elo);
  EXPECT_GT(r[1].elo, r[2].elo);
  EXPECT_NEAR(r[0].elo + r[1].elo + r[2].elo, 4500, 1e-6);
}

}  // namespace
}  // namespace tt::cli
