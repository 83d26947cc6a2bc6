// The troops battle after two consecutive passes (rule text "兵力時の判定方法"):
// each side loses characters whose printed troops cover the enemy's troops,
// a side not ahead also loses its 0-troop characters, and the survivors
// recount against the clear condition.
#include <algorithm>

#include "games/suikoden/events.h"
#include "games/suikoden/state.h"

namespace tt::suikoden {

void SuikodenState::begin_casualties() {
  const int p = battle_.place;
  for (Seat s = 0; s < 2; ++s) battle_.troops[s] = total(p, s, Stat::kTroops);
  for (Seat s = 0; s < 2; ++s) battle_.to_cover[s] = battle_.troops[1 - s];
  next_casualty_seat(kNoSeat);
}

// Turn player first. A side picks casualties one at a time until the printed
// troops it lost reach the enemy's troops (overshooting when not exact) or it
// has no character with printed troops left; then its 0-troop characters go
// if it was not ahead. A 0-troop character covers nothing, so it is never a
// casualty pick: only the not-ahead rule takes it.
bool SuikodenState::owes_casualties(Seat s) const {
  if (battle_.to_cover[s] <= 0) return false;
  for (Card c : places_[battle_.place].dispatched[s])
    if (def(c).troops > 0) return true;
  return false;
}

void SuikodenState::lose_zero_troops(Seat s) {
  if (battle_.troops[s] > battle_.troops[1 - s]) return;
  auto& side = places_[battle_.place].dispatched[s];
  for (std::size_t i = 0; i < side.size();) {
    if (def(side[i]).troops != 0) {
      ++i;
      continue;
    }
    const Card c = side[i];
    side.erase_at(i);
    to_discard(c);
    log(kEvWiped, s, c);
  }
}

void SuikodenState::next_casualty_seat(Seat done) {
  const Seat first = turn_player_;
  const Seat second = static_cast<Seat>(1 - first);
  if (done == kNoSeat) {
    if (owes_casualties(first)) {
      phase_ = Phase::kCasualties;
      deciding_ = first;
      return;
    }
    lose_zero_troops(first);
    done = first;
  }
  if (done == first) {
    if (owes_casualties(second)) {
      phase_ = Phase::kCasualties;
      deciding_ = second;
      return;
    }
    lose_zero_troops(second);
  }
  judge_troops_survivors();
}

void SuikodenState::take_casualty(Seat s, Card c) {
  places_[battle_.place].dispatched[s].remove(c);
  to_discard(c);
  battle_.to_cover[s] -= def(c).troops;
  log(kEvCasualty, s, c);
  if (owes_casualties(s)) return;
  lose_zero_troops(s);
  next_casualty_seat(s);
}

void SuikodenState::judge_troops_survivors() {
  const int p = battle_.place;
  const int target = def(places_[p].card).target;
  int troops[2];
  bool meets[2];
  for (Seat s = 0; s < 2; ++s) {
    troops[s] = total(p, s, Stat::kTroops);
    meets[s] = troops[s] >= target && can_station(p, s);
  }
  if (meets[0] && meets[1]) {
    // Both sides standing and over the line: the larger army clears, a tie fails both.
    if (troops[0] == troops[1]) return fail_mission();
    return clear_mission(troops[0] > troops[1] ? 0 : 1);
  }
  if (meets[0] || meets[1]) return clear_mission(meets[0] ? 0 : 1);
  leave_unresolved();
}

}  // namespace tt::suikoden
