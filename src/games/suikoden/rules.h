// The immutable rules object every Suikoden state shares: the card pool and
// the rule options in force (docs/games/suikoden.md lists each option).
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/options.h"
#include "games/suikoden/cards.h"

namespace tt::suikoden {

enum class LinkMode : std::uint8_t {
  kUnion,  // a new character shares a letter with any of the side's characters on the mission
  kChain,  // ... with the side's most recently dispatched character still there
};

// What the rules ask of a definition most often (every option of every
// decision asks whether a card may come out), packed small and built once
// from the pool, so those questions need not walk CardDef's strings and lists.
struct DefFacts {
  std::array<int, 2> names{-1, -1};  // CardDef::names: one name, or both of a pair; -1: none
  // The same as slots of SuikodenState::names_on_field_ (when Rules::names_counted),
  // kNameSlots for none: a slot never counted, so asking both needs no branch.
  std::array<std::uint8_t, 2> name_slots{};
  std::uint16_t links = 0;
  bool dispatchable = false;  // a character other than a commander
  bool leader = false;
  bool support_character = false;  // may come out as a mission's support character
  bool character = false;
  bool boost = false;            // has a boost effect (stat_of reads them)
  bool cooperation = false;      // has a cooperation effect (stat_of)
  bool counter = false;          // has a counter effect (counter_usable)
  bool draws = false;            // has an on-dispatch effect (dispatch)
  bool facility = false;         // its hand limit effects count once it is built
  int hand_limit_self = 0;       // its owner's hand limit changes by this much...
  int hand_limit_others = 0;     // ... and the other seat's by this
  std::array<int, 3> printed{};  // CardDef::printed by Stat
  int booster = -1;              // its rows in Rules::boost_table when it has boost effects
};

// Names in play are counted per name (SuikodenState::names_on_field_) when
// the pool has at most this many names; a larger pool gathers them per question.
inline constexpr int kNameSlots = 128;

struct Rules {
  std::shared_ptr<const Pool> pool_ptr;
  const Pool& pool;
  std::vector<DefFacts> facts;      // per definition of the pool
  std::vector<std::string> labels;  // per definition: its card_label, written once
  LinkMode link_mode = LinkMode::kUnion;
  int vp_to_win = 5;
  int hand_size = 6;
  int mulligan_max = 3;
  int deck_size = 50;
  int max_copies = 4;
  bool names_counted = false;  // pool.names fit kNameSlots

  Rules(std::shared_ptr<const Pool> p, const Options& o);

  // What a booster's effects (DefFacts::booster) give a character of
  // definition `target` in `stat` when they reach it by `scope` (kSelf to
  // kEnemies): a total asks this of every pair of cards on a side, so each
  // pair's sum of matching effects is worked out once, here.
  const int* boost_row(int booster, Stat stat, Scope scope) const {
    return boost_table.data() + boost_row_start(booster, stat, scope);
  }
  static constexpr int kBoostScopes = 4;  // Scope::kSelf, kSide, kAll, kEnemies
  // From a stat's row to the next stat's, for the same booster and scope.
  std::size_t stat_stride() const { return kBoostScopes * facts.size(); }

 private:
  std::size_t boost_row_start(int booster, Stat stat, Scope scope) const {
    const int row = (booster * 3 + static_cast<int>(stat)) * kBoostScopes + static_cast<int>(scope);
    return static_cast<std::size_t>(row) * facts.size();
  }
  std::vector<int> boost_table;  // [booster][stat][scope][target definition]
};

}  // namespace tt::suikoden
