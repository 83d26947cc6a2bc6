#include "cli/stats.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace tt::cli {

Summary summarize(std::vector<double> v) {
  Summary s;
  if (v.empty()) return s;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  s.empty = false;
  s.mean = std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(n);
  s.median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  s.min = v.front();
  s.max = v.back();
  return s;
}

std::pair<double, double> wilson95(long wins, long n) {
  if (n <= 0) return {0.0, 1.0};
  const double z = 1.959963984540054;
  const double nn = static_cast<double>(n);
  const double p = static_cast<double>(wins) / nn;
  const double denom = 1 + z * z / nn;
  const double centre = (p + z * z / (2 * nn)) / denom;
  const double half = z * std::sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / denom;
  // Exact at the ends: no wins gives 0, only wins gives 1 (rounding aside).
  const double lo = wins <= 0 ? 0.0 : std::max(0.0, centre - half);
  const double hi = wins >= n ? 1.0 : std::min(1.0, centre + half);
  return {lo, hi};
}

}  // namespace tt::cli
