#include "core/rng.h"

#include <gtest/gtest.h>

#include <array>
#include <nlohmann/json.hpp>
#include <numeric>
#include <type_traits>

#include "core/error.h"

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

TEST(Rng, ForcedResultsComeFirstThenTheSeededSequenceGoesOn) {
  Rng plain(5), forced(5);
  forced.force(2);
  forced.force(4);
  forced.force(0);
  EXPECT_EQ(forced.forced_size(), 3);
  EXPECT_EQ(forced.below(6), 2u);
  EXPECT_EQ(forced.below(6), 4u);
  EXPECT_EQ(forced.below(6), 0u);
  EXPECT_EQ(forced.forced_size(), 0);
  // Forced draws do not advance the generator: the seeded sequence is intact.
  for (int i = 0; i < 20; ++i) EXPECT_EQ(forced.below(6), plain.below(6));
  EXPECT_EQ(forced, plain);  // a used-up queue leaves no trace
}

TEST(Rng, AForcedResultNotBelowTheDrawIsAnErrorAndStaysQueued) {
  Rng r(1);
  r.force(6);
  try {
    r.below(6);
    FAIL() << "a forced 6 on a six-sided draw was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("forced result 6 is not below 6"), std::string::npos)
        << e.what();
  }
  EXPECT_EQ(r.forced_size(), 1);
  EXPECT_EQ(r.below(7), 6u);  // a larger draw takes it
}

TEST(Rng, ForcedQueueHoldsThirtyTwoSmallValues) {
  Rng r(1);
  for (int i = 0; i < Rng::kMaxForced; ++i) r.force(static_cast<std::uint32_t>(i));
  EXPECT_THROW(r.force(0), Error);
  EXPECT_EQ(r.below(100), 0u);
  r.force(200);  // room again after a draw
  EXPECT_THROW(r.force(256), Error);
  for (int i = 1; i < Rng::kMaxForced; ++i) EXPECT_EQ(r.below(100), static_cast<std::uint32_t>(i));
  EXPECT_EQ(r.below(201), 200u);
  EXPECT_EQ(r.forced_size(), 0);
}

TEST(Rng, ForcedResultsFixAShuffle) {
  // A shuffle of n draws below(n), below(n-1), ..., below(2) and swaps
  // element i-1 with the drawn one: forcing i-1 each time keeps the order.
  Rng r(3);
  for (std::uint32_t i = 5; i > 1; --i) r.force(i - 1);
  std::array<int, 5> a{0, 1, 2, 3, 4};
  r.shuffle(a.begin(), a.end());
  EXPECT_EQ(a, (std::array<int, 5>{0, 1, 2, 3, 4}));
  // Forcing 0 at the first draw moves the first element to the end.
  r.force(0);
  r.force(3);
  r.force(2);
  r.force(1);
  r.shuffle(a.begin(), a.end());
  EXPECT_EQ(a, (std::array<int, 5>{4, 1, 2, 3, 0}));
}

TEST(Rng, JsonRoundTripKeepsWordsAndForcedResults) {
  Rng a(9);
  a.next();
  // Nothing forced: the four words as decimal strings, as states always saved them.
  const nlohmann::json plain = rng_to_json(a);
  ASSERT_TRUE(plain.is_array());
  EXPECT_EQ(plain.size(), 4u);
  EXPECT_EQ(rng_from_json(plain), a);
  a.force(3);
  a.force(1);
  const nlohmann::json j = rng_to_json(a);
  EXPECT_EQ(j["next"], nlohmann::json({3, 1}));
  Rng b = rng_from_json(j);
  EXPECT_EQ(b, a);
  EXPECT_EQ(b.below(10), 3u);
  EXPECT_EQ(b.below(10), 1u);
}

TEST(Rng, JsonFromASeedWithForcedResults) {
  Rng r = rng_from_json(nlohmann::json::parse(R"({"seed": 5, "next": [2, 4, 0]})"));
  Rng seeded(5);
  EXPECT_EQ(r.below(6), 2u);
  EXPECT_EQ(r.below(6), 4u);
  EXPECT_EQ(r.below(6), 0u);
  EXPECT_EQ(r, seeded);
  // Words may be numbers too (the Magic-style game saves them so).
  nlohmann::json nums = nlohmann::json::array();
  for (auto w : seeded.words()) nums.push_back(w);
  EXPECT_EQ(rng_from_json(nums), seeded);
}

TEST(Rng, JsonRefusesMalformedGenerators) {
  for (const char* bad : {R"([1, 2, 3])", R"(["1", "2", "x", "4"])", R"(["1", "2", "3", "-4"])",
                          R"(["1", "2", "3", "99999999999999999999"])", R"({"next": [1]})",
                          R"({"seed": 1, "words": ["1", "2", "3", "4"]})", R"({"seed": -1})",
                          R"({"seed": 1, "next": [-1]})", R"({"seed": 1, "next": [256]})",
                          R"({"seed": 1, "next": 3})", R"({"seed": 1, "nxt": [3]})", R"("seed")"}) {
    EXPECT_THROW(rng_from_json(nlohmann::json::parse(bad)), Error) << bad;
  }
  nlohmann::json many = {{"seed", 1}, {"next", nlohmann::json::array()}};
  for (int i = 0; i <= Rng::kMaxForced; ++i) many["next"].push_back(0);
  EXPECT_THROW(rng_from_json(many), Error);
}

TEST(Rng, StaysASmallPlainValue) {
  static_assert(std::is_trivially_copyable_v<Rng>);
  EXPECT_LE(sizeof(Rng), 72u);
}

}  // namespace tt
