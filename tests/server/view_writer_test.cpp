// A view written straight to text through the game's view writer
// (core/view_writer.h, ViewText::assign(match, seat)) is the view's JSON
// tree dumped, byte for byte, with the same places of its values, so the
// same patches: for every game, at every position of random games, for
// every receiver the server has (each seat, the spectators) and the referee.
#include "core/view_writer.h"

#include <gtest/gtest.h>

#include <cctype>
#include <random>

#include "core/registry.h"
#include "protocol/match_json.h"
#include "server/view_text.h"

namespace tt::server {
namespace {

using nlohmann::json;

struct Case {
  std::string game;
  int seats;
  std::string variant = {};  // and the options, "name=value" (none if empty)
  std::string option = {};
};

class DirectViews : public ::testing::TestWithParam<Case> {
 protected:
  static void SetUpTestSuite() { register_builtin_games(); }
};

TEST_P(DirectViews, AreTheTreesDumpWithTheSameNodesAndPatches) {
  const Case c = GetParam();
  int positions = 0;
  for (std::uint64_t seed : {3u, 11u, 29u}) {
    tt::Setup setup;
    setup.seats = c.seats;
    setup.seed = seed;
    setup.variant = c.variant;
    if (const auto eq = c.option.find('='); eq != std::string::npos)
      setup.options[c.option.substr(0, eq)] = c.option.substr(eq + 1);
    Match match(Registry::instance().get(c.game), setup);
    std::mt19937_64 rng(seed);
    std::vector<Seat> viewers = {kReferee, kNoSeat};
    for (Seat s = 0; s < c.seats; ++s) viewers.push_back(s);
    std::vector<ViewText> sent_direct(viewers.size()), sent_tree(viewers.size());
    for (int decisions = 0; decisions < 120; ++decisions) {
      for (std::size_t v = 0; v < viewers.size(); ++v) {
        const json tree = match.view(viewers[v]);
        ViewText direct, from_tree;
        direct.assign(match, viewers[v]);
        from_tree.assign(tree);
        ASSERT_EQ(direct.text(), tree.dump(-1, ' ', false, json::error_handler_t::replace))
            << c.game << " seed " << seed << " decision " << decisions << " viewer " << viewers[v];
        ASSERT_TRUE(direct == from_tree) << c.game << " decision " << decisions;
        if (!sent_direct[v].empty()) {
          std::string a, b;
          direct.append_patch_from(sent_direct[v], a);
          from_tree.append_patch_from(sent_tree[v], b);
          ASSERT_EQ(a, b) << c.game << " decision " << decisions << " viewer " << viewers[v];
        }
        sent_direct[v] = std::move(direct);
        sent_tree[v] = std::move(from_tree);
      }
      ++positions;
      if (match.state().is_terminal()) break;
      const Seat s = protocol::pending_seats(match).front();
      const auto options = match.options(s);
      match.act(s, options[rng() % options.size()].id);
    }
  }
  EXPECT_GT(positions, 150);
}

INSTANTIATE_TEST_SUITE_P(Games, DirectViews,
                         ::testing::Values(Case{"suikoden", 2}, Case{"ddm", 2},
                                           Case{"lastchronicle", 2}, Case{"lastchronicle", 4},
                                           Case{"magic", 2}, Case{"magic", 4},
                                           Case{"magic", 4, "2hg"}, Case{"magic", 4, "grand-melee"},
                                           Case{"magic", 4, "", "planechase=on"}),
                         [](const auto& info) {
                           std::string name = info.param.game + std::to_string(info.param.seats);
                           for (char ch : info.param.variant + info.param.option)
                             if (std::isalnum(static_cast<unsigned char>(ch))) name += ch;
                           return name;
                         });

// The tree writer puts each value where the keys and nesting say.
TEST(JsonTreeWriter, BuildsTheTreeWritten) {
  json j;
  JsonTreeWriter w(j);
  w.begin_object();
  w.key("a").begin_array();
  w.value(1);
  w.value(std::uint64_t{18446744073709551615u});
  w.begin_object();
  w.field("x", "y");
  w.end_object();
  w.end_array();
  w.field("b", true);
  w.key("c").null();
  w.field_or_null("d", -1, -1);
  w.end_object();
  EXPECT_EQ(j,
            json::parse(R"({"a":[1,18446744073709551615,{"x":"y"}],"b":true,"c":null,"d":null})"));
}

#ifndef NDEBUG
// A key out of order would make the text written directly differ from the
// tree's dump (whose objects are sorted): builds with assertions refuse it.
TEST(ViewWriter, RefusesAKeyOutOfOrder) {
  json j;
  JsonTreeWriter w(j);
  w.begin_object();
  w.field("b", 1);
  EXPECT_THROW(w.field("a", 2), Error);
  EXPECT_THROW(w.field("b", 2), Error);  // nor twice
}
#endif

}  // namespace
}  // namespace tt::server
