// The option a server's timer takes for a seat that lets its time run out
// (State::default_action, documented on each game's page under "Timers: the
// default option" and in docs/server.md "Timers, disconnects and leaving"):
// at every decision of random games, for every pending seat, it is legal and
// never an undo; it is the game's passive choice whenever one is offered and
// otherwise the first legal option; and games in which every seat always
// takes its default come to an end.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "core/match.h"
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
const std::vector<std::string> kMagic = {"keep",    "pass",      "attack-done", "block-done",
                                         "decline", "pick-done", "assign-done"};

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

const std::vector<std::string>& passive_of(const std::string& game) {
  static const std::map<std::string, std::vector<std::string>> kPassive = {
      {"suikoden", kSuikoden}, {"ddm", kDdm}, {"lastchronicle", kLc}, {"magic", kMagic}};
  return kPassive.at(game);
}

// Whether the seat, taking its defaults, finishes the declaration of
// attackers or blockers, or the division of combat damage, it is making
// within a few decisions.
bool finishes(const State& from, Seat seat) {
  auto st = from.clone();
  for (int i = 0; i < 16 && has_seat(st->pending_seats(), seat); ++i) {
    const Action d = st->default_action(seat);
    const std::string id = st->action_id(seat, d);
    if (id == "attack-done" || id == "block-done" || id == "assign-done") return true;
    st->apply_action(seat, d);
  }
  return false;
}

// What a pending seat's default must be, checked: legal; never an undo, but
// for Magic's one exception (a declaration of blockers that can no longer be
// made legal is started over), and a declaration of attackers or blockers
// under way is finished by the defaults that follow; the game's first
// passive option offered, else the first legal option that is not an undo
// (Magic, declaring attackers or blockers with "done" not offered yet: the
// fewest more that make it legal, not pinned here). Returns what is wrong, or
// "" with the default's id in `id`.
std::string check_default(const State& st, Seat seat, const std::string& game, std::string& id) {
  ActionList legal;
  st.legal_actions(seat, legal);
  const Action d = st.default_action(seat);
  id = st.action_id(seat, d);
  const std::string where = " (seat " + std::to_string(seat) + ", " + st.prompt(seat) + ")";
  if (std::find(legal.begin(), legal.end(), d) == legal.end())
    return "default " + id + " is not legal" + where;
  const bool magic = game == "magic";
  if (magic &&
      (id.rfind("attack", 0) == 0 || id.rfind("block", 0) == 0 || id.rfind("assign", 0) == 0) &&
      !finishes(st, seat))
    return "the defaults do not finish the declaration begun with " + id + where;
  if (magic && id == "block-reset") return {};
  if (st.is_undo(seat, d)) return "default " + id + " is an undo" + where;
  std::vector<std::string> ids;
  for (const Action& a : legal) ids.push_back(st.action_id(seat, a));
  for (const std::string& p : passive_of(game))
    if (std::find(ids.begin(), ids.end(), p) != ids.end())
      return id == p ? "" : "default " + id + ", not the passive " + p + where;
  // Dividing combat damage: the step toward the automatic division
  // (tests/magic/damage_division_test.cpp pins it).
  if (magic && (ids[0].rfind("attack:", 0) == 0 || ids[0].rfind("block:", 0) == 0 ||
                ids[0].rfind("assign:", 0) == 0))
    return {};
  for (std::size_t i = 0; i < legal.size(); ++i)
    if (!st.is_undo(seat, legal[i]))
      return id == ids[i] ? "" : "default " + id + ", not the first option " + ids[i] + where;
  return "no option is not an undo" + where;
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
};

