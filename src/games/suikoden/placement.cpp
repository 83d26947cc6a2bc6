// Placement conditions: uniqueness across both fields and links
// (rule text "リンクについて", "派遣・パス ステップ", "ユニーク処理").
#include "games/suikoden/state.h"

namespace tt::suikoden {

// Every character on either field counts: commanders, supports, dispatched
// characters and characters stationed on resolved missions.
bool SuikodenState::name_in_play(int name) const {
  auto has = [&](Card c) {
    if (c == kNoCard) return false;
    for (int n : def(c).names)
      if (n == name) return true;
    return false;
  };
  for (auto& p : players_) {
    if (has(p.commander)) return true;
    for (auto& r : p.resolved)
      if (has(r.stationed)) return true;
  }
  for (auto& place : places_) {
    if (has(place.support)) return true;
    for (auto& side : place.dispatched)
      for (Card c : side)
        if (has(c)) return true;
  }
  return false;
}

// A pair card is both of its characters, so either name blocks it.
bool SuikodenState::unique_ok(Card c) const {
  for (int n : def(c).names)
    if (name_in_play(n)) return false;
  return true;
}

// The first character a side dispatches to a mission must be a leader; each
// later one must share a link letter with that side's characters there now.
// Characters already out stay even if the path to them is broken.
bool SuikodenState::links_ok(Card c, int place, Seat side) const {
  const auto& mine = places_[place].dispatched[side];
  if (mine.empty()) return def(c).is_leader();
  if (rules_->link_mode == LinkMode::kChain) return (def(mine.back()).links & def(c).links) != 0;
  std::uint16_t present = 0;
  for (Card m : mine) present |= def(m).links;
  return (present & def(c).links) != 0;
}

bool SuikodenState::can_dispatch(Card c, int place, Seat side) const {
  const CardDef& d = def(c);
  return d.is_character() && !d.is_commander() && unique_ok(c) && links_ok(c, place, side);
}

// Clearing needs a character able to station: a dispatched one that is not a pair card.
bool SuikodenState::can_station(int place, Seat side) const {
  for (Card c : places_[place].dispatched[side])
    if (!def(c).is_pair()) return true;
  return false;
}

bool SuikodenState::has_dispatch(int place, Seat side) const {
  for (Card c : players_[side].hand)
    if (can_dispatch(c, place, side)) return true;
  const Card support = places_[place].support;
  return support != kNoCard && owner_of_place(place) == side && links_ok(support, place, side);
}

}  // namespace tt::suikoden
