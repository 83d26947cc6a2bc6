// Current values of attack, troops and build: printed values plus every
// modifier in force ("合計値に各種修正を加え").
#include <algorithm>

#include "games/suikoden/state.h"

namespace tt::suikoden {

namespace {

int boosts(const CardDef& source, const CardDef& target, Stat stat, Scope scope) {
  int sum = 0;
  for (auto& e : source.effects)
    if (e.kind == EffectKind::kBoost && e.to == scope && e.stat == stat && e.filter.matches(target))
      sum += e.amount;
  return sum;
}

}  // namespace

int SuikodenState::stat_of(Card c, Stat stat, int place, Seat side) const {
  const CardDef& me = def(c);
  // Most cards boost nothing: their effects need not be read.
  auto from = [&](Card source, Scope scope) {
    return facts(source).boost ? boosts(def(source), me, stat, scope) : 0;
  };
  int value = me.printed(stat) + from(c, Scope::kSelf);
  const MissionPlace& mp = places_[place];
  if (facts(c).cooperation)
    for (auto& e : me.effects)
      if (e.kind == EffectKind::kCooperation && e.stat == stat)
        for (Card other : mp.dispatched[side])
          if (other != c && def(other).full_name == e.partner) {
            value += e.amount;
            break;
          }
  for (Card other : mp.dispatched[side])
    if (other != c) value += from(other, Scope::kSide);
  for (Card enemy : mp.dispatched[1 - side]) value += from(enemy, Scope::kEnemies);
  if (mp.support != kNoCard) {
    const Scope scope = owner_of_place(place) == side ? Scope::kSide : Scope::kEnemies;
    value += from(mp.support, scope);
  }
  // Commanders and built facilities reach all of their side's characters.
  const PlayerZones& p = players_[side];
  if (p.commander != kNoCard) value += from(p.commander, Scope::kAll);
  for (auto& r : p.resolved)
    if (def(r.card).type == CardType::kFacility) value += from(r.card, Scope::kAll);
  for (auto& w : battle_.weakened)
    if (w.card == c && w.stat == stat) value -= w.amount;
  return std::max(value, 0);
}

int SuikodenState::total(int place, Seat side, Stat stat) const {
  int sum = 0;
  for (Card c : places_[place].dispatched[side]) sum += stat_of(c, stat, place, side);
  return sum;
}

// VP first, then board presence and cards in hand: enough for a greedy agent.
double SuikodenState::heuristic(Seat seat) const {
  if (phase_ == Phase::kOver) return winner_ == seat ? 1e6 : (winner_ == -1 ? 0 : -1e6);
  double score = 0;
  for (Seat s = 0; s < 2; ++s) {
    const double sign = s == seat ? 1.0 : -1.0;
    double mine = 100.0 * vp(s) + 25.0 * (players_[s].facilities_built % 2);
    mine += 3.0 * static_cast<double>(players_[s].hand.size());
    for (int p = 0; p < kPlaces; ++p) {
      if (places_[p].card == kNoCard) continue;
      const CardDef& m = def(places_[p].card);
      const int worth =
          m.type == CardType::kMission ? (owner_of_place(p) == s ? m.vp_placer : m.vp_opponent) : 1;
      const Stat key = m.battle == Battle::kTroops                                 ? Stat::kTroops
                       : (m.battle == Battle::kFacility && owner_of_place(p) == s) ? Stat::kBuild
                                                                                   : Stat::kAtk;
      const int need = m.battle == Battle::kFacility && owner_of_place(p) != s ? m.block : m.target;
      if (need > 0) mine += 30.0 * worth * std::min(1.0, double(total(p, s, key)) / need);
    }
    score += sign * mine;
  }
  return score;
}

// Fitted to 600 played games, random and greedy (docs/games/suikoden.md,
// "Search and learning"; tests/suikoden/determinization_test.cpp
// FitHeuristicScale): a lead of 100 (one VP) reads as a 54% chance to win.
double SuikodenState::heuristic_scale() const {
  return 690.0;
}

}  // namespace tt::suikoden
