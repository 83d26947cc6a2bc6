#include "core/rng.h"

#include <gtest/gtest.h>

#include <array>
#include <numeric>

namespace tt {

TEST(Rng, SameSeedSameSequence) {
  Rng a(42), b(42), c(43);
  bool differs = false;
  for (int i = 0; i < 100; ++i) {
    const auto x = a.next();
    EXPECT_EQ(x, b.next());
    differs = differs || x != c.next();
  }
  EXPECT_TRUE(differs);
}

TEST(Rng, BelowStaysInRangeAndCoversIt) {
  Rng r(7);
  std::array<int, 6> seen{};
  for (int i = 0; i < 6000; ++i) {
    const auto v = r.below(6);
    ASSERT_LT(v, 6u);
    ++seen[v];
  }
  for (int n : seen) EXPECT_GT(n, 850);  // about 1000 each
}

TEST(Rng, ShuffleIsAPermutationAndDeterministic) {
  std::array<int, 50> a{}, b{};
  std::iota(a.begin(), a.end(), 0);
  b = a;
  Rng r1(9), r2(9);
  r1.shuffle(a.begin(), a.end());
  r2.shuffle(b.begin(), b.end());
  EXPECT_EQ(a, b);
  auto sorted = a;
  std::sort(sorted.begin(), sorted.end());
  for (int i = 0; i < 50; ++i) EXPECT_EQ(sorted[i], i);
  int moved = 0;
  for (int i = 0; i < 50; ++i) moved += a[i] != i;
  EXPECT_GT(moved, 30);
}

TEST(Rng, WordsRoundTrip) {
  Rng a(5);
  a.next();
  Rng b;
  b.set_words(a.words());
  EXPECT_EQ(a.next(), b.next());
}

}  // namespace tt
