// Casting spells and activating abilities (601, 602): timing, targets in
// range (801.4), costs (118; mana is paid from untapped lands automatically),
// and the deploy ability every creature has under 804.2.
#include <algorithm>
#include <cassert>

#include "games/magic/events.h"
#include "games/magic/state.h"

namespace tt::magic {

namespace {
const std::vector<TargetKind> kEnchantCreature{TargetKind::kCreature};
const std::vector<TargetKind> kEnchantPlayer{TargetKind::kPlayer};
const std::vector<TargetKind> kDeployTargets{TargetKind::kTeammate};
const std::vector<TargetKind> kNone{};
const std::vector<Effect> kNoEffects{};
}  // namespace

const std::vector<TargetKind>& MagicState::item_targets(const StackItem& it) const {
  const CardDef& d = rules_->pool[it.def];
  switch (it.kind) {
    case ItemKind::kSpell:
    case ItemKind::kCopy:
      if (d.aura) return d.enchant == 1 ? kEnchantCreature : kEnchantPlayer;
      if (d.permanent()) return kNone;
      return d.modes[it.index].targets;
    case ItemKind::kActivated:
      return it.index == 255 ? kDeployTargets : d.activated[it.index].targets;
    case ItemKind::kTriggered:
      return d.triggers[it.index].targets;
    default:
      return kNone;
  }
}

const std::vector<Effect>& MagicState::item_effects(const StackItem& it) const {
  const CardDef& d = rules_->pool[it.def];
  switch (it.kind) {
    case ItemKind::kSpell:
    case ItemKind::kCopy:
      return d.permanent() ? kNoEffects : d.modes[it.index].effects;
    case ItemKind::kActivated:
      return it.index == 255 ? kNoEffects : d.activated[it.index].effects;
    case ItemKind::kTriggered:
      return d.triggers[it.index].effects;
    default:
      return kNoEffects;
  }
}

MagicState::Mana MagicState::mana_of(Seat s) const {
  assert(untapped_[static_cast<std::size_t>(s)] == count_mana(s));  // every test's game checks it
  return untapped_[static_cast<std::size_t>(s)];
}

MagicState::Mana MagicState::count_mana(Seat s) const {
  Mana m;
  for (Obj o : battlefield_)
    if (objs_[o].controller == s && !objs_[o].tapped && (objs_[o].types & kLand) &&
        objs_[o].produces >= 0) {
      ++m.have[objs_[o].produces];
      ++m.total;
    }
  return m;
}

void MagicState::recount_controlled() {
  changed();  // a state put together or loaded: nothing is remembered
  idle_ = {};
  idle_targets_ = {};
  hand_seen_ = no_instant_ = 0;
  untapped_ = {};
  activators_of_ = {};
  open_activators_ = 0;
  activators_.clear();
  bodies_.clear();
  watching_ = {};
  for (Obj o : battlefield_) {
    count_controlled(o, +1);
    watch(o, +1);
    subsets_entered(o);
  }
}

bool MagicState::affordable(const Mana& m, const ManaCost& cost) {
  if (m.total < cost.total()) return false;
  for (int k = 0; k < kColours; ++k)
    if (m.have[k] < cost.coloured[k]) return false;
  return true;
}

// Taps lands for the cost: coloured symbols first, then generic from the
// lands whose colour the rest of the hand needs least (simple and
// deterministic; every land makes one colour, so any legal payment works).
void MagicState::pay(Seat s, const ManaCost& m) {
  int need[kColours];
  int coloured = 0;  // symbols still to pay: the first scan stops when none is left
  for (int k = 0; k < kColours; ++k) need[k] = m.coloured[k], coloured += need[k];
  int generic = m.generic;
  for (Obj o : battlefield_) {
    if (coloured == 0) break;
    if (objs_[o].controller != s || objs_[o].tapped || !(objs_[o].types & kLand)) continue;
    const int c = objs_[o].produces;
    if (need[c] > 0) {
      --need[c];
      --coloured;
      set_tapped(o, true);
    }
  }
  for (Obj o : battlefield_) {
    if (generic == 0) break;
    if (objs_[o].controller != s || objs_[o].tapped || !(objs_[o].types & kLand)) continue;
    set_tapped(o, true);
    --generic;
  }
}

bool MagicState::target_legal(Seat s, TargetKind k, const Target& t, Obj source) const {
  if (t.kind == 1) {
    const Seat p = t.id;
    if (p >= num_seats() || !order_.in_game(p) || !in_range(s, p)) return false;
    switch (k) {
      case TargetKind::kAny:
      case TargetKind::kPlayer:
        return true;
      case TargetKind::kOpponent:
        return opponents(s, p);
      case TargetKind::kTeammate:
        return p != s && order_.teammates(s, p);
      default:
        return false;
    }
  }
  if (t.kind == 2) {
    const Obj o = t.id;
    if (o >= num_objs_ || objs_[o].gen != t.gen || objs_[o].zone != Zone::kBattlefield)
      return false;
    if (!obj_in_range(s, o)) return false;
    const CardDef& d = def(o);
    const Seat c = objs_[o].controller;
    switch (k) {
      case TargetKind::kAny:
      case TargetKind::kCreature:
        return d.is(kCreature);
      case TargetKind::kCreatureOpponentControls:
        return d.is(kCreature) && opponents(s, c);
      case TargetKind::kCreatureYouControl:
        return d.is(kCreature) && c == s;
      case TargetKind::kPermanent:
        return true;
      case TargetKind::kNonlandPermanent:
        return !d.is(kLand);
      case TargetKind::kAnotherNonlandPermanent:
        return !d.is(kLand) && o != source;
      case TargetKind::kPermanentYouControl:
        return c == s;
      default:
        return false;
    }
  }
  if (t.kind == 3 && k == TargetKind::kInstantOrSorcerySpell) {
    for (auto& it : T().stack)
      if (it.id == t.id && (it.kind == ItemKind::kSpell || it.kind == ItemKind::kCopy)) {
        const CardDef& d = rules_->pool[it.def];
        return (d.is(kInstant) || d.is(kSorcery)) && in_range(s, it.controller);
      }
  }
  return false;
}

// The permanents that might be a legal target of kind k, in battlefield
// order: the creatures (and Auras) for a creature, none for a player or a
// spell, else the whole battlefield. target_legal decides.
std::span<const Obj> MagicState::target_candidates(TargetKind k) const {
  switch (k) {
    case TargetKind::kAny:
    case TargetKind::kCreature:
    case TargetKind::kCreatureOpponentControls:
    case TargetKind::kCreatureYouControl:
      return bodies();
    case TargetKind::kPlayer:
    case TargetKind::kOpponent:
    case TargetKind::kTeammate:
    case TargetKind::kInstantOrSorcerySpell:
      return {};
    default:
      return {battlefield_.begin(), battlefield_.size()};
  }
}

void MagicState::target_options(Seat s, TargetKind k, Obj source, ActionList& out) const {
  for (Seat p = 0; p < num_seats(); ++p)
    if (target_legal(s, k, Target{1, static_cast<std::uint16_t>(p), 0}, source))
      out.push_back(Action{kTarget, 1, static_cast<std::uint16_t>(p), 0});
  for (Obj o : target_candidates(k))
    if (target_legal(s, k, Target{2, o, objs_[o].gen}, source))
      out.push_back(Action{kTarget, 2, o, 0});
  if (k == TargetKind::kInstantOrSorcerySpell)
    for (auto& it : T().stack)
      if (target_legal(s, k, Target{3, it.id, 0}, source))
        out.push_back(Action{kTarget, 3, it.id, 0});
}

bool MagicState::any_target(Seat s, TargetKind k, Obj source) const {
  for (Seat p = 0; p < num_seats(); ++p)
    if (target_legal(s, k, Target{1, static_cast<std::uint16_t>(p), 0}, source)) return true;
  for (Obj o : target_candidates(k))
    if (target_legal(s, k, Target{2, o, objs_[o].gen}, source)) return true;
  if (k == TargetKind::kInstantOrSorcerySpell)
    for (auto& it : T().stack)
      if (target_legal(s, k, Target{3, it.id, 0}, source)) return true;
  return false;
}

// 307.1: sorcery timing: the active player's main phase with an empty stack.
static bool sorcery_timing(const TurnCtx& t, Seat s) {
  return has_seat(t.actives, s) && (t.step == Step::kMain1 || t.step == Step::kMain2) &&
         t.stack.empty();
}

bool MagicState::can_cast(Seat s, Obj card, int mode, const Mana& mana, OptionReads* reads) const {
  const CardDef& d = def(card);
  if (d.is(kLand) || T().stack.full()) return false;
  if (!d.is(kInstant) && !sorcery_timing(T(), s)) return false;
  if (d.combat_only && (T().step < Step::kBeginCombat || T().step > Step::kEndCombat)) {
    if (reads) reads->combat = true;
    return false;
  }
  if (!affordable(mana, d.cost)) return false;
  if (d.pay_half_life && life(s) <= 0) return false;
  StackItem it;
  it.kind = ItemKind::kSpell;
  it.def = objs_[card].def;
  it.index = static_cast<std::uint8_t>(mode);
  const auto& kinds = item_targets(it);
  if (reads && !kinds.empty()) reads->targets = true;
  for (TargetKind k : kinds)
    if (!any_target(s, k, card)) return false;
  return true;
}

bool MagicState::can_activate(Seat s, Obj o, int index, const Mana& mana,
                              OptionReads* reads) const {
  const Object& x = objs_[o];
  if (x.zone != Zone::kBattlefield || T().stack.full()) return false;
  if (index == 255) {  // 804.2: {T}: target teammate gains control; sorcery speed
    if (!(rules_->deploy && def(o).is(kCreature) && x.controller == s && !x.tapped && !sick(o) &&
          sorcery_timing(T(), s)))
      return false;
    if (reads) reads->targets = true;
    return any_target(s, TargetKind::kTeammate, o);
  }
  const Activated& a = def(o).activated[static_cast<std::size_t>(index)];
  if (a.any_player ? !obj_in_range(s, o) : x.controller != s) return false;  // 801.6
  if (a.tap && (x.tapped || (def(o).is(kCreature) && sick(o)))) return false;
  if (a.sorcery_speed && !sorcery_timing(T(), s)) return false;
  if (!affordable(mana, a.mana)) return false;
  if (reads && !a.targets.empty()) reads->targets = true;
  for (TargetKind k : a.targets)
    if (!any_target(s, k, o)) return false;
  return true;
}

void MagicState::begin_cast(Seat s, Obj card, int mode) {
  cast_ = Casting{};
  cast_.active = true;
  cast_.seat = static_cast<std::int8_t>(s);
  cast_.obj = card;
  cast_.item.kind = ItemKind::kSpell;
  cast_.item.card = card;
  cast_.item.def = objs_[card].def;
  cast_.item.controller = static_cast<std::int8_t>(s);
  cast_.item.index = static_cast<std::uint8_t>(mode);
  if (item_targets(cast_.item).empty()) finish_cast();
}

void MagicState::begin_activate(Seat s, Obj o, int index) {
  cast_ = Casting{};
  cast_.active = true;
  cast_.seat = static_cast<std::int8_t>(s);
  cast_.obj = o;
  cast_.item.kind = ItemKind::kActivated;
  cast_.item.card = o;
  cast_.item.def = objs_[o].def;
  cast_.item.controller = static_cast<std::int8_t>(s);
  cast_.item.index = static_cast<std::uint8_t>(index);
  if (item_targets(cast_.item).empty()) finish_cast();
}

void MagicState::casting_options(Seat s, ActionList& out) const {
  const auto& kinds = item_targets(cast_.item);
  if (cast_.item.targets_n < kinds.size()) {
    target_options(s, kinds[cast_.item.targets_n], cast_.obj, out);
    // 707.10c: a copy may keep the original's target instead of a new one.
    const Target& old = cast_.item.targets[cast_.item.targets_n];
    if (cast_.item.kind == ItemKind::kCopy && old.kind != 0) {
      const Action keep{kTarget, old.kind, old.id, 0};
      if (std::find(out.begin(), out.end(), keep) == out.end()) out.push_back(keep);
    }
  }
  if (!trigger_casting_) out.push_back(Action{kCancel, 0, 0, 0});
}

void MagicState::casting_choose(Seat /*s*/, Action a) {
  if (a.kind == kCancel) {
    // The announced spell (601.2a) goes back to a hand that everyone has seen it in.
    if (cast_.item.kind == ItemKind::kSpell && objs_[cast_.obj].zone == Zone::kHand)
      objs_[cast_.obj].known = everyone();
    cast_ = Casting{};
    return;
  }
  if (a.kind == kTarget) {
    Target t{static_cast<std::uint8_t>(a.a), a.b, 0};
    const Target& old = cast_.item.targets[cast_.item.targets_n];
    if (t.kind == 2) t.gen = objs_[t.id].gen;
    if (cast_.item.kind == ItemKind::kCopy && t.kind == old.kind && t.id == old.id) t = old;
    cast_.item.targets[cast_.item.targets_n++] = t;
  }
  if (cast_.item.targets_n >= item_targets(cast_.item).size()) finish_cast();
}

// 601.2g-i: costs are paid, the spell or ability is on the stack, and its
// controller receives priority again (117.3c).
void MagicState::finish_cast() {
  const Seat s = cast_.seat;
  StackItem it = cast_.item;
  it.id = stack_ids_++;
  const bool trig = trigger_casting_;
  cast_ = Casting{};
  trigger_casting_ = false;
  if (trig) {
    if (T().stack.full()) return;  // a runaway loop: the trigger is lost
    T().stack.push_back(it);
    if (it.kind == ItemKind::kCopy) new_target();  // a spell to target (idle.cpp)
    log_targets(it);
    acted(s);
    stacked(s);
    return;
  }
  if (it.kind == ItemKind::kSpell) {
    const CardDef& d = def(it.card);
    pay(s, d.cost);
    if (d.pay_half_life) lose_life(s, (life(s) + 1) / 2);  // 810.9a: the team's total
    remove_from_zone(it.card);
    objs_[it.card].zone = Zone::kStack;
    objs_[it.card].controller = objs_[it.card].base_controller = static_cast<std::int8_t>(s);
    log(kEvCast, s, it.card, it.id);
    new_target();  // a spell to target (idle.cpp)
  } else {
    const Obj o = it.card;
    if (it.index == 255) {
      set_tapped(o, true);
    } else {
      const Activated& a = def(o).activated[it.index];
      pay(s, a.mana);
      if (a.tap) set_tapped(o, true);
      if (a.sacrifice) {
        log(kEvDies, objs_[o].controller, o);
        move(o, Zone::kGraveyard);
      }
    }
    log(kEvActivate, s, o, it.index);
  }
  T().stack.push_back(it);
  log_targets(it);
  acted(s);
  stacked(s);
}

void MagicState::log_targets(const StackItem& it) const {
  for (std::size_t i = 0; i < it.targets_n && i < it.targets.size(); ++i) {
    const Target& t = it.targets[i];
    int id = t.id;
    if (t.kind == 3) {  // a stack item: named by its card, which outlives its id
      id = -1;
      for (int k = 0; k < markers_; ++k)
        for (auto& other : ctx_[k].stack)
          if (other.id == t.id) id = other.def;
    }
    log(kEvTarget, it.controller, it.card, t.kind, id);
  }
}

}  // namespace tt::magic
