#include "games/magic/rules.h"

#include <algorithm>
#include <vector>

#include "core/error.h"

namespace tt::magic {

namespace {

Format parse_mode(const std::string& m) {
  if (m == "duel") return Format::kDuel;
  if (m == "grand-melee") return Format::kGrandMelee;
  if (m == "team-vs-team") return Format::kTeamVsTeam;
  if (m == "emperor") return Format::kEmperor;
  if (m == "two-headed-giant") return Format::kTwoHeadedGiant;
  if (m == "alternating-teams") return Format::kAlternatingTeams;
  return Format::kFreeForAll;
}

bool team_mode(Format m) {
  return m == Format::kTeamVsTeam || m == Format::kEmperor || m == Format::kTwoHeadedGiant ||
         m == Format::kAlternatingTeams;
}

int ring_distance(int a, int b, int n) {
  const int d = ((a - b) % n + n) % n;
  return std::min(d, n - d);
}

}  // namespace

std::string mode_name(Format m) {
  switch (m) {
    case Format::kDuel:
      return "duel";
    case Format::kFreeForAll:
      return "free-for-all";
    case Format::kGrandMelee:
      return "grand-melee";
    case Format::kTeamVsTeam:
      return "team-vs-team";
    case Format::kEmperor:
      return "emperor";
    case Format::kTwoHeadedGiant:
      return "two-headed-giant";
    case Format::kAlternatingTeams:
      return "alternating-teams";
  }
  return "?";
}

// Rejects configurations the chapter does not allow (800.2: one variant,
// any options it permits).
void Rules::check(const Options& o, int seats) {
  const Format m = parse_mode(o.get("mode"));
  const std::string attack = o.get("attack"), deploy = o.get("deploy"), range = o.get("range");
  const int size =
      o.get("team_size") == "default" ? (m == Format::kEmperor ? 3 : 2) : o.get_int("team_size");
  auto fail = [](const std::string& why) { throw Error(why); };
  if (m == Format::kDuel && seats != 2) fail("a duel is for exactly 2 players");
  if (m != Format::kDuel && seats < 2) fail("a game needs at least 2 players");
  if (m == Format::kFreeForAll) {
    if (deploy == "on") fail("806.2c: Free-for-All does not use the deploy creatures option");
    if (attack == "chosen")
      fail(
          "806.2b: Free-for-All uses exactly one of attack left, attack right and attack "
          "multiple players");
  }
  if (m == Format::kGrandMelee) {
    if (seats < 4) fail("807.4a: Grand Melee needs at least 4 players (one turn marker per four)");
    if (deploy == "on") fail("807.2c: Grand Melee does not use deploy creatures");
    if (attack == "multiple" || attack == "chosen")
      fail("807.2b: Grand Melee uses attack left (or right)");
    if (range == "unlimited") fail("807.2a: Grand Melee limits the range of influence");
  }
  if (team_mode(m)) {
    if (size < 2 || size > 8) fail("a team has 2 to 8 players");
    if (seats % size != 0) fail("the players must form teams of " + std::to_string(size));
    if (seats / size < 2) fail("a team game needs at least two teams");
  }
  if (m == Format::kTwoHeadedGiant) {
    if (seats / size != 2) fail("810.1: Two-Headed Giant is exactly two teams");
    if (range != "default" && range != "unlimited")
      fail("Two-Headed Giant does not use range of influence");
    if (attack != "default") fail("810.7: Two-Headed Giant attacks as a team (805.10)");
  }
  if (m == Format::kEmperor) {
    if (size < 3 || size % 2 == 0) fail("809.1: Emperor teams have 3 (or more, odd) players");
    if (deploy == "off") fail("809.3b: Emperor always uses deploy creatures");
    if (attack != "default") fail("809.3c: in Emperor a player attacks only an adjacent opponent");
  }
  if (m == Format::kAlternatingTeams && attack == "chosen")
    fail("811.2b: Alternating Teams uses one of attack left, attack right and attack multiple");
  if (o.get("shared_turns") == "on" && !team_mode(m))
    fail("805.1: shared team turns are for team games");
}

Rules::Rules(std::shared_ptr<const Pool> p, const Options& o, int n)
    : pool_ptr(std::move(p)), pool(*pool_ptr), seats(n) {
  check(o, n);
  mode = parse_mode(o.get("mode"));
  multiplayer = n >= 3;
  const bool teams_on = team_mode(mode);
  team_size = teams_on ? (o.get("team_size") == "default" ? (mode == Format::kEmperor ? 3 : 2)
                                                          : o.get_int("team_size"))
                       : 1;
  for (int s = 0; s < kMaxSeats; ++s) team[s] = static_cast<std::int8_t>(s);
  for (int s = 0; s < n && teams_on; ++s)
    team[s] = static_cast<std::int8_t>(mode == Format::kAlternatingTeams ? s % (n / team_size)
                                                                         : s / team_size);

  // Attack options and their defaults per variant.
  const std::string a = o.get("attack");
  attack = a == "left"     ? AttackOption::kLeft
           : a == "right"  ? AttackOption::kRight
           : a == "chosen" ? AttackOption::kChosen
                           : AttackOption::kMultiple;
  if (a == "default") {
    if (mode == Format::kGrandMelee) attack = AttackOption::kLeft;  // 807.2b
    if (mode == Format::kEmperor) attack = AttackOption::kChosen;   // 809.3c
    if (mode == Format::kDuel) attack = AttackOption::kChosen;      // one opponent
  }
  adjacent_only = mode == Format::kEmperor || mode == Format::kAlternatingTeams;  // 809.3c, 811.4
  deploy = mode == Format::kEmperor || o.get("deploy") == "on";
  shared_turns = mode == Format::kTwoHeadedGiant || o.get("shared_turns") == "on";
  team_life = mode == Format::kTwoHeadedGiant;

  // Range of influence (801): the option, else the variant's default.
  const std::string r = o.get("range");
  int dflt = -1;
  if (mode == Format::kGrandMelee) dflt = 1;        // 807.2a
  if (mode == Format::kAlternatingTeams) dflt = 2;  // 811.2a (recommended)
  const int value = r == "default" ? dflt : r == "unlimited" ? -1 : o.get_int("range");
  for (int s = 0; s < kMaxSeats; ++s) range[s] = static_cast<std::int8_t>(value);
  if (mode == Format::kEmperor) {
    // 809.3a / 809.6: each general reaches the nearest opposing general,
    // each emperor the second nearest; the emperor sits mid-team (809.2).
    for (int s = 0; s < n; ++s) emperor[s] = s % team_size == team_size / 2;
    for (int s = 0; s < n; ++s) {
      std::vector<int> d;
      for (int g = 0; g < n; ++g)
        if (team[g] != team[s] && !emperor[g]) d.push_back(ring_distance(s, g, n));
      std::sort(d.begin(), d.end());
      const std::size_t k = emperor[s] ? 1 : 0;
      range[s] = static_cast<std::int8_t>(k < d.size() ? d[k] : d.back());
    }
  }

  // Life, poison, first draw, mulligans (103.5c, 103.8, 810.4, 810.11).
  starting_life = o.get("starting_life") == "default" ? 20 : o.get_int("starting_life");
  if (mode == Format::kTwoHeadedGiant) {
    if (o.get("starting_life") == "default") starting_life = 30 + 15 * (team_size - 2);
    poison_limit = 15 + 5 * (team_size - 2);
  }
  first_draw = multiplayer && mode != Format::kTwoHeadedGiant;
  free_mulligan = multiplayer;
  markers = mode == Format::kGrandMelee ? std::max(1, n / 4) : 1;
  all_stops = o.get("priority_stops") == "all";
  loop_limit = o.get_int("loop_limit");
  ante = o.get("ante") == "on";
  planechase = o.get("planechase") == "on";
}

}  // namespace tt::magic
