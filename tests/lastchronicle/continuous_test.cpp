// Continuous effects (continuous.cpp) read packed card facts (card_facts.h)
// and skip work they can prove useless: a field without a unit giving a
// static, a seat's anthems for a unit alive without them. Through random
// games at 2-4 seats they must agree with the card text read the long way:
// every unit's +ATK/+DEF is the sum of the anthems of its controller's other
// unnegated units, ride and shed (plus modifiers), and no unit is left at DEF
// 0 or less when the rule check has run. A pool whose anthems lower DEF
// exercises the path that sums anthems for every unit.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "ai/agent.h"
#include "core/data_file.h"
#include "core/registry.h"
#include "games/lastchronicle/events.h"
#include "games/lastchronicle/game.h"
#include "games/lastchronicle/state.h"

namespace tt::lastchronicle {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

// +ATK, +DEF of the anthems reaching unit c, from the abilities' text.
std::pair<int, int> anthems_by_text(const LcState& s, Card c) {
  int atk = 0, def = 0;
  auto add = [&](Card source, Zone zone) {
    for (const Ability& a : s.def(source).abilities)
      if (a.tag == Tag::kStatic && a.stat == StaticKind::kAnthem && a.zone == zone) {
        atk += a.stat_atk;
        def += a.stat_def;
      }
  };
  const Player& p = s.player(s.controller(c));
  for (const Unit& u : p.field)
    if (u.card != c && !s.negated(u.card)) add(u.card, Zone::kBattlefield);
  if (p.ride != kNoCard) add(p.ride, Zone::kRide);
  if (p.shed != kNoCard) add(p.shed, Zone::kShed);
  return {atk, def};
}

bool resolution_choice(const ActionList& options) {
  for (const Action& a : options)
    if (a.kind == kChooseOpponent || a.kind == kChooseUnit || a.kind == kChooseCard ||
        a.kind == kDone || a.kind == kYes || a.kind == kNo)
      return true;
  return false;
}

// Plays `games` random games of `game` at `seats`, checking every decision;
// returns how many units were checked against the text.
long check_games(const Game& game, int seats, int games) {
  Setup setup;
  setup.seats = seats;
  const auto prepared = game.prepare(setup);
  long checked = 0;
  for (int g = 0; g < games; ++g) {
    EventLog log;
    auto state = prepared->deal(static_cast<std::uint64_t>(g + 1), &log);
    const auto& s = dynamic_cast<const LcState&>(*state);
    Rng rng(static_cast<std::uint64_t>(g + 1));
    ActionList options;
    std::set<Card> modified;  // given a modifier this turn (those end with it)
    std::size_t seen = 0;
    for (int step = 0; step < 20000 && !s.is_terminal(); ++step) {
      for (; seen < log.size(); ++seen) {
        const Event& e = log[seen];
        if (e.kind == kEvModify || e.kind == kEvNegate)
          modified.insert(static_cast<Card>(e.args[0]));
        if (e.kind == kEvEndPhase) modified.clear();
      }
      const Seat seat = s.to_act();
      s.legal_actions(seat, options);
      const bool checked_rules = !resolution_choice(options);
      for (Seat o = 0; o < seats; ++o)
        for (const Unit& u : s.player(o).field) {
          if (checked_rules) {
            EXPECT_GT(s.def_value(u.card) - u.damage, 0)
                << "a unit at DEF 0 outside a resolution, game " << g + 1 << " step " << step;
          }
          if (modified.count(u.card)) continue;
          const auto [atk, def] = anthems_by_text(s, u.card);
          EXPECT_EQ(s.bonuses(u.card), std::make_pair(atk, def))
              << s.def(u.card).id << ", game " << g + 1 << " step " << step;
          EXPECT_EQ(s.atk(u.card), std::max(0, s.def(u.card).atk + atk));
          EXPECT_EQ(s.def_value(u.card), s.def(u.card).def + def);
          ++checked;
        }
      if (::testing::Test::HasFailure()) return checked;  // one game's story is enough
      random_step(*state, seat, rng, options);
    }
    EXPECT_TRUE(s.is_terminal());
  }
  return checked;
}

TEST(LastChronicleContinuous, BonusesAndRuleChecksAgreeWithTheCardText) {
  register_builtin_games();
  const Game& game = *Registry::instance().get("lastchronicle");
  for (int seats = 2; seats <= 4; ++seats) EXPECT_GT(check_games(game, seats, 12), 1000) << seats;
}

// The same pool with every anthem giving -2 DEF instead: units die of the
// anthems of others, so the rule check must sum them for every unit.
TEST(LastChronicleContinuous, AnthemsThatLowerDefKillByTheRuleCheck) {
  const fs::path root = fs::temp_directory_path() / ("tt_lc_anthems_" + std::to_string(getpid()));
  fs::remove_all(root);
  fs::create_directories(root);
  fs::copy(source_data_dir() + "/lastchronicle", root / "lastchronicle",
           fs::copy_options::recursive);
  const std::string file = (root / "lastchronicle" / "cards.json").string();
  json pool = read_data_file(file);
  int changed = 0;
  for (json& card : pool["cards"]) {
    if (!card.contains("abilities")) continue;
    for (json& ability : card["abilities"])
      if (ability.contains("static") && ability["static"].value("kind", "") == "anthem") {
        ability["static"]["def"] = -2;
        ++changed;
      }
  }
  ASSERT_GE(changed, 3);
  std::ofstream(file) << pool.dump(1);
  const LcGame game(root.string());
  for (int seats = 2; seats <= 4; ++seats) EXPECT_GT(check_games(game, seats, 12), 1000) << seats;
  fs::remove_all(root);
}

}  // namespace
}  // namespace tt::lastchronicle
