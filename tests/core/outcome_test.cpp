#include "core/outcome.h"

#include <gtest/gtest.h>

namespace tt {

TEST(Outcome, RankByScore) {
  auto o = rank_by_score({3, 7, 3, 1});
  EXPECT_EQ(o[1].result, Result::kWin);
  EXPECT_EQ(o[1].place, 1);
  EXPECT_EQ(o[0].place, 2);
  EXPECT_EQ(o[2].place, 2);
  EXPECT_EQ(o[3].place, 4);
  EXPECT_EQ(o[0].result, Result::kLoss);
  auto tie = rank_by_score({5, 5});
  EXPECT_EQ(tie[0].result, Result::kDraw);
  EXPECT_EQ(tie[1].result, Result::kDraw);
}

}  // namespace tt
