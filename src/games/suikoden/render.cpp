// The table as text for a person at a terminal.
#include "games/suikoden/state.h"

namespace tt::suikoden {

std::string SuikodenState::render(Seat viewer) const {
  std::string out;
  auto line = [&](const std::string& s) { out += s + "\n"; };
  auto names = [&](const auto& cards) {
    std::string s;
    for (Card c : cards) s += (s.empty() ? "" : ", ") + def(c).name;
    return s.empty() ? std::string("-") : s;
  };
  line("== Turn " + std::to_string(turn_) + " (seat " + std::to_string(turn_player_) + ") ==");
  for (Seat s = 0; s < 2; ++s) {
    const auto& p = players_[s];
    std::string head = "Seat " + std::to_string(s) + (s == viewer ? " (you)" : "") + ": " +
                       std::to_string(vp(s)) + "/" + std::to_string(rules_->vp_to_win) +
                       " VP, deck " + std::to_string(p.deck.size()) + ", hand " +
                       std::to_string(p.hand.size()) + "/" + std::to_string(hand_limit(s)) +
                       ", discard " + std::to_string(p.discard.size());
    if (p.commander != kNoCard) head += ", commander " + def(p.commander).name;
    line(head);
    for (auto& r : p.resolved)
      line("   resolved: " + def(r.card).name +
           (r.stationed != kNoCard ? " <- " + def(r.stationed).name : ""));
  }
  // Places are named as in options and the log: m0 m1 are seat 0's, m2 m3 seat 1's.
  bool any = false;
  for (int p = 0; p < kPlaces; ++p) {
    const auto& mp = places_[p];
    if (mp.card == kNoCard) continue;
    if (!any) line("Missions (m0 m1: seat 0's places, m2 m3: seat 1's):");
    any = true;
    const bool active = battle_.place == p && phase_ != Phase::kMain;
    line(std::string(active ? " * " : "   ") + "m" + std::to_string(p) + ": " +
         card_label(mp.card));
    if (mp.support != kNoCard) line("       support: " + def(mp.support).name);
    for (Seat s = 0; s < 2; ++s)
      line("       seat " + std::to_string(s) + ": " + names(mp.dispatched[s]) + "  [atk " +
           std::to_string(total(p, s, Stat::kAtk)) + ", troops " +
           std::to_string(total(p, s, Stat::kTroops)) + ", build " +
           std::to_string(total(p, s, Stat::kBuild)) + "]");
  }
  if (viewer >= 0 && viewer < 2) {
    line("Your hand:");
    for (Card c : players_[viewer].hand) {
      const bool picked =
          phase_ == Phase::kMulligan && viewer == deciding_ && mulligan_pick_.contains(c);
      line(std::string(picked ? " ->" : "   ") + card_label(c) +
           (def(c).text.empty() ? "" : " - " + def(c).text));
    }
    if (phase_ == Phase::kMulligan && viewer == deciding_ && !mulligan_pick_.empty())
      line("   (-> marks a card you chose to return)");
  }
  return out;
}

}  // namespace tt::suikoden
