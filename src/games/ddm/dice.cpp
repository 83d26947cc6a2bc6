// The dice roll phase and summoning (rule text "1.ダイスロールフェイズ",
// "召喚のやりかた、ルール").
#include <algorithm>
#include <bit>

#include "games/ddm/events.h"
#include "games/ddm/state.h"

namespace tt::ddm {

// Rolls the three chosen dice: crests go to the pool (x2 adds two), summon
// crests never do; two equal-level summon crests allow a summon of that
// level, three allow that level or the next one up.
void DdmState::roll(Seat s, std::uint16_t mask) {
  std::array<int, 5> summons{};
  int n = 0;
  for (int i = 0; i < kDice; ++i) {
    if (!(mask & (1u << i))) continue;
    const int face = static_cast<int>(rng_.below(6));
    last_roll_die_[n] = static_cast<std::uint8_t>(i);
    last_roll_face_[n++] = static_cast<std::uint8_t>(face);
  }
  log(kEvRoll, s, last_roll_die_[0] * 8 + last_roll_face_[0],
      last_roll_die_[1] * 8 + last_roll_face_[1], last_roll_die_[2] * 8 + last_roll_face_[2]);
  for (int k = 0; k < 3; ++k) {
    const DieDef& die = rules_->pool.dice[dice_[s][last_roll_die_[k]]];
    const Face f = die.faces[last_roll_face_[k]];
    last_roll_gain_[k] = 0;
    if (f.crest == Crest::kSummon) {
      ++summons[die.level];
    } else {
      const int before = crests_[s][static_cast<int>(f.crest)];
      add_crests(s, f.crest, f.mult);
      last_roll_gain_[k] =
          static_cast<std::uint8_t>(crests_[s][static_cast<int>(f.crest)] - before);
    }
  }
  summon_levels_ = 0;
  for (int level = 1; level <= 4; ++level) {
    if (summons[level] >= 2) summon_levels_ |= static_cast<std::uint8_t>(1u << level);
    if (summons[level] == 3 && level < 4)
      summon_levels_ |= static_cast<std::uint8_t>(1u << (level + 1));
  }
  if (summon_levels_) log(kEvSummonLevel, s, summon_levels_);
  ++rolls_done_;
  after_roll();
}

void DdmState::after_roll() {
  if (can_summon_now()) {
    phase_ = Phase::kSummon;
    return;
  }
  summon_levels_ = 0;
  if (rolls_done_ < 2) {
    phase_ = Phase::kRoll;
    return;
  }
  open_window(Phase::kStandby);
}

// At most one summon (monster or item) a turn, of a level the roll allows,
// and only when a dungeon piece fits somewhere.
bool DdmState::can_summon_now() const {
  if (summoned_ || !summon_levels_) return false;
  bool piece = false;
  for (int i = 0; i < num_pieces_ && !piece; ++i)
    piece = pieces_[i].owner == turn_player_ && pieces_[i].where == Where::kReserve &&
            (summon_levels_ >> def(static_cast<PieceId>(i)).level) & 1u;
  return piece && any_placement(turn_player_);
}

// A roll is made of three picks, in any order: any 3 of the 12 dice.
// Identical dice are one option (the first of them not picked yet), so the
// sets of dice that can be rolled are exactly the sets of three.
void DdmState::list_dice(Seat s, ActionList& out) const {
  // Written in place: this runs three times a roll on the playout path.
  const std::size_t base = out.size();
  out.resize(base + kDice + 1);
  Action* at = out.data() + base;
  for (int i = 0; i < kDice; ++i)
    if (!(picked_ & (1u << i)) && !(twins_[s][i] & ~picked_))
      *at++ = {kPickDie, static_cast<std::uint16_t>(i), 0, 0};
  if (picked_) *at++ = {kCancel, 0, 0, 0};
  out.resize(static_cast<std::size_t>(at - out.data()));
}

void DdmState::find_twins() {
  for (Seat s = 0; s < 2; ++s)
    for (int i = 0; i < kDice; ++i) {
      twins_[s][i] = 0;
      for (int j = 0; j < i; ++j)
        if (dice_[s][j] == dice_[s][i])
          twins_[s][i] = static_cast<std::uint16_t>(twins_[s][i] | (1u << j));
    }
}

void DdmState::pick_die(Seat s, int slot) {
  picked_ = static_cast<std::uint16_t>(picked_ | (1u << slot));
  if (std::popcount(picked_) < 3) return;
  const std::uint16_t mask = picked_;
  picked_ = 0;
  roll(s, mask);
}

}  // namespace tt::ddm
