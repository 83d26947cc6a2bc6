// Generic conformance checks, run for every registered game: random games
// end without a crash, cards are conserved, replays reproduce the game,
// saving and restoring mid-game changes nothing, views hide what they must,
// and only listed options are accepted.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "ai/agent.h"
#include "core/match.h"
#include "core/registry.h"
#include "game_params.h"
#include "hidden_audit.h"

namespace tt {
namespace {

using nlohmann::json;

using params::game_of;
using params::seats_of;
using params::variant_of;

class Conformance : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override { register_builtin_games(); }
  std::shared_ptr<const Game> game() const { return params::game(GetParam()); }
  // At most `n` games, fewer for games whose games are long.
  std::uint64_t deep(int n) const;
  tt::Setup setup(std::uint64_t seed) const { return params::setup(GetParam(), seed); }
};

// Plays a match with random choices (seeded), returning the match.
Match play_random(std::shared_ptr<const Game> g, const Setup& s, std::uint64_t agent_seed,
                  int max_decisions = 100000) {
  Match m(g, s);
  Rng rng(agent_seed);
  RandomAgent agent;
  for (int i = 0; i < max_decisions && !m.state().is_terminal(); ++i) {
    const Seat seat = m.state().to_act();
    const Action a = agent.choose(m.state(), seat, rng);
    const std::string err = m.act(seat, a);
    if (!err.empty()) ADD_FAILURE() << "legal option refused: " << err;
  }
  return m;
}

// What each game's views look like, for the generic checks: where the
// physical components are (to count them) and what a seat must not see.
struct ViewRules {
  std::multiset<std::string> (*components)(const json& referee_view);
  // Fails the test when `v` (seat `viewer`'s view) shows something hidden.
  void (*check_hidden)(const json& v, Seat viewer);
  int random_games;
  int deep_games;  // games for the checks that inspect every decision
  // Parts of log lines that reveal cards in passing, by the game's rules
  // (the hidden-information audit lets them name cards hidden before and after).
  std::vector<std::string> reveals = {};
};

std::multiset<std::string> suikoden_components(const json& v) {
  std::multiset<std::string> out;
  for (auto& p : v["players"]) {
    for (const char* zone : {"hand", "deck", "discard"})
      for (auto& c : p[zone]) out.insert(c.get<std::string>());
    if (!p["commander"].is_null()) out.insert(p["commander"].get<std::string>());
    for (auto& r : p["resolved"]) {
      out.insert(r["card"].get<std::string>());
      if (!r["stationed"].is_null()) out.insert(r["stationed"].get<std::string>());
    }
  }
  for (auto& m : v["missions"]) {
    out.insert(m["card"].get<std::string>());
    if (!m["support"].is_null()) out.insert(m["support"].get<std::string>());
    for (auto& side : m["dispatched"])
      for (auto& c : side) out.insert(c.get<std::string>());
  }
  if (v["battle"].is_object())
    for (auto& d : v["battle"]["duel"])
      if (!d["card"].is_null()) out.insert(d["card"].get<std::string>());
  return out;
}

void suikoden_hidden(const json& v, Seat viewer) {
  for (auto& p : v["players"]) {
    ASSERT_FALSE(p.contains("deck")) << "a seat sees a deck's order";
    if (p["seat"] != viewer) {
      ASSERT_FALSE(p.contains("hand")) << "seat " << viewer << " sees another hand";
    }
  }
  if (v["battle"].is_object()) {
    for (Seat o = 0; o < 2; ++o) {
      if (o != viewer) {
        ASSERT_TRUE(v["battle"]["duel"][o]["card"].is_null()) << "face-down duel card shown";
      }
    }
  }
}

std::multiset<std::string> ddm_components(const json& v) {
  std::multiset<std::string> out;
  for (auto& p : v["players"]) {
    for (auto& c : p["reserve"]) out.insert(c.get<std::string>());
    for (auto& c : p["gone"]) out.insert(c.get<std::string>());
  }
  for (auto& f : v["field"]) out.insert(f["id"].get<std::string>());
  return out;
}

void ddm_hidden(const json& v, Seat viewer) {
  for (auto& p : v["players"]) {
    if (p["seat"] != viewer) {
      ASSERT_FALSE(p.contains("reserve")) << "seat " << viewer << " sees the other reserve";
    }
  }
  for (auto& f : v["field"]) {
    if (f["kind"] == "item" && f["owner"] != viewer && !f["revealed"].get<bool>()) {
      ASSERT_FALSE(f.contains("id")) << "an unrevealed enemy item is named";
    }
  }
}

// Every card by id and owner, wherever it is (tokens are not cards).
std::multiset<std::string> lastchronicle_components(const json& v) {
  std::multiset<std::string> out;
  for (auto& p : v["players"]) {
    const std::string owner = "@" + p["seat"].dump();
    for (const char* zone : {"hand", "deck", "ca_yard", "discard", "removed", "removed_hidden"})
      for (auto& c : p[zone]) out.insert(c.get<std::string>() + owner);
    for (const char* slot : {"ride", "shed"})
      if (!p["chronoglyph"][slot].is_null())
        out.insert(p["chronoglyph"][slot].get<std::string>() + owner);
    if (p["leader_home"].get<bool>() && !p["leader"].is_null())
      out.insert(p["leader"].get<std::string>() + owner);
    if (p.contains("setup_pick")) out.insert(p["setup_pick"].get<std::string>() + owner);
    for (auto& u : p["field"]) out.insert(u["card"].get<std::string>() + "@" + u["owner"].dump());
  }
  return out;
}

void lastchronicle_hidden(const json& v, Seat viewer) {
  for (auto& p : v["players"]) {
    ASSERT_FALSE(p.contains("deck")) << "a seat sees a deck's order";
    if (p["seat"] != viewer) {
      ASSERT_FALSE(p.contains("hand")) << "seat " << viewer << " sees another hand";
      ASSERT_FALSE(p.contains("setup_pick")) << "seat " << viewer << " sees a face-down card";
    }
  }
  if (v.contains("mulligan_pick") && v["deciding"] != viewer) {
    FAIL() << "seat " << viewer << " sees another seat's mulligan choice";
  }
}

// Every card by its reference, wherever it is (tokens and copies are not cards).
std::multiset<std::string> magic_components(const json& v) {
  std::multiset<std::string> out;
  for (auto& p : v["players"])
    for (const char* zone :
         {"hand", "library", "graveyard", "exile", "ante", "left_game", "left_game_hidden"})
      for (auto& c : p[zone]) out.insert(c.get<std::string>());
  for (auto& b : v["battlefield"])
    if (!b["token"].get<bool>()) out.insert(b["card"].get<std::string>());
  for (auto& s : v["stack"])
    if (s.contains("ref")) out.insert(s["ref"].get<std::string>());
  return out;
}

void magic_hidden(const json& v, Seat viewer) {
  for (auto& p : v["players"]) {
    ASSERT_FALSE(p.contains("library")) << "a seat sees a library's order";
    if (p["seat"] != viewer) {
      ASSERT_FALSE(p.contains("hand")) << "seat " << viewer << " sees another hand";
    }
  }
}

const ViewRules& view_rules(const std::string& game) {
  static const std::map<std::string, ViewRules> rules = {
      {"suikoden", {suikoden_components, suikoden_hidden, 2000, 20}},
      {"ddm", {ddm_components, ddm_hidden, 1000, 4}},
      // Judgement (審判): both players reveal the top card of their deck and
      // compare CA; the cards stay on top (docs/games/lastchronicle.md).
      {"lastchronicle",
       {lastchronicle_components, lastchronicle_hidden, 400, 3, {" judges seat "}}},
      {"magic", {magic_components, magic_hidden, 100, 2}},
  };
  auto it = rules.find(game);
  if (it == rules.end())
    throw std::runtime_error("add view rules for game " + game + " to conformance_test.cpp");
  return it->second;
}

std::uint64_t Conformance::deep(int n) const {
  // Tables of six or more play long games: one is enough for the
  // per-decision checks (keeps the suite's time bounded).
  const int most = seats_of(GetParam()) >= 6 ? 1 : view_rules(game_of(GetParam())).deep_games;
  return static_cast<std::uint64_t>(params::games(std::min(n, most)));
}

TEST_P(Conformance, ThousandsOfRandomGamesEndWithResults) {
  auto g = game();
  ActionList scratch;
  long decisions = 0;
  const int games = params::games(view_rules(game_of(GetParam())).random_games);
  for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(games); ++seed) {
    auto st = g->new_state(setup(seed));
    Rng rng(seed * 7919);
    decisions += random_playout(*st, rng, scratch);
    ASSERT_TRUE(st->is_terminal());
    ASSERT_EQ(st->outcomes().size(), static_cast<std::size_t>(st->num_seats()));
  }
  EXPECT_GT(decisions, games);
}