// Random games (odd seeds: random decisions; even seeds: half random, half
// the default, so that paths a timed-out seat takes are explored too): at
// every decision, for every seat pending, the default is legal, not an undo,
// and the documented choice.
TEST_P(DefaultAction, IsLegalAndNeverAnUndoForEveryPendingSeat) {
  constexpr int kGames = 12;
  constexpr long kMaxDecisions = 2000;  // per game: bounds the test's time
  const std::string game = GetParam().game;
  std::set<std::string> met;
  ActionList legal;
  long checked = 0, restarts = 0;
  for (std::uint64_t seed = 1; seed <= kGames; ++seed) {
    auto st = deal(seed);
    Rng rng(seed * 7919);
    for (long n = 0; n < kMaxDecisions && !st->is_terminal(); ++n) {
      const SeatMask pending = st->pending_seats();
      ASSERT_NE(pending, 0u) << "no seat pending in a game not over";
      for (Seat s = 0; s < st->num_seats(); ++s) {
        if (!has_seat(pending, s)) continue;
        std::string id;
        const std::string wrong = check_default(*st, s, game, id);
        ASSERT_EQ(wrong, "") << "seed " << seed << " decision " << n;
        met.insert(id);
        restarts += id == "block-reset";
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

// (Declaring no attackers and no blockers is met in random games above.)
TEST_F(NamedDefaults, MagicKeepsAndPasses) {
  auto st = deal("magic", 4);
  const auto seen = defaults(*st, 400);
  ASSERT_FALSE(seen.empty());
  EXPECT_EQ(seen[0].second, "keep");
  EXPECT_TRUE(took(seen, "Keep", "keep"));
  bool passed = false;
  for (auto& [prompt, id] : seen) passed = passed || id == "pass";
  EXPECT_TRUE(passed);
}

// 608.2d: Counsel of Plenty's "choose a player" is asked as it resolves (the
// scenario 608-2d-a); a controller who lets the time run out chooses itself,
// the first option, so no other player is named by a timer.
TEST_F(NamedDefaults, MagicChoosesThePlayerWhoCastTheSpellOnResolution) {
  const auto g = Registry::instance().get("magic");
  std::ifstream in(TABLETOP_TESTS_DIR
                   "/magic/scenarios/608-2d-a-choose-a-player-on-resolution.json");
  const nlohmann::json sc = nlohmann::json::parse(in);
  Match m(g, setup_from_json(sc["setup"]), sc["state"]);
  ASSERT_EQ(m.act(0, "cast:counsel-of-plenty#1"), "");
  for (Seat s = 0; s < 4; ++s) ASSERT_EQ(m.act(s, "pass"), "") << s;
  const State& st = m.state();
  ASSERT_EQ(st.pending_seats(), seat_bit(0));
  EXPECT_EQ(st.prompt(0), "Choose a player");
  EXPECT_EQ(st.action_id(0, st.default_action(0)), "choose:seat0");
}

// Every position of every rule scenario (tests/<game>/scenarios: monsters
// attacked, blocks, effects waiting for a choice, windows, chains): at the
// start and after each step, every pending seat's default is checked as in
// random games, and from the start the defaults play the game to its end.
TEST(DefaultActionInScenarios, EveryPositionAndTheGameEnds) {
  register_builtin_games();
  std::map<std::string, std::set<std::string>> met;
  int scenarios = 0;
  long positions = 0;
  for (auto& g : Registry::instance().games()) {
    const std::filesystem::path dir =
        std::string(TABLETOP_TESTS_DIR "/") + g->name() + "/scenarios";
    std::vector<std::filesystem::path> files;
    for (auto& e : std::filesystem::directory_iterator(dir))
      if (e.path().extension() == ".json") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const auto& file : files) {
      std::ifstream in(file);
      const nlohmann::json sc = nlohmann::json::parse(in);
      std::optional<Match> m;
      try {
        const tt::Setup setup = setup_from_json(sc.value("setup", nlohmann::json::object()));
        m.emplace(sc.contains("state") ? Match(g, setup, sc["state"]) : Match(g, setup));
      } catch (const std::exception&) {
        continue;  // a scenario of a refused setup, deck or state
      }
      ++scenarios;
      const std::string name = file.filename().string();
      auto check_here = [&](const std::string& when) {
        const State& st = m->state();
        if (st.is_terminal()) return;
        for (Seat s = 0; s < st.num_seats(); ++s) {
          if (!has_seat(st.pending_seats(), s)) continue;
          std::string id;
          EXPECT_EQ(check_default(st, s, g->name(), id), "") << name << " " << when;
          met[g->name()].insert(id);
          ++positions;
        }
      };
      check_here("at the start");
      // Last Chronicle's deck_out=ignore bounds no game: there a table of
      // seats that only time out goes on until one concedes (documented in
      // docs/games/lastchronicle.md, "Timers: the default option").
      const auto& options = m->setup().options;
      const auto deck_out = options.find("deck_out");
      if (deck_out == options.end() || deck_out->second != "ignore") {
        auto st = m->state().clone();
        for (long n = 0; n < 20000 && !st->is_terminal(); ++n) {
          const Seat seat = st->to_act();
          st->apply_action(seat, st->default_action(seat));
        }
        EXPECT_TRUE(st->is_terminal()) << name << ": the defaults do not end the game";
      }
      const nlohmann::json steps = sc.value("steps", nlohmann::json::array());
      for (std::size_t i = 0; i < steps.size(); ++i) {
        if (!steps[i].contains("option")) continue;
        if (!m->act(steps[i].value("seat", m->state().to_act()),
                    steps[i]["option"].get<std::string>())
                 .empty())
          continue;  // a step the scenario expects to be refused
        check_here("after step " + std::to_string(i + 1));
      }
    }
  }
  EXPECT_GT(scenarios, 300);
  RecordProperty("scenarios", scenarios);
  RecordProperty("positions", static_cast<int>(positions));
  // Passive defaults that only positions set up by hand reach.
  for (const char* id : {"strike", "take", "done"}) EXPECT_TRUE(met["ddm"].count(id)) << id;
  for (const char* id : {"no-block", "end-combat"})
    EXPECT_TRUE(met["lastchronicle"].count(id)) << id;
  for (const char* id : {"block-done", "decline"}) EXPECT_TRUE(met["magic"].count(id)) << id;
}

}  // namespace
}  // namespace tt
