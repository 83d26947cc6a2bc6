// Placement conditions: uniqueness across both fields and links
// (rule text "リンクについて", "派遣・パス ステップ", "ユニーク処理").
#include "games/suikoden/state.h"

namespace tt::suikoden {

// Every character on either field counts: commanders, supports, dispatched
// characters and characters stationed on resolved missions.
void SuikodenState::gather_names(NamesInPlay& in_play) const {
  in_play.mark_gathered();
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

// Clearing needs a character able to station: a dispatched one that is not a pair card.
bool SuikodenState::can_station(int place, Seat side) const {
  for (Card c : places_[place].dispatched[side])
    if (!def(c).is_pair()) return true;
  return false;
}

// A card may come out where its links meet the need (can_dispatch), so a
// hand meets a need exactly when one of its dispatchable, unique cards
// does: a leader among them, or a letter of theirs the need asks for.
HandReach SuikodenState::hand_reach(std::span<const Card> hand, NamesInPlay& in_play) const {
  HandReach reach;
  for (Card c : hand) {  // without a branch per card: which cards pass is anyone's guess
    const DefFacts& f = facts(c);
    const bool ok = f.dispatchable & unique_ok(c, in_play);
    reach.leader |= ok & f.leader;
    reach.links |= f.links & static_cast<std::uint16_t>(-static_cast<int>(ok));  // all or none
  }
  return reach;
}

bool SuikodenState::has_dispatch(int place, Seat side, const HandReach& reach) const {
  const LinkNeed need = link_need(place, side);
  const Card support = places_[place].support;
  if (support != kNoCard && owner_of_place(place) == side && need.met_by(facts(support)))
    return true;
  return reach.meets(need);
}

void SuikodenState::enter_field(Card c) {
  if (!rules_->names_counted) return;
  for (int n : facts(c).names)
    if (n >= 0) ++names_on_field_[static_cast<std::size_t>(n)];
}

void SuikodenState::leave_field(Card c) {
  if (!rules_->names_counted) return;
  for (int n : facts(c).names)
    if (n >= 0) --names_on_field_[static_cast<std::size_t>(n)];
}

// The same cards gather_names walks.
void SuikodenState::recount_names() {
  names_on_field_.fill(0);
  auto add = [&](Card c) {
    if (c != kNoCard) enter_field(c);
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
}

}  // namespace tt::suikoden