TEST_P(Conformance, CardsAreConservedAcrossZones) {
  auto g = game();
  for (std::uint64_t seed = 1; seed <= deep(40); ++seed) {
    Match m(g, setup(seed));
    const auto start = view_rules(game_of(GetParam())).components(m.view(kReferee));
    Rng rng(seed);
    RandomAgent agent;
    for (int step = 0; step < params::decisions_followed() && !m.state().is_terminal(); ++step) {
      const Seat seat = m.state().to_act();
      ASSERT_EQ(m.act(seat, agent.choose(m.state(), seat, rng)), "");
      const auto now = view_rules(game_of(GetParam())).components(m.view(kReferee));
      if (now != start) {
        std::string diff;
        for (auto& c : start)
          if (now.count(c) < start.count(c)) diff += " lost " + c;
        for (auto& c : now)
          if (now.count(c) > start.count(c)) diff += " gained " + c;
        FAIL() << "after decision " << m.decisions().size() << " (" << m.decisions().back().option
               << "):" << diff;
      }
    }
  }
}

TEST_P(Conformance, ReplayReproducesEventsAndFinalState) {
  auto g = game();
  for (std::uint64_t seed = 1; seed <= deep(30); ++seed) {
    Match m = play_random(g, setup(seed), seed + 100);
    const json record = m.record();
    Match again = Match::from_record(json::parse(record.dump()));
    EXPECT_EQ(again.state().fingerprint(), m.state().fingerprint());
    EXPECT_EQ(again.log(), m.log());
    EXPECT_EQ(again.results(), m.results());
  }
}

