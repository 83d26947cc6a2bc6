// Using cards: placing units, using spells, 【起動】 abilities and chrono
// checks, and paying CA costs from the CA yard (research note §4.3: a card
// pays its CA, +1 when it shares a colour with what is paid for; tokens pay
// their value with no bonus and leave the game; no surplus carries over).
#include <algorithm>
#include <optional>

#include "games/lastchronicle/events.h"
#include "games/lastchronicle/state.h"

namespace tt::lastchronicle {

int LcState::card_value(Seat s, std::size_t i, Colours colours) const {
  const CardFacts& d = facts(players_[s].ca_yard[i]);
  return d.ca + ((d.colours & colours) ? rules_->same_colour_bonus : 0);
}

LcState::Purse LcState::purse(Seat s) const {
  const Player& p = players_[s];
  Purse out;
  out.bonus = rules_->same_colour_bonus;
  for (std::size_t i = 0; i < p.ca_yard.size(); ++i)
    if (!(pay_.seat == s && (pay_.cards >> i) & 1u)) {
      const CardFacts& f = facts(p.ca_yard[i]);
      out.base += f.ca;
      out.colours.push_back(f.colours);
    }
  for (std::size_t i = 0; i < p.tokens.size(); ++i)
    if (!(pay_.seat == s && (pay_.tokens >> i) & 1u))
      out.base += rules_->pool.tokens[p.tokens[i]].ca;
  return out;
}

int LcState::check_cost(Seat s) const {
  if (s == turn_player_) return rules_->check_cost_own_turn;
  return has_static(s, StaticKind::kFreeChecks) ? 0 : rules_->check_cost_other_turn;
}

bool LcState::can_check(Seat s, const Purse& purse) const {
  const Player& p = players_[s];
  return p.glyph_active && !p.deck.empty() && check_cost(s) <= purse.value(0);
}

bool LcState::can_activate(Seat, Card c, int i, const Purse& purse) const {
  const Unit* u = unit(c);
  if (!u || negated(c)) return false;
  const Ability& a = def(c).abilities[static_cast<std::size_t>(i)];
  if (a.tag != Tag::kActivated) return false;
  if (a.cost_wipe && (u->wiped || (u->fresh && !def(c).haste))) return false;
  return a.cost_ca <= purse.value(def(c).colours);
}

// The actions a seat may take: everything in its main phase, only quick
// actions in a quick window (quick units and spells, 【起動】, chrono check).
void LcState::quick_actions(Seat s, bool quick_only, ActionList& out) const {
  const Player& p = players_[s];
  // The CA yard is read at the first option that costs CA, if any (in a quick
  // window most seats hold no quick card and only pass).
  std::optional<Purse> read;
  auto purse = [&]() -> const Purse& {
    if (!read) read = this->purse(s);
    return *read;
  };
  for (Card c : p.hand) {
    const CardFacts& d = facts(c);
    if (quick_only && !d.quick) continue;
    const int avail = purse().value(d.colours);
    if (d.cost > avail) continue;
    if (d.unit) {
      if (!p.field.full()) out.push_back({kPlace, c, 0, 0});
    } else {
      const int max_x = d.x_cost ? std::min(5, avail - d.cost) : 0;
      for (int x = 0; x <= max_x; ++x) out.push_back({kUse, c, static_cast<std::uint16_t>(x), 0});
    }
  }
  if (p.leader != kNoCard && p.leader_home && p.leader_usable &&
      (!quick_only || facts(p.leader).quick) && !p.field.full() &&
      facts(p.leader).cost <= purse().value(facts(p.leader).colours))
    out.push_back({kPlace, p.leader, 1, 0});
  for (auto& u : p.field) {
    if (!facts(u.card).activated) continue;  // most units have no 【起動】 ability
    for (std::size_t i = 0; i < def(u.card).abilities.size(); ++i)
      if (can_activate(s, u.card, static_cast<int>(i), purse()))
        out.push_back({kActivate, u.card, static_cast<std::uint16_t>(i), 0});
  }
  if (p.glyph_active && !p.deck.empty() && can_check(s, purse())) out.push_back({kCheck, 0, 0, 0});
}

void LcState::begin_payment(Paying what, Seat s, Card c, int ability, int x, int cost) {
  Payment p;
  p.what = what;
  p.seat = static_cast<std::int8_t>(s);
  p.card = c;
  p.ability = static_cast<std::uint8_t>(ability);
  p.x = static_cast<std::int8_t>(x);
  p.remaining = static_cast<std::int8_t>(cost);
  if (cost <= 0) return complete(p);
  pay_ = p;
}

// One CA-yard card or token towards the payment in progress.
void LcState::pay(Seat s, Action a) {
  Player& pl = players_[s];
  const Colours colours = pay_.what == Paying::kCheck ? 0 : def(pay_.card).colours;
  if (a.kind == kPayToken) {
    pay_.tokens = static_cast<std::uint8_t>(pay_.tokens | (1u << a.a));
    pay_.remaining =
        static_cast<std::int8_t>(pay_.remaining - rules_->pool.tokens[pl.tokens[a.a]].ca);
  } else {
    const auto i = static_cast<std::size_t>(
        std::find(pl.ca_yard.begin(), pl.ca_yard.end(), static_cast<Card>(a.a)) -
        pl.ca_yard.begin());
    pay_.cards |= 1ull << i;
    pay_.remaining = static_cast<std::int8_t>(pay_.remaining - card_value(s, i, colours));
  }
  if (pay_.remaining > 0) return;
  // Paid: spent cards go to the discard, spent tokens leave the game.
  const Payment done = pay_;
  pay_ = Payment{};
  for (std::size_t i = pl.ca_yard.size(); i-- > 0;)
    if ((done.cards >> i) & 1u) {
      const Card c = pl.ca_yard[i];
      log(kEvPay, s, c, card_value(s, i, colours));
      pl.ca_yard.erase_at(i);
      to_discard(c);
    }
  for (std::size_t i = pl.tokens.size(); i-- > 0;)
    if ((done.tokens >> i) & 1u) {
      log(kEvPay, s, -1 - pl.tokens[i], rules_->pool.tokens[pl.tokens[i]].ca);
      pl.tokens.erase_at(i);
    }
  complete(done);
}

void LcState::complete(const Payment& p) {
  switch (p.what) {
    case Paying::kPlace:
      return place_unit(p.seat, p.card);
    case Paying::kSpell:
      return use_spell(p.seat, p.card, p.x);
    case Paying::kActivate:
      return activate(p.seat, p.card, p.ability);
    case Paying::kCheck:
      return chrono_check(p.seat);
    case Paying::kNone:
      return;
  }
}

void LcState::place_unit(Seat s, Card c) {
  Player& p = players_[s];
  const bool from_leader_area = p.leader == c && p.leader_home;
  if (from_leader_area)
    p.leader_home = false;
  else
    p.hand.remove(c);
  field_add(s, Unit{c, false, true, 0});
  log(kEvPlace, s, c, from_leader_area ? 1 : 0);
  queue_triggers(c, Tag::kAuto, When::kPlaced);
}

void LcState::use_spell(Seat s, Card c, int x) {
  players_[s].hand.remove(c);
  log(kEvSpell, s, c, x);
  to_discard(c);
  res_ = Resolution{};
  res_.active = true;
  res_.spell = true;
  res_.card = c;
  res_.controller = static_cast<std::int8_t>(s);
  res_.x = static_cast<std::int8_t>(x);
}

void LcState::activate(Seat s, Card c, int ability) {
  if (def(c).abilities[static_cast<std::size_t>(ability)].cost_wipe)
    if (Unit* u = unit(c)) u->wiped = true;
  log(kEvActivate, s, c);
  res_ = Resolution{};
  res_.active = true;
  res_.card = c;
  res_.controller = static_cast<std::int8_t>(s);
  res_.ability = static_cast<std::uint8_t>(ability);
}

void LcState::chrono_check(Seat s) {
  players_[s].glyph_active = false;
  chrono_check_card(s);
}

}  // namespace tt::lastchronicle
