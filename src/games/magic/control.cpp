// Layer 2 (control) as timestamped records, layers 6-7 (abilities, power
// and toughness), life and damage, and the durations of continuous effects.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <span>

#include "games/magic/events.h"
#include "games/magic/state.h"

namespace tt::magic {

// 613 layer 2: the latest control effect in force wins; otherwise the
// default controller (110.2). An object whose control would rest with a
// departed player is exiled at once (800.4c).
void MagicState::recompute_control() {
  // Most calls (every leave of the battlefield): no control effect, no Aura
  // granting control, and every permanent under its default controller, who
  // is still in the game. Then nothing below would change: one scan, not three.
  if (controls_.empty()) {
    bool settled = true;
    for (Obj o : battlefield_) {
      const Object& x = objs_[o];
      settled = settled && x.controller == x.base_controller && order_.in_game(x.base_controller);
      if (x.attached != kNoObj)
        for (auto& st : def(o).statics)
          settled = settled && st.kind != StaticKind::kControlEnchanted;
      if (!settled) break;
    }
    if (settled) return;
  }
  // Plain arrays (only the part written is read): this runs at every leave
  // of the battlefield, and zeroing lists costs more than the scan.
  Obj orphans[16];
  std::size_t orphans_n = 0;
  // Auras that grant control of what they enchant, in battlefield order
  // (usually none): each permanent looks through these, not the whole
  // battlefield. Nothing below changes them.
  Obj grants_room[64];
  std::size_t grants_n = 0;
  for (Obj a : bodies()) {
    if (objs_[a].attached == kNoObj || grants_n == std::size(grants_room)) continue;
    for (auto& st : def(a).statics)
      if (st.kind == StaticKind::kControlEnchanted) {
        grants_room[grants_n++] = a;
        break;
      }
  }
  const std::span<const Obj> grants(grants_room, grants_n);
  for (int pass = 0; pass < 2; ++pass) {
    for (std::size_t i = 0; i < battlefield_.size(); ++i) {
      const Obj o = battlefield_[i];
      Object& x = objs_[o];
      const bool aura = x.aura;           // the card's, copied (no definition to fetch)
      if ((pass == 0) == aura) continue;  // Auras first: they may grant control
      Seat best = x.base_controller;
      std::uint32_t best_ts = 0;
      for (auto& c : controls_)
        if (c.obj == o && c.gen == x.gen && order_.in_game(c.to) && c.timestamp > best_ts) {
          best = c.to;
          best_ts = c.timestamp;
        }
      if (!aura)
        for (Obj a : grants) {
          if (objs_[a].attached != o) continue;
          for (auto& st : def(a).statics)
            if (st.kind == StaticKind::kControlEnchanted && objs_[a].timestamp > best_ts &&
                order_.in_game(objs_[a].controller)) {
              best = objs_[a].controller;
              best_ts = objs_[a].timestamp;
            }
        }
      if (!order_.in_game(best)) {
        if (orphans_n < std::size(orphans)) orphans[orphans_n++] = o;  // 800.4c: nobody controls it
        continue;
      }
      if (best != x.controller) {
        remove_from_combat(o);  // 506.4
        count_controlled(o, -1);
        x.controller = static_cast<std::int8_t>(best);
        count_controlled(o, +1);
        x.since = turn_;
        sba_dirty_ = true;  // a new controller may put an Aura out of range (801.8)
        changed();          // targets and abilities change hands (idle.cpp)
        log(kEvControl, best, o, best);
      }
    }
  }
  for (Obj o : std::span<const Obj>(orphans, orphans_n))
    if (objs_[o].zone == Zone::kBattlefield) {
      log(kEvExile, kNoSeat, o);
      move(o, Zone::kExile);
    }
}

// 800.4b: control can't be given to a departed player.
void MagicState::add_control(Obj o, Seat to, bool end_of_turn) {
  if (!order_.in_game(to) || objs_[o].zone != Zone::kBattlefield) return;
  if (controls_.full()) controls_.erase_at(0);
  controls_.push_back(
      ControlEffect{o, objs_[o].gen, static_cast<std::int8_t>(to), end_of_turn, timestamp_++});
  recompute_control();
}

int MagicState::life(Seat s) const {
  return rules_->team_life ? team_life_[rules_->team[s]] : players_[s].life;
}

int MagicState::poison(Seat s) const {
  return rules_->team_life ? team_poison_[rules_->team[s]] : players_[s].poison;
}

// 810.9: life is lost and gained by players, and counted on the team's total.
void MagicState::lose_life(Seat s, int n) {
  if (n <= 0 || !order_.in_game(s)) return;
  players_[s].lost_this_turn = static_cast<std::int16_t>(players_[s].lost_this_turn + n);
  set_life(s, life(s) - n);
  log(kEvLife, s, -n);
}

void MagicState::gain_life(Seat s, int n) {
  if (n <= 0 || !order_.in_game(s)) return;
  set_life(s, life(s) + n);
  log(kEvLife, s, n);
}

void MagicState::set_life(Seat s, int v) {
  sba_players_ = true;
  if (v > 0 && life(s) <= 0) changed();  // a spell that costs half one's life (idle.cpp)
  // Life is 16 bits: it stops at the ends rather than wrap to the other sign.
  v = std::clamp<int>(v, std::numeric_limits<std::int16_t>::min(),
                      std::numeric_limits<std::int16_t>::max());
  if (rules_->team_life)
    team_life_[rules_->team[s]] = static_cast<std::int16_t>(v);
  else
    players_[s].life = static_cast<std::int16_t>(v);
}

// 800.4e: damage to a departed player is not dealt at all.
void MagicState::damage_player(Seat s, int n, Obj source) {
  if (n <= 0 || !order_.in_game(s)) return;
  log(kEvDamagePlayer, s, source, n);
  lose_life(s, n);
  if (source != kNoObj && (keywords(source) & kLifelink)) gain_life(objs_[source].controller, n);
}

void MagicState::damage_creature(Obj o, int n, Obj source) {
  if (n <= 0 || objs_[o].zone != Zone::kBattlefield) return;
  log(kEvDamageCreature, kNoSeat, source, o, n);
  sba_dirty_ = true;
  objs_[o].damage = static_cast<std::int8_t>(std::min(100, objs_[o].damage + n));
  if (source != kNoObj && (keywords(source) & kLifelink)) gain_life(objs_[source].controller, n);
}

int MagicState::power(Obj o) const {
  int p = def(o).power;
  for (auto& m : mods_)
    if (m.obj == o && m.gen == objs_[o].gen) p += m.power;
  if (pt_auras_)
    for (Obj a : bodies())
      if (objs_[a].attached == o)
        for (auto& st : def(a).statics)
          if (st.kind == StaticKind::kEnchantedPt) p += st.power;
  return p;
}

int MagicState::toughness(Obj o) const {
  int t = def(o).toughness;
  for (auto& m : mods_)
    if (m.obj == o && m.gen == objs_[o].gen) t += m.toughness;
  if (pt_auras_)
    for (Obj a : bodies())
      if (objs_[a].attached == o)
        for (auto& st : def(a).statics)
          if (st.kind == StaticKind::kEnchantedPt) t += st.toughness;
  return t;
}

std::uint16_t MagicState::keywords(Obj o) const {
  std::uint16_t k = def(o).keywords;
  for (auto& m : mods_)
    if (m.obj == o && m.gen == objs_[o].gen) k |= m.keywords;
  return k;
}

// A restriction from a resolved spell or ability on this object (as it is now).
bool MagicState::restricted(Obj o, bool Modifier::*flag) const {
  for (auto& m : mods_)
    if (m.obj == o && m.gen == objs_[o].gen && m.*flag) return true;
  return false;
}

bool MagicState::any_must_attack() const {
  for (auto& m : mods_)
    if (m.must_attack >= 0) return true;
  return false;
}

Seat MagicState::must_attack(Obj o) const {
  for (auto& m : mods_)
    if (m.obj == o && m.gen == objs_[o].gen && m.must_attack >= 0) return m.must_attack;
  return kNoSeat;
}

// 514.2: "until end of turn" effects and damage end in the cleanup step.
void MagicState::end_turn_effects() {
  for (std::size_t i = 0; i < mods_.size();)
    if (mods_[i].duration == Duration::kEndOfTurn)
      mods_.erase_at(i), sba_dirty_ = true;
    else
      ++i;
  bool changed = false;
  for (std::size_t i = 0; i < controls_.size();)
    if (controls_[i].end_of_turn) {
      controls_.erase_at(i);
      changed = true;
    } else {
      ++i;
    }
  for (Obj o : battlefield_) objs_[o].damage = 0;
  if (changed) recompute_control();
}

// "Until your next turn" ends as that player's next turn begins, or, once
// the player has left, when it would have begun (800.4m).
void MagicState::next_turn_begins(Seat s) {
  for (std::size_t i = 0; i < mods_.size();)
    if (mods_[i].duration == Duration::kUntilYourNextTurn && mods_[i].until == s)
      mods_.erase_at(i), sba_dirty_ = true;
    else
      ++i;
}

}  // namespace tt::magic
