// Moving cards between zones, the leader rule, damage, life, and leaving the
// game. Multiplayer guide: "リーダーユニットの使い方", "脱落に関するルール".
#include <algorithm>

#include "core/error.h"
#include "core/opponents.h"
#include "games/lastchronicle/events.h"
#include "games/lastchronicle/state.h"

namespace tt::lastchronicle {

namespace {
constexpr auto kField = static_cast<std::size_t>(Zone::kBattlefield);
}

Card LcState::add_card(int d, Seat owner) {
  if (num_cards_ >= kMaxCards - 1) throw Error("too many cards in one game");
  def_[num_cards_] = static_cast<std::uint16_t>(d);
  const CardFacts& f = rules_->facts[static_cast<std::size_t>(d)];
  for (std::uint8_t z : f.statics) statics_in_game_ |= z;
  for (auto def : f.anthem_def) anthem_lowers_def_ = anthem_lowers_def_ || def < 0;
  owner_[num_cards_] = static_cast<std::int8_t>(owner);
  return num_cards_++;
}

const Unit* LcState::unit(Card c) const {
  for (Seat s = 0; s < num_seats(); ++s)
    for (auto& u : players_[s].field)
      if (u.card == c) return &u;
  return nullptr;
}

Unit* LcState::unit(Card c) {
  return const_cast<Unit*>(std::as_const(*this).unit(c));
}

Seat LcState::controller(Card c) const {
  for (Seat s = 0; s < num_seats(); ++s)
    for (auto& u : players_[s].field)
      if (u.card == c) return s;
  return kNoSeat;
}

std::string LcState::card_ref(Card c, Seat viewer) const {
  return owner_[c] == viewer ? def(c).id : def(c).id + "@" + std::to_string(owner_[c]);
}

// The leader rule: a leader leaving the battlefield to anywhere but the hand,
// or the hand to anywhere but the battlefield, goes at once to the leader
// area and may not be used until its player develops.
void LcState::leader_home(Card c) {
  Player& p = players_[owner_[c]];
  p.leader_home = true;
  p.leader_usable = false;
  log(kEvLeaderHome, owner_[c], c);
}

Unit LcState::take_from_field(Card c, bool triggers) {
  for (Seat s = 0; s < num_seats(); ++s) {
    auto& field = players_[s].field;
    for (std::size_t i = 0; i < field.size(); ++i) {
      if (field[i].card != c) continue;
      const Unit u = field[i];
      // The retreat ability triggers for the unit's controller (negated units have none).
      if (triggers && !negated(c)) queue_triggers(c, Tag::kRetreat);
      field.erase_at(i);
      std::uint8_t statics = 0;
      for (auto& left : field) statics |= facts(left.card).statics[kField];
      players_[s].field_statics = statics;
      for (std::size_t m = 0; m < mods_.size();)
        if (mods_[m].card == c)
          mods_.erase_at(m);
        else
          ++m;
      if (combat_.attacker == c) combat_.attacker = kNoCard;
      if (combat_.blocker == c) combat_.blocker = kNoCard;
      return u;
    }
  }
  return Unit{};
}

void LcState::field_add(Seat s, const Unit& u) {
  Player& p = players_[s];
  p.field.push_back(u);
  p.field_statics |= facts(u.card).statics[kField];
}

void LcState::to_discard(Card c) {
  if (is_leader(c)) return leader_home(c);
  players_[owner_[c]].discard.push_back(c);
}

void LcState::leave_field(Card c) {
  take_from_field(c, true);
  log(kEvUnitToDiscard, owner_[c], c);
  to_discard(c);
}

void LcState::discard_from_hand(Seat s, Card c) {
  players_[s].hand.remove(c);
  log(kEvDiscard, s, c);
  to_discard(c);
}

// Draws n cards; a player who must draw from an empty deck is marked decked
// (with the deck_out option they leave the game at the next check).
bool LcState::draw(Seat s, int n) {
  Player& p = players_[s];
  for (int i = 0; i < n; ++i) {
    if (p.deck.empty()) {
      if (!p.decked) log(kEvDecked, s);
      p.decked = true;
      return false;
    }
    const Card c = p.deck.back();
    p.deck.pop_back();
    p.hand.push_back(c);
    log(kEvDraw, s, c, 0, 0, seat_bit(s));
  }
  return true;
}

// The top card of the deck goes face up into the CA yard.
void LcState::chrono_check_card(Seat s) {
  Player& p = players_[s];
  if (p.deck.empty()) return;
  const Card c = p.deck.back();
  p.deck.pop_back();
  p.ca_yard.push_back(c);
  log(kEvCheck, s, c);
}

void LcState::develop(Seat s) {
  Player& p = players_[s];
  ++p.developed;
  log(kEvDevelop, s, p.developed);
  if (p.leader != kNoCard && p.leader_home) p.leader_usable = true;
  queue_develop_triggers(s);
}

void LcState::gain_life(Seat s, int n) {
  Player& p = players_[s];
  const int before = p.life;
  p.life = static_cast<std::int8_t>(std::min(rules_->life_cap, p.life + n));
  log(kEvLife, s, p.life - before, p.life);
}

void LcState::damage_player(Seat to, int n, Seat by) {
  if (n <= 0 || !order_.in_game(to)) return;
  Player& p = players_[to];
  p.life = static_cast<std::int8_t>(std::max(-99, p.life - n));
  p.damaged_by = static_cast<std::int8_t>(by);
  log(kEvDamagePlayer, to, n, by, p.life);
}

void LcState::damage_unit(Card c, int n, Seat) {
  Unit* u = unit(c);
  if (!u || n <= 0) return;
  u->damage = static_cast<std::int8_t>(std::min(99, u->damage + n));
  log(kEvDamageUnit, controller(c), c, n);
}

// Rule checks between resolutions: units whose DEF is 0 or less (damage
// included) go to the discard; players at life 0 (or decked) leave the game
// together, and whoever's unit or spell dealt the last damage earns the bonus.
void LcState::state_checks() {
  for (int guard = 0; guard < 64; ++guard) {
    const Card dying = dying_unit();
    if (dying == kNoCard) break;
    leave_field(dying);
  }
  SeatMask out = 0;
  for (Seat s = 0; s < num_seats(); ++s)
    if (order_.in_game(s) &&
        (players_[s].life <= 0 || (rules_->deck_out_loses && players_[s].decked)))
      out |= seat_bit(s);
  if (!out) return;
  ++moment_;
  for (Seat s : in_turn_order(out, turn_player_, order_)) {
    const Seat by = players_[s].damaged_by;
    log(kEvEliminated, s, players_[s].life <= 0 ? by : -1);
    leave_game(s, moment_, true);
    // The bonus goes to a player still in the game whose unit or spell
    // eliminated an opponent (multiplayer guide, "脱落によるボーナス").
    if (rules_->multiplayer && players_[s].life <= 0 && by >= 0 && by != s && order_.in_game(by))
      bonus_.push_back(static_cast<std::int8_t>(by));
  }
  if (order_.remaining() <= 1) game_over();
}

// Every card the seat owns leaves the game, wherever it is; units it controls
// that others own go back to their owners.
void LcState::remove_owned(Seat s) {
  Player& p = players_[s];
  for (Seat o = 0; o < num_seats(); ++o) {
    auto& field = players_[o].field;
    for (std::size_t i = 0; i < field.size();) {
      const Card c = field[i].card;
      if (owner_[c] == s) {
        take_from_field(c, false);
        p.removed.push_back(c);
      } else if (o == s) {
        Unit u = take_from_field(c, false);
        u.fresh = true;
        field_add(owner_[c], u);
        log(kEvControl, owner_[c], c);
      } else {
        ++i;
      }
    }
  }
  for (auto* zone : {&p.ca_yard, &p.discard}) {
    for (Card c : *zone) p.removed.push_back(c);
    zone->clear();
  }
  for (Card* slot : {&p.ride, &p.shed})
    if (*slot != kNoCard) {
      p.removed.push_back(*slot);
      *slot = kNoCard;
    }
  // What nobody else saw leaves face down, as one pile in card order: the
  // others learn how many cards, never which were in the hand, the deck's
  // order or the set-aside card. What some seat knew of them is forgotten.
  for (auto* zone : {&p.deck, &p.hand}) {
    for (Card c : *zone) p.removed_hidden.push_back(c);
    zone->clear();
  }
  if (p.setup_pick != kNoCard) p.removed_hidden.push_back(p.setup_pick);
  p.setup_pick = kNoCard;
  for (Card c : p.removed_hidden) known_[c] = 0;
  std::sort(p.removed_hidden.begin(), p.removed_hidden.end(),
            [&](Card a, Card b) { return def_[a] != def_[b] ? def_[a] < def_[b] : a < b; });
  if (p.leader != kNoCard && p.leader_home) p.removed.push_back(p.leader);
  p.leader_home = false;
  p.leader_usable = false;
  p.tokens.clear();
}

// Leaving the game as one transaction (eliminated or conceded): nothing ever
// waits on the departed seat again.
void LcState::leave_game(Seat s, int moment, bool batch) {
  order_.leave(s);
  standings_.leave(s, moment);
  triggers_.drop_seat(s);
  for (std::size_t i = 0; i < bonus_.size();)
    if (bonus_[i] == s)
      bonus_.erase_at(i);
    else
      ++i;
  if (res_.active && res_.controller == s) res_ = Resolution{};
  // A step waiting on the departed seat's choice (its discard or sacrifice)
  // skips that seat and goes on with the next one.
  if (res_.active && res_.waiting == s) {
    res_.waiting = kNoSeat;
    ++res_.sub;
    res_.picks = 0;
  }
  if (pay_.seat == s) pay_ = Payment{};
  if (ordering_ == s) ordering_ = kNoSeat;
  for (std::size_t i = 0; i < mods_.size();)
    if (mods_[i].source == s)
      mods_.erase_at(i);
    else
      ++i;
  remove_owned(s);
  // Another seat choosing among the departed seat's units (a spell on "an
  // opponent" who left) has nothing left to pick: the step goes on as if
  // there had been nothing to choose (run_resolution re-checks it).
  if (res_.active && res_.waiting != kNoSeat) {
    ActionList left;
    choices(res_.waiting, left);
    if (left.empty()) res_.waiting = kNoSeat;
  }
  if (round_.is_open()) round_.seat_left(s, order_);
  // Seats leaving together all leave before the game can end (a shared place).
  if (order_.remaining() <= 1) return batch ? void() : game_over();
  // Before turn 1 (set-up, mulligans) there is no turn to end.
  if (s == turn_player_ && turn_ > 0) jump_to_end_ = true;
  // An attack on the departed seat ends; combat goes back to preparation.
  if (combat_.target == s && !jump_to_end_) {
    combat_ = Combat{};
    if (phase_ == Phase::kBlock || (phase_ == Phase::kWindow && window_ == Window::kBeforeDamage) ||
        (phase_ == Phase::kWindow && window_ == Window::kPreparation) || phase_ == Phase::kAttack) {
      round_.close();
      window_ = Window::kNone;
      phase_ = Phase::kName;
    }
  }
  if (phase_ == Phase::kSetupShed) players_[s].picked = true;
  if (phase_ == Phase::kMulligan && deciding_ == s) next_mulligan();
}

std::string LcState::concede(Seat s) {
  if (phase_ == Phase::kOver) return "the game is over";
  if (s < 0 || s >= num_seats()) return "there is no seat " + std::to_string(s);
  if (!order_.in_game(s)) return "seat " + std::to_string(s) + " has already left the game";
  log(kEvConcede, s);
  leave_game(s, ++moment_);
  settle();
  note_revealed_tops();
  return {};
}

}  // namespace tt::lastchronicle