TEST_P(Conformance, SavingAndRestoringMidGameChangesNothing) {
  constexpr int kFollow = 300;
  auto g = game();
  for (std::uint64_t seed = 1; seed <= deep(30); ++seed) {
    Match m(g, setup(seed));
    Rng rng(seed);
    RandomAgent agent;
    for (int step = 0; step < params::decisions_followed() && !m.state().is_terminal(); ++step) {
      if (step % 7 == 3) {
        json saved;
        m.state().save(saved);
        auto restored = g->restore(json::parse(saved.dump()), m.setup());
        json again;
        restored->save(again);
        ASSERT_EQ(saved, again);
        // The restored copy goes on exactly like the original, for the next
        // kFollow decisions or to the end: a save point every 7 decisions
        // covers every stretch of the game, its end included, without
        // replaying the rest of a long game from each of them.
        auto a = m.state().clone();
        Rng r1(step), r2(step);
        ActionList s1, s2;
        for (int i = 0; i < kFollow && !a->is_terminal() && !restored->is_terminal(); ++i) {
          random_step(*a, a->to_act(), r1, s1);
          random_step(*restored, restored->to_act(), r2, s2);
        }
        json end_a, end_b;
        a->save(end_a);
        restored->save(end_b);
        ASSERT_EQ(end_a, end_b) << "restored copy diverged; first differences: "
                                << json::diff(end_a, end_b).dump().substr(0, 600)
                                << "\nsaved at: " << saved.dump().substr(0, 300);
      }
      const Seat seat = m.state().to_act();
      ASSERT_EQ(m.act(seat, agent.choose(m.state(), seat, rng)), "");
    }
  }
}

