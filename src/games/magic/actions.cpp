// Pending decisions: who decides, their options, and applying a choice.
#include <cassert>
#include <type_traits>

#include "core/error.h"
#include "core/opponents.h"
#include "games/magic/events.h"
#include "games/magic/state.h"

namespace tt::magic {

// Teams win or lose together (104.2c, 809.5, 810.8a); a player who
// conceded has lost whatever the team does (104.3a).
Outcomes MagicState::outcomes() const {
  if (rules_->team_size <= 1) return standings_.outcomes(num_seats());
  Outcomes o = standings_.team_outcomes(order_);
  for (Seat s = 0; s < num_seats(); ++s)
    if (has_seat(conceded_, s) && o[static_cast<std::size_t>(s)].result == Result::kWin)
      o[static_cast<std::size_t>(s)].result = Result::kLoss;
  return o;
}

SeatMask MagicState::pending_seats() const {
  if (over_) return 0;
  if (cast_.active) return seat_bit(cast_.seat);
  if (res_.active) return res_.chooser >= 0 ? seat_bit(res_.chooser) : SeatMask{0};
  if (ask_ != Ask::kNone) return asked_ >= 0 ? seat_bit(asked_) : SeatMask{0};
  const TurnCtx& t = T();
  if (!t.round.is_open()) return 0;
  const Seat h = t.round.holder();
  if (!rules_->shared_turns) return seat_bit(h);
  // 805.5a: any member of the team holding priority may act.
  return static_cast<SeatMask>(team_of(h) & order_.active() & ~t.team_passed);
}

Seat MagicState::to_act() const {
  const SeatMask m = pending_seats();
  return m ? std::countr_zero(static_cast<unsigned>(m)) : kNoSeat;
}

std::string MagicState::prompt(Seat seat) const {
  if (!has_seat(pending_seats(), seat)) return "";
  if (cast_.active) return "Choose targets";
  if (res_.active) {
    switch (res_.want) {
      case kChoosePlayer:
        return "Choose a player";
      case kMode:
        return "Choose one";
      case kPayLife:
        return "Pay life?";
      case kPick:
        return "Choose cards";
      case kPile:
        return "Choose the pile to keep";
      default:
        return "Choose";
    }
  }
  switch (ask_) {
    case Ask::kMulligan:
      return "Keep this hand or mulligan";
    case Ask::kBottom:
      return "Put a card on the bottom of your library";
    case Ask::kOrderTriggers:
      return "Choose which of your triggers goes on the stack next";
    case Ask::kAttackers:
      return "Declare attackers";
    case Ask::kBlockers:
      return "Declare blockers";
    case Ask::kDefender:
      return "Choose the defending player";
    case Ask::kChooseOpponent:
      return "Choose an opponent";
    case Ask::kDiscard:
      return "Discard down to your maximum hand size";
    case Ask::kDivide: {
      const int i = dividing();
      if (i < 0) break;
      const Obj o = T().attackers[static_cast<std::size_t>(i)].obj;
      return "Divide " + def(o).name + "'s " + std::to_string(power(o)) +
             " combat damage among its blockers" +
             (keywords(o) & kTrample ? " (trample: the player once each has lethal)" : "");
    }
    default:
      break;
  }
  return T().stack.empty() ? "Your priority"
                           : "Respond, or pass to let the top of the stack resolve";
}

void MagicState::legal_actions(Seat seat, ActionList& out) const {
  out.clear();
  if (!has_seat(pending_seats(), seat)) return;
  if (cast_.active) return casting_options(seat, out);
  if (res_.active) return resolution_options(seat, out);
  const Player& p = players_[seat];
  switch (ask_) {
    case Ask::kMulligan: {
      out.push_back(Action{kKeep, 0, 0, 0});
      // 103.5 / 800.6: a mulligan is allowed while the hand would not be empty.
      const int next = p.mulligans + 1 - (rules_->free_mulligan ? 1 : 0);
      if (next < rules_->hand_size) out.push_back(Action{kMulligan, 0, 0, 0});
      return;
    }
    case Ask::kBottom:
    case Ask::kDiscard:
      for (Obj o : p.hand)
        out.push_back(
            Action{static_cast<std::uint16_t>(ask_ == Ask::kBottom ? kBottom : kPick), o, 0, 0});
      return;
    case Ask::kOrderTriggers:
      for (std::size_t i = 0; i < pending_.size(); ++i)
        if (rules_->shared_turns ? order_.teammates(pending_[i].controller, seat)
                                 : pending_[i].controller == seat)
          out.push_back(Action{kOrder, static_cast<std::uint16_t>(i), 0, 0});
      return;
    case Ask::kAttackers:
      return attack_options(seat, out);
    case Ask::kBlockers:
      return block_options(seat, out);
    case Ask::kDivide:
      return division_options(seat, out);
    case Ask::kDefender:
      for (Seat s : in_turn_order(attackable(seat), seat, order_))
        out.push_back(Action{kChoosePlayer, static_cast<std::uint16_t>(s), 0, 0});
      return;
    case Ask::kChooseOpponent:
      for (Seat s : in_turn_order(opponents_in_range(seat), seat, order_))
        out.push_back(Action{kChoosePlayer, static_cast<std::uint16_t>(s), 0, 0});
      return;
    default:
      break;
  }
  // Priority (117): pass, then the rest.
  out.push_back(Action{kPass, 0, 0, 0});
  priority_options(seat, &out);
}

// Priority options beyond passing: play a land (special action, 305), cast,
// activate. With no list, only whether there is one: the check before each
// seat's priority (has_actions) stops at the first option and counts the
// seat's untapped lands only when a card or ability needs mana.
bool MagicState::priority_options(Seat seat, ActionList* out, OptionReads* reads) const {
  const Player& p = players_[seat];
  const TurnCtx& t = T();
  const bool main = (t.step == Step::kMain1 || t.step == Step::kMain2) && t.stack.empty() &&
                    has_seat(t.actives, seat);
  bool any = false;
  // Adds an option; true when the caller only asked whether there is one.
  auto add = [&](Action a) {
    any = true;
    if (out) out->push_back(a);
    return out == nullptr;
  };
  Mana mana;
  bool counted = false;
  auto untapped = [&]() -> const Mana& {
    if (!counted) mana = mana_of(seat), counted = true;
    return mana;
  };
  // Outside its main phase a seat may cast only instants: a hand without
  // one (gathered without a branch per card) has nothing to offer.
  std::uint8_t kinds = 0;
  if (!main)
    for (Obj o : p.hand) kinds = static_cast<std::uint8_t>(kinds | objs_[o].types);
  if (main || (kinds & kInstant))
    for (Obj o : p.hand) {
      if (objs_[o].types & kLand) {
        if (main && p.lands_played < 1 && add(Action{kPlayLand, o, 0, 0})) return true;
        continue;
      }
      // 307.1: only an instant outside the main phase (can_cast says so too,
      // after counting mana and fetching the card).
      if (!(objs_[o].types & kInstant) && !main) continue;
      const CardDef& d = def(o);
      // More mana than the seat's untapped lands make: can_cast would say no
      // to every mode, after fetching the turn and the targets.
      if (d.cost.total() > untapped().total) continue;
      const int modes = d.permanent() ? 1 : static_cast<int>(d.modes.size());
      for (int m = 0; m < modes; ++m)
        if (can_cast(seat, o, m, untapped(), reads) &&
            add(Action{kCast, o, static_cast<std::uint16_t>(m), 0}))
          return true;
    }
#ifndef NDEBUG  // the counts agree with the battlefield (every test's game checks it)
  {
    int mine = 0, open = 0;
    for (Obj o : battlefield_)
      if (objs_[o].activates) mine += objs_[o].controller == seat, open += open_abilities(o);
    assert(mine == activators_of_[static_cast<std::size_t>(seat)] && open == open_activators_);
    std::remove_cvref_t<decltype(activators_.list())> list;
    std::remove_cvref_t<decltype(bodies_.list())> bodies;
    for (Obj o : battlefield_) {
      if (objs_[o].activates && !list.full()) list.push_back(o);
      if (body(o) && !bodies.full()) bodies.push_back(o);
    }
    assert(!activators_.fits() || list == activators_.list());
    assert(!bodies_.fits() || bodies == bodies_.list());
  }
#endif
  // Most tables: nothing this seat could activate. Else the scan stops at
  // the last permanent with an ability (but under deploy every creature has one).
  if (!rules_->deploy && !activators_of_[static_cast<std::size_t>(seat)] && !open_activators_)
    return any;
  // One permanent's abilities; true when the caller only asked whether there is one.
  auto abilities = [&](Obj o) {
    const CardDef& d = def(o);
    for (std::size_t i = 0; i < d.activated.size(); ++i)
      if (can_activate(seat, o, static_cast<int>(i), untapped(), reads) &&
          add(Action{kActivate, o, static_cast<std::uint16_t>(i), 0}))
        return true;
    return rules_->deploy && can_activate(seat, o, 255, untapped(), reads) &&
           add(Action{kActivate, o, 255, 0});
  };
  if (!rules_->deploy && activators_.fits()) {
    for (Obj o : activators_.list())
      if (abilities(o)) return true;
    return any;
  }
  for (Obj o : battlefield_) {
    if (!objs_[o].activates && !rules_->deploy) continue;  // most permanents: nothing to activate
    if (abilities(o)) return true;
  }
  return any;
}

void MagicState::apply_action(Seat seat, Action a) {
  if (cast_.active) {
    casting_choose(seat, a);
    if (!cast_.active && trigger_casting_) trigger_casting_ = false;
    advance();
    return;
  }
  if (res_.active) {
    resolution_choose(seat, a);
    advance();
    return;
  }
  Player& p = players_[seat];
  TurnCtx& t = T();
  switch (a.kind) {
    case kKeep:
      p.kept = true;
      p.to_bottom = static_cast<std::int8_t>(
          std::max(0, p.mulligans - (rules_->free_mulligan && p.mulligans > 0 ? 1 : 0)));
      log(kEvKeep, seat, static_cast<int>(p.hand.size()) - p.to_bottom);
      ask_ = Ask::kNone;
      deciding_ = static_cast<std::int8_t>(seat);
      if (p.to_bottom > 0) {
        ask_ = Ask::kBottom;
        asked_ = static_cast<std::int8_t>(seat);
      } else {
        mulligan_round();
      }
      break;
    case kMulligan:
      ++p.mulligans;
      p.mulligan_declared = true;
      log(kEvMulligan, seat, p.mulligans);
      ask_ = Ask::kNone;
      deciding_ = static_cast<std::int8_t>(seat);
      mulligan_round();
      break;
    case kBottom:
      p.hand.remove(a.a);
      objs_[a.a].zone = Zone::kLibrary;
      p.library.insert_at(0, a.a);
      objs_[a.a].known |= seat_bit(seat);  // 103.5: its owner knows what lies at the bottom
      log(kEvBottom, seat, a.a, 0, 0, seat_bit(seat));
      if (--p.to_bottom == 0) {
        ask_ = Ask::kNone;
        mulligan_round();
      }
      break;
    case kPick:  // cleanup discard (514.1)
      p.hand.remove(a.a);
      objs_[a.a].zone = Zone::kGone;
      put(a.a, Zone::kGraveyard);
      if (static_cast<int>(p.hand.size()) <= rules_->hand_size) ask_ = Ask::kNone;
      break;
    case kOrder:
      ask_ = Ask::kNone;
      stack_trigger(a.a);
      break;
    case kAttack:
      t.attackers.push_back(Attacker{a.a, static_cast<std::int8_t>(a.b), false, false});
      break;
    case kResetAttack:
      t.attackers.clear();
      break;
    case kAttackersDone:
      declare_attackers_done();
      break;
    case kBlock:
      t.blocks.push_back(Block{a.a, a.b});
      for (auto& x : t.attackers)
        if (x.obj == a.b) x.blocked = true;
      break;
    case kResetBlock: {
      const SeatMask group = rules_->shared_turns ? team_of(seat) : seat_bit(seat);
      for (std::size_t i = 0; i < t.blocks.size();)
        if (has_seat(group, objs_[t.blocks[i].blocker].controller))
          t.blocks.erase_at(i);
        else
          ++i;
      for (auto& x : t.attackers) {
        x.blocked = false;
        for (auto& b : t.blocks) x.blocked = x.blocked || b.attacker == x.obj;
      }
      break;
    }
    case kBlockersDone: {
      for (auto& b : t.blocks)
        if (has_seat(rules_->shared_turns ? team_of(seat) : seat_bit(seat),
                     objs_[b.blocker].controller))
          log(kEvBlock, objs_[b.blocker].controller, b.blocker, b.attacker);
      t.declared = static_cast<SeatMask>(t.declared |
                                         (rules_->shared_turns ? team_of(seat) : seat_bit(seat)));
      ask_ = Ask::kNone;
      next_blocker();
      if (ask_ == Ask::kNone) open_priority();
      break;
    }
    case kChoosePlayer:
      if (ask_ == Ask::kDefender) {
        ask_ = Ask::kNone;
        t.defender = static_cast<std::int8_t>(a.a);
        t.defending = seat_bit(a.a);
        log(kEvDefender, a.a);
        trigger_all(When::kEachCombat, t.active);
        open_priority();
      } else if (ask_ == Ask::kChooseOpponent) {
        ask_ = Ask::kNone;
        objs_[entering_[0]].chosen = static_cast<std::int8_t>(a.a);
        log(kEvChoose, seat, a.a, entering_[0]);
        entering_.erase_at(0);
      }
      break;
    case kAssign:
    case kAssignDone:
    case kResetAssign:
      assign_damage(seat, a);
      break;
    case kPass:
      pass_priority(seat);
      break;
    case kPlayLand:
      p.hand.remove(a.a);
      objs_[a.a].zone = Zone::kGone;
      ++p.lands_played;
      log(kEvLand, seat, a.a);
      enter_battlefield(a.a, seat);
      acted(seat);
      break;
    case kCast:
      begin_cast(seat, a.a, a.b);
      break;
    case kActivate:
      begin_activate(seat, a.a, a.b);
      break;
    default:
      break;
  }
  advance();
}

std::string MagicState::concede(Seat seat) {
  if (over_) return "the game is over";
  if (seat < 0 || seat >= num_seats()) return "no such seat";
  if (!order_.in_game(seat)) return "seat " + std::to_string(seat) + " has already left the game";
  changed();
  conceded_ = static_cast<SeatMask>(conceded_ | seat_bit(seat));
  leave_game(seat_bit(seat));  // 104.3a: at any time; 800.4 applies
  advance();
  return "";
}

double MagicState::heuristic(Seat seat) const {
  if (!order_.in_game(seat)) return -1000.0;
  double v = life(seat) - 3.0 * poison(seat);
  for (Obj o : battlefield_) {
    if (!def(o).is(kCreature)) {
      // Lands and other permanents are worth more on the battlefield than in hand.
      if (objs_[o].controller == seat) v += def(o).is(kLand) ? 0.5 : 0.6;
      continue;
    }
    const double worth = power(o) + toughness(o) * 0.5;
    v += order_.teammates(objs_[o].controller, seat) ? worth
                                                     : -worth / std::max(1, order_.remaining() - 1);
  }
  double opp = 0;
  int n = 0;
  for (Seat s = 0; s < num_seats(); ++s)
    if (order_.in_game(s) && opponents(seat, s)) {
      opp += life(s);
      ++n;
    }
  if (n) v -= opp / n * 0.5;
  // Cards in hand, less those a kept hand still owes to the bottom or a
  // further mulligan will cost (103.5).
  const Player& me = players_[seat];
  const int owed =
      me.kept ? me.to_bottom : std::max(0, me.mulligans - (rules_->free_mulligan ? 1 : 0));
  v += (static_cast<double>(me.hand.size()) - owed) * 0.3;
  return v;
}

// Fitted to played games (docs/games/magic.md, "Search and learning"):
// search reads the seats' chances as a softmax of their heuristics over
// 2 * scale (State::heuristic_scale), which ignores what every seat shares
// (the heuristic is not centred); the best fit is 8.0 at 2 and at 4 seats.
double MagicState::heuristic_scale() const {
  return 8.0;
}

}  // namespace tt::magic
