// Placement conditions: uniqueness across both fields and links
// (rule text "リンクについて", "派遣・パス ステップ", "ユニーク処理").
#include "games/suikoden/state.h"

namespace tt::suikoden {

// Every character on either field counts: commanders, supports, dispatched
// characters and characters stationed on resolved missions.
NamesInPlay SuikodenState::names_in_play() const {
  NamesInPlay in_play;
  auto add = [&](Card c) {
    if (c != kNoCard) in_play.add(facts(c));
  };
  for (auto& p : players_) {
    add(p.commander);
    for (auto& r : p.resolved) add(r.stationed);
  }
  for (auto& place : places_) {
    add(place.support);
    for (auto& side : place.dispatched)
      for (Card c : side) add(c);
  }
  return in_play;
}

// A pair card is both of its characters, so either name blocks it.
bool SuikodenState::unique_ok(Card c, const NamesInPlay& in_play) const {
  for (int n : facts(c).names)
    if (n >= 0 && in_play.has(n)) return false;
  return true;
}

// The first character a side dispatches to a mission must be a leader; each
// later one must share a link letter with that side's characters there now.
// Characters already out stay even if the path to them is broken.
LinkNeed SuikodenState::link_need(int place, Seat side) const {
  const auto& mine = places_[place].dispatched[side];
  if (mine.empty()) return {true, 0};
  if (rules_->link_mode == LinkMode::kChain) return {false, facts(mine.back()).links};
  std::uint16_t present = 0;
  for (Card m : mine) present |= facts(m).links;
  return {false, present};
}

bool SuikodenState::can_dispatch(Card c, const LinkNeed& need, const NamesInPlay& in_play) const {
  const DefFacts& f = facts(c);
  return f.dispatchable && need.met_by(f) && unique_ok(c, in_play);
}

// Clearing needs a character able to station: a dispatched one that is not a pair card.
bool SuikodenState::can_station(int place, Seat side) const {
  for (Card c : places_[place].dispatched[side])
    if (!def(c).is_pair()) return true;
  return false;
}

ReadyHand SuikodenState::ready_hand(Seat side) const {
  const NamesInPlay in_play = names_in_play();
  ReadyHand ready;
  for (Card c : players_[side].hand)
    if (facts(c).dispatchable && unique_ok(c, in_play)) ready.cards[ready.count++] = &facts(c);
  return ready;
}

bool SuikodenState::has_dispatch(int place, Seat side, const ReadyHand& ready) const {
  const LinkNeed need = link_need(place, side);
  for (int i = 0; i < ready.count; ++i)
    if (need.met_by(*ready.cards[i])) return true;
  const Card support = places_[place].support;
  return support != kNoCard && owner_of_place(place) == side && need.met_by(facts(support));
}

}  // namespace tt::suikoden
