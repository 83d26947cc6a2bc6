// The option a server's timer takes for a seat that lets its time run out
// (State::default_action, documented on each game's page under "Timers: the
// default option" and in docs/server.md "Timers, disconnects and leaving"):
// at every decision of random games, for every pending seat, it is legal and
// never an undo; it is the game's passive choice whenever one is offered and
// otherwise the first legal option; and games in which every seat always
// takes its default come to an end.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "core/registry.h"
#include "core/rng.h"

namespace tt {
namespace {

struct Table {
  const char* game;
  int seats;
  const char* variant;
  // The game's passive options (docs/games/<game>.md), in the order its
  // default_action prefers them; at most one is offered at a time.
  std::vector<std::string> passive;
  // Passive options that random games must meet as a default (so the test
  // sees them at work).
  std::vector<std::string> must_meet;
};

const std::vector<std::string> kSuikoden = {"keep", "done", "rest", "nosupport", "pass", "decline"};
const std::vector<std::string> kDdm = {"nosummon", "end", "strike", "take", "done", "pass"};
const std::vector<std::string> kLc = {"shed:none",  "keep",     "combat", "pass",
                                      "end-combat", "no-block", "done",   "no"};
const std::vector<std::string> kMagic = {"keep",       "pass",    "attack-done",
                                         "block-done", "decline", "pick-done"};

const Table kTables[] = {
    {"suikoden", 2, "", kSuikoden, {"keep", "done", "nosupport", "pass", "decline"}},
    {"suikoden", 2, "short", kSuikoden, {"keep", "pass"}},
    {"ddm", 2, "", kDdm, {"nosummon", "end", "pass"}},
    {"ddm", 2, "quick", kDdm, {"nosummon", "end"}},
    {"lastchronicle",
     2,
     "",
     kLc,
     {"shed:none", "keep", "combat", "pass", "end-combat", "no-block"}},
    {"lastchronicle", 3, "", kLc, {"shed:none", "keep", "combat", "pass", "end-combat"}},
    {"magic", 2, "", kMagic, {"keep", "pass", "attack-done", "block-done"}},
    {"magic", 4, "", kMagic, {"keep", "pass", "attack-done", "block-done"}},
};

std::string name_of(const Table& t) {
  std::string n = std::string(t.game) + "_" + std::to_string(t.seats) + "_seats";
  if (*t.variant) n += std::string("_") + t.variant;
  return n;
}

void PrintTo(const Table& t, std::ostream* os) {
  *os << name_of(t);
}

class DefaultAction : public ::testing::TestWithParam<Table> {
 protected:
  void SetUp() override { register_builtin_games(); }

  std::unique_ptr<State> deal(std::uint64_t seed) const {
    const Table& t = GetParam();
    tt::Setup s;
    s.seats = t.seats;
    s.variant = t.variant;
    s.seed = seed;
    return Registry::instance().get(t.game)->new_state(s);
  }

