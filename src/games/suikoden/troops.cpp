// The troops battle after two consecutive passes (rule text "兵力時の判定方法"):
// each side loses characters whose printed troops add up to the enemy's
// troops (going over only when no exact choice exists: casualties.h), a side
// not ahead also loses its 0-troop characters, and the survivors recount
// against the clear condition.
#include <algorithm>

#include "games/suikoden/casualties.h"
#include "games/suikoden/events.h"
#include "games/suikoden/state.h"

namespace tt::suikoden {

namespace {

// Searches over choices of characters, cut as soon as a total passes the
// goal (printed troops are positive). A side has at most 16 characters, and
// only the casualties phase asks (a few times per troops battle).
void best_over(const int* t, int n, int i, int sum, int rest, int enemy, int& best) {
  if (sum >= enemy) {
    best = std::min(best, sum);
    return;
  }
  if (i == n || sum + rest < enemy || sum >= best) return;
  best_over(t, n, i + 1, sum + t[i], rest - t[i], enemy, best);
  if (best != enemy) best_over(t, n, i + 1, sum, rest - t[i], enemy, best);
}

void exact(const int* t, int n, int i, int sum, int goal, std::uint32_t chosen,
           std::uint32_t& members) {
  if (sum == goal) {
    members |= chosen;
    return;
  }
  if (i == n || sum > goal) return;
  exact(t, n, i + 1, sum + t[i], goal, chosen | (1u << i), members);
  exact(t, n, i + 1, sum, goal, chosen, members);
}

}  // namespace

int troops_owed(const int* troops, int n, int enemy) {
  if (enemy <= 0) return 0;
  int all = 0;
  for (int i = 0; i < n; ++i) all += troops[i];
  if (all <= enemy) return all;  // everything goes (exactly, when all == enemy)
  int best = all;
  best_over(troops, n, 0, 0, all, enemy, best);
  return best;
}

std::uint32_t exact_choices(const int* troops, int n, int owed) {
  std::uint32_t members = 0;
  if (owed > 0) exact(troops, n, 0, 0, owed, 0, members);
  return members;
}

namespace {

// The side's characters with printed troops, in dispatch order.
struct Candidates {
  Card card[kMaxCasualtyPicks];
  int troops[kMaxCasualtyPicks];
  int n = 0;
};

Candidates candidates(const SuikodenState& st, Seat s) {
  Candidates c;
  for (Card x : st.place(st.battle().place).dispatched[s])
    if (st.def(x).troops > 0 && c.n < kMaxCasualtyPicks) {
      c.card[c.n] = x;
      c.troops[c.n++] = st.def(x).troops;
    }
  return c;
}

}  // namespace

bool may_lose(const SuikodenState& st, Seat s, Card c) {
  const Candidates k = candidates(st, s);
  const std::uint32_t ok = exact_choices(k.troops, k.n, st.battle().to_cover[s]);
  for (int i = 0; i < k.n; ++i)
    if (k.card[i] == c) return (ok >> i) & 1u;
  return false;
}

void SuikodenState::begin_casualties() {
  const int p = battle_.place;
  for (Seat s = 0; s < 2; ++s) battle_.troops[s] = total(p, s, Stat::kTroops);
  for (Seat s = 0; s < 2; ++s) {
    const Candidates k = candidates(*this, s);
    battle_.to_cover[s] = troops_owed(k.troops, k.n, battle_.troops[1 - s]);
  }
  next_casualty_seat(kNoSeat);
}

// Turn player first. A side picks casualties one at a time, each one part of
// a choice adding up to exactly what it owes, until it has lost that much;
// then its 0-troop characters go if it was not ahead. A 0-troop character
// covers nothing, so it is never a casualty pick: only the not-ahead rule
// takes it.
bool SuikodenState::owes_casualties(Seat s) const {
  if (battle_.to_cover[s] <= 0) return false;
  const Candidates k = candidates(*this, s);
  return exact_choices(k.troops, k.n, battle_.to_cover[s]) != 0;
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
    leave_field(c);
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
  leave_field(c);
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
