// Updates as patches (docs/server.md "update (pushed)"): asked for with
// `"patches":true`, a connection gets a whole view first, then patches
// against the view it was last sent, numbered so that a missed one shows as
// a gap; a connection that did not ask gets whole views as before; the
// spectators taking patches share one. Whole games of every game, with every
// patch checked against the plain update and audited for hidden cards, are
// in redaction_test.cpp.
#include <gtest/gtest.h>

#include "core/registry.h"
#include "hub_support.h"
#include "patch_follower.h"
#include "server/view_text.h"

namespace tt::server::testing {
namespace {

class Patches : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { register_builtin_games(); }

  Harness h;
  std::string table;
  FakeConnection* plain[2] = {nullptr, nullptr};
  std::string tokens[2];

  // A Suikoden table with both seats taken by plain connections.
  void SetUp() override {
    auto& creator = h.connect();
    json r = h.request(creator,
                       {{"cmd", "create"}, {"game", "suikoden"}, {"seats", {"human", "human"}}});
    ASSERT_EQ(r["ok"], true) << r.dump();
    table = r["table"];
    for (int s = 0; s < 2; ++s) {
      plain[s] = &h.connect();
      tokens[s] = h.join(*plain[s], table, s);
    }
  }
  // The seat with a decision decides its first option; false when none can.
  bool step() {
    for (int s = 0; s < 2; ++s) {
      const json* u = plain[s]->last_update();
      if (!u || (*u)["terminal"] == true) return false;
      for (auto& p : (*u)["pending"])
        if (p.contains("options")) {
          json r = h.request(*plain[s], {{"cmd", "act"},
                                         {"table", table},
                                         {"token", tokens[s]},
                                         {"option", p["options"][0]["id"]},
                                         {"seq", (*u)["seq"]}});
          return r["ok"] == true;
        }
    }
    return false;
  }
  static std::vector<json> updates(const FakeConnection& c) {
    std::vector<json> out;
    for (auto& m : c.sent)
      if (m["type"] == "update") out.push_back(m);
    return out;
  }
};

TEST_F(Patches, APlainConnectionGetsWholeViewsAndOneAskingGetsPatchesAfterItsFirst) {
  auto& patched = h.connect();
  auto& refusing = h.connect();  // said no in so many words
  ASSERT_EQ(
      h.request(
          patched,
          {{"cmd", "resume"}, {"table", table}, {"token", tokens[0]}, {"patches", true}})["ok"],
      true);
  ASSERT_EQ(
      h.request(
          refusing,
          {{"cmd", "resume"}, {"table", table}, {"token", tokens[0]}, {"patches", false}})["ok"],
      true);
  for (int i = 0; i < 10; ++i) ASSERT_TRUE(step());
  for (const FakeConnection* c : {plain[0], plain[1], &refusing})
    for (auto& u : updates(*c)) {
      EXPECT_TRUE(u.contains("view")) << u.dump().substr(0, 300);
      EXPECT_FALSE(u.contains("patch") || u.contains("base") || u.contains("version"));
    }
  const std::vector<json> got = updates(patched);
  ASSERT_GE(got.size(), 11u);
  EXPECT_TRUE(got[0].contains("view") && !got[0].contains("patch"));
  PatchFollower follower;
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (i > 0) {
      EXPECT_FALSE(got[i].contains("view"));
      EXPECT_EQ(got[i]["base"], got[i - 1]["version"]);
    }
    ASSERT_TRUE(follower.take(got[i]));
  }
  EXPECT_EQ(follower.patches, got.size() - 1);
  EXPECT_EQ(follower.view, (*refusing.last_update())["view"]);
}

TEST_F(Patches, AMissedPatchIsAGapAndResumingGivesAWholeViewAgain) {
  auto& patched = h.connect();
  const json resume = {
      {"cmd", "resume"}, {"table", table}, {"token", tokens[1]}, {"patches", true}};
  ASSERT_EQ(h.request(patched, resume)["ok"], true);
  for (int i = 0; i < 4; ++i) ASSERT_TRUE(step());
  std::vector<json> got = updates(patched);
  ASSERT_GE(got.size(), 5u);
  PatchFollower follower;
  ASSERT_TRUE(follower.take(got[0]));
  ASSERT_TRUE(follower.take(got[1]));
  // got[2] is lost on the way: the next patch is against a view it never had.
  EXPECT_FALSE(follower.take(got[3]));
  EXPECT_EQ(follower.version, 0u);
  // A patch that does not apply to the view it has is a gap too.
  PatchFollower broken;
  ASSERT_TRUE(broken.take(got[0]));
  json bad = got[1];
  bad["patch"] = json::array({{{"op", "remove"}, {"path", "/no/such/place"}}});
  EXPECT_FALSE(broken.take(bad));
  // It asks again: a whole view, then patches from it.
  const std::size_t before = got.size();
  ASSERT_EQ(h.request(patched, resume)["ok"], true);
  ASSERT_TRUE(step());
  got = updates(patched);
  ASSERT_GT(got.size(), before + 1);
  EXPECT_TRUE(got[before].contains("view"));
  for (std::size_t i = before; i < got.size(); ++i) ASSERT_TRUE(follower.take(got[i])) << i;
  EXPECT_GT(follower.patches, 0u);
  EXPECT_EQ(follower.view, (*plain[1]->last_update())["view"]);
}