  // What the game's default must be here: its first passive option offered,
  // else the first legal option that is not an undo. Empty when the game may
  // choose among several (a creature that must attack, in Magic).
  std::string expected(const State& st, Seat seat, const ActionList& legal) const {
    std::vector<std::string> ids;
    for (const Action& a : legal) ids.push_back(st.action_id(seat, a));
    for (const std::string& p : GetParam().passive)
      if (std::find(ids.begin(), ids.end(), p) != ids.end()) return p;
    if (std::string(GetParam().game) == "magic" && !ids.empty() &&
        (ids[0].rfind("attack:", 0) == 0 || ids[0].rfind("block:", 0) == 0))
      return {};
    for (std::size_t i = 0; i < legal.size(); ++i)
      if (!st.is_undo(seat, legal[i])) return ids[i];
    return "<no option that is not an undo>";
  }
};

// Whether the seat, taking its defaults, finishes the declaration of
// attackers or blockers it is making within a few decisions.
bool finishes(const State& from, Seat seat) {
  auto st = from.clone();
  for (int i = 0; i < 16 && has_seat(st->pending_seats(), seat); ++i) {
    const Action d = st->default_action(seat);
    const std::string id = st->action_id(seat, d);
    if (id == "attack-done" || id == "block-done") return true;
    st->apply_action(seat, d);
  }
  return false;
}

// Random games (odd seeds: random decisions; even seeds: half random, half
// the default, so that paths a timed-out seat takes are explored too): at every decision, for every
// seat pending, the default is legal, not an undo, and the documented choice.
TEST_P(DefaultAction, IsLegalAndNeverAnUndoForEveryPendingSeat) {
  constexpr int kGames = 12;
  constexpr long kMaxDecisions = 2000;  // per game: bounds the test's time
  std::set<std::string> met;
  ActionList legal;
  long checked = 0, restarts = 0;
  const bool magic = std::string(GetParam().game) == "magic";
  for (std::uint64_t seed = 1; seed <= kGames; ++seed) {
    auto st = deal(seed);
    Rng rng(seed * 7919);
    for (long n = 0; n < kMaxDecisions && !st->is_terminal(); ++n) {
      const SeatMask pending = st->pending_seats();
      ASSERT_NE(pending, 0u) << "no seat pending in a game not over";
      for (Seat s = 0; s < st->num_seats(); ++s) {
        if (!has_seat(pending, s)) continue;
        st->legal_actions(s, legal);
        const Action d = st->default_action(s);
        ASSERT_NE(std::find(legal.begin(), legal.end(), d), legal.end())
            << "seed " << seed << " decision " << n << " seat " << s << ": default "
            << st->action_id(s, d) << " is not legal (" << st->prompt(s) << ")";
        const std::string got = st->action_id(s, d);
        // Magic's one exception: a declaration of blockers that can no longer
        // be made legal is started over. Either way a declaration under way
        // is finished by the defaults that follow.
        if (magic && (got.rfind("attack", 0) == 0 || got.rfind("block", 0) == 0)) {
          ASSERT_TRUE(finishes(*st, s)) << "seed " << seed << " decision " << n << ": " << got;
        }
        if (magic && got == "block-reset") {
          ++restarts;
          continue;
        }
        ASSERT_FALSE(st->is_undo(s, d))
            << "seed " << seed << " decision " << n << ": default " << got << " is an undo";
        const std::string want = expected(*st, s, legal);
        if (!want.empty()) {
          ASSERT_EQ(got, want) << "seed " << seed << " decision " << n << " seat " << s << " ("
                               << st->prompt(s) << ")";
        }
        met.insert(got);
        ++checked;
      }
      const Seat seat = st->to_act();
      st->legal_actions(seat, legal);
      Action a = st->default_action(seat);
      if (seed % 2 == 1 || rng.below(2) == 0) {
        // Uniform among the options that are not undos (as random_playout).
        auto k = static_cast<std::uint32_t>(legal.size());
        for (;;) {
          const std::uint32_t i = rng.below(k);
          if (k == 1 || !st->is_undo(seat, legal[i])) {
            a = legal[i];
            break;
          }
          legal[i] = legal[--k];
        }
      }
      st->apply_action(seat, a);
    }
  }
  EXPECT_GT(checked, 0);
  RecordProperty("decisions_checked", static_cast<int>(checked));
  RecordProperty("blocks_started_over", static_cast<int>(restarts));
  for (const std::string& id : GetParam().must_meet)
    EXPECT_TRUE(met.count(id)) << "random games never took the default " << id;
}

// Every seat always takes its default: the game ends (nobody can stall it by
// letting the clock run out), within a bound far above what it needs.
TEST_P(DefaultAction, GamesOfDefaultsEnd) {
  constexpr long kBound = 100000;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    auto st = deal(seed);
    long n = 0;
    while (!st->is_terminal() && n < kBound) {
      const Seat seat = st->to_act();
      st->apply_action(seat, st->default_action(seat));
      ++n;
    }
    EXPECT_TRUE(st->is_terminal())
        << "seed " << seed << ": not over after " << kBound << " default decisions";
    RecordProperty("decisions_seed_" + std::to_string(seed), static_cast<int>(n));
  }
}

INSTANTIATE_TEST_SUITE_P(Games, DefaultAction, ::testing::ValuesIn(kTables),
                         [](const auto& info) { return name_of(info.param); });

// Named defaults at decisions every game of that kind meets, played from the
// deal with every seat taking its default.
class NamedDefaults : public ::testing::Test {
 protected:
  void SetUp() override { register_builtin_games(); }