TEST_P(Conformance, ClonesAreIndependent) {
  auto g = game();
  auto st = g->new_state(setup(5));
  const auto before = st->fingerprint();
  auto copy = st->clone();
  Rng rng(1);
  ActionList scratch;
  random_playout(*copy, rng, scratch);
  EXPECT_EQ(st->fingerprint(), before);
  EXPECT_NE(copy->fingerprint(), before);
}

// A seat's view never shows the other seat's hand, deck or face-down cards:
// playing the hidden cards differently leaves the seat's view unchanged.
TEST_P(Conformance, ViewsHideOtherSeatsHiddenCards) {
  auto g = game();
  for (std::uint64_t seed = 1; seed <= deep(20); ++seed) {
    Match m(g, setup(seed));
    Rng rng(seed);
    RandomAgent agent;
    std::size_t seen = 0;
    for (int step = 0; step < params::decisions_followed() && !m.state().is_terminal(); ++step) {
      for (Seat viewer = 0; viewer < m.state().num_seats(); ++viewer) {
        const json v = m.view(viewer);
        view_rules(game_of(GetParam())).check_hidden(v, viewer);
        if (HasFatalFailure()) return;
        // Log lines about another seat's draws never name the card (each
        // line is checked once, when it is new).
        const json lines = m.log_json(viewer, seen);
        for (std::size_t i = seen; i < m.log().size(); ++i) {
          if (!sees_details(m.log()[i], viewer)) {
            ASSERT_EQ(m.state().describe(m.log()[i], viewer),
                      lines[i - seen]["text"].get<std::string>());
          }
        }
      }
      seen = m.log().size();
      const Seat seat = m.state().to_act();
      ASSERT_EQ(m.act(seat, agent.choose(m.state(), seat, rng)), "");
    }
  }
}

// Rendering a hidden event for a seat that may not see it must not depend on
// the hidden card: two different hidden cards give the same line.
TEST_P(Conformance, HiddenEventsRenderWithoutTheirSecret) {
  auto g = game();
  Match m = play_random(g, setup(3), 3);
  int hidden = 0;
  for (const Event& e : m.log()) {
    if (e.detail_to == kAllSeats) continue;
    ++hidden;
    Event other = e;
    other.args[0] = e.args[0] == 0 ? 1 : 0;
    for (Seat viewer = 0; viewer < m.state().num_seats(); ++viewer) {
      if (!sees_details(e, viewer)) {
        EXPECT_EQ(m.state().describe(e, viewer), m.state().describe(other, viewer));
      }
    }
  }
  EXPECT_GT(hidden, 0) << "a game with hidden information logs hidden details";
}

