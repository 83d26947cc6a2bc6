// The casualty arithmetic of the troops battle (rule text "兵力時の判定方法"):
// a side loses characters whose printed troops add up to exactly the
// enemy's troops; only when no choice of its characters adds up to exactly
// that may it go over, and then (our reading of "相当する分だけ") only as far
// as its characters force: the smallest total above the enemy's troops it
// can make. A side whose characters together fall short loses them all.
#pragma once
#include <cstdint>

#include "games/suikoden/state.h"

namespace tt::suikoden {

// At most the 16 characters a side can have on a mission, each with its
// printed troops (above 0: a 0-troop character covers nothing).
inline constexpr int kMaxCasualtyPicks = 16;

// The printed troops a side owes against `enemy` troops (0 when enemy <= 0).
int troops_owed(const int* troops, int n, int enemy);

// Which characters (bit i: troops[i]) belong to some choice adding up to
// exactly `owed`: the legal next casualties. 0 when none adds up to it.
std::uint32_t exact_choices(const int* troops, int n, int owed);

// Whether seat `s`, deciding its casualties, may lose character `c` next.
bool may_lose(const SuikodenState& st, Seat s, Card c);

}  // namespace tt::suikoden
