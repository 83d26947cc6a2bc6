// How a battle ends: cleared (then the stationing step), failed, or left
// unresolved (rule text "駐留ステップ", and the end of each judgement).
#include "games/suikoden/events.h"
#include "games/suikoden/state.h"

namespace tt::suikoden {

void SuikodenState::discard_from_place(int place, Seat side) {
  auto& mp = places_[place];
  for (Card c : mp.dispatched[side]) {
    leave_field(c);
    to_discard(c);
  }
  mp.dispatched[side].clear();
  if (mp.support != kNoCard && owner_of_place(place) == side) {
    leave_field(mp.support);
    to_discard(mp.support);
    mp.support = kNoCard;
  }
}

// One side cleared: everything the other side placed on the mission goes;
// the clearing side then picks the character that stations.
void SuikodenState::clear_mission(Seat winner) {
  const int p = battle_.place;
  discard_from_place(p, static_cast<Seat>(1 - winner));
  battle_.winner = winner;
  log(kEvCleared, winner, places_[p].card, p);
  phase_ = Phase::kStation;
}

void SuikodenState::station(Card c) {
  const int p = battle_.place;
  const Seat w = battle_.winner;
  MissionPlace& mp = places_[p];
  const Card mission = mp.card;
  mp.dispatched[w].remove(c);
  discard_from_place(p, w);  // the rest of the winner's characters and the support
  players_[w].resolved.push_back({mission, c});
  recount_hand_limits();  // a facility's hand limit effects count from now on
  mp = MissionPlace{};
  log(kEvStationed, w, c, mission);
  const CardDef& m = def(mission);
  if (m.type == CardType::kFacility) {
    ++players_[w].facilities_built;  // 1 VP for every two built
    log(kEvVp, w, players_[w].facilities_built % 2 == 0 ? 1 : 0, vp(w));
  } else {
    const int gained = owner_of_place(p) == w ? m.vp_placer : m.vp_opponent;
    players_[w].mission_vp = static_cast<std::int8_t>(players_[w].mission_vp + gained);
    log(kEvVp, w, gained, vp(w));
  }
  check_vp_win(w);
  end_battle();
}

// Failed (both met the condition, a facility was blocked, or a duel left no
// card able to station): the mission and every card on it are discarded.
void SuikodenState::fail_mission() {
  const int p = battle_.place;
  MissionPlace& mp = places_[p];
  log(kEvFailed, kNoSeat, mp.card, p);
  discard_from_place(p, 0);
  discard_from_place(p, 1);
  to_discard(mp.card);
  mp = MissionPlace{};
  end_battle();
}

void SuikodenState::leave_unresolved() {
  log(kEvUnresolved, kNoSeat, places_[battle_.place].card, battle_.place);
  end_battle();
}

void SuikodenState::end_battle() {
  battle_ = BattleStatus{};
  if (phase_ == Phase::kOver) return;
  supply_phase();
}

}  // namespace tt::suikoden
