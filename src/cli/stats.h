// Small statistics for simulation reports.
#pragma once
#include <utility>
#include <vector>

namespace tt::cli {

struct Summary {
  double mean = 0, median = 0, min = 0, max = 0;
  bool empty = true;
};

Summary summarize(std::vector<double> values);

// The 95% Wilson score interval for `wins` successes in `n` trials ({0, 1}
// when n is 0).
std::pair<double, double> wilson95(long wins, long n);

}  // namespace tt::cli
