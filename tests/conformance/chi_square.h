// Whether cards dealt to unseen places over many draws are spread uniformly.
//
// A draw maps places (JSON pointers of a referee view) to what lies there.
// Places that share a value at some draw belong to one pool (an opponent's
// hand and deck hold the same cards; the observer's own deck is another
// pool). In every draw a pool must hold the same cards (nothing appears or
// vanishes), and each place must show each card as often as its share of the
// pool: a chi-square goodness-of-fit test per place, failed when the
// statistic lies beyond 5 standard deviations under the Wilson-Hilferty
// normal approximation (p below about 3e-7), so the test is strict enough to
// catch a real bias without failing by chance across many places.
#pragma once
#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace tt::stats {

struct UniformResult {
  bool ok = true;
  std::string problem;
};

// Wilson-Hilferty: chi-square with k degrees of freedom as a standard normal.
inline double chi_square_z(double chi2, double k) {
  const double a = 2.0 / (9.0 * k);
  return (std::cbrt(chi2 / k) - (1.0 - a)) / std::sqrt(a);
}

inline UniformResult uniform_places(const std::vector<std::string>& places,
                                    const std::vector<std::map<std::string, std::string>>& draws) {
  UniformResult r;
  const std::size_t n = places.size();
  // Pools: places joined whenever they held the same value in some draw.
  std::vector<std::size_t> root(n);
  std::iota(root.begin(), root.end(), 0);
  auto find = [&](std::size_t i) {
    while (root[i] != i) i = root[i] = root[root[i]];
    return i;
  };
  for (const auto& draw : draws) {
    std::map<std::string, std::size_t> first;
    for (std::size_t i = 0; i < n; ++i) {
      const auto it = draw.find(places[i]);
      if (it == draw.end()) continue;
      const auto [at, fresh] = first.emplace(it->second, i);
      if (!fresh) root[find(i)] = find(at->second);
    }
  }
  std::map<std::size_t, std::vector<std::size_t>> pools;
  for (std::size_t i = 0; i < n; ++i) pools[find(i)].push_back(i);
  for (auto& [id, members] : pools) {
    auto contents = [&](const std::map<std::string, std::string>& draw) {
      std::multiset<std::string> held;
      for (std::size_t i : members)
        if (auto it = draw.find(places[i]); it != draw.end()) held.insert(it->second);
      return held;
    };
    const auto pool = contents(draws.front());
    for (std::size_t d = 1; d < draws.size(); ++d)
      if (contents(draws[d]) != pool) {
        r.ok = false;
        r.problem = "the pool of " + places[members.front()] + " holds other cards in draw " +
                    std::to_string(d);
        return r;
      }
    std::map<std::string, double> share;
    for (const auto& v : pool) share[v] += 1.0 / static_cast<double>(pool.size());
    if (share.size() < 2) continue;
    for (std::size_t i : members) {
      std::map<std::string, double> count;
      double total = 0;
      for (const auto& draw : draws)
        if (auto it = draw.find(places[i]); it != draw.end()) {
          count[it->second] += 1;
          total += 1;
        }
      double chi2 = 0;
      for (auto& [v, p] : share) {
        const double expected = total * p;
        const double o = count.count(v) ? count.at(v) : 0.0;
        chi2 += (o - expected) * (o - expected) / expected;
      }
      const double z = chi_square_z(chi2, static_cast<double>(share.size() - 1));
      if (z > 5.0) {
        std::ostringstream msg;
        msg << places[i] << " is not uniform over its pool of " << pool.size()
            << " cards: chi-square " << chi2 << " with " << share.size() - 1
            << " degrees of freedom (z " << z << ")";
        r.ok = false;
        r.problem = msg.str();
        return r;
      }
    }
  }
  return r;
}

}  // namespace tt::stats
