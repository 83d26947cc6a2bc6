// Current values of attack, troops and build: printed values plus every
// modifier in force ("合計値に各種修正を加え").
#include <algorithm>

#include "games/suikoden/state.h"

namespace tt::suikoden {

// The cards whose boosts may reach one side's characters on a mission, with
// the scope they reach them by, gathered once for the whole side: most
// cards boost nothing, and a total asks about every character there. What
// each gives each definition is in Rules' boost table.
Boosters SuikodenState::boosters(int place, Seat side) const {
  Boosters b;
  auto add = [&](Card source, Scope scope, bool fellow) {
    if (source == kNoCard) return;
    const int booster = facts(source).booster;
    if (booster >= 0)
      b.cards[b.count++] = {source, scope, fellow, rules_->boost_row(booster, Stat::kAtk, scope)};
  };
  // Characters there, without a branch each: which of them boost is anyone's guess.
  auto add_there = [&](Card source, Scope scope, bool fellow) {
    const int booster = facts(source).booster;
    b.cards[b.count] = {source, scope, fellow,
                        booster < 0 ? nullptr : rules_->boost_row(booster, Stat::kAtk, scope)};
    b.count += booster >= 0;
  };
  const MissionPlace& mp = places_[place];
  for (Card other : mp.dispatched[side]) add_there(other, Scope::kSide, true);
  for (Card enemy : mp.dispatched[1 - side]) add_there(enemy, Scope::kEnemies, false);
  add(mp.support, owner_of_place(place) == side ? Scope::kSide : Scope::kEnemies, false);
  // Commanders and built facilities reach all of their side's characters.
  const PlayerZones& p = players_[side];
  add(p.commander, Scope::kAll, false);
  for (auto& r :
       p.resolved) {  // built facilities among the cleared missions, again without a branch
    const DefFacts& f = facts(r.card);
    b.cards[b.count] = {
        r.card, Scope::kAll, false,
        f.booster < 0 ? nullptr : rules_->boost_row(f.booster, Stat::kAtk, Scope::kAll)};
    b.count += f.facility & (f.booster >= 0);
  }
  return b;
}

int SuikodenState::stat_of(Card c, Stat stat, int place, Seat side) const {
  return stat_of(c, stat, place, side, boosters(place, side));
}

int SuikodenState::stat_of(Card c, Stat stat, int place, Seat side, const Boosters& b) const {
  const DefFacts& f = facts(c);
  const std::uint16_t d = def_[c];
  const std::size_t at = static_cast<std::size_t>(stat) * rules_->stat_stride() + d;
  int value = f.printed[static_cast<std::size_t>(stat)];
  if (f.booster >= 0) value += rules_->boost_row(f.booster, stat, Scope::kSelf)[d];
  if (f.cooperation)
    for (auto& e : def(c).effects)
      if (e.kind == EffectKind::kCooperation && e.stat == stat)
        for (Card other : places_[place].dispatched[side])
          if (other != c && def(other).full_name == e.partner) {
            value += e.amount;
            break;
          }
  for (int i = 0; i < b.count; ++i) {
    const Booster& source = b.cards[i];
    const bool itself = source.fellow & (source.card == c);  // no boost to itself as a fellow
    value += itself ? 0 : source.atk_row[at];
  }
  for (auto& w : battle_.weakened)
    if (w.card == c && w.stat == stat) value -= w.amount;
  return std::max(value, 0);
}

// A side with no one there has nothing to total (nor boosters to gather).
int SuikodenState::total(int place, Seat side, Stat stat) const {
  const auto& mine = places_[place].dispatched[side];
  if (mine.empty()) return 0;
  const Boosters b = boosters(place, side);
  int sum = 0;
  for (Card c : mine) sum += stat_of(c, stat, place, side, b);
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
