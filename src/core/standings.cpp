#include "core/standings.h"

#include <algorithm>
#include <vector>

namespace tt {

Outcomes Standings::outcomes(int seats) const {
  std::vector<int> keys;
  for (Seat s = 0; s < seats; ++s) keys.push_back(key(s));
  return rank_by_score(keys);
}

Outcomes Standings::team_outcomes(const TurnOrder& order) const {
  const int seats = order.seats();
  // Each team present at the table ranks by its best member.
  std::vector<int> teams, keys;
  for (Seat s = 0; s < seats; ++s) {
    const auto it = std::find(teams.begin(), teams.end(), order.team(s));
    if (it == teams.end()) {
      teams.push_back(order.team(s));
      keys.push_back(key(s));
    } else {
      int& k = keys[static_cast<std::size_t>(it - teams.begin())];
      k = std::max(k, key(s));
    }
  }
  const Outcomes ranked = rank_by_score(keys);
  Outcomes out(static_cast<std::size_t>(seats));
  for (Seat s = 0; s < seats; ++s)
    out[s] = ranked[static_cast<std::size_t>(std::find(teams.begin(), teams.end(), order.team(s)) -
                                             teams.begin())];
  return out;
}

}  // namespace tt
