// Resolving spells and abilities: there is no stack, so one resolution runs
// at a time, step by step, pausing only for a choice. Triggers wait in the
// core TriggerQueue and resolve seat by seat from the turn player.
// Multiplayer guide FAQ: "an opponent" is one opponent for the whole effect;
// "each opponent" is all of them; "each player" includes you; a condition on
// "an opponent" holds if any opponent meets it; judgement names one opponent.
#include <algorithm>

#include "core/opponents.h"
#include "games/lastchronicle/events.h"
#include "games/lastchronicle/state.h"

namespace tt::lastchronicle {

const Ability& LcState::ability_of(const Resolution& r) const {
  return r.spell ? def(r.card).spell : def(r.card).abilities[r.ability];
}

void LcState::queue_triggers(Card c, Tag tag, When when, Seat subject) {
  const Seat ctl = controller(c);
  if (ctl == kNoSeat) return;
  const auto& abilities = def(c).abilities;
  for (std::size_t i = 0; i < abilities.size(); ++i)
    if (abilities[i].tag == tag && (tag != Tag::kAuto || abilities[i].when == when))
      triggers_.push(ctl,
                     Trigger{c, static_cast<std::uint8_t>(i), static_cast<std::int8_t>(subject)});
}

void LcState::queue_develop_triggers(Seat s) {
  for (auto& u : players_[s].field)
    if (!negated(u.card)) queue_triggers(u.card, Tag::kAuto, When::kYouDevelop);
}

void LcState::start_trigger(std::size_t i) {
  const Seat seat = triggers_[i].seat;
  const Trigger t = triggers_.take(i);
  res_ = Resolution{};
  res_.active = true;
  res_.card = t.card;
  res_.controller = static_cast<std::int8_t>(seat);
  res_.ability = t.ability;
  res_.subject = t.subject;
  log(kEvResolve, seat, t.card);
}

bool LcState::condition_holds(const Condition& c, Seat s, Card source) const {
  switch (c.kind) {
    case CondKind::kNone:
      return true;
    case CondKind::kOpponentLifeAtMost:
      return any_opponent(order_, s, [&](Seat o) { return players_[o].life <= c.n; });
    case CondKind::kYourLifeAtMost:
      return players_[s].life <= c.n;
    case CondKind::kResonance: {
      // 共鳴: cards in the CA yard sharing a colour (tokens are not cards there).
      int n = 0;
      for (Card k : players_[s].ca_yard) n += (def(k).colours & def(source).colours) != 0;
      return n >= c.n;
    }
  }
  return false;
}

// The seats a player effect addresses.
SeatMask LcState::addressed(const Effect& e) const {
  const Seat ctl = res_.controller;
  switch (e.who) {
    case Who::kYou:
      return order_.in_game(ctl) ? seat_bit(ctl) : 0;
    case Who::kOpponent:
      return res_.opponent >= 0 && order_.in_game(res_.opponent) ? seat_bit(res_.opponent) : 0;
    case Who::kEachOpponent:
      return opponent_candidates(order_, ctl);
    case Who::kEachPlayer:
      return order_.active();
  }
  return 0;
}

bool LcState::wait_for(Seat s, Act kind) {
  res_.waiting = static_cast<std::int8_t>(s);
  res_.wait = static_cast<std::uint8_t>(kind);
  return false;
}

void LcState::step_done() {
  ++res_.step;
  res_.sub = 0;
  res_.picks = 0;
}

// Single-unit targets a step may pick (kind: the Act used to pick them).
void LcState::unit_targets(Target t, Seat s, ActionList& out, std::uint16_t kind) const {
  for (Seat o = 0; o < num_seats(); ++o) {
    if (!order_.in_game(o)) continue;
    if (t == Target::kOwn && o != s) continue;
    if (t == Target::kOpponent && o != res_.opponent) continue;
    for (auto& u : players_[o].field) out.push_back({kind, u.card, 0, 0});
  }
}

bool LcState::has_unit_target(Target t, Seat s) const {
  for (Seat o = 0; o < num_seats(); ++o)
    if (order_.in_game(o) && !players_[o].field.empty() && (t != Target::kOwn || o == s) &&
        (t != Target::kOpponent || o == res_.opponent))
      return true;
  return false;
}

namespace {
bool needs_opponent(const Effect& e) {
  return e.verb == Verb::kJudgement || e.verb == Verb::kNegate || e.verb == Verb::kTakeControl ||
         e.who == Who::kOpponent ||
         (e.target == Target::kOpponent &&
          (e.verb == Verb::kDamageUnit || e.verb == Verb::kWipe || e.verb == Verb::kReady ||
           e.verb == Verb::kModify || e.verb == Verb::kBounce));
}
bool unit_verb(Verb v) {
  return v == Verb::kDamageUnit || v == Verb::kWipe || v == Verb::kReady || v == Verb::kModify ||
         v == Verb::kBounce;
}
bool single(Target t) {
  return t == Target::kAny || t == Target::kOwn || t == Target::kOpponent;
}
}  // namespace

bool LcState::run_resolution() {
  if (res_.waiting != kNoSeat) return false;
  const Ability& ab = ability_of(res_);
  if (res_.step == 0 && res_.sub == 0 && res_.picks == 0 &&
      !condition_holds(ab.cond, res_.controller, res_.card)) {
    log(kEvNothing, res_.controller, res_.card);
    res_ = Resolution{};
    return true;
  }
  while (res_.step < ab.effects.size()) {
    if (!step(ab.effects[res_.step])) return false;
  }
  res_ = Resolution{};
  return true;
}

bool LcState::step(const Effect& e) {
  const Seat ctl = res_.controller;
  // "An opponent": named once, the first time a step needs one.
  if (needs_opponent(e) && res_.opponent == kNoSeat) {
    const SeatMask c = opponent_candidates(order_, ctl);
    if (!c) {
      log(kEvNothing, ctl, res_.card);
      step_done();
      return true;
    }
    const Seat only = only_seat(c);
    if (only == kNoSeat) return wait_for(ctl, kChooseOpponent);
    res_.opponent = static_cast<std::int8_t>(only);
  }
  const SeatMask who = addressed(e);
  switch (e.verb) {
    case Verb::kDamagePlayer:
      for (Seat s : in_turn_order(who, ctl, order_)) damage_player(s, e.amount, ctl);
      break;
    case Verb::kDraw:
      for (Seat s : in_turn_order(who, ctl, order_)) draw(s, e.amount);
      break;
    case Verb::kGainLife:
      gain_life(ctl, e.amount);
      break;
    case Verb::kDiscard:
    case Verb::kSacrifice:
      // Each addressed player in turn order from the controller chooses.
      for (; res_.sub < num_seats(); ++res_.sub, res_.picks = 0) {
        const Seat s = (ctl + res_.sub) % num_seats();
        if (!has_seat(who, s) || !order_.in_game(s)) continue;
        const bool has =
            e.verb == Verb::kDiscard ? !players_[s].hand.empty() : !players_[s].field.empty();
        const int want = e.verb == Verb::kDiscard ? e.amount : 1;
        if (has && res_.picks < want)
          return wait_for(s, e.verb == Verb::kDiscard ? kChooseCard : kChooseUnit);
      }
      break;
    case Verb::kNegate: {
      const int up_to = e.amount < 0 ? res_.x : e.amount;
      if (res_.picks < up_to && res_.opponent >= 0 && order_.in_game(res_.opponent)) {
        for (auto& u : players_[res_.opponent].field)
          if (!negated(u.card)) return wait_for(ctl, kChooseUnit);
      }
      break;
    }
    case Verb::kTakeControl:
      if (res_.picks == 0 && res_.opponent >= 0 && order_.in_game(res_.opponent) &&
          !players_[ctl].field.full())
        for (auto& u : players_[res_.opponent].field)
          if (def(u.card).cost <= e.amount) return wait_for(ctl, kChooseUnit);
      break;
    case Verb::kChronoCheck:
      chrono_check_card(ctl);
      break;
    case Verb::kDevelop:
      develop(ctl);
      break;
    case Verb::kSetRide: {
      // Only a card that really went to its owner's discard can be set; a
      // leader went home first, so nothing happens (guide, 【撤退】 note).
      const Player& p = players_[owner_[res_.card]];
      if (res_.picks == 0 && owner_[res_.card] == ctl && p.discard.contains(res_.card))
        return wait_for(ctl, kYes);
      if (res_.picks == 0) log(kEvNothing, ctl, res_.card);
      break;
    }
    case Verb::kJudgement: {
      const Seat o = res_.opponent;
      const Player& me = players_[ctl];
      const Player& them = players_[o];
      const int mine = me.deck.empty() ? -1 : def(me.deck.back()).ca;
      const int theirs = them.deck.empty() ? -1 : def(them.deck.back()).ca;
      const bool won = mine > theirs;
      // Both cards were shown and stay on top: everyone knows them now.
      reveal_top(ctl);
      reveal_top(o);
      emit(Event{kEvJudgement,
                 static_cast<std::int8_t>(ctl),
                 kAllSeats,
                 {o, me.deck.empty() ? -1 : me.deck.back(),
                  them.deck.empty() ? -1 : them.deck.back(), won}});
      if (!won) {
        res_.step = static_cast<std::uint8_t>(res_.step + e.skip);
      } else {
        res_.opponent = kNoSeat;  // what judgement unlocks may pick anyone
      }
      break;
    }
    default: {  // unit effects
      if (!unit_verb(e.verb)) break;
      if (single(e.target)) {
        if (res_.picks > 0) break;
        if (!has_unit_target(e.target, ctl)) {
          log(kEvNothing, ctl, res_.card);
          break;
        }
        return wait_for(ctl, kChooseUnit);
      }
      // Every unit the target names, in turn order from the controller.
      StaticVec<Card, kMaxCards> cards;
      for (Seat s : in_turn_order(order_.active(), ctl, order_)) {
        const bool mine = s == ctl;
        if (e.target == Target::kOwnUnits && !mine) continue;
        if (e.target == Target::kEachOpponentUnit && !has_seat(opponent_candidates(order_, ctl), s))
          continue;
        if (e.target == Target::kSelf) continue;
        for (auto& u : players_[s].field) cards.push_back(u.card);
      }
      if (e.target == Target::kSelf && unit(res_.card)) cards.push_back(res_.card);
      for (Card c : cards)
        if (unit(c)) affect_unit(e, c, ctl);
      break;
    }
  }
  step_done();
  return true;
}

// A unit effect (damage, wipe, ready, modify, bounce) on one unit, by `by`.
void LcState::affect_unit(const Effect& e, Card c, Seat by) {
  switch (e.verb) {
    case Verb::kDamageUnit:
      damage_unit(c, e.amount, by);
      break;
    case Verb::kWipe:
      unit(c)->wiped = true;
      log(kEvWipe, controller(c), c);
      break;
    case Verb::kReady:
      unit(c)->wiped = false;
      log(kEvReady, controller(c), c);
      break;
    case Verb::kModify:
      if (!mods_.full())
        mods_.push_back(Modifier{c, e.atk, e.def, static_cast<std::int8_t>(by), false});
      log(kEvModify, by, c, e.atk, e.def);
      break;
    case Verb::kBounce: {
      const Seat o = owner_[c];
      take_from_field(c, true);
      log(kEvBounce, o, c);
      players_[o].hand.push_back(c);
      known_[c] = everyone();  // everyone saw it go back to that hand
      break;
    }
    default:
      break;
  }
}

// The options of the seat a step waits for.
void LcState::choices(Seat s, ActionList& out) const {
  const Effect& e = ability_of(res_).effects[res_.step];
  switch (res_.wait) {
    case kChooseOpponent:
      for (Seat o : in_turn_order(opponent_candidates(order_, s), s, order_))
        out.push_back({kChooseOpponent, static_cast<std::uint16_t>(o), 0, 0});
      return;
    case kChooseCard:
      for (Card c : players_[s].hand) out.push_back({kChooseCard, c, 0, 0});
      return;
    case kYes:
      out.push_back({kYes, 0, 0, 0});
      out.push_back({kNo, 0, 0, 0});
      return;
    default:
      break;
  }
  switch (e.verb) {
    case Verb::kSacrifice:
      for (auto& u : players_[s].field) out.push_back({kChooseUnit, u.card, 0, 0});
      return;
    case Verb::kNegate:
      for (auto& u : players_[res_.opponent].field)
        if (!negated(u.card)) out.push_back({kChooseUnit, u.card, 0, 0});
      out.push_back({kDone, 0, 0, 0});
      return;
    case Verb::kTakeControl:
      for (auto& u : players_[res_.opponent].field)
        if (def(u.card).cost <= e.amount) out.push_back({kChooseUnit, u.card, 0, 0});
      return;
    default:
      unit_targets(e.target, s, out, kChooseUnit);
      return;
  }
}

void LcState::choose(Seat s, Action a) {
  const Effect& e = ability_of(res_).effects[res_.step];
  res_.waiting = kNoSeat;
  switch (a.kind) {
    case kChooseOpponent:
      res_.opponent = static_cast<std::int8_t>(a.a);
      log(kEvOpponent, s, a.a);
      return;
    case kChooseCard:
      discard_from_hand(s, static_cast<Card>(a.a));
      ++res_.picks;
      return;
    case kDone:
      step_done();
      return;
    case kYes: {
      Player& p = players_[s];
      p.discard.remove(res_.card);
      if (p.ride != kNoCard) to_discard(p.ride);
      p.ride = res_.card;
      log(kEvRide, s, res_.card);
      step_done();
      return;
    }
    case kNo:
      step_done();
      return;
    default:
      break;
  }
  const Card c = static_cast<Card>(a.a);
  ++res_.picks;
  switch (e.verb) {
    case Verb::kSacrifice:
      log(kEvSacrifice, s, c);
      leave_field(c);
      return;
    case Verb::kNegate:
      if (!mods_.full()) mods_.push_back(Modifier{c, 0, 0, static_cast<std::int8_t>(s), true});
      log(kEvNegate, s, c);
      return;
    case Verb::kTakeControl: {
      Unit u = take_from_field(c, false);
      u.fresh = true;
      field_add(s, u);
      log(kEvControl, s, c);
      step_done();
      return;
    }
    default:
      affect_unit(e, c, s);
      break;
  }
  step_done();
}

}  // namespace tt::lastchronicle
