// Dividing an attacking creature's combat damage (510.1c). Blocked by two or
// more creatures, its controller divides its damage among them as they like
// (the current rules have no damage assignment order); with trample it may
// put the rest on the player it attacks once every blocker has lethal damage
// (702.19b-c: damage already marked counts; there is no deathtouch here), and
// blocked by one creature a trampler is asked when its power exceeds that
// creature's lethal damage. Attacking players divide in APNAP order (802.5;
// 805.10f: under shared turns the active team, member by member in turn order
// from the active seat), every division before any damage is dealt (510.2).
//
// The division is made in steps: one point, the rest of a blocker's lethal
// damage, or all that is left, to one blocker or (trample, every blocker
// lethal) to the player; "done" once everything is assigned. Every partial
// division can be finished (all that is left to any blocker is legal), so
// no step is a dead end, and each step assigns at least one point: a
// division takes at most power + 1 decisions. A player who does not decide
// gets the automatic division of assumption 5 (division_default).
#include "core/opponents.h"
#include "games/magic/state.h"

namespace tt::magic {

namespace {
std::uint8_t step_code(Step s) {
  return s == Step::kFirstStrikeDamage ? 1 : 2;
}
}  // namespace

bool MagicState::deals_damage_now(Obj o, bool first) const {
  const auto k = keywords(o);
  if (first) return (k & (kFirstStrike | kDoubleStrike)) != 0;
  return !T().first_strike || (k & kDoubleStrike) || !(k & kFirstStrike);
}

// Whether its controller has a choice: two or more blockers, or a trampler
// that could put damage beyond its blocker's lethal on the player.
bool MagicState::needs_division(const Attacker& a, bool first) const {
  if (a.removed || !a.blocked || objs_[a.obj].zone != Zone::kBattlefield ||
      !deals_damage_now(a.obj, first))
    return false;
  const int dmg = power(a.obj);
  if (dmg <= 0) return false;
  int n = 0, lethal = 0;
  for (const Block& b : T().blocks)
    if (b.attacker == a.obj) {
      ++n;
      lethal = std::max(0, toughness(b.blocker) - objs_[b.blocker].damage);
    }
  if (n >= 2) return true;
  // 800.4e: nothing is assigned to a departed player.
  return n == 1 && (keywords(a.obj) & kTrample) && order_.in_game(a.target) && dmg > lethal;
}

// The attacker whose damage is divided next this step: the attacking players
// in turn order from the active seat (APNAP), each one's attackers in the
// order they were declared.
int MagicState::dividing() const {
  const TurnCtx& t = T();
  if (t.step != Step::kFirstStrikeDamage && t.step != Step::kCombatDamage) return -1;
  const std::uint8_t code = step_code(t.step);
  const bool first = code == 1;
  for (Seat s : in_turn_order(t.actives, t.active, order_))
    for (std::size_t i = 0; i < t.attackers.size(); ++i) {
      const Attacker& a = t.attackers[i];
      if (objs_[a.obj].controller == s && a.divided != code && needs_division(a, first))
        return static_cast<int>(i);
    }
  return -1;
}

// Asks the next division of this damage step, from nothing assigned.
bool MagicState::next_division() {
  const int i = dividing();
  if (i < 0) return false;
  TurnCtx& t = T();
  Attacker& a = t.attackers[static_cast<std::size_t>(i)];
  a.to_player = 0;
  for (Block& b : t.blocks)
    if (b.attacker == a.obj) b.assigned = 0;
  ask_ = Ask::kDivide;
  asked_ = objs_[a.obj].controller;
  return true;
}

// Damage still needed for lethal (702.19c: damage marked and damage
// assigned so far both count).
int MagicState::lethal_need(const Block& b) const {
  return std::max(0, toughness(b.blocker) - objs_[b.blocker].damage - b.assigned);
}

int MagicState::division_left(const Attacker& a) const {
  int left = power(a.obj) - (order_.in_game(a.target) ? a.to_player : 0);
  for (const Block& b : T().blocks)
    if (b.attacker == a.obj) left -= b.assigned;
  return std::max(0, left);
}

// 702.19b-c: a trampler's damage reaches the player only once every blocker
// has lethal damage assigned; 800.4e: never a departed player.
bool MagicState::may_assign_player(const Attacker& a) const {
  if (!(keywords(a.obj) & kTrample) || !order_.in_game(a.target)) return false;
  for (const Block& b : T().blocks)
    if (b.attacker == a.obj && lethal_need(b) > 0) return false;
  return true;
}

void MagicState::division_options(Seat s, ActionList& out) const {
  const int i = dividing();
  if (i < 0) return;
  const Attacker& a = T().attackers[static_cast<std::size_t>(i)];
  if (objs_[a.obj].controller != s) return;
  const int left = division_left(a);
  // One point, the rest of the lethal damage, all that is left: no two alike.
  auto offer = [&](Obj to, int need) {
    if (left <= 0) return;
    out.push_back(Action{kAssign, to, 1, 0});
    if (need > 1 && need < left)
      out.push_back(Action{kAssign, to, static_cast<std::uint16_t>(need), 0});
    if (left > 1) out.push_back(Action{kAssign, to, static_cast<std::uint16_t>(left), 0});
  };
  bool begun = a.to_player > 0;
  for (const Block& b : T().blocks)
    if (b.attacker == a.obj) {
      offer(b.blocker, lethal_need(b));
      begun = begun || b.assigned > 0;
    }
  if (may_assign_player(a)) offer(kNoObj, 0);
  if (left == 0) out.push_back(Action{kAssignDone, 0, 0, 0});
  if (begun) out.push_back(Action{kResetAssign, 0, 0, 0});
}

void MagicState::assign_damage(Seat /*s*/, Action act) {
  const int i = dividing();
  if (i < 0) return;
  TurnCtx& t = T();
  Attacker& a = t.attackers[static_cast<std::size_t>(i)];
  switch (act.kind) {
    case kAssign:
      if (act.a == kNoObj) a.to_player = static_cast<std::int16_t>(a.to_player + act.b);
      for (Block& b : t.blocks)
        if (b.attacker == a.obj && b.blocker == act.a)
          b.assigned = static_cast<std::int16_t>(b.assigned + act.b);
      break;
    case kResetAssign:
      a.to_player = 0;
      for (Block& b : t.blocks)
        if (b.attacker == a.obj) b.assigned = 0;
      break;
    case kAssignDone:
      a.divided = step_code(t.step);
      ask_ = Ask::kNone;  // the damage step goes on: the next division, or the damage
      break;
    default:
      break;
  }
}

// Assumption 5: lethal damage to each blocker in declaration order, the rest
// to the last one or, with trample, to the player attacked (a departed
// player gets nothing, 800.4e: then the rest goes to the last blocker).
void MagicState::automatic_division(const Attacker& a, StaticVec<std::int16_t, 96>& to_blocks,
                                    int& to_player) const {
  const TurnCtx& t = T();
  to_blocks.clear();
  to_player = 0;
  int dmg = std::max(0, power(a.obj));
  const bool trample = (keywords(a.obj) & kTrample) && order_.in_game(a.target);
  std::size_t last = t.blocks.size();
  for (std::size_t i = 0; i < t.blocks.size(); ++i) {
    to_blocks.push_back(0);
    if (t.blocks[i].attacker == a.obj) last = i;
  }
  if (last == t.blocks.size()) {  // its blockers are gone
    if (trample) to_player = dmg;
    return;
  }
  for (std::size_t i = 0; i <= last && dmg > 0; ++i) {
    const Block& b = t.blocks[i];
    if (b.attacker != a.obj) continue;
    int give = std::min(dmg, std::max(0, toughness(b.blocker) - objs_[b.blocker].damage));
    if (i == last && !trample) give = dmg;
    to_blocks[i] = static_cast<std::int16_t>(give);
    dmg -= give;
  }
  if (trample) to_player = dmg;
}

// The timer's choice (default_action.cpp): the step toward the automatic
// division, the largest offered for the first target still short of its
// share; once a person's own steps went past it, all that is left to the
// first target offered.
Action MagicState::division_default() const {
  const int i = dividing();
  if (i < 0) return Action{};
  const Attacker& a = T().attackers[static_cast<std::size_t>(i)];
  ActionList legal;
  division_options(objs_[a.obj].controller, legal);
  StaticVec<std::int16_t, 96> want;
  int want_player = 0;
  automatic_division(a, want, want_player);
  auto largest = [&](Obj to, int most) {
    Action best{};
    for (const Action& x : legal)
      if (x.kind == kAssign && x.a == to && x.b <= most && x.b > best.b) best = x;
    return best;
  };
  const TurnCtx& t = T();
  for (std::size_t k = 0; k < t.blocks.size(); ++k)
    if (t.blocks[k].attacker == a.obj && want[k] > t.blocks[k].assigned) {
      const Action x = largest(t.blocks[k].blocker, want[k] - t.blocks[k].assigned);
      if (x.b > 0) return x;
    }
  if (want_player > a.to_player) {
    const Action x = largest(kNoObj, want_player - a.to_player);
    if (x.b > 0) return x;
  }
  for (const Action& x : legal)
    if (x.kind == kAssign) return largest(x.a, 1 << 15);
  return legal.empty() ? Action{} : legal.front();
}

}  // namespace tt::magic
