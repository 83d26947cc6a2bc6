// Objects and zones: creating cards and tokens, moving them between zones
// (a moved card is a new object, 400.7), entering and leaving the battlefield.
#include <algorithm>

#include "games/magic/events.h"
#include "games/magic/state.h"

namespace tt::magic {

MagicState::MagicState(std::shared_ptr<const Rules> rules)
    : rules_(std::move(rules)),
      defs_(rules_->pool.cards.data()),
      players_(static_cast<std::size_t>(rules_->seats), static_cast<std::size_t>(rules_->seats)),
      ctx_(1, static_cast<std::size_t>(std::clamp(rules_->markers, 1, kMaxMarkers))),
      order_(rules_->seats) {
  for (Seat s = 0; s < rules_->seats; ++s) order_.set_team(s, rules_->team[s]);
  turn_began_.fill(-1);
}

std::unique_ptr<State> MagicState::clone() const {
  auto c = std::make_unique<MagicState>(*this);
  c->detach_log();
  return c;
}

void MagicState::assign(const State& other) {
  assign_same<MagicState>(other);
}

CompactVec<Obj, 90>* MagicState::owner_zone(Obj o) {
  Player& p = players_[objs_[o].owner];
  switch (objs_[o].zone) {
    case Zone::kLibrary:
      return &p.library;
    case Zone::kHand:
      return &p.hand;
    case Zone::kGraveyard:
      return &p.graveyard;
    case Zone::kExile:
      return &p.exile;
    case Zone::kAnte:
      return &p.ante;
    default:
      return nullptr;
  }
}

void MagicState::reserve_objects(std::size_t n) {
  objs_.reserve(n);
  battlefield_.reserve(n);
}

Obj MagicState::new_object(int def, Seat owner, Zone zone) {
  if (num_objs_ >= kMaxObjects) return kNoObj;  // a runaway token loop: nothing more is made
  // Beyond the headroom of the deal (many tokens): half as much room again.
  if (objs_.full()) reserve_objects(std::min<std::size_t>(kMaxObjects, objs_.size() * 3 / 2 + 16));
  const Obj o = num_objs_++;
  objs_.push_back(Object{});
  Object& x = objs_[o];
  x.def = static_cast<std::uint16_t>(def);
  x.types = rules_->pool[x.def].types;
  x.activates = !rules_->pool[x.def].activated.empty();
  x.produces = rules_->pool[x.def].produces;
  x.triggers = !rules_->pool[x.def].triggers.empty();
  x.aura = rules_->pool[x.def].aura;
  x.owner = x.controller = x.base_controller = static_cast<std::int8_t>(owner);
  x.zone = Zone::kGone;
  x.timestamp = timestamp_++;
  put(o, zone);
  return o;
}

void MagicState::remove_from_zone(Obj o) {
  if (objs_[o].zone == Zone::kBattlefield) {
    count_controlled(o, -1);
    battlefield_.remove(o);
    if (pt_aura(o)) --pt_auras_;
    if (restrictor(o)) --restrictors_;
    subsets_left(o);
    watch(o, -1);
    // State-based actions look at the battlefield's creatures and Auras only.
    if (objs_[o].types & kCreature || objs_[o].aura) sba_dirty_ = true;
  } else if (auto* z = owner_zone(o)) {
    z->remove(o);
  }
  objs_[o].zone = Zone::kGone;
  objs_[o].known = 0;
}

void MagicState::put(Obj o, Zone z, bool bottom) {
  Object& x = objs_[o];
  x.zone = z;
  x.face_down = false;
  if (z != Zone::kLibrary && z != Zone::kHand) x.known = 0;  // public: everyone sees it
  if (z == Zone::kBattlefield) {
    battlefield_.push_back(o);
    count_controlled(o, +1);
    if (pt_aura(o)) ++pt_auras_;
    if (restrictor(o)) ++restrictors_;
    subsets_entered(o);
    watch(o, +1);
    // A land can neither die nor make an Aura illegal (704.5f-m).
    if (x.types & kCreature || x.aura) sba_dirty_ = true;
    // A new target for everyone, mana or an ability for its controller, or
    // for everyone in range one anyone may activate (idle.cpp).
    new_target();
    idle_[static_cast<std::size_t>(x.controller)] = 0;
    if (x.activates && open_abilities(o)) changed();
    return;
  }
  auto* list = owner_zone(o);
  if (!list) return;
  if (z == Zone::kHand) hand_changed(x.owner);  // idle.cpp
  if (bottom)
    list->insert_at(0, o);
  else
    list->push_back(o);
}

// A zone change other than onto the battlefield. Leaving the battlefield
// looks back (603.10): leave and dies triggers see the object as it was.
void MagicState::move(Obj o, Zone to) {
  Object& x = objs_[o];
  if (x.zone == Zone::kBattlefield) {
    leave_battlefield(o, to);
    return;
  }
  remove_from_zone(o);
  ++x.gen;
  x.tapped = false;
  x.damage = 0;
  x.controller = x.base_controller = x.owner;
  if (def(o).token) return;  // tokens off the battlefield cease to exist (111.7)
  put(o, to);
}

void MagicState::leave_battlefield(Obj o, Zone to) {
  const CardDef& d = def(o);
  const Seat ctl = objs_[o].controller;
  const bool creature = d.is(kCreature);
  remove_from_combat(o);
  // Look-back triggers fire with the object as it last existed.
  trigger(When::kLeaves, o);
  if (creature && to == Zone::kGraveyard && !d.token) trigger_all(When::kCreatureDies, ctl, o);
  count_controlled(o, -1);
  battlefield_.remove(o);
  if (pt_aura(o)) --pt_auras_;
  if (restrictor(o)) --restrictors_;
  subsets_left(o);
  watch(o, -1);
  if (objs_[o].types & kCreature || objs_[o].aura) sba_dirty_ = true;  // see remove_from_zone
  Object& x = objs_[o];
  x.zone = Zone::kGone;
  ++x.gen;
  x.tapped = false;
  x.damage = 0;
  x.counters = 0;
  x.attached = kNoObj;
  x.enchanted_player = -1;
  x.chosen = -1;
  x.controller = x.base_controller = x.owner;
  if (!d.token) put(o, to);
  // Cards it exiled "until it leaves" come back at once (610.3: not a trigger).
  const bool was_quiet = quiet_;
  quiet_ = false;
  return_exiled(o, 1);
  quiet_ = was_quiet;
  recompute_control();
}

void MagicState::return_exiled(Obj source, std::uint8_t hold, SeatMask skip) {
  auto give_back = [&](Obj e) {
    Object& x = objs_[e];
    if (x.held_by != source || x.hold != hold || x.zone != Zone::kExile || has_seat(skip, x.owner))
      return;
    x.held_by = kNoObj;
    x.hold = 0;
    remove_from_zone(e);
    ++x.gen;
    log(kEvReturn, x.owner, e);
    enter_battlefield(e, x.owner);
  };
  // What it holds is in exile: look there, not through every object of the
  // game, and return the cards in object order. Most leaves hold nothing:
  // they return before the list is set up (zeroing it costs more than the look).
  bool holds = false;
  for (Seat s = 0; s < num_seats() && !holds; ++s)
    for (Obj e : players_[s].exile) holds = holds || objs_[e].held_by == source;
  if (!holds) return;
  StaticVec<Obj, 64> held;
  bool many = false;
  for (Seat s = 0; s < num_seats(); ++s)
    for (Obj e : players_[s].exile)
      if (objs_[e].held_by == source) {
        if (held.full())
          many = true;
        else
          held.push_back(e);
      }
  if (many) {  // more than the list holds: every object in order
    for (Obj e = 0; e < num_objs_; ++e) give_back(e);
    return;
  }
  std::sort(held.begin(), held.end());
  for (Obj e : held) give_back(e);
}

// 800.4b: nothing enters under a departed player's control; the card stays
// where it is (the caller checks).
void MagicState::enter_battlefield(Obj o, Seat controller) {
  if (!order_.in_game(controller)) return;
  if (objs_[o].zone != Zone::kGone) remove_from_zone(o);
  Object& x = objs_[o];
  x.controller = x.base_controller = static_cast<std::int8_t>(controller);
  x.since = turn_;
  x.tapped = false;
  x.damage = 0;
  x.timestamp = timestamp_++;
  put(o, Zone::kBattlefield);
  const CardDef& d = def(o);
  if (d.choose_opponent) entering_.push_back(o);
  trigger(When::kEnters, o);
  if (d.is(kCreature) && !d.token) trigger_all(When::kCreatureEnters, controller, o);
}

bool MagicState::draw(Seat s) {
  Player& p = players_[s];
  if (p.library.empty()) {
    p.drew_from_empty = true;  // 704.5b at the next check
    sba_players_ = true;
    return false;
  }
  const Obj o = p.library.back();
  p.library.pop_back();
  objs_[o].zone = Zone::kHand;
  p.hand.push_back(o);
  hand_changed(s);  // idle.cpp
  log(kEvDraw, s, o, 0, 0, seat_bit(s));
  return true;
}

void MagicState::shuffle(Seat s) {
  auto& lib = players_[s].library;
  rng_.shuffle(lib.begin(), lib.end());
  for (Obj o : lib) objs_[o].known = 0;
}

// 302.6: a creature may attack or {T} only if its controller has controlled
// it continuously since their most recent turn began.
bool MagicState::sick(Obj o) const {
  // Haste (the card's and its modifiers' keywords) is looked up only for a
  // creature that would be sick without it: most are not.
  const Seat c = objs_[o].controller;
  if (turn_began_[c] >= 0 && objs_[o].since < turn_began_[c]) return false;
  return !(keywords(o) & kHaste);
}

}  // namespace tt::magic
