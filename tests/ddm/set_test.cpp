// Set legality (rule text "用意する物"): 12 dice, three of each level 1-4;
// exactly 10 monster figures, at most 2 of the same monster; items up to 4.
// Problems are reported (rule name + message), never thrown.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/registry.h"

namespace tt {
namespace {

using nlohmann::json;

std::shared_ptr<const Game> ddm() {
  register_builtin_games();
  return Registry::instance().get("ddm");
}

std::vector<std::string> rules_broken(const json& set) {
  std::vector<std::string> rules;
  for (auto& p : ddm()->check_deck(set, tt::Setup{})) rules.push_back(p.rule);
  return rules;
}

bool breaks(const json& set, const std::string& rule) {
  auto r = rules_broken(set);
  return std::find(r.begin(), r.end(), rule) != r.end();
}

// Ten different level-1/2 monsters, no items, the standard dice.
json legal_set() {
  return {{"dice", "standard"},
          {"monsters",
           {"ember-whelp", "cinder-hatchling", "tin-squire", "pike-slinger", "moss-scout",
            "briar-hound", "hedge-witch", "grave-mite", "cliff-drake", "shield-ox"}},
          {"items", json::array()}};
}

TEST(DdmSet, StarterSetsAreLegal) {
  auto g = ddm();
  ASSERT_EQ(g->starter_decks().size(), 4u);
  for (auto& name : g->starter_decks()) EXPECT_TRUE(rules_broken(json(name)).empty()) << name;
  EXPECT_TRUE(rules_broken(legal_set()).empty());
}

// "モンスターフィギュア 各自10体ずつ": exactly ten monsters.
TEST(DdmSet, ExactlyTenMonsters) {
  json nine = legal_set();
  nine["monsters"].erase(nine["monsters"].begin());
  EXPECT_TRUE(breaks(nine, "monster deck"));
  json eleven = legal_set();
  eleven["monsters"].push_back("bog-lurker");
  EXPECT_TRUE(breaks(eleven, "monster deck"));
}

// "同じモンスターはデッキに2体までです": two copies are fine, three are not,
// whether written as counts or as repeated ids.
TEST(DdmSet, AtMostTwoCopies) {
  json two = legal_set();
  two["monsters"][0] = {{"monster", "shield-ox"}, {"count", 1}};  // shield-ox twice in all
  EXPECT_FALSE(breaks(two, "copies"));
  EXPECT_TRUE(rules_broken(two).empty());
  json three = legal_set();
  three["monsters"][0] = {{"monster", "shield-ox"}, {"count", 2}};
  three["monsters"].erase(three["monsters"].begin() + 1);  // still 10 monsters
  EXPECT_TRUE(breaks(three, "copies"));
  EXPECT_FALSE(breaks(three, "monster deck"));
}

// "アイテムフィギュア 各自4つまで ... 無くてもプレイ可能": 0 to 4 items; items are not monsters.
TEST(DdmSet, AtMostFourItems) {
  json four = legal_set();
  four["items"] = {"medic-kit", "snare-mine", "crest-leech", "bramble-wall"};
  EXPECT_TRUE(rules_broken(four).empty());
  json five = four;
  five["items"].push_back("medic-kit");
  EXPECT_TRUE(breaks(five, "items"));
  json item_as_monster = legal_set();
  item_as_monster["monsters"][0] = "medic-kit";
  EXPECT_TRUE(breaks(item_as_monster, "monsters"));
  json monster_as_item = legal_set();
  monster_as_item["items"] = {"shield-ox"};
  EXPECT_TRUE(breaks(monster_as_item, "items"));
}

// "レベル1、2、3、4のダイスを各自3つずつ": 12 dice, three of each level.
TEST(DdmSet, TwelveDiceThreePerLevel) {
  json ok = legal_set();
  ok["dice"] = {"l1-a", "l1-b", "l1-c", "l2-a", "l2-b", "l2-c",
                "l3-a", "l3-b", "l3-c", "l4-a", "l4-b", "l4-c"};
  EXPECT_TRUE(rules_broken(ok).empty());
  json repeated = ok;  // the same die twice is fine if the levels add up
  repeated["dice"][1] = "l1-a";
  EXPECT_TRUE(rules_broken(repeated).empty());
  json wrong_levels = ok;
  wrong_levels["dice"][0] = "l2-d";  // two level-1 dice, four level-2 dice
  EXPECT_TRUE(breaks(wrong_levels, "dice"));
  json eleven = ok;
  eleven["dice"].erase(eleven["dice"].begin());
  EXPECT_TRUE(breaks(eleven, "dice"));
  json unknown = ok;
  unknown["dice"][0] = "l1-zz";
  EXPECT_TRUE(breaks(unknown, "dice"));
}

TEST(DdmSet, MalformedSetsAreReportedNotThrown) {
  EXPECT_TRUE(breaks(json(42), "format"));
  EXPECT_TRUE(breaks(json("no-such-starter"), "format"));
  EXPECT_TRUE(breaks(json{{"dice", 7}}, "format"));
  EXPECT_TRUE(breaks(json{{"dice", "no-such-dice-set"}}, "dice"));
  json bad_count = legal_set();
  bad_count["monsters"][0] = {{"monster", "shield-ox"}, {"count", "two"}};
  EXPECT_TRUE(breaks(bad_count, "format"));
  json unknown = legal_set();
  unknown["monsters"][0] = "no-such-monster";
  EXPECT_TRUE(breaks(unknown, "monsters"));
  EXPECT_TRUE(breaks(json::object(), "monster deck"));  // no monsters at all
}

TEST(DdmSet, IllegalSetRefusesToStart) {
  tt::Setup s;
  s.decks = json::array({json{{"monsters", {"shield-ox"}}}, "beasts"});
  EXPECT_THROW(ddm()->new_state(s), Error);
  s.decks = json::array({legal_set(), "beasts"});
  EXPECT_NO_THROW(ddm()->new_state(s));
}

}  // namespace
}  // namespace tt