TEST_P(Conformance, EveryListedOptionIsAcceptedAndUnlistedOnesAreRefused) {
  auto g = game();
  for (std::uint64_t seed = 1; seed <= deep(10); ++seed) {
    Match m(g, setup(seed));
    Rng rng(seed);
    for (int decision = 0; decision < params::decisions_followed() && !m.state().is_terminal();
         ++decision) {
      const Seat seat = m.state().to_act();
      auto options = m.options(seat);
      ASSERT_FALSE(options.empty());
      // The state's fingerprint (its whole saved form) is 90% of this test's
      // time at big tables: compared at every one of a game's first 300
      // decisions, then at every 7th. The refusals are tried at every one.
      const bool compare = decision < 300 || decision % 7 == 0;
      std::set<std::string> ids;
      for (auto& o : options)
        ASSERT_TRUE(ids.insert(o.id).second) << "duplicate option id " << o.id;
      for (auto& o : options) {
        auto trial = m.state().clone();
        ASSERT_EQ(trial->try_apply(seat, o.action), "") << o.id;
      }
      const auto before = compare ? m.state().fingerprint() : 0;
      EXPECT_NE(m.act(seat, "no-such-option"), "");
      for (Seat other = 0; other < m.state().num_seats(); ++other) {
        if (!has_seat(m.state().pending_seats(), other)) {
          EXPECT_NE(m.act(other, options[0].id), "");
        }
      }
      EXPECT_NE(m.act(99, options[0].id), "");
      EXPECT_NE(m.act(-1, options[0].id), "");
      if (compare) {
        EXPECT_EQ(m.state().fingerprint(), before) << "a refused option changed the state";
      }
      ASSERT_EQ(m.act(seat, options[rng.below(static_cast<std::uint32_t>(options.size()))].id), "");
    }
  }
}

// A concession is recorded and replayed like any decision; in a two-player
// game the other seat wins at once.
TEST_P(Conformance, AConcessionEndsTheGameForThatSeat) {
  auto g = game();
  Match m(g, setup(11));
  Rng rng(11);
  RandomAgent agent;
  for (int i = 0; i < 40 && !m.state().is_terminal(); ++i) {
    const Seat seat = m.state().to_act();
    ASSERT_EQ(m.act(seat, agent.choose(m.state(), seat, rng)), "");
  }
  if (m.state().is_terminal()) GTEST_SKIP() << "game ended before the concession";
  const Seat quitter = 1;
  EXPECT_NE(m.concede(99), "");
  ASSERT_EQ(m.act(quitter, kConcede), "");
  EXPECT_NE(m.concede(quitter), "") << "a seat can leave only once";
  if (m.state().num_seats() > 2) {
    EXPECT_FALSE(m.state().in_game(quitter));
  }
  Match again = Match::from_record(json::parse(m.record().dump()));
  EXPECT_EQ(again.state().fingerprint(), m.state().fingerprint());
  if (m.state().num_seats() == 2) {
    ASSERT_TRUE(m.state().is_terminal());
    EXPECT_EQ(m.state().outcomes()[quitter].result, Result::kLoss);
    EXPECT_EQ(m.state().outcomes()[1 - quitter].result, Result::kWin);
  }
}

// Games with 3+ seats: a seat leaves at a random moment of a random game;
// the game never stalls, never asks the departed seat again, and keeps
// every card (the departed seat's go out of the game, still counted).
TEST_P(Conformance, ASeatLeavingAtAnyMomentNeverStallsTheGame) {
  auto g = game();
  const int seats = seats_of(GetParam());
  if (seats < 3) GTEST_SKIP() << "two-player games end with a concession";
  for (std::uint64_t seed = 1; seed <= deep(30) * 3; ++seed) {
    Match m(g, setup(seed));
    Rng rng(seed * 31);
    RandomAgent agent;
    const auto start = view_rules(game_of(GetParam())).components(m.view(kReferee));
    const int leave_at = static_cast<int>(rng.below(400));
    SeatMask gone = 0;
    for (int step = 0; !m.state().is_terminal(); ++step) {
      ASSERT_LT(step, 100000) << "the game stalls";
      if (step == leave_at || (step > leave_at && step % 97 == 0 && gone == 0)) {
        const Seat quitter = static_cast<Seat>(rng.below(static_cast<std::uint32_t>(seats)));
        if (m.state().in_game(quitter)) {
          ASSERT_EQ(m.act(quitter, kConcede), "");
          gone |= seat_bit(quitter);
          if (m.state().is_terminal()) break;
        }
      }
      const SeatMask pending = m.state().pending_seats();
      ASSERT_NE(pending, 0) << "nobody is asked and the game is not over";
      for (Seat s = 0; s < seats; ++s)
        if (has_seat(pending, s)) {
          ASSERT_TRUE(m.state().in_game(s)) << "a departed seat is asked";
        }
      const Seat seat = m.state().to_act();
      ASSERT_EQ(m.act(seat, agent.choose(m.state(), seat, rng)), "");
      ASSERT_EQ(view_rules(game_of(GetParam())).components(m.view(kReferee)), start)
          << "cards were lost after " << m.decisions().back().option;
    }
    const Outcomes o = m.state().outcomes();
    for (Seat s = 0; s < seats; ++s)
      if (has_seat(gone, s)) {
        EXPECT_NE(o[s].result, Result::kWin);
      }
  }
}

