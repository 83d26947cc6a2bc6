// The tables every generic check runs at: each registered game at its
// smallest table, at 3 and 4 seats where it allows them, and every Magic
// variant at the table it is meant for. A parameter is a game name,
// "NAME:SEATS", or "NAME:SEATS:VARIANT".
#pragma once
#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/registry.h"

namespace tt::params {

inline std::string game_of(const std::string& param) {
  return param.substr(0, param.find(':'));
}
inline int seats_of(const std::string& param) {
  const auto colon = param.find(':');
  return colon == std::string::npos ? 0 : std::stoi(param.substr(colon + 1));
}
inline std::string variant_of(const std::string& param) {
  const auto first = param.find(':');
  const auto second = first == std::string::npos ? first : param.find(':', first + 1);
  return second == std::string::npos ? "" : param.substr(second + 1);
}

// How many of `n` games a generic check plays in this build. The sanitizer
// build (tests/CMakeLists.txt) plays a quarter, at least one per table: it
// looks for memory errors and undefined behaviour along the same paths, which
// every game, variant and table size still walks, while the plain build plays
// them all for the rules' properties.
inline int games(int n) {
#ifdef TABLETOP_SANITIZER_BUILD
  return std::max(1, n / 4);
#else
  return n;
#endif
}

// How many decisions of a game the checks that look at every decision follow
// in this build: all of them in the plain build; the first 400 in the
// sanitizer build, where a 10-seat game's 2,000 decisions took over a minute
// for one check (the plain build still follows every game to its end).
inline int decisions_followed() {
#ifdef TABLETOP_SANITIZER_BUILD
  return 400;
#else
  return std::numeric_limits<int>::max();
#endif
}

inline std::shared_ptr<const Game> game(const std::string& param) {
  return Registry::instance().get(game_of(param));
}

inline Setup setup(const std::string& param, std::uint64_t seed) {
  Setup s;
  s.seats = seats_of(param) ? seats_of(param) : game(param)->min_seats();
  s.variant = variant_of(param);
  s.seed = seed;
  return s;
}

inline std::vector<std::string> game_names() {
  register_builtin_games();
  std::vector<std::string> names;
  for (auto& g : Registry::instance().games()) {
    names.push_back(g->name());
    for (int n = std::max(3, g->min_seats() + 1); n <= std::min(4, g->max_seats()); ++n)
      names.push_back(g->name() + ":" + std::to_string(n));
    // Every variant of a game that has several, at the table it is meant for.
    for (auto& v : g->variants())
      if (g->variants().size() > 1 && g->name() == "magic")
        names.push_back(g->name() + ":" + std::to_string(g->default_seats(v.name)) + ":" + v.name);
  }
  return names;
}

// Fewer tables, for the checks that play many decisions per table: each game
// at its smallest table and at 4 seats, and the Magic variants whose seats
// share what they know (Two-Headed Giant's teammates).
inline std::vector<std::string> main_tables() {
  std::vector<std::string> out;
  for (const std::string& p : game_names()) {
    const int seats = seats_of(p);
    const std::string variant = variant_of(p);
    if ((seats == 0 || seats == 4) && (variant.empty() || variant == "2hg")) out.push_back(p);
  }
  return out;
}

// A test name from a parameter ("magic:4:two-headed" -> "magic_4_two_headed").
inline std::string test_name(const std::string& param) {
  std::string n = param;
  for (char& c : n)
    if (c == ':' || c == '-') c = '_';
  return n;
}

}  // namespace tt::params
