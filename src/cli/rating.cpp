#include "cli/rating.h"

#include <algorithm>
#include <cmath>

namespace tt::cli {

std::vector<Rating> bradley_terry(const PairResults& r, double mean) {
  const int n = r.size();
  const auto idx = [](int i) { return static_cast<std::size_t>(i); };
  // Scores and meetings with one virtual draw per pair that met.
  auto games = [&](int i, int j) { return r.games(i, j) > 0 ? r.games(i, j) + 1 : 0.0; };
  std::vector<double> wins(idx(n), 0.0);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (i != j && r.games(i, j) > 0) wins[idx(i)] += r.score(i, j) + 0.5;
  std::vector<double> g(idx(n), 1.0);
  for (int iter = 0; iter < 10000; ++iter) {
    double change = 0;
    std::vector<double> next(idx(n), 1.0);
    for (int i = 0; i < n; ++i) {
      double denom = 0;
      for (int j = 0; j < n; ++j)
        if (i != j && games(i, j) > 0) denom += games(i, j) / (g[idx(i)] + g[idx(j)]);
      next[idx(i)] = denom > 0 ? wins[idx(i)] / denom : 1.0;
    }
    // Strengths are only known up to a factor: keep their geometric mean 1.
    double log_mean = 0;
    for (double x : next) log_mean += std::log(x);
    log_mean /= n;
    for (int i = 0; i < n; ++i) {
      next[idx(i)] /= std::exp(log_mean);
      change = std::max(change, std::abs(std::log(next[idx(i)] / g[idx(i)])));
    }
    g = next;
    if (change < 1e-12) break;
  }
  const double scale = 400 / std::log(10.0);
  std::vector<Rating> out(idx(n));
  for (int i = 0; i < n; ++i) {
    double information = 0;  // -d2 logL / d(ln g_i)^2
    for (int j = 0; j < n; ++j)
      if (i != j && games(i, j) > 0) {
        const double p = g[idx(i)] / (g[idx(i)] + g[idx(j)]);
        information += games(i, j) * p * (1 - p);
      }
    out[idx(i)].elo = mean + scale * std::log(g[idx(i)]);
    out[idx(i)].margin = information > 0 ? 1.959963984540054 * scale / std::sqrt(information) : 0;
  }
  return out;
}

}  // namespace tt::cli
