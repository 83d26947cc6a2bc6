// Tables created alike are dealt from one prepared setup (prepared_setups.h):
// each game dealt that way is the game Match(game, setup) starts, decision
// after decision, whatever its seed; a setup that differs in anything but
// its seed (decks, variant, seats) is prepared anew.
#include "server/prepared_setups.h"

#include <gtest/gtest.h>

#include <random>

#include "core/error.h"
#include "core/match.h"
#include "core/registry.h"

namespace tt::server {
namespace {

using nlohmann::json;

std::string saved(const Match& m) {
  json j;
  m.state().save(j);
  return j.dump();
}

// The match dealt from `prepared` and the one made from scratch, in lockstep
// through random decisions.
void expect_same_games(const std::shared_ptr<const Game>& game, const Setup& setup,
                       const PreparedSetup& prepared) {
  Match dealt(game, setup, prepared);
  Match fresh(game, setup);
  std::mt19937_64 rng(setup.seed);
  for (int decisions = 0; decisions < 40 && !fresh.state().is_terminal(); ++decisions) {
    ASSERT_EQ(saved(dealt), saved(fresh)) << game->name() << " decision " << decisions;
    ASSERT_EQ(dealt.log().size(), fresh.log().size());
    SeatMask pending = fresh.state().pending_seats();
    Seat s = 0;
    while (!has_seat(pending, s)) ++s;
    const auto options = fresh.options(s);
    const std::string id = options[rng() % options.size()].id;
    ASSERT_EQ(dealt.act(s, id), "");
    ASSERT_EQ(fresh.act(s, id), "");
  }
  EXPECT_EQ(dealt.record(), fresh.record());
}

class PreparedSetupsTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { register_builtin_games(); }
};

TEST_F(PreparedSetupsTest, DealTheGameASetupStartsWhateverItsSeed) {
  for (const auto& [name, seats] : std::vector<std::pair<std::string, int>>{
           {"suikoden", 2}, {"ddm", 2}, {"lastchronicle", 2}, {"magic", 2}, {"magic", 4}}) {
    auto game = Registry::instance().get(name);
    PreparedSetups cache;
    for (std::uint64_t seed : {1u, 2u, 99u}) {
      tt::Setup setup;
      setup.seats = seats;
      setup.seed = seed;
      auto prepared = cache.get(game, setup);
      expect_same_games(game, setup, *prepared);
    }
    EXPECT_EQ(cache.size(), 1u) << name << ": one setup but its seed, prepared once";
  }
}

TEST_F(PreparedSetupsTest, ASetupThatDiffersButInItsSeedIsPreparedAnew) {
  auto game = Registry::instance().get("suikoden");
  const auto starters = game->starter_decks();
  ASSERT_GE(starters.size(), 2u);
  PreparedSetups cache;
  tt::Setup plain;
  plain.seed = 5;
  tt::Setup swapped = plain;  // the starter decks the other way round
  swapped.decks = json::array({starters[1], starters[0]});
  for (const tt::Setup* setup : {&plain, &swapped, &plain, &swapped})
    expect_same_games(game, *setup, *cache.get(game, *setup));
  EXPECT_EQ(cache.size(), 2u);
  // Another game with the same setup is not dealt this one's.
  auto ddm = Registry::instance().get("ddm");
  expect_same_games(ddm, plain, *cache.get(ddm, plain));
  EXPECT_EQ(cache.size(), 3u);
  // Magic at 2 and at 4 seats.
  auto magic = Registry::instance().get("magic");
  tt::Setup four = plain;
  four.seats = 4;
  for (const tt::Setup* setup : {&plain, &four, &plain, &four})
    expect_same_games(magic, *setup, *cache.get(magic, *setup));
  EXPECT_EQ(cache.size(), 5u);
}

TEST_F(PreparedSetupsTest, KeepsNothingOfASetupItCannotPrepareAndAtMostItsLimit) {
  auto game = Registry::instance().get("lastchronicle");
  PreparedSetups cache;
  tt::Setup bad;
  bad.decks = json::array({"no such deck"});
  EXPECT_THROW(cache.get(game, bad), Error);
  EXPECT_EQ(cache.size(), 0u);
  // More setups than it keeps: the oldest is prepared again, the newest not.
  const auto starters = game->starter_decks();
  std::vector<tt::Setup> setups;
  std::vector<std::shared_ptr<const PreparedSetup>> first;
  for (const auto& a : starters)
    for (const auto& b : starters) {
      tt::Setup s;
      s.decks = json::array({a, b});
      try {
        first.push_back(cache.get(game, s));
        setups.push_back(s);
      } catch (const Error&) {
        // Not a legal pair of decks: not kept.
      }
    }
  ASSERT_GT(setups.size(), PreparedSetups::kKept);
  EXPECT_EQ(cache.size(), PreparedSetups::kKept);
  EXPECT_EQ(cache.get(game, setups.back()), first.back());
  EXPECT_NE(cache.get(game, setups.front()), first.front());
  EXPECT_EQ(cache.size(), PreparedSetups::kKept);
}

}  // namespace
}  // namespace tt::server
