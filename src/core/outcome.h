// How a finished game ended for each seat: win, loss or draw, and a finishing place.
#pragma once
#include <string_view>
#include <vector>

namespace tt {

enum class Result { kWin, kLoss, kDraw };

struct Outcome {
  Result result = Result::kDraw;
  int place = 1;  // 1 = first; seats that tie share a place
  friend bool operator==(const Outcome&, const Outcome&) = default;
};

inline std::string_view result_name(Result r) {
  switch (r) {
    case Result::kWin:
      return "win";
    case Result::kLoss:
      return "loss";
    case Result::kDraw:
      return "draw";
  }
  return "?";
}

using Outcomes = std::vector<Outcome>;

// One winner (a seat) and everyone else losing, or a draw for all (winner < 0).
inline Outcomes winner_outcomes(int seats, int winner) {
  Outcomes o(static_cast<std::size_t>(seats));
  for (int s = 0; s < seats; ++s)
    o[s] = winner < 0 ? Outcome{Result::kDraw, 1}
                      : (winner == s ? Outcome{Result::kWin, 1} : Outcome{Result::kLoss, 2});
  return o;
}

// Ranks seats by score (higher is better): shared scores share a place; a
// lone top score wins, a shared top score draws, everyone else loses.
Outcomes rank_by_score(const std::vector<int>& scores);

}  // namespace tt
