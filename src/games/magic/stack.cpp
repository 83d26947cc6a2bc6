// Priority (117), the stack (405, 608), triggered abilities in APNAP order
// (603.3b, team-based under 805.7) and state-based actions (704).
#include <bit>
#include <cassert>
#include <span>

#include "core/opponents.h"
#include "games/magic/events.h"
#include "games/magic/state.h"

namespace tt::magic {

// Priority belongs to players, or to teams under shared team turns (805.5:
// one seat stands for its team in the round). In Grand Melee a player has
// priority on a marker's stack only if the marker or an object on that
// stack is in their range (807.5a).
SeatMask MagicState::priority_seats() const {
  // Most tables: every player still in the game.
  if (!rules_->shared_turns && rules_->mode != Format::kGrandMelee) return order_.active();
  SeatMask m = 0;
  for (Seat s = 0; s < num_seats(); ++s) {
    if (!order_.in_game(s)) continue;
    if (rules_->shared_turns) {
      bool first = true;
      for (Seat t = 0; t < s; ++t)
        if (order_.in_game(t) && order_.teammates(t, s)) first = false;
      if (!first) continue;
    }
    if (rules_->mode == Format::kGrandMelee) {
      bool concerned = in_range(s, T().active);
      for (auto& it : T().stack) concerned = concerned || in_range(s, it.controller);
      if (!concerned) continue;
    }
    m |= seat_bit(s);
  }
  return m;
}

// 117.3a/b: the active player receives priority; when the active player has
// left, the next player in turn order does (800.4j).
void MagicState::open_priority() {
  const SeatMask seats = priority_seats();
  Seat first = T().active;
  if (!order_.in_game(first) || !has_seat(seats, first)) {
    first = kNoSeat;
    for (int i = 1; i <= num_seats(); ++i) {
      const Seat s = (T().active + i) % num_seats();
      if (has_seat(seats, s)) {
        first = s;
        break;
      }
      // Under shared turns a remaining teammate holds the team's priority.
      if (rules_->shared_turns && order_.in_game(s) && order_.teammates(s, T().active)) {
        for (Seat r = 0; r < num_seats(); ++r)
          if (has_seat(seats, r) && order_.teammates(r, s)) first = r;
        if (first != kNoSeat) break;
      }
    }
  }
  if (first == kNoSeat) {
    T().round.close();
    return;
  }
  T().round.open(seats, first);
  T().team_passed = 0;
  T().stage = 1;
}

void MagicState::acted(Seat /*s*/) {
  T().round.acted();
  T().team_passed = 0;
}

// A player (or, under 805.5b, a whole team once every member passed)
// passes. When everyone passed in succession the top object resolves, or
// the step ends on an empty stack (117.4). Returns true when the round goes
// on: only who holds priority changed.
bool MagicState::pass_priority(Seat s) {
  if (rules_->shared_turns) {
    T().team_passed = static_cast<std::uint16_t>(T().team_passed | seat_bit(s));
    const SeatMask team = static_cast<SeatMask>(team_of(s) & order_.active());
    if ((T().team_passed & team) != team) return true;
    T().team_passed = 0;
  }
  if (!T().round.pass(order_)) return true;
  if (!T().stack.empty()) {
    resolve_top();
    return false;
  }
  next_step();
  return false;
}

// Seats that can do nothing pass without being asked, in turn, until a seat
// can act (true: it is asked) or the round closes. A pass that leaves the
// round open changes nothing the next seat's check, the state-based actions
// or the triggers look at, so the checks follow one another here.
bool MagicState::pass_idle_seats() {
  TurnCtx& t = T();
  if (!rules_->shared_turns) {  // priority goes from player to player
    // Seats may_act would pass at once (outside their main phase, a hand
    // seen without an instant, nothing to activate): passed here without
    // the call, the most common check of all.
    SeatMask quiet = 0;
    if (markers_ <= 1 && !cast_.active && !res_.active && ask_ == Ask::kNone && !open_activators_ &&
        !rules_->deploy) {
      quiet = static_cast<SeatMask>(hand_seen_ & no_instant_);
      if ((t.step == Step::kMain1 || t.step == Step::kMain2) && t.stack.empty())
        quiet = static_cast<SeatMask>(quiet & ~t.actives);
    }
    for (;;) {
      const Seat s = t.round.holder();
      if (has_seat(quiet, s) && !activators_of_[static_cast<std::size_t>(s)]) {
        assert(!has_actions(s));  // every test's game checks the shortcut
      } else if (may_act(s)) {
        return true;
      }
      if (t.round.pass(order_)) break;
    }
    if (!t.stack.empty())
      resolve_top();
    else
      next_step();
    return false;
  }
  for (SeatMask pending = pending_seats(); pending; pending = pending_seats()) {
    const Seat s = std::countr_zero(static_cast<unsigned>(pending));
    if (has_actions(s)) return true;
    if (!pass_priority(s)) break;
  }
  return false;
}

// Whether a seat that may act now (one of pending_seats) could do anything
// with priority (otherwise it passes without being asked unless the
// all-stops option is on).
bool MagicState::has_actions(Seat s) const {
  if (cast_.active || res_.active || ask_ != Ask::kNone) {
    thread_local ActionList list;  // reused: no allocation per check
    legal_actions(s, list);
    return list.size() > 1;
  }
  return priority_options(s, nullptr);  // stops at the first option
}

void MagicState::push_trigger(const PendingTrigger& t) {
  if (!order_.in_game(t.controller)) return;  // 800.4d
  if (!pending_.full()) pending_.push_back(t);
}

// One object's triggered abilities of kind w (controller: its controller).
void MagicState::trigger(When w, Obj source, Seat subject, Obj subject_obj) {
  if (quiet_) return;
  const CardDef& d = def(source);
  for (std::size_t i = 0; i < d.triggers.size(); ++i) {
    const Trigger& t = d.triggers[i];
    if (t.when != w) continue;
    PendingTrigger p;
    p.source = source;
    p.def = objs_[source].def;
    p.index = static_cast<std::uint8_t>(i);
    p.controller = objs_[source].controller;
    p.subject = static_cast<std::int8_t>(subject);
    p.subject_obj = subject_obj;
    p.subject_gen = subject_obj == kNoObj ? 0 : objs_[subject_obj].gen;
    if (w == When::kAttacks || w == When::kBlocks || w == When::kEnters || w == When::kLeaves) {
      p.subject_obj = source;
      p.subject_gen = objs_[source].gen;
    }
    push_trigger(p);
  }
}

// Abilities of every permanent that trigger on an event elsewhere. 801.7:
// only when the whole event happens inside the controller's range.
void MagicState::trigger_all(When w, Seat subject, Obj subject_obj) {
  if (quiet_) return;
#ifndef NDEBUG  // the counts agree with the battlefield (every test's game checks it)
  {
    int n = 0;
    for (Obj o : battlefield_)
      for (auto& t : def(o).triggers) n += t.when == w;
    assert(n == watching_[static_cast<std::size_t>(w)]);
  }
#endif
  if (!watching_[static_cast<std::size_t>(w)]) return;  // nothing on the battlefield could trigger
  for (std::size_t i = 0; i < battlefield_.size(); ++i) {
    const Obj o = battlefield_[i];
    if (!objs_[o].triggers) continue;  // a land, most often
    const CardDef& d = def(o);
    for (std::size_t k = 0; k < d.triggers.size(); ++k) {
      const Trigger& t = d.triggers[k];
      if (t.when != w) continue;
      const Seat ctl = objs_[o].controller;
      if (subject >= 0 && !in_range(ctl, subject)) continue;
      if (w == When::kYourUpkeep && subject != ctl) continue;
      if (w == When::kEnchantedPlayerUpkeep && objs_[o].enchanted_player != subject) continue;
      if (w == When::kEnchantedPlayerLoses && objs_[o].enchanted_player != subject) continue;
      if (t.cond.opponent_lost_life) {
        bool any = false;
        for (Seat s = 0; s < num_seats(); ++s)
          any = any || (opponents(ctl, s) && in_range(ctl, s) &&
                        players_[s].lost_this_turn >= t.cond.opponent_lost_life);
        if (!any) continue;
      }
      PendingTrigger p;
      p.source = o;
      p.def = objs_[o].def;
      p.index = static_cast<std::uint8_t>(k);
      p.controller = static_cast<std::int8_t>(ctl);
      p.subject = static_cast<std::int8_t>(subject);
      p.subject_obj = subject_obj;
      p.subject_gen = subject_obj == kNoObj ? 0 : objs_[subject_obj].gen;
      push_trigger(p);
    }
  }
}

// 603.3b: the active player puts all their triggers on the stack in the
// order they choose, then each other player in turn order (under 805.7,
// team by team). Returns true when it did something or asks a choice.
bool MagicState::stack_triggers() {
  // Drop triggers whose controller has left meanwhile (800.4d).
  for (std::size_t i = 0; i < pending_.size();)
    if (!order_.in_game(pending_[i].controller))
      pending_.erase_at(i);
    else
      ++i;
  if (pending_.empty()) return false;
  Seat group = kNoSeat;
  for (int k = 0; k < num_seats() && group == kNoSeat; ++k) {
    const Seat s = (T().active + k) % num_seats();
    for (auto& p : pending_)
      if (rules_->shared_turns ? order_.teammates(p.controller, s) : p.controller == s) {
        group = s;
        break;
      }
  }
  StaticVec<std::uint8_t, 32> mine;
  for (std::size_t i = 0; i < pending_.size(); ++i)
    if (rules_->shared_turns ? order_.teammates(pending_[i].controller, group)
                             : pending_[i].controller == group)
      mine.push_back(static_cast<std::uint8_t>(i));
  bool same = true;
  for (auto i : mine)
    same = same && pending_[i].def == pending_[mine[0]].def &&
           pending_[i].index == pending_[mine[0]].index &&
           pending_[i].controller == pending_[mine[0]].controller &&
           pending_[i].subject == pending_[mine[0]].subject &&
           pending_[i].subject_obj == pending_[mine[0]].subject_obj;
  if (mine.size() > 1 && !same) {
    ask_ = Ask::kOrderTriggers;
    asked_ = static_cast<std::int8_t>(pending_[mine[0]].controller);
    if (rules_->shared_turns) {  // 805.2: the primary player orders the team's triggers
      for (Seat s = 0; s < num_seats(); ++s)
        if (order_.in_game(s) && order_.teammates(s, group)) {
          asked_ = static_cast<std::int8_t>(s);
          break;
        }
    }
    return true;
  }
  stack_trigger(mine[0]);
  return true;
}

// Puts pending trigger `index` on the stack, choosing its targets first
// (603.3d: with no legal target it is removed).
void MagicState::stack_trigger(std::size_t index) {
  const PendingTrigger p = pending_[index];
  pending_.erase_at(index);
  StackItem it;
  it.id = stack_ids_++;
  it.kind = p.delayed ? ItemKind::kDelayedReturn : ItemKind::kTriggered;
  it.card = p.source;
  it.def = p.def;
  it.controller = p.controller;
  it.index = p.index;
  it.subject = p.subject;
  it.subject_obj = p.subject_obj;
  it.subject_gen = p.subject_gen;
  // "Defending player" of an attack trigger: the player it attacks (802.2a).
  if (!p.delayed && def(p.source).triggers[p.index].when == When::kAttacks)
    it.chosen = defending_player_of(p.source);
  log(kEvTrigger, p.controller, p.source, p.index);
  if (it.kind == ItemKind::kTriggered && !def(p.source).triggers[p.index].targets.empty()) {
    for (TargetKind k : def(p.source).triggers[p.index].targets)
      if (!any_target(p.controller, k, p.source)) return;  // 603.3d
    cast_ = Casting{};
    cast_.active = true;
    cast_.seat = p.controller;
    cast_.obj = p.source;
    cast_.item = it;
    trigger_casting_ = true;
    return;
  }
  if (T().stack.full()) return;  // a runaway loop: the trigger is lost
  T().stack.push_back(it);
  acted(p.controller);  // something new on the stack: everyone passes again
  stacked(p.controller);
}

// Resolves the top object (608). Afterwards the active player receives
// priority (117.3b).
void MagicState::resolve_top() {
  if (T().stack.full()) changed();  // room on the stack again: a spell may be cast
  res_ = Resolving{};
  res_.active = true;
  res_.item = T().stack.back();
  T().stack.pop_back();
  if (!run(res_)) return;  // waits for a choice; resolution_choose continues
}

// 704: every state-based action at once; returns true when any happened.
bool MagicState::state_based_actions() {
  if (!sba_dirty_ && !sba_players_) return false;  // nothing they look at has changed
  const bool battlefield = sba_dirty_;             // else only life, poison or a draw changed
  sba_dirty_ = sba_players_ = false;
  SeatMask losers = 0;
  for (Seat s = 0; s < num_seats(); ++s) {
    if (!order_.in_game(s)) continue;
    Player& p = players_[s];
    if (life(s) <= 0 || p.drew_from_empty || poison(s) >= rules_->poison_limit)
      losers |= seat_bit(s);
  }
  // Plain arrays (only the part written is read): most checks find nothing,
  // and zeroing two lists cost more than the look.
  Obj dying[64], auras[32];
  std::size_t dying_n = 0, auras_n = 0;
  // Without an effect or an Aura lowering toughness, a creature with no
  // damage dies only if its card's toughness is 0 or less: most creatures
  // are answered without walking the effects and Auras for each.
  bool lowered = false;
  if (battlefield)
    for (auto& m : mods_) lowered = lowered || m.toughness < 0;
  if (battlefield && pt_auras_ && !lowered)
    for (Obj a : bodies())
      if (objs_[a].attached != kNoObj)  // what toughness() adds up
        for (auto& st : def(a).statics)
          lowered = lowered || (st.kind == StaticKind::kEnchantedPt && st.toughness < 0);
  const std::span<const Obj> looked = battlefield ? bodies() : std::span<const Obj>{};
  for (Obj o : looked) {
    if (!(objs_[o].types & kCreature) && !objs_[o].aura) continue;  // past bodies_' room
    if ((objs_[o].types & kCreature) && dying_n < std::size(dying)) {
      if (lowered || objs_[o].damage != 0 || def(o).toughness <= 0) {
        const int t = toughness(o);
        if (t <= 0 || objs_[o].damage >= t) dying[dying_n++] = o;
      } else {
        assert(toughness(o) > 0);
      }
    }
    if (objs_[o].aura && auras_n < std::size(auras)) {
      const CardDef& d = def(o);
      const Object& a = objs_[o];
      bool legal;
      if (d.enchant == 1)
        legal = a.attached != kNoObj && objs_[a.attached].zone == Zone::kBattlefield &&
                def(a.attached).is(kCreature) && obj_in_range(a.controller, a.attached);
      else
        legal = a.enchanted_player >= 0 && order_.in_game(a.enchanted_player) &&
                in_range(a.controller, a.enchanted_player);
      if (!legal) auras[auras_n++] = o;  // 704.5m, 801.8
    }
  }
  if (!losers && !dying_n && !auras_n) return false;
  StaticVec<Obj, 64> batch;
  for (Obj o : std::span<const Obj>(dying, dying_n)) batch.push_back(o);
  for (Obj o : std::span<const Obj>(auras, auras_n))
    if (!batch.full()) batch.push_back(o);
  destroy_batch(batch);
  if (losers) leave_game(losers);
  return true;
}

// Objects put into their owners' graveyards at the same time: every one of
// them sees the others die (603.10a).
void MagicState::destroy_batch(const StaticVec<Obj, 64>& dying) {
  for (Obj o : dying) {
    if (objs_[o].zone != Zone::kBattlefield) continue;
    trigger(When::kLeaves, o);
    if (def(o).is(kCreature) && !def(o).token)
      trigger_all(When::kCreatureDies, objs_[o].controller, o);
  }
  quiet_ = true;
  for (Obj o : dying)
    if (objs_[o].zone == Zone::kBattlefield) {
      log(kEvDies, objs_[o].controller, o);
      move(o, Zone::kGraveyard);
    }
  quiet_ = false;
}

}  // namespace tt::magic
