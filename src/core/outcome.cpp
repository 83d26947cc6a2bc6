#include "core/outcome.h"

#include <algorithm>

namespace tt {

Outcomes rank_by_score(const std::vector<int>& scores) {
  Outcomes out(scores.size());
  const int best = scores.empty() ? 0 : *std::max_element(scores.begin(), scores.end());
  const auto top = std::count(scores.begin(), scores.end(), best);
  for (std::size_t i = 0; i < scores.size(); ++i) {
    int better = 0;
    for (int s : scores) better += s > scores[i];
    out[i].place = better + 1;
    out[i].result = scores[i] != best ? Result::kLoss : (top > 1 ? Result::kDraw : Result::kWin);
  }
  return out;
}

}  // namespace tt
