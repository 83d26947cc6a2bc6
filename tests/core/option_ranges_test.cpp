// Every numeric option of every game is range-checked by the options
// catalogue (core/options.h): its min and max are accepted, a game started at
// the max holds exactly that value, and min-1 / max+1 are refused before any
// state is built with an error naming the option and its range. A setup's
// decks are never more than its seats.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/registry.h"
#include "core/types.h"

namespace tt {
namespace {

using nlohmann::json;

std::vector<std::shared_ptr<const Game>> games() {
  register_builtin_games();
  return Registry::instance().games();
}

// Options that must move together with `key` for a start at `value` to be
// legal (Last Chronicle: life_cap is at least starting_life).
std::map<std::string, std::string> companions(const Game& game, const std::string& key) {
  if (game.name() == "lastchronicle" && key == "starting_life") return {{"life_cap", "99"}};
  if (game.name() == "lastchronicle" && key == "life_cap") return {{"starting_life", "1"}};
  return {};
}

Setup setup_with(const Game& game, const std::string& key, long long value) {
  tt::Setup s;
  s.seats = game.default_seats("");
  s.options = companions(game, key);
  s.options[key] = std::to_string(value);
  return s;
}

std::string refusal(const Game& game, const Setup& setup) {
  try {
    (void)game.new_state(setup);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(OptionRanges, EveryOptionTakesWordsOrARangeAndItsDefault) {
  for (const auto& game : games())
    for (const OptionSpec& o : game->option_specs()) {
      SCOPED_TRACE(game->name() + " " + o.key);
      EXPECT_TRUE(o.numeric() || !o.allowed.empty()) << "an option that accepts nothing";
      tt::Setup s;
      s.seats = game->default_seats("");
      s.options[o.key] = o.default_value;
      EXPECT_NO_THROW((void)game->resolve_options(s));
    }
}

TEST(OptionRanges, MinAndMaxStartAGameAndOneBeyondIsRefusedNamingTheRange) {
  int numeric = 0;
  for (const auto& game : games())
    for (const OptionSpec& o : game->option_specs()) {
      if (!o.numeric()) continue;
      ++numeric;
      SCOPED_TRACE(game->name() + " " + o.key);
      EXPECT_NO_THROW((void)game->new_state(setup_with(*game, o.key, o.min)));
      EXPECT_NO_THROW((void)game->new_state(setup_with(*game, o.key, o.max)));
      const std::string range =
          "an integer from " + std::to_string(o.min) + " to " + std::to_string(o.max);
      for (long long beyond :
           {static_cast<long long>(o.min) - 1, static_cast<long long>(o.max) + 1}) {
        const std::string error = refusal(*game, setup_with(*game, o.key, beyond));
        EXPECT_NE(error.find("option '" + o.key + "'"), std::string::npos) << error;
        EXPECT_NE(error.find(range), std::string::npos) << error;
      }
    }
  EXPECT_EQ(numeric, 14);  // 3 Suikoden, 2 Magic, 7 Last Chronicle, 2 DDM
}

// A game started at an option's max holds exactly that value (no narrowing).
json referee_view(const std::string& name, const std::string& key, int value,
                  std::map<std::string, std::string> more = {}) {
  const auto game = Registry::instance().get(name);
  tt::Setup s;
  s.seats = game->default_seats("");
  s.options = std::move(more);
  s.options[key] = std::to_string(value);
  json view;
  game->new_state(s)->view(kReferee, view);
  return view;
}

int max_of(const std::string& name, const std::string& key) {
  for (const OptionSpec& o : Registry::instance().get(name)->option_specs())
    if (o.key == key) return o.max;
  ADD_FAILURE() << name << " has no option " << key;
  return 0;
}

TEST(OptionRanges, AGameStartedAtTheMaxHoldsIt) {
  register_builtin_games();
  // Each view is kept in a variable: a range-for over a member of a
  // temporary would read it after it is gone (ASan: heap-use-after-free).
  const int life = max_of("magic", "starting_life");
  const json magic = referee_view("magic", "starting_life", life);
  for (const json& p : magic["players"]) EXPECT_EQ(p["life"], life);
  const int lc_life = max_of("lastchronicle", "starting_life");
  const json lc = referee_view("lastchronicle", "starting_life", lc_life, {{"life_cap", "99"}});
  for (const json& p : lc["players"]) EXPECT_EQ(p["life"], lc_life);
  const int vp = max_of("suikoden", "vp_to_win");
  EXPECT_EQ(referee_view("suikoden", "vp_to_win", vp)["vp_to_win"], vp);
  const int rounds = max_of("ddm", "turn_limit");
  EXPECT_EQ(referee_view("ddm", "turn_limit", rounds)["turn_limit"], rounds);
}

// The case: 40000 once started the table at -25536.
TEST(OptionRanges, MagicLifeBeyondWhatTheStateHoldsIsRefused) {
  register_builtin_games();
  const auto game = Registry::instance().get("magic");
  const std::string error = refusal(*game, setup_with(*game, "starting_life", 40000));
  EXPECT_NE(error.find("option 'starting_life' cannot be '40000'"), std::string::npos) << error;
  EXPECT_NE(error.find("default or an integer from 1 to 10000"), std::string::npos) << error;
}

TEST(SetupDecks, MoreDecksThanSeatsAreRefusedInEveryGame) {
  for (const auto& game : games()) {
    SCOPED_TRACE(game->name());
    tt::Setup s;
    s.seats = game->default_seats("");
    s.decks = json::array();
    for (int i = 0; i < s.seats; ++i) s.decks.push_back(nullptr);
    EXPECT_NO_THROW((void)game->new_state(s));
    s.decks.push_back("nosuchdeck");
    const std::string error = refusal(*game, s);
    EXPECT_NE(error.find("'decks' has " + std::to_string(s.seats + 1) + " entries for " +
                         std::to_string(s.seats) + " seats"),
              std::string::npos)
        << error;
  }
}

}  // namespace
}  // namespace tt