// Nothing rendered for a seat names a card hidden from it: its table, prompt
// and options, every decision as a replay or a seat's record shows it, every
// log line (tests/conformance/hidden_audit.h defines "hidden").
TEST_P(Conformance, NothingShownToASeatNamesACardHiddenFromIt) {
  auto g = game();
  // Bounded: the first 150 decisions of one or two games (set-up,
  // mulligans and the first turns hold most hidden choices), the first
  // decisions only for a variant (its table, not its renderings, is new),
  // four seats at most, options sampled at big tables.
  const bool big = seats_of(GetParam()) >= 3;
  const std::size_t decisions = variant_of(GetParam()).empty() ? 150 : 40;
  audit::Auditor auditor(g->name(), view_rules(g->name()).reveals,
                         audit::Limits{big ? 3 : 4, big ? 6 : 24, decisions});
  for (std::uint64_t seed = 1; seed <= deep(big ? 1 : 2); ++seed) {
    Match m = play_random(g, setup(seed), seed + 500);
    const audit::Findings found = auditor.run(m.record());
    EXPECT_EQ(found.count, 0) << "seed " << seed << ": " << found.text();
  }
}

// The audit can fail: Suikoden with one rendering that forgets what a seat
// may see (the decisions' ids and labels, the log lines, or the table) is
// caught.
enum class Leak { kDecisions, kLogLines, kTable };

class LeakyState final : public State {
 public:
  LeakyState(std::unique_ptr<State> inner, Leak leak) : inner_(std::move(inner)), leak_(leak) {}
  std::unique_ptr<State> clone() const override {
    return std::make_unique<LeakyState>(inner_->clone(), leak_);
  }
  void assign(const State& other) override {
    const auto& o = dynamic_cast<const LeakyState&>(other);
    inner_ = o.inner_->clone();
    leak_ = o.leak_;
  }
  int num_seats() const override { return inner_->num_seats(); }
  bool is_terminal() const override { return inner_->is_terminal(); }
  Outcomes outcomes() const override { return inner_->outcomes(); }
  SeatMask pending_seats() const override { return inner_->pending_seats(); }
  Seat to_act() const override { return inner_->to_act(); }
  std::string prompt(Seat s) const override { return inner_->prompt(s); }
  void legal_actions(Seat s, ActionList& out) const override { inner_->legal_actions(s, out); }
  void apply_action(Seat s, Action a) override { inner_->apply_action(s, a); }
  std::string action_id(Seat s, Action a) const override { return inner_->action_id(s, a); }
  std::string action_label(Seat s, Action a) const override { return inner_->action_label(s, a); }
  std::string action_id_for(Seat s, Action a, Seat viewer) const override {
    return leak_ == Leak::kDecisions ? inner_->action_id(s, a)
                                     : inner_->action_id_for(s, a, viewer);
  }
  std::string action_label_for(Seat s, Action a, Seat viewer) const override {
    return leak_ == Leak::kDecisions ? inner_->action_label(s, a)
                                     : inner_->action_label_for(s, a, viewer);
  }
  void view(Seat viewer, json& out) const override { inner_->view(viewer, out); }
  void save(json& out) const override { inner_->save(out); }
  void determinize(Seat observer, Rng& rng) override { inner_->determinize(observer, rng); }
  std::vector<int> observation_shape() const override { return inner_->observation_shape(); }
  void observation(Seat seat, float* out) const override { inner_->observation(seat, out); }
  std::string describe(const Event& e, Seat viewer) const override {
    return inner_->describe(e, leak_ == Leak::kLogLines ? kReferee : viewer);
  }
  std::string render(Seat viewer) const override {
    // The leaky table is drawn from the next seat's chair.
    const bool leak = leak_ == Leak::kTable && viewer >= 0;
    return inner_->render(leak ? static_cast<Seat>((viewer + 1) % num_seats()) : viewer);
  }

