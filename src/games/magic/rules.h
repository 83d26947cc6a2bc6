// The rules in force for one Magic-style game: the variant (806-811), the
// options (801-805) and everything they imply, fixed at set-up (800.1: a
// game that starts with 3+ players stays a multiplayer game).
// docs/games/magic.md lists every option and the interpretation it encodes.
#pragma once
#include <array>
#include <memory>
#include <string>

#include "core/options.h"
#include "core/types.h"
#include "games/magic/cards.h"

namespace tt::magic {

enum class Format : std::uint8_t {
  kDuel,              // two players (the baseline of 103.8a, 104.2a)
  kFreeForAll,        // 806
  kGrandMelee,        // 807
  kTeamVsTeam,        // 808
  kEmperor,           // 809
  kTwoHeadedGiant,    // 810
  kAlternatingTeams,  // 811
};

// Whom creatures may attack (802, 803, 809.3c).
enum class AttackOption : std::uint8_t {
  kMultiple,  // 802: each attacker picks any opponent
  kLeft,      // 803.1a
  kRight,     // 803.1b
  kChosen,    // 506.2a: one defending player chosen at beginning of combat
};

struct Rules {
  std::shared_ptr<const Pool> pool_ptr;
  const Pool& pool;
  int seats = 2;
  Format mode = Format::kFreeForAll;
  AttackOption attack = AttackOption::kMultiple;
  bool adjacent_only = false;  // 809.3c, 811.4: only an opponent seated next to you
  bool deploy = false;         // 804
  bool shared_turns = false;   // 805
  bool team_life = false;      // 810.4
  bool multiplayer = true;     // 800.1: three or more players at the start
  bool free_mulligan = true;   // 800.6
  bool first_draw = true;      // 800.7 / 103.8: whether the starting player (team) draws on turn 1
  bool all_stops = false;      // priority is offered even with nothing to do
  bool ante = false;           // 407: playing for ante
  bool planechase = false;     // 901: only the planar controller is kept (no plane cards)
  int starting_life = 20;
  int poison_limit = 10;
  int hand_size = 7;
  int team_size = 1;
  int markers = 1;  // 807.4a: Grand Melee turn markers
  // Objects one turn may put on the stack before the game judges it a
  // mandatory loop (104.4b, 801.16; loop.cpp, assumption 30).
  int loop_limit = 1000;
  std::array<std::int8_t, kMaxSeats> team{};
  std::array<std::int8_t, kMaxSeats> range{};  // -1: unlimited (801)
  std::array<bool, kMaxSeats> emperor{};       // 809

  Rules(std::shared_ptr<const Pool> p, const Options& o, int seats);
  int teams() const { return seats / team_size; }
  // Throws tt::Error when the options contradict the variant (800.2, 806.2...).
  static void check(const Options& o, int seats);
};

std::string mode_name(Format m);

}  // namespace tt::magic
