// The hidden-information audit of departures, for every game with 3+ seats:
// a seat that leaves a game that goes on (a concession at a random moment,
// an elimination in play) takes its cards out of the game, and the cards no
// other seat saw stay unseen. The general audit (hidden_audit.h) defines
// "hidden" from the views themselves, so a view that shows a departed seat's
// deck would not count as a leak there; this one compares each viewer's
// view of the departed seat with its view just before the departure.
//
// For every decision of recorded random games, every seat and a spectator:
// the copies of each card in the departed seat's part of the table
// (players[s]) that the referee sees and the viewer does not never become
// fewer, unless a log line of that decision shown to the viewer names the
// card (a card revealed by the rules on its way out). The game is stepped
// through a replay opened on the unfinished game's record, so replays, views
// and log lines are what is checked; each seat's replay of a departure's
// decision (its id, label and log lines) must not name a card still hidden.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ai/agent.h"
#include "core/match.h"
#include "core/registry.h"
#include "core/replay.h"
#include "game_params.h"
#include "hidden_audit.h"

namespace tt {
namespace {

using nlohmann::json;
using Counts = std::map<std::string, int>;

// How many copies of each card (by id) a view's part for one seat shows.
Counts cards_in(const json& player, const audit::Cards& cards) {
  std::vector<std::string> strings;
  audit::strings_in(player, strings);
  Counts out;
  for (const std::string& s : strings)
    if (cards.is_card(s)) ++out[audit::base_id(s)];
  return out;
}

// The copies of each card of seat s's part that the referee sees and `view` does not.
Counts hidden_of(const json& referee, const json& view, Seat s, const audit::Cards& cards) {
  const auto at = static_cast<std::size_t>(s);
  Counts out;
  const Counts seen = cards_in(view["players"][at], cards);
  for (auto& [id, n] : cards_in(referee["players"][at], cards)) {
    const auto it = seen.find(id);
    const int hidden = n - (it == seen.end() ? 0 : it->second);
    if (hidden > 0) out[id] = hidden;
  }
  return out;
}

bool names_card(const std::string& text, const std::string& id, const audit::Cards& cards) {
  return cards.names(text, id, {}) || cards.names(text, cards.name(id), {});
}

struct Tally {
  int concessions = 0;
  int eliminations = 0;
  int checked = 0;  // (decision, departed seat, viewer) triples checked
};

class Departures : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override { register_builtin_games(); }