  static std::unique_ptr<State> deal(const char* game, int seats = 2) {
    tt::Setup s;
    s.seats = seats;
    s.seed = 11;
    return Registry::instance().get(game)->new_state(s);
  }
  // The default's id at each decision, in order, until the game ends or
  // `limit` decisions, each with the seat's prompt.
  static std::vector<std::pair<std::string, std::string>> defaults(State& st, int limit) {
    std::vector<std::pair<std::string, std::string>> out;
    for (int n = 0; n < limit && !st.is_terminal(); ++n) {
      const Seat seat = st.to_act();
      const Action d = st.default_action(seat);
      out.emplace_back(st.prompt(seat), st.action_id(seat, d));
      st.apply_action(seat, d);
    }
    return out;
  }
  static bool took(const std::vector<std::pair<std::string, std::string>>& seen,
                   const std::string& prompt_start, const std::string& id) {
    bool any = false;
    for (auto& [prompt, got] : seen)
      if (prompt.rfind(prompt_start, 0) == 0) {
        if (got != id) return false;
        any = true;
      }
    return any;
  }
};

TEST_F(NamedDefaults, SuikodenKeepsTheHandAndDiscardsOnlyOneCard) {
  auto st = deal("suikoden");
  const auto seen = defaults(*st, 40);
  ASSERT_GE(seen.size(), 4u);
  EXPECT_EQ(seen[0].second, "keep");  // no card returned at the mulligan
  EXPECT_EQ(seen[1].second, "keep");
  EXPECT_TRUE(took(seen, "Discard more cards, or finish", "done"));
  // The main phase has no passive choice: the first card of the hand is discarded.
  EXPECT_EQ(seen[2].second.rfind("discard:", 0), 0u) << seen[2].second;
}

TEST_F(NamedDefaults, DdmPicksTheFirstDiceDoesNotSummonAndEndsTheTurn) {
  auto st = deal("ddm");
  ActionList legal;
  st->legal_actions(st->to_act(), legal);
  EXPECT_EQ(st->action_id(st->to_act(), st->default_action(st->to_act())),
            st->action_id(st->to_act(), legal.front()));  // the first die in order
  const auto seen = defaults(*st, 60);
  EXPECT_TRUE(took(seen, "Summon a monster or item?", "nosummon"));
  EXPECT_TRUE(took(seen, "Main phase", "end"));
  for (auto& [prompt, id] : seen) EXPECT_NE(id, "cancel");
}

TEST_F(NamedDefaults, LastChronicleSetsNothingAsideKeepsAndEndsCombat) {
  auto st = deal("lastchronicle", 3);
  const auto seen = defaults(*st, 60);
  EXPECT_TRUE(took(seen, "Set aside up to one card", "shed:none"));
  EXPECT_TRUE(took(seen, "Mulligan", "keep"));
  EXPECT_TRUE(took(seen, "Main phase", "combat"));
  EXPECT_TRUE(took(seen, "Combat preparation: quick actions, or pass", "pass"));
  EXPECT_TRUE(took(seen, "Pre-end phase: quick actions, or pass", "pass"));
}

TEST_F(NamedDefaults, MagicKeepsPassesAndDeclaresNoAttackers) {
  auto st = deal("magic", 4);
  const auto seen = defaults(*st, 400);
  ASSERT_FALSE(seen.empty());
  EXPECT_EQ(seen[0].second, "keep");
  EXPECT_TRUE(took(seen, "Keep", "keep"));
  bool passed = false;
  for (auto& [prompt, id] : seen) passed = passed || id == "pass";
  EXPECT_TRUE(passed);
}

}  // namespace
}  // namespace tt
