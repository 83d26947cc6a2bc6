// A seat's token is checked against its hash (SHA-256) once; the token found
// is remembered with the hash it matched, so a new hash (a claim, a new
// holder) revokes it at once and no other seat's token is taken for it.
#include <gtest/gtest.h>

#include "server/table.h"
#include "server/tokens.h"

namespace tt::server {
namespace {

TEST(TableTokens, AVerifiedTokenIsRememberedOnlyWhileItsSeatKeepsItsHash) {
  Table t;
  t.seats.resize(2);
  for (auto& s : t.seats) s.kind = "human";
  t.seats[0].token_hash = token_hash("alpha");
  t.seats[1].token_hash = token_hash("beta");
  for (int round = 0; round < 2; ++round) {  // first hashed, then remembered
    EXPECT_EQ(t.seat_of_token("alpha"), 0);
    EXPECT_EQ(t.seat_of_token("beta"), 1);
    EXPECT_EQ(t.seat_of_token("gamma"), kNoSeat);
    EXPECT_EQ(t.seat_of_token(""), kNoSeat);
  }
  EXPECT_EQ(t.seats[0].verified_token, "alpha");
  // Seat 0 claimed with a new token: the old one holds nothing any more.
  t.seats[0].token_hash = token_hash("delta");
  EXPECT_EQ(t.seat_of_token("alpha"), kNoSeat);
  EXPECT_EQ(t.seat_of_token("delta"), 0);
  EXPECT_EQ(t.seat_of_token("delta"), 0);
  // A seat left open holds no token, remembered or not.
  t.seats[1].token_hash.clear();
  EXPECT_EQ(t.seat_of_token("beta"), kNoSeat);
  // The old hash back (a claim undone): its token holds the seat again.
  t.seats[0].token_hash = token_hash("alpha");
  EXPECT_EQ(t.seat_of_token("delta"), kNoSeat);
  EXPECT_EQ(t.seat_of_token("alpha"), 0);
}

}  // namespace
}  // namespace tt::server