 private:
  std::unique_ptr<State> inner_;
  Leak leak_;
};

class LeakyGame final : public Game {
 public:
  LeakyGame(std::shared_ptr<const Game> inner, Leak leak, std::string name)
      : inner_(std::move(inner)), leak_(leak), name_(std::move(name)) {}
  std::string name() const override { return name_; }
  std::string title() const override { return inner_->title(); }
  std::string summary() const override { return inner_->summary(); }
  int min_seats() const override { return inner_->min_seats(); }
  int max_seats() const override { return inner_->max_seats(); }
  std::vector<OptionSpec> option_specs() const override { return inner_->option_specs(); }
  std::vector<Variant> variants() const override { return inner_->variants(); }
  std::vector<std::string> starter_decks() const override { return inner_->starter_decks(); }
  std::shared_ptr<const PreparedSetup> prepare(const Setup& setup) const override {
    struct Prepared final : PreparedSetup {
      std::shared_ptr<const PreparedSetup> inner;
      Leak leak;
      std::unique_ptr<State> deal(std::uint64_t seed, EventLog* log) const override {
        return std::make_unique<LeakyState>(inner->deal(seed, log), leak);
      }
    };
    auto p = std::make_shared<Prepared>();
    p->inner = inner_->prepare(setup);
    p->leak = leak_;
    return p;
  }
  std::unique_ptr<State> restore(const json& state, const Setup& setup) const override {
    return std::make_unique<LeakyState>(inner_->restore(state, setup), leak_);
  }
  std::vector<DeckProblem> check_deck(const json& deck, const Setup& setup) const override {
    return inner_->check_deck(deck, setup);
  }
  json starter_deck(const std::string& name) const override { return inner_->starter_deck(name); }

 private:
  std::shared_ptr<const Game> inner_;
  Leak leak_;
  std::string name_;
};

TEST(HiddenInformationAudit, CatchesALeakyRendering) {
  register_builtin_games();
  const std::pair<Leak, const char*> leaks[] = {{Leak::kDecisions, "leaky-decisions"},
                                                {Leak::kLogLines, "leaky-log"},
                                                {Leak::kTable, "leaky-table"}};
  for (auto [leak, name] : leaks) {
    auto leaky = std::make_shared<LeakyGame>(Registry::instance().get("suikoden"), leak, name);
    Registry::instance().add(leaky);
    tt::Setup s;
    s.seed = 2;
    Match m = play_random(leaky, s, 2, 60);
    audit::Auditor auditor("suikoden", {}, audit::Limits{});
    const audit::Findings found = auditor.run(m.record());
    EXPECT_GT(found.count, 0) << name << " was not caught";
    // The same game without the leak passes.
    Match honest = play_random(Registry::instance().get("suikoden"), s, 2, 60);
    EXPECT_EQ(auditor.run(honest.record()).count, 0) << auditor.run(honest.record()).text();
  }
}

INSTANTIATE_TEST_SUITE_P(AllGames, Conformance, ::testing::ValuesIn(params::game_names()),
                         [](const auto& info) { return params::test_name(info.param); });

}  // namespace
}  // namespace tt