  // A random game in which (when `concede`) a random seat still in the
  // game concedes at a random moment, and another one later while the game
  // goes on; without, seats leave only by the rules (eliminations). It
  // stops `after` decisions past the first departure (so its record is
  // mostly that of an unfinished game) or at its end.
  json play(std::uint64_t seed, int after, bool concede) const {
    auto g = params::game(GetParam());
    Match m(g, params::setup(GetParam(), seed));
    const int seats = m.state().num_seats();
    Rng rng(seed * 7919 + 3);
    RandomAgent agent;
    int leave_at = concede ? static_cast<int>(rng.below(250)) : -1;
    int left = 0;
    int stop = 1 << 30;
    for (int step = 0; step < stop && !m.state().is_terminal(); ++step) {
      if (stop == 1 << 30)
        for (Seat s = 0; s < seats; ++s)
          if (!m.state().in_game(s)) stop = step + after;
      if (step == leave_at && left < 2) {
        const Seat quitter = static_cast<Seat>(rng.below(static_cast<std::uint32_t>(seats)));
        if (m.state().in_game(quitter)) {
          EXPECT_EQ(m.act(quitter, kConcede), "");
          ++left;
        }
        leave_at += 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(after)));
        continue;
      }
      const Seat seat = m.state().to_act();
      EXPECT_EQ(m.act(seat, agent.choose(m.state(), seat, rng)), "");
    }
    return m.record();
  }

  // Checks seat s, out of the game after a decision, as one viewer sees it.
  void check(Seat s, const std::string& where, const json& ref_before, const json& before,
             const json& ref_after, const json& after, const json& lines, const ReplayStep* step) {
    const Counts was = hidden_of(ref_before, before, s, cards_);
    const Counts now = hidden_of(ref_after, after, s, cards_);
    for (auto& [id, n_was] : was) {
      const auto it = now.find(id);
      const int n_now = it == now.end() ? 0 : it->second;
      if (n_now >= n_was) continue;
      bool revealed = false;
      for (auto& line : lines)
        revealed = revealed || names_card(line["text"].get<std::string>(), id, cards_);
      EXPECT_TRUE(revealed) << where << " shows " << (n_was - n_now) << " of the " << n_was
                            << " hidden " << id << " of the departed seat";
    }
    if (!step) return;
    // The seat's replay of the decision names no card of the departed seat
    // still hidden, unless the seat sees another copy.
    std::vector<std::string> texts = {step->option, step->label};
    for (auto& line : step->log) texts.push_back(line["text"].get<std::string>());
    const Counts seen_before = cards_in(before, cards_);
    const Counts seen_after = cards_in(after, cards_);
    for (auto& still : now) {
      const std::string& id = still.first;
      if (!was.contains(id) || seen_before.contains(id) || seen_after.contains(id)) continue;
      for (auto& t : texts)
        EXPECT_FALSE(names_card(t, id, cards_))
            << where << "'s replay names hidden " << id << ": " << t;
    }
  }

  // Steps through the record with a replay opened on it (the referee's)
  // and one per audited seat (view_as), checking every decision after
  // which some seat is out of the game.
  void audit(const json& record, Tally& tally) {
    Replay referee(record);
    const int n = referee.match().state().num_seats();
    // A spectator and the first seats (every seat up to 6).
    std::vector<Seat> viewers = {kNoSeat};
    std::vector<Replay> seats;
    for (Seat v = 0; v < std::min(n, 6); ++v) {
      viewers.push_back(v);
      seats.emplace_back(record);
      seats.back().view_as(v);
    }
    auto views = [&](const State& st) {
      std::vector<json> out(viewers.size() + 1);
      st.view(kReferee, out[0]);
      for (std::size_t k = 0; k < viewers.size(); ++k) st.view(viewers[k], out[k + 1]);
      return out;
    };
    std::vector<json> before;  // the views after the previous decision, when kept
    while (!referee.at_end()) {
      const std::size_t i = referee.position();
      const json& decision = record["decisions"][i];
      std::unique_ptr<State> prev = referee.match().state().clone();
      const std::size_t log_from = referee.match().log().size();
      referee.next();
      std::vector<ReplayStep> shown;
      for (auto& r : seats) shown.push_back(r.next());
      const State& st = referee.match().state();
      if (st.is_terminal()) break;  // what the end shows is not a departure's
      bool any_out = false;
      for (Seat s = 0; s < n; ++s) any_out = any_out || !st.in_game(s);
      if (!any_out) continue;
      if (before.empty()) before = views(*prev);
      std::vector<json> after = views(st);
      for (Seat s = 0; s < n; ++s) {
        if (st.in_game(s)) continue;
        if (prev->in_game(s)) {
          const bool conceded = decision["option"] == kConcede && decision["seat"] == s;
          ++(conceded ? tally.concessions : tally.eliminations);
        }
        for (std::size_t k = 0; k < viewers.size(); ++k) {
          const Seat v = viewers[k];
          const std::string where = "decision " + std::to_string(i) + " (" +
                                    decision["option"].get<std::string>() + " by seat " +
                                    decision["seat"].dump() + "), seat " + std::to_string(s) +
                                    " out of the game, viewer " + std::to_string(v);
          ++tally.checked;
          check(s, where, before[0], before[k + 1], after[0], after[k + 1],
                referee.match().log_json(v, log_from),
                v == kNoSeat ? nullptr : &shown[static_cast<std::size_t>(v)]);
        }
      }
      before = std::move(after);
      if (HasFailure()) return;
    }
  }

  audit::Cards cards_{params::game_of(GetParam())};
};

TEST_P(Departures, ADepartedSeatsHiddenCardsStayHidden) {
  if (params::variant_of(GetParam()) == "2hg")
    GTEST_SKIP() << "a Two-Headed Giant team leaves together: a departure ends the game";
  Tally tally;
  const bool big = params::seats_of(GetParam()) >= 6;
  const bool magic = params::game_of(GetParam()) == "magic";
  // Odd seeds: concessions; even seeds: eliminations only.
  const std::uint64_t games = static_cast<std::uint64_t>(params::games(big ? 1 : magic ? 2 : 3));
  for (std::uint64_t seed = 1; seed <= games && !HasFailure(); ++seed)
    audit(play(seed, magic ? 150 : 200, seed % 2 == 1), tally);
  std::cout << GetParam() << ": " << tally.concessions << " concessions and " << tally.eliminations
            << " eliminations, " << tally.checked << " views checked\n";
  EXPECT_GT(tally.concessions, 0) << "no seat left while the game went on";
}

// Every table with 3+ seats (docs/games: only Last Chronicle and Magic seat more than two).
std::vector<std::string> big_tables() {
  std::vector<std::string> out;
  for (const std::string& p : params::game_names())
    if (params::seats_of(p) >= 3) out.push_back(p);
  return out;
}

INSTANTIATE_TEST_SUITE_P(AllGames, Departures, ::testing::ValuesIn(big_tables()),
                         [](const auto& info) { return params::test_name(info.param); });

}  // namespace
}  // namespace tt
