// Whether cards dealt to unseen places over many draws are spread uniformly.
//
// A draw maps places (JSON pointers of a referee view) to what lies there.
// A place belongs to the player whose entry it is under ("/players/1/hand/3"
// to player 1; places outside "/players/N" to the table). A player's places
// that ever hold the same value form one pool (an opponent's hand and deck
// hold the same cards; the observer's own deck is another pool; two players
// may hold copies of the same card, so pools never join across players).
// A closed pool holds the same cards in every draw: each of its places must
// show each card as often as its share of the pool. An open pool (its cards
// come and go, as when a card chosen face down may be any of several in a
// hand) is checked place against place instead: places of the same list
// must be alike. Each is a chi-square test, failed beyond 5 standard
// deviations under the Wilson-Hilferty normal approximation (p below about
// 3e-7): strict enough to catch a real bias without failing by chance
// across many places.
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
  int fitted = 0;    // places tested against their closed pool
  int compared = 0;  // places of open pools tested against their list
};

// Wilson-Hilferty: chi-square with k degrees of freedom as a standard normal.
inline double chi_square_z(double chi2, double k) {
  const double a = 2.0 / (9.0 * k);
  return (std::cbrt(chi2 / k) - (1.0 - a)) / std::sqrt(a);
}

// "/players/1/hand/3" -> "/players/1"; other places belong to the table.
inline std::string owner_of(const std::string& place) {
  if (place.rfind("/players/", 0) != 0) return "";
  return place.substr(0, place.find('/', 9));
}
inline std::string list_of(const std::string& place) {
  return place.substr(0, place.rfind('/'));
}

// Whether the places' value counts could come from one distribution
// (chi-square test of homogeneity).
inline bool alike(const std::vector<std::map<std::string, double>>& counts, std::string& why) {
  std::map<std::string, double> column;
  double total = 0;
  std::vector<double> row(counts.size(), 0.0);
  for (std::size_t i = 0; i < counts.size(); ++i)
    for (auto& [v, c] : counts[i]) {
      column[v] += c;
      row[i] += c;
      total += c;
    }
  if (counts.size() < 2 || column.size() < 2) return true;
  double chi2 = 0;
  for (std::size_t i = 0; i < counts.size(); ++i)
    for (auto& [v, c] : column) {
      const double expected = row[i] * c / total;
      const double o = counts[i].count(v) ? counts[i].at(v) : 0.0;
      chi2 += (o - expected) * (o - expected) / expected;
    }
  const double dof = static_cast<double>((counts.size() - 1) * (column.size() - 1));
  const double z = chi_square_z(chi2, dof);
  if (z <= 5.0) return true;
  std::ostringstream msg;
  msg << "chi-square " << chi2 << " with " << dof << " degrees of freedom (z " << z << ")";
  why = msg.str();
  return false;
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
  // Per player, a value's first place; every other place it is ever met at
  // joins that place's pool.
  std::map<std::pair<std::string, std::string>, std::size_t> first;
  for (const auto& draw : draws)
    for (std::size_t i = 0; i < n; ++i) {
      const auto it = draw.find(places[i]);
      if (it == draw.end()) continue;
      const auto [at, fresh] = first.emplace(std::make_pair(owner_of(places[i]), it->second), i);
      if (!fresh) root[find(i)] = find(at->second);
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
    auto count_at = [&](std::size_t i) {
      std::map<std::string, double> count;
      for (const auto& draw : draws)
        if (auto it = draw.find(places[i]); it != draw.end()) count[it->second] += 1;
      return count;
    };
    const auto pool = contents(draws.front());
    bool closed = true;
    for (std::size_t d = 1; d < draws.size() && closed; ++d) closed = contents(draws[d]) == pool;
    if (!closed) {
      std::map<std::string, std::vector<std::map<std::string, double>>> lists;
      for (std::size_t i : members) lists[list_of(places[i])].push_back(count_at(i));
      for (auto& [list, counts] : lists) {
        std::string why;
        if (!alike(counts, why)) {
          r.ok = false;
          r.problem = "the places of " + list + " are not alike: " + why;
          return r;
        }
        if (counts.size() > 1) r.compared += static_cast<int>(counts.size());
      }
      continue;
    }
    std::map<std::string, double> share;
    for (const auto& v : pool) share[v] += 1.0 / static_cast<double>(pool.size());
    if (share.size() < 2) continue;
    for (std::size_t i : members) {
      const std::map<std::string, double> count = count_at(i);
      double total = 0;
      for (auto& [v, c] : count) total += c;
      ++r.fitted;
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
