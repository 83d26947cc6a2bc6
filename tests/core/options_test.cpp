#include "core/options.h"

#include <gtest/gtest.h>

#include "core/error.h"

namespace tt {

namespace {
const std::vector<OptionSpec> kSpecs = {{"mode", "a", "", {"a", "b"}}, {"limit", "5", "", {}}};
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

}  // namespace tt
