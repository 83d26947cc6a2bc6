#include "core/options.h"

#include <gtest/gtest.h>

#include "core/error.h"

namespace tt {

namespace {
const std::vector<OptionSpec> kSpecs = {{"mode", "a", "", {"a", "b"}},
                                        {"limit", "5", "", {}, 1, 10},
                                        {"life", "default", "", {"default"}, -3, 300}};
const std::vector<Variant> kVariants = {{"standard", "", {}}, {"fast", "", {{"limit", "3"}}}};
}  // namespace

TEST(Options, DefaultsThenVariantThenOverrides) {
  auto o = Options::resolve(kSpecs, kVariants, "", {});
  EXPECT_EQ(o.variant(), "standard");
  EXPECT_EQ(o.get("mode"), "a");
  EXPECT_EQ(o.get_int("limit"), 5);
  o = Options::resolve(kSpecs, kVariants, "fast", {});
  EXPECT_EQ(o.get_int("limit"), 3);
  o = Options::resolve(kSpecs, kVariants, "fast", {{"limit", "9"}, {"mode", "b"}});
  EXPECT_EQ(o.get_int("limit"), 9);
  EXPECT_EQ(o.get("mode"), "b");
}

TEST(Options, BadInputIsRefusedByName) {
  EXPECT_THROW(Options::resolve(kSpecs, kVariants, "nope", {}), Error);
  EXPECT_THROW(Options::resolve(kSpecs, kVariants, "", {{"colour", "red"}}), Error);
  EXPECT_THROW(Options::resolve(kSpecs, kVariants, "", {{"mode", "c"}}), Error);
  EXPECT_THROW(Options::resolve(kSpecs, kVariants, "", {{"limit", "five"}}), Error);
  try {
    Options::resolve(kSpecs, kVariants, "", {{"mode", "c"}});
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("a|b"), std::string::npos);
  }
}

TEST(Options, IntegersAreWithinTheirDeclaredRange) {
  EXPECT_EQ(Options::resolve(kSpecs, kVariants, "", {{"limit", "1"}}).get_int("limit"), 1);
  EXPECT_EQ(Options::resolve(kSpecs, kVariants, "", {{"limit", "10"}}).get_int("limit"), 10);
  EXPECT_EQ(Options::resolve(kSpecs, kVariants, "", {{"life", "-3"}}).get_int("life"), -3);
  EXPECT_EQ(Options::resolve(kSpecs, kVariants, "", {{"life", "default"}}).get("life"), "default");
  for (const char* bad : {"0", "11", "-1", "99999999999", "5 ", "+5", "0x5", ""})
    EXPECT_THROW(Options::resolve(kSpecs, kVariants, "", {{"limit", bad}}), Error) << bad;
  EXPECT_THROW(Options::resolve(kSpecs, kVariants, "", {{"life", "301"}}), Error);
  EXPECT_THROW(Options::resolve(kSpecs, kVariants, "", {{"life", "dflt"}}), Error);
  try {
    Options::resolve(kSpecs, kVariants, "", {{"life", "301"}});
    ADD_FAILURE() << "301 accepted";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(),
                 "option 'life' cannot be '301' (expected default or an integer from -3 to 300)");
  }
}

// A NUL in a request's text does not cut the message short: what() is a C
// string, so the NUL is written out as \u0000 and the rest kept.
TEST(Options, AnErrorKeepsWhatFollowsANul) {
  try {
    Options::resolve(kSpecs, kVariants, "", {{std::string("col\0our", 7), "red"}});
    ADD_FAILURE() << "accepted";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "unknown option 'col\\u0000our'");
  }
}

}  // namespace tt
