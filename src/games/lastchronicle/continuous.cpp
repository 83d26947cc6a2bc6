// Continuous effects: modifiers until the end of the turn, anthems
// (【常時】 +ATK/+DEF) and the other 【常時】 statics, and the rule check they
// feed (a unit with DEF 0 or less, damage included, goes to the discard).
// The rule check runs between every two resolutions and after every
// decision, so it reads the packed CardFacts and sums each seat's anthems
// once, not once per unit.
#include <algorithm>

#include "games/lastchronicle/state.h"

namespace tt::lastchronicle {

namespace {
constexpr auto kField = static_cast<std::size_t>(Zone::kBattlefield);
}

std::pair<int, int> LcState::mod_bonuses(Card c) const {
  int atk = 0, def = 0;
  for (auto& m : mods_)
    if (m.card == c) {
      atk += m.atk;
      def += m.def;
    }
  return {atk, def};
}

// An anthem on the battlefield reaches your other units; from the
// chronoglyph (ride or shed) all of them.
std::pair<int, int> LcState::anthems(Seat s) const {
  if (!(statics_in_game_ & (1u << static_cast<unsigned>(StaticKind::kAnthem)))) return {0, 0};
  const Player& p = players_[s];
  int atk = 0, def = 0;
  if (p.field_statics & (1u << static_cast<unsigned>(StaticKind::kAnthem)))
    for (auto& u : p.field) {
      const CardFacts& f = facts(u.card);
      if (f.anthem(Zone::kBattlefield) && !negated(u.card)) {
        atk += f.anthem_atk[kField];
        def += f.anthem_def[kField];
      }
    }
  for (const auto& [c, zone] : {std::pair{p.ride, Zone::kRide}, std::pair{p.shed, Zone::kShed}})
    if (c != kNoCard) {
      atk += facts(c).anthem_atk[static_cast<std::size_t>(zone)];
      def += facts(c).anthem_def[static_cast<std::size_t>(zone)];
    }
  return {atk, def};
}

std::pair<int, int> LcState::anthem_of(Card c) const {
  const CardFacts& f = facts(c);
  if (!f.anthem(Zone::kBattlefield) || negated(c)) return {0, 0};
  return {f.anthem_atk[kField], f.anthem_def[kField]};
}

// What modifiers and anthems add to a unit's ATK (first) and DEF (second).
std::pair<int, int> LcState::bonuses(Card c) const {
  auto [atk, def] = mod_bonuses(c);
  const Seat s = controller(c);
  if (s == kNoSeat) return {atk, def};
  const auto [all_atk, all_def] = anthems(s);
  const auto [own_atk, own_def] = anthem_of(c);
  return {atk + all_atk - own_atk, def + all_def - own_def};
}

int LcState::atk(Card c) const {
  return std::max(0, facts(c).atk + bonuses(c).first);
}

int LcState::def_value(Card c) const {
  return facts(c).def + bonuses(c).second;
}

bool LcState::has_static(Seat s, StaticKind k) const {
  if (!((statics_in_game_ >> static_cast<unsigned>(k)) & 1u)) return false;
  const Player& p = players_[s];
  if ((p.field_statics >> static_cast<unsigned>(k)) & 1u)
    for (auto& u : p.field)
      if (facts(u.card).gives(Zone::kBattlefield, k) && !negated(u.card)) return true;
  return (p.ride != kNoCard && facts(p.ride).gives(Zone::kRide, k)) ||
         (p.shed != kNoCard && facts(p.shed).gives(Zone::kShed, k));
}

bool LcState::tops_revealed() const {
  if (!(statics_in_game_ & (1u << static_cast<unsigned>(StaticKind::kRevealTop)))) return false;
  for (Seat s = 0; s < num_seats(); ++s)
    if (order_.in_game(s) && has_static(s, StaticKind::kRevealTop)) return true;
  return false;
}

// def_value(u) - damage <= 0 for each unit. The anthems a unit gets from
// others are summed once per seat, and only when they could matter: when no
// anthem of the game lowers DEF, a unit alive without them is alive with them.
Card LcState::dying_unit() const {
  for (Seat s = 0; s < num_seats(); ++s) {
    const auto& field = players_[s].field;
    int anthem_def = 0;
    bool summed = false;
    for (auto& u : field) {
      const int def = facts(u.card).def + mod_bonuses(u.card).second - u.damage;
      if (def > 0 && !anthem_lowers_def_) continue;
      if (!summed) {
        anthem_def = anthems(s).second;
        summed = true;
      }
      if (def + anthem_def - anthem_of(u.card).second <= 0) return u.card;
    }
  }
  return kNoCard;
}

}  // namespace tt::lastchronicle