TEST_F(Patches, SpectatorsTakingPatchesShareOnePatchAndANewOneGetsAWholeViewFirst) {
  auto& a = h.connect();
  auto& b = h.connect();
  ASSERT_EQ(h.request(a, {{"cmd", "watch"}, {"table", table}, {"patches", true}})["ok"], true);
  ASSERT_EQ(h.request(b, {{"cmd", "watch"}, {"table", table}, {"patches", true}})["ok"], true);
  ASSERT_TRUE(step());
  ASSERT_TRUE(step());
  auto& late = h.connect();
  ASSERT_EQ(h.request(late, {{"cmd", "watch"}, {"table", table}, {"patches", true}})["ok"], true);
  ASSERT_TRUE(step());
  const std::vector<json> ua = updates(a), ub = updates(b), ul = updates(late);
  ASSERT_EQ(ua, ub);  // each the same message: one text for both
  ASSERT_GE(ua.size(), 3u);
  ASSERT_TRUE(ua.back().contains("patch"));
  // The late one's whole view is the version the others had then: it
  // patches along with them from there.
  ASSERT_GE(ul.size(), 2u);
  EXPECT_TRUE(ul[0].contains("view"));
  const std::size_t at = ua.size() - ul.size();  // the others' update it joined at
  EXPECT_EQ(ul[0]["version"], ua[at]["version"]);
  for (std::size_t i = 1; i < ul.size(); ++i) EXPECT_EQ(ul[i], ua[at + i]) << i;
  PatchFollower fa, fl;
  for (auto& u : ua) ASSERT_TRUE(fa.take(u));
  for (auto& u : ul) ASSERT_TRUE(fl.take(u));
  EXPECT_EQ(fa.view, fl.view);
}

TEST_F(Patches, PatchesThatAreNotABooleanAreRefusedAndChangeNothing) {
  auto& c = h.connect();
  auto& creator = h.connect();
  json r =
      h.request(creator, {{"cmd", "create"}, {"game", "suikoden"}, {"seats", {"human", "human"}}});
  const std::string other = r["table"];
  json j = h.request(
      c, {{"cmd", "join"}, {"table", other}, {"seat", 0}, {"name", "Ana"}, {"patches", "yes"}});
  EXPECT_EQ(j["ok"], false);
  EXPECT_EQ(j["error"], "\"patches\" must be true or false");
  // The seat is still open.
  EXPECT_NE(h.join(c, other, 0), "");
  EXPECT_EQ(h.request(c, {{"cmd", "watch"}, {"table", table}, {"patches", 1}})["ok"], false);
}

// The patch between two views' texts (ViewText) turns the one document into
// the other (applied by the library's own patch), whatever changed: keys
// needing escapes, arrays grown and shrunk, a value of another type, the
// whole document; and the text of a view is the library's dump of it.
json text_patch(const json& from, const json& to) {
  ViewText a, b;
  a.assign(from);
  b.assign(to);
  EXPECT_EQ(a.text(), from.dump());
  EXPECT_EQ(b.text(), to.dump());
  std::string out;
  b.append_patch_from(a, out);
  return json::parse(out);
}

TEST(ViewText, APatchTurnsTheOneViewIntoTheOther) {
  const json a = json::parse(R"({"a/b": 1, "c~d": [1, 2, 3, {"x": "y"}], "gone": true,
                                 "n": null, "list": [1, 2], "o": {"p": [1]}, "same": {"k": [1, 2]},
                                 "q\"uo\u00e9": {"t\n": 1.5}, "e": {}, "u": 18446744073709551615})");
  const json b = json::parse(R"({"a/b": 2, "c~d": [1, 5], "n": {"now": "an object"},
                                 "list": [1, 2, 3, 4], "o": {"p": [], "q": 1}, "same": {"k": [1, 2]},
                                 "new": "x", "q\"uo\u00e9": {"t\n": -2}, "e": [], "u": -3})");
  for (auto [from, to] : {std::pair{a, b}, std::pair{b, a}, std::pair{a, a}, std::pair{a, json(3)},
                          std::pair{json::array(), a}, std::pair{json::object(), a}}) {
    const json patch = text_patch(from, to);
    EXPECT_EQ(from.patch(patch), to) << patch.dump();
  }
  EXPECT_TRUE(text_patch(a, a).empty());
  // As fine as the library's own diff: one operation per changed leaf.
  EXPECT_EQ(text_patch(a, b).size(), json::diff(a, b).size());
  // A ViewText written again holds the new view only.
  ViewText t;
  t.assign(a);
  t.assign(json{{"k", 1}});
  EXPECT_EQ(t.text(), R"({"k":1})");
}

// The check of redaction_test.cpp can fail: a patch naming a card (as a
// value, or as a key in its path) that neither view shows is caught.
TEST(PatchCheck, CatchesAPatchNamingWhatNeitherViewShows) {
  const json before = {{"hand", {"ashfen"}}, {"cards", {{"ashfen", "Ashfen"}}}};
  const json after = {{"hand", {"ashfen", "kiri"}},
                      {"cards", {{"ashfen", "Ashfen"}, {"kiri", "Kiri"}}}};
  EXPECT_TRUE(named_outside(json::diff(before, after), before, after).empty());
  EXPECT_EQ(named_outside(json::parse(R"([{"op":"add","path":"/hand/-","value":"dara"}])"), before,
                          after),
            std::vector<std::string>{"dara"});
  EXPECT_EQ(named_outside(json::parse(R"([{"op":"remove","path":"/cards/mira"}])"), before, after),
            std::vector<std::string>{"mira"});
}

}  // namespace
}  // namespace tt::server::testing
