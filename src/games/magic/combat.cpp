// Combat (506-511) with the multiplayer options: whom a creature may attack
// (801.3, 802, 803, 809.3c, 811.4), per-attacker defending players (802.2a),
// blocks declared defending player by defending player in APNAP order
// (802.4, or one combined team declaration under 805.10d), and damage.
#include <cassert>

#include "core/opponents.h"
#include "games/magic/events.h"
#include "games/magic/state.h"

namespace tt::magic {

// Players the creatures of `s` may attack this combat.
SeatMask MagicState::attackable(Seat s) const {
  if (s < 0 || !order_.in_game(s)) return 0;
  const SeatMask opp = opponents_in_range(s);  // 801.3
  const Seat left = order_.left_of(s), right = order_.right_of(s);
  SeatMask adjacent = 0;
  if (left != kNoSeat) adjacent |= seat_bit(left);
  if (right != kNoSeat) adjacent |= seat_bit(right);
  SeatMask m = opp;
  switch (rules_->attack) {
    case AttackOption::kLeft:  // 803.1a: only the player immediately to the left
      m = left != kNoSeat ? static_cast<SeatMask>(opp & seat_bit(left)) : SeatMask{0};
      break;
    case AttackOption::kRight:
      m = right != kNoSeat ? static_cast<SeatMask>(opp & seat_bit(right)) : SeatMask{0};
      break;
    default:
      break;
  }
  if (rules_->adjacent_only) m = static_cast<SeatMask>(m & adjacent);  // 809.3c, 811.4
  return m;
}

Seat MagicState::attacks_chooser() const {
  // 805.2: the active team's primary player (its first member still in the game).
  for (Seat s : in_turn_order(T().actives, T().active, order_))
    if (order_.in_game(s)) {
      if (!rules_->shared_turns) return s;
      for (Seat p = 0; p < num_seats(); ++p)
        if (order_.in_game(p) && order_.teammates(p, s)) return p;
    }
  return kNoSeat;
}

// 506.2a: the active player chooses the defending player. Under shared
// team turns the choice is the active team's (805.2), so when the active
// player has left it passes to the next player in turn order (800.4h) on
// that team. A lone active player who left has no creature to attack with
// (800.4a): nobody chooses.
Seat MagicState::defender_chooser() const {
  const Seat a = T().active;
  if (a >= 0 && order_.in_game(a)) return a;
  if (!rules_->shared_turns || a < 0) return kNoSeat;
  for (int k = 1; k < num_seats(); ++k) {
    const Seat s = (a + k) % num_seats();
    if (order_.in_game(s) && order_.teammates(s, a)) return s;
  }
  return kNoSeat;
}

bool MagicState::can_attack_now(Obj o, Seat target) const {
  return able_to_attack(o) && may_attack_player(o, target);
}

bool MagicState::able_to_attack(Obj o) const {
  const Object& x = objs_[o];
  if (x.zone != Zone::kBattlefield || !(x.types & kCreature)) return false;
  if (!has_seat(T().actives, x.controller) || !order_.in_game(x.controller)) return false;
  return !x.tapped && !sick(o) && !cant_attack(o);
}

bool MagicState::may_attack_player(Obj o, Seat target) const {
  const Object& x = objs_[o];
  if (!has_seat(T().defending, target) || !order_.in_game(target)) return false;
  if (T().defender >= 0 && target != T().defender) return false;
  if (!in_range(x.controller, target)) return false;
  // "Creatures with power N or greater can't attack you" (802.3a: only
  // creatures attacking that player).
  if (restrictors_)
    for (Obj p : battlefield_)
      if (objs_[p].controller == target)
        for (auto& st : def(p).statics)
          if (st.kind == StaticKind::kCantAttackYou && power(o) >= st.count) return false;
  return true;
}

static int limit_of(const MagicState& s, const SizedVec<Obj>& bf, StaticKind k, int restrictors) {
  int limit = 1000;
  if (!restrictors) return limit;
  for (Obj o : bf)
    for (auto& st : s.def(o).statics)
      if (st.kind == k) limit = std::min<int>(limit, st.count);
  return limit;
}

bool MagicState::attack_choices(ActionList* out) const {
  const TurnCtx& t = T();
  const int limit = limit_of(*this, battlefield_, StaticKind::kAttackLimit, restrictors_);
  if (static_cast<int>(t.attackers.size()) >= limit || t.attackers.full()) return false;
  bool any = false;
  const bool musts = any_must_attack();
  const in_turn_order defending(t.defending, t.active, order_);
  // The players a controller's creatures may attack as far as the creature
  // does not matter (may_attack_player without restrictions), for the last
  // controller met: one look per controller, not per creature and player.
  Seat open_for = kNoSeat;
  SeatMask open = 0;
  for (Obj o : bodies()) {
    if (!may_attack(o)) continue;  // can_attack_now would refuse every target
    bool declared = false;
    for (auto& a : t.attackers) declared = declared || a.obj == o;
    if (declared || !able_to_attack(o)) continue;
    // 508.1d: a creature that must attack a player it can attack is
    // offered only that attack (any other would leave the declaration
    // illegal).
    const Seat must = musts ? must_attack(o) : kNoSeat;
    const bool bound = must >= 0 && may_attack_player(o, must);
    if (objs_[o].controller != open_for) {
      open_for = objs_[o].controller;
      open = 0;
      for (Seat p : defending)
        if (order_.in_game(p) && (t.defender < 0 || p == t.defender) && in_range(open_for, p))
          open = static_cast<SeatMask>(open | seat_bit(p));
    }
    for (Seat p : defending) {
      const bool may = has_seat(open, p) && (!restrictors_ || may_attack_player(o, p));
      assert(may == may_attack_player(o, p));  // every test's game checks the shortcut
      if ((!bound || p == must) && may) {
        if (!out) return true;
        any = true;
        out->push_back(Action{kAttack, o, static_cast<std::uint16_t>(p), 0});
      }
    }
  }
  return any;
}

void MagicState::attack_options(Seat s, ActionList& out) const {
  const TurnCtx& t = T();
  attack_choices(&out);
  if (attack_declaration_legal()) out.push_back(Action{kAttackersDone, 0, 0, 0});
  if (!t.attackers.empty()) out.push_back(Action{kResetAttack, 0, 0, 0});
  (void)s;
}

// 508.1d: requirements are obeyed as far as the restrictions allow: a
// creature that must attack a player attacks that player when it could.
bool MagicState::attack_declaration_legal() const {
  const TurnCtx& t = T();
  const int limit = limit_of(*this, battlefield_, StaticKind::kAttackLimit, restrictors_);
  if (static_cast<int>(t.attackers.size()) >= limit) return true;
  if (!any_must_attack()) return true;  // most combats: no requirement at all
  for (Obj o : bodies()) {
    if (!may_attack(o)) continue;  // no requirement it could obey
    const Seat p = must_attack(o);
    if (p < 0) continue;
    bool attacking_p = false, declared = false;
    for (auto& a : t.attackers)
      if (a.obj == o) {
        declared = true;
        attacking_p = a.target == p;
      }
    if (!attacking_p && !declared && can_attack_now(o, p)) return false;
    if (declared && !attacking_p && can_attack_now(o, p)) return false;
  }
  return true;
}

void MagicState::declare_attackers_done() {
  TurnCtx& t = T();
  for (auto& a : t.attackers) {
    if (!(keywords(a.obj) & kVigilance)) set_tapped(a.obj, true);  // 508.1f
    log(kEvAttack, objs_[a.obj].controller, a.obj, a.target);
  }
  for (auto& a : t.attackers) trigger(When::kAttacks, a.obj, a.target, a.obj);
  t.attackers_declared = true;
  ask_ = Ask::kNone;
  open_priority();
}

// 802.4: the next defending player (or team, 805.10d) to declare blockers,
// in turn order starting after the active seat.
void MagicState::next_blocker() {
  TurnCtx& t = T();
  for (int k = 1; k <= num_seats(); ++k) {
    const Seat s = (t.active + k) % num_seats();
    if (!order_.in_game(s) || has_seat(t.declared, s)) continue;
    SeatMask group =
        rules_->shared_turns ? static_cast<SeatMask>(team_of(s) & order_.active()) : seat_bit(s);
    bool attacked = false;
    for (auto& a : t.attackers) attacked = attacked || (!a.removed && has_seat(group, a.target));
    if (!attacked) {
      t.declared = static_cast<SeatMask>(t.declared | group);
      continue;
    }
    t.declaring = static_cast<std::int8_t>(s);
    if (block_choices(s, nullptr)) {  // asked only when some creature can block
      ask_ = Ask::kBlockers;
      asked_ = static_cast<std::int8_t>(s);
      return;
    }
    t.declared = static_cast<SeatMask>(t.declared | group);
  }
  t.declaring = -1;
  ask_ = Ask::kNone;
  // Blocks are declared: "whenever this blocks" triggers, first strike.
  for (auto& b : t.blocks) trigger(When::kBlocks, b.blocker, -1, b.blocker);
  t.first_strike = false;
  for (auto& a : t.attackers)
    if (!a.removed && (keywords(a.obj) & (kFirstStrike | kDoubleStrike))) t.first_strike = true;
  for (auto& b : t.blocks)
    if (keywords(b.blocker) & (kFirstStrike | kDoubleStrike)) t.first_strike = true;
}

// The blocks that may be declared now into `out`; with no list, only
// whether there is one (next_blocker asks a defending player only then).
bool MagicState::block_choices(Seat s, ActionList* out) const {
  const TurnCtx& t = T();
  const SeatMask group =
      rules_->shared_turns ? static_cast<SeatMask>(team_of(s) & order_.active()) : seat_bit(s);
  int mine = 0;
  for (auto& b : t.blocks) mine += has_seat(group, objs_[b.blocker].controller);
  const int limit = limit_of(*this, battlefield_, StaticKind::kBlockLimit, restrictors_);
  if (mine >= limit || t.blocks.full()) return false;
  // The attackers this group may block, their keywords looked up once, and
  // whether one has menace (without one, every block can be finished).
  // (A plain array: only the attackers' part is written and read.)
  std::uint16_t attacker_keywords[decltype(t.attackers)::capacity()];
  bool menace = false;
  for (std::size_t i = 0; i < t.attackers.size(); ++i) {
    const Attacker& a = t.attackers[i];
    const std::uint16_t k = a.removed || !has_seat(group, a.target) ? 0 : keywords(a.obj);
    attacker_keywords[i] = k;
    menace = menace || (k & kMenace);
  }
  bool any = false;
  for (Obj o : bodies()) {
    const Object& x = objs_[o];
    if (!(x.types & kCreature) || !has_seat(group, x.controller) || x.tapped || cant_block(o))
      continue;
    bool blocking = false;
    for (auto& b : t.blocks) blocking = blocking || b.blocker == o;
    if (blocking) continue;
    const bool flies = keywords(o) & kFlying;
    for (std::size_t i = 0; i < t.attackers.size(); ++i) {
      const Attacker& a = t.attackers[i];
      if (a.removed || !has_seat(group, a.target)) continue;  // 802.4a
      // 702.9b, as can_block_attacker says.
      if ((attacker_keywords[i] & kFlying) && !flies) continue;
      // Menace (702.111b): only a block the declaration can still be
      // finished after is offered (block_completion.cpp).
      if (menace && !blocks_completable(s, Block{o, a.obj}, limit)) continue;
      if (!out) return true;
      any = true;
      out->push_back(Action{kBlock, o, a.obj, 0});
    }
  }
  return any;
}

void MagicState::block_options(Seat s, ActionList& out) const {
  const TurnCtx& t = T();
  const SeatMask group =
      rules_->shared_turns ? static_cast<SeatMask>(team_of(s) & order_.active()) : seat_bit(s);
  int mine = 0;
  for (auto& b : t.blocks) mine += has_seat(group, objs_[b.blocker].controller);
  block_choices(s, &out);
  if (block_declaration_legal(s)) out.push_back(Action{kBlockersDone, 0, 0, 0});
  if (mine > 0) out.push_back(Action{kResetBlock, 0, 0, 0});
}

// 802.4b: menace is checked against this defending player's blockers only.
// 702.9b: a creature with flying can be blocked only by one with flying.
bool MagicState::can_block_attacker(Obj blocker, Obj attacker) const {
  return !(keywords(attacker) & kFlying) || (keywords(blocker) & kFlying);
}

bool MagicState::block_declaration_legal(Seat s) const {
  const TurnCtx& t = T();
  const SeatMask group =
      rules_->shared_turns ? static_cast<SeatMask>(team_of(s) & order_.active()) : seat_bit(s);
  for (auto& a : t.attackers) {
    if (!(keywords(a.obj) & kMenace)) continue;
    int n = 0;
    for (auto& b : t.blocks)
      n += b.attacker == a.obj && has_seat(group, objs_[b.blocker].controller);
    if (n == 1) return false;
  }
  return true;
}

Seat MagicState::defending_player_of(Obj attacker) const {
  for (auto& a : T().attackers)
    if (a.obj == attacker) return a.target;
  return kNoSeat;
}

void MagicState::remove_from_combat(Obj o) {
  TurnCtx& t = T();
  for (auto& a : t.attackers)
    if (a.obj == o) a.removed = true;
  for (std::size_t i = 0; i < t.blocks.size();)
    if (t.blocks[i].blocker == o)
      t.blocks.erase_at(i);
    else
      ++i;
}

// 510: combat damage, all dealt at once. Each attacker's damage goes as its
// controller divided it (damage_division.cpp) or, where there was nothing
// to choose, by the automatic division (assumption 5).
void MagicState::combat_damage(bool first) {
  struct Hit {
    Obj source;
    Obj creature;
    Seat player;
    int amount;
  };
  StaticVec<Hit, 128> hits;
  TurnCtx& t = T();
  const std::uint8_t code = first ? 1 : 2;
  auto deals = [&](Obj o) { return deals_damage_now(o, first); };
  StaticVec<std::int16_t, 96> to_blocks;
  for (auto& a : t.attackers) {
    if (a.removed || objs_[a.obj].zone != Zone::kBattlefield || !deals(a.obj)) continue;
    const int dmg = std::max(0, power(a.obj));
    if (dmg == 0) continue;
    if (!a.blocked) {
      if (!hits.full()) hits.push_back(Hit{a.obj, kNoObj, a.target, dmg});
      continue;
    }
    int to_player = 0;
    if (a.divided == code) {
      to_blocks.clear();
      for (auto& b : t.blocks) to_blocks.push_back(b.attacker == a.obj ? b.assigned : 0);
      to_player = a.to_player;
    } else {
      automatic_division(a, to_blocks, to_player);
    }
    for (std::size_t i = 0; i < t.blocks.size(); ++i)
      if (to_blocks[i] > 0 && !hits.full())
        hits.push_back(Hit{a.obj, t.blocks[i].blocker, kNoSeat, to_blocks[i]});
    if (to_player > 0 && !hits.full()) hits.push_back(Hit{a.obj, kNoObj, a.target, to_player});
  }
  for (auto& b : t.blocks) {
    if (objs_[b.blocker].zone != Zone::kBattlefield || !deals(b.blocker)) continue;
    const int dmg = std::max(0, power(b.blocker));
    if (dmg > 0 && !hits.full()) hits.push_back(Hit{b.blocker, b.attacker, kNoSeat, dmg});
  }
  // 800.4e: nothing is assigned to a departed player.
  for (auto& h : hits) {
    if (h.creature != kNoObj) {
      damage_creature(h.creature, h.amount, h.source);
    } else if (order_.in_game(h.player)) {
      damage_player(h.player, h.amount, h.source);
      trigger(When::kCombatDamageToPlayer, h.source, h.player, h.source);
    }
  }
}

}  // namespace tt::magic
