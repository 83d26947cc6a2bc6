// An Elo-like rating from pairwise results: the Bradley-Terry model, in which
// player i beats player j with probability g_i / (g_i + g_j), fit by
// maximum likelihood and shown on the Elo scale (400 log10 g, so 400 points
// are odds of 10 to 1).
#pragma once
#include <vector>

namespace tt::cli {

// Results between n players: score(i, j) is what i scored against j (a win
// 1, a draw 1/2 to each), games(i, j) how often they met (symmetric).
class PairResults {
 public:
  explicit PairResults(int n) : n_(n), score_(cells(n), 0.0), games_(cells(n), 0.0) {}
  int size() const { return n_; }
  // One meeting: i scored `score` (1, 0.5 or 0) against j.
  void add(int i, int j, double score) {
    score_[at(i, j)] += score;
    score_[at(j, i)] += 1 - score;
    games_[at(i, j)] += 1;
    games_[at(j, i)] += 1;
  }
  double score(int i, int j) const { return score_[at(i, j)]; }
  double games(int i, int j) const { return games_[at(i, j)]; }

 private:
  static std::size_t cells(int n) {
    return static_cast<std::size_t>(n) * static_cast<std::size_t>(n);
  }
  std::size_t at(int i, int j) const { return static_cast<std::size_t>(i * n_ + j); }
  int n_;
  std::vector<double> score_, games_;
};

struct Rating {
  double elo = 0;
  double margin = 0;  // half the width of an approximate 95% interval
};

// Ratings with mean `mean`. Each pair that met also gets one virtual draw,
// so a player who won every game keeps a finite rating. The fit is
// minorization-maximization (Hunter 2004); the margin is 1.96 standard
// errors from the likelihood's curvature for each player alone (the others
// held fixed), so it is a little narrow. Players who met nobody get `mean`.
std::vector<Rating> bradley_terry(const PairResults& results, double mean = 1500);

}  // namespace tt::cli
