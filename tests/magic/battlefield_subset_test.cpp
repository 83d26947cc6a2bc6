// The battlefield's subsets (battlefield_subset.h): the permanents of a kind
// in battlefield order while they fit, the whole battlefield beyond, and the
// list rebuilt in order once they fit again.
#include "games/magic/battlefield_subset.h"

#include <gtest/gtest.h>

#include <vector>

namespace tt::magic {
namespace {

using Obj = std::uint16_t;

// A battlefield of `n` permanents 0..n-1 where the even ones belong.
struct Table {
  SizedVec<Obj> battlefield{200};
  BattlefieldSubset<4> evens;
  static bool belongs(Obj o) { return o % 2 == 0; }
  void enter(Obj o) {
    battlefield.push_back(o);
    if (belongs(o)) evens.entered(o);
  }
  void leave(Obj o) {
    battlefield.remove(o);
    if (belongs(o)) evens.left(o, battlefield, belongs);
  }
  std::vector<Obj> walked() const {
    const auto s = evens.of(battlefield);
    return {s.begin(), s.end()};
  }
};

TEST(MagicBattlefieldSubset, HoldsTheMembersInBattlefieldOrder) {
  Table t;
  for (Obj o : {5, 2, 7, 8, 0}) t.enter(o);
  EXPECT_EQ(t.walked(), (std::vector<Obj>{2, 8, 0}));
  t.leave(8);
  t.leave(7);  // not a member: the list is untouched
  EXPECT_EQ(t.walked(), (std::vector<Obj>{2, 0}));
  t.enter(4);
  EXPECT_EQ(t.walked(), (std::vector<Obj>{2, 0, 4}));
  EXPECT_TRUE(t.evens.fits());
}

TEST(MagicBattlefieldSubset, PastItsRoomItAnswersTheWholeBattlefieldThenRebuildsInOrder) {
  Table t;
  for (Obj o = 0; o < 12; ++o) t.enter(o);  // six members, room for four
  EXPECT_FALSE(t.evens.fits());
  EXPECT_EQ(t.walked().size(), 12u);  // every permanent: callers check the kind
  t.leave(4);
  EXPECT_FALSE(t.evens.fits());
  t.leave(0);  // four members again: the list is rebuilt from the battlefield
  ASSERT_TRUE(t.evens.fits());
  EXPECT_EQ(t.walked(), (std::vector<Obj>{2, 6, 8, 10}));
  t.leave(6);
  t.enter(14);
  EXPECT_EQ(t.walked(), (std::vector<Obj>{2, 8, 10, 14}));
}

TEST(MagicBattlefieldSubset, ACopyIsAnIndependentValue) {
  Table t;
  for (Obj o : {0, 2, 4}) t.enter(o);
  Table copy = t;
  copy.leave(2);
  EXPECT_EQ(t.walked(), (std::vector<Obj>{0, 2, 4}));
  EXPECT_EQ(copy.walked(), (std::vector<Obj>{0, 4}));
}

}  // namespace
}  // namespace tt::magic
