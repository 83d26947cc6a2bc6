// Who decides now and with which options; applying a chosen option.
#include <algorithm>
#include <bit>

#include "core/opponents.h"
#include "games/lastchronicle/events.h"
#include "games/lastchronicle/state.h"

namespace tt::lastchronicle {

LcState::LcState(std::shared_ptr<const Rules> rules) : rules_(std::move(rules)) {}

std::unique_ptr<State> LcState::clone() const {
  auto copy = std::make_unique<LcState>(*this);
  copy->detach_log();
  return copy;
}

void LcState::assign(const State& other) {
  assign_same<LcState>(other);
}

SeatMask LcState::pending_seats() const {
  if (phase_ == Phase::kOver) return 0;
  if (pay_.what != Paying::kNone) return seat_bit(pay_.seat);
  if (res_.active) return res_.waiting != kNoSeat ? seat_bit(res_.waiting) : 0;
  if (ordering_ != kNoSeat) return seat_bit(ordering_);
  switch (phase_) {
    case Phase::kSetupShed: {
      SeatMask m = 0;
      for (Seat s = 0; s < num_seats(); ++s)
        if (order_.in_game(s) && !players_[s].picked) m |= seat_bit(s);
      return m;
    }
    case Phase::kMulligan:
      return seat_bit(deciding_);
    case Phase::kMain:
    case Phase::kName:
    case Phase::kAttack:
      return seat_bit(turn_player_);
    case Phase::kWindow:
      return round_.is_open() ? seat_bit(round_.holder()) : 0;
    case Phase::kBlock:
      return seat_bit(combat_.target);
    case Phase::kOver:
      break;
  }
  return 0;
}

Seat LcState::to_act() const {
  const SeatMask m = pending_seats();
  if (!m) return kNoSeat;
  if (!(m & (m - 1))) return std::countr_zero(static_cast<unsigned>(m));  // one seat
  for (Seat s : in_turn_order(m, turn_player_, order_)) return s;
  return kNoSeat;
}

std::string LcState::prompt(Seat seat) const {
  if (!has_seat(pending_seats(), seat)) return "Waiting";
  if (pay_.what != Paying::kNone)
    return "Pay " + std::to_string(pay_.remaining) + " more CA from your CA yard";
  if (res_.active) {
    const std::string src = def(res_.card).name;
    switch (res_.wait) {
      case kChooseOpponent:
        return src + ": name an opponent";
      case kChooseCard:
        return src + ": choose a card to discard";
      case kYes:
        return src + ": set it on your chronoglyph as ride?";
      default:
        return src + ": choose a unit";
    }
  }
  if (ordering_ != kNoSeat) return "Choose which of your abilities resolves first";
  switch (phase_) {
    case Phase::kSetupShed:
      return "Set aside up to one card to set on your chronoglyph as shed";
    case Phase::kMulligan:
      return "Mulligan: choose cards to put on the bottom, then keep";
    case Phase::kMain:
      return "Main phase: use a card or ability, chrono check, or go to combat";
    case Phase::kName:
      return "Combat preparation: name the opponent to attack";
    case Phase::kWindow:
      return window_ == Window::kPreparation    ? "Combat preparation: quick actions, or pass"
             : window_ == Window::kBeforeDamage ? "Before damage: quick actions, or pass"
                                                : "Pre-end phase: quick actions, or pass";
    case Phase::kAttack:
      return "Attack with a unit, or end combat";
    case Phase::kBlock:
      return "You are attacked: block with a unit, or not";
    case Phase::kOver:
      break;
  }
  return "Waiting";
}

void LcState::legal_actions(Seat seat, ActionList& out) const {
  out.clear();
  if (seat < 0 || seat >= num_seats() || !has_seat(pending_seats(), seat)) return;
  if (pay_.what != Paying::kNone) {
    const Player& p = players_[seat];
    const Colours colours = pay_.what == Paying::kCheck ? 0 : def(pay_.card).colours;
    for (std::size_t i = 0; i < p.ca_yard.size(); ++i)
      if (!((pay_.cards >> i) & 1u) && card_value(seat, i, colours) > 0)
        out.push_back({kPayCard, p.ca_yard[i], 0, 0});
    for (std::size_t i = 0; i < p.tokens.size(); ++i)
      if (!((pay_.tokens >> i) & 1u))
        out.push_back({kPayToken, static_cast<std::uint16_t>(i), 0, 0});
    out.push_back({kCancel, 0, 0, 0});
    return;
  }
  if (res_.active) return choices(seat, out);
  if (ordering_ != kNoSeat) {
    for (int k = 0; k < triggers_.count(seat); ++k)
      out.push_back({kOrder, static_cast<std::uint16_t>(triggers_.index_of(seat, k)), 0, 0});
    return;
  }
  const Player& p = players_[seat];
  switch (phase_) {
    case Phase::kSetupShed: {
      out.push_back({kShed, kNoCard, 0, 0});
      for (Card c : p.deck)
        if (def(c).setup_shed) out.push_back({kShed, c, 0, 0});
      return;
    }
    case Phase::kMulligan:
      for (Card c : p.hand)
        if (!mulligan_pick_.contains(c)) out.push_back({kMulliganPick, c, 0, 0});
      out.push_back({kMulliganDone, 0, 0, 0});
      return;
    case Phase::kMain:
      quick_actions(seat, false, out);
      out.push_back({kToCombat, 0, 0, 0});
      return;
    case Phase::kName:
      for (Seat o : in_turn_order(opponent_candidates(order_, seat), seat, order_))
        out.push_back({kName, static_cast<std::uint16_t>(o), 0, 0});
      return;
    case Phase::kWindow:
      quick_actions(seat, true, out);
      out.push_back({kPass, 0, 0, 0});
      return;
    case Phase::kAttack:
      for (auto& u : p.field)
        if (can_attack(seat, u)) out.push_back({kAttackWith, u.card, 0, 0});
      out.push_back({kEndCombat, 0, 0, 0});
      return;
    case Phase::kBlock:
      for (auto& u : p.field)
        if (!u.wiped) out.push_back({kBlockWith, u.card, 0, 0});
      out.push_back({kNoBlock, 0, 0, 0});
      return;
    case Phase::kOver:
      return;
  }
}

void LcState::apply_action(Seat seat, Action a) {
  const Card c = static_cast<Card>(a.a);
  switch (static_cast<Act>(a.kind)) {
    case kShed: {
      Player& p = players_[seat];
      if (c != kNoCard) {
        p.deck.remove(c);
        p.setup_pick = c;
      }
      p.picked = true;
      break;
    }
    case kMulliganPick:
      mulligan_pick_.push_back(c);
      break;
    case kMulliganDone: {
      Player& p = players_[seat];
      for (Card k : mulligan_pick_) {
        p.hand.remove(k);
        p.deck.insert_at(0, k);       // the bottom
        known_[k] |= seat_bit(seat);  // its owner knows where it lies
      }
      log(kEvMulligan, seat, static_cast<int>(mulligan_pick_.size()));
      draw(seat, static_cast<int>(mulligan_pick_.size()));
      next_mulligan();
      break;
    }
    case kPlace:
      begin_payment(Paying::kPlace, seat, c, 0, 0, def(c).cost);
      break;
    case kUse:
      begin_payment(Paying::kSpell, seat, c, 0, a.b, spell_cost(c, a.b));
      break;
    case kActivate:
      begin_payment(Paying::kActivate, seat, c, a.b, 0, def(c).abilities[a.b].cost_ca);
      break;
    case kCheck:
      begin_payment(Paying::kCheck, seat, kNoCard, 0, 0, check_cost(seat));
      break;
    case kPayCard:
    case kPayToken:
      pay(seat, a);
      break;
    case kCancel:
      pay_ = Payment{};
      break;
    case kToCombat:
      phase_ = Phase::kName;
      break;
    case kName:
      name_target(a.a);
      break;
    case kPass:
      log(kEvPass, seat);
      round_.pass(order_);
      break;
    case kAttackWith:
      attack_with(c);
      break;
    case kEndCombat:
      end_combat();
      break;
    case kBlockWith:
      block_with(c);
      break;
    case kNoBlock:
      log(kEvNoBlock, seat);
      open_window(Window::kBeforeDamage);
      break;
    case kOrder:
      ordering_ = kNoSeat;
      start_trigger(a.a);
      break;
    case kChooseOpponent:
    case kChooseUnit:
    case kChooseCard:
    case kDone:
    case kYes:
    case kNo:
      choose(seat, a);
      break;
  }
  // A quick action done in a window counts as acting (a payment counts once
  // it completes; a cancelled one never does).
  if (phase_ == Phase::kWindow && round_.is_open() && a.kind != kPass && a.kind != kCancel &&
      pay_.what == Paying::kNone && seat == round_.holder())
    round_.acted();
  settle();
  note_revealed_tops();
}

}  // namespace tt::lastchronicle
