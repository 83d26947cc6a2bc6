// The game summary (core/game_summary.h) for every game: outcomes, turns,
// the first seat, and the cards each seat drew and played (each game's
// State::summary_fact, src/games/<game>/summary.cpp).
#include "core/game_summary.h"

#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/registry.h"
#include "core/rng.h"
#include "games/lastchronicle/events.h"

namespace tt {
namespace {

using json = nlohmann::json;
using Counts = std::map<std::string, int>;

Counts counts_of(const CardCounts& list) {
  Counts out;
  for (const auto& [id, n] : list) out[id] = n;
  return out;
}

// A card id as views and option ids name it: "ashfen#12" is "ashfen".
std::string card_id(std::string ref) {
  return ref.substr(0, ref.find('#'));
}

// The cards a seat brings, by data id, from its deck list in data/<game>/decks.
Counts deck_counts(const Game& game, const tt::Setup& setup, Seat seat) {
  json deck = game.legal_deck(setup, seat);
  if (deck.is_string()) deck = game.starter_deck(deck.get<std::string>());
  Counts out;
  const auto add = [&](const json& entry, const char* key) {
    if (entry.is_string())
      ++out[entry.get<std::string>()];
    else
      out[entry.at(key).get<std::string>()] += entry.value("count", 1);
  };
  if (game.name() == "ddm") {
    for (const json& e : deck.value("monsters", json::array())) add(e, "monster");
    for (const json& e : deck.value("items", json::array())) add(e, "item");
  } else if (game.name() == "magic") {
    for (const auto& [id, n] : deck.at("cards").items()) out[id] += n.get<int>();
  } else {
    for (const json& e : deck.at("cards")) add(e, "card");
    if (deck.contains("leader")) ++out[deck["leader"].get<std::string>()];  // Last Chronicle
  }
  return out;
}

// The cards a seat's view shows in its hand (DDM: its reserve).
Counts hand_in_view(const State& state, Seat seat) {
  json view;
  state.view(seat, view);
  const json& me = view.at("players").at(seat);
  const json& hand = me.contains("hand") ? me["hand"] : me.value("reserve", json::array());
  Counts out;
  for (const json& c : hand) ++out[card_id(c.get<std::string>())];
  return out;
}

// Option id prefixes that play a card, per game (the card is named next).
std::vector<std::string> playing_prefixes(const std::string& game) {
  if (game == "suikoden") return {"mission:", "dispatch:", "support:"};
  if (game == "ddm") return {"summon:"};
  if (game == "lastchronicle") return {"place:", "use:"};
  return {"play:", "cast:"};
}

std::string named_card(const std::string& id, const std::string& prefix) {
  const std::string rest = id.substr(prefix.size());
  return card_id(rest.substr(0, rest.find(':')));
}

// A uniform random option that is not an undo; with `keep`, a seat offered
// to keep its opening hand keeps it (no card goes back into the deck).
Action random_option(const State& state, Seat seat, Rng& rng, bool keep = false) {
  ActionList legal, options;
  state.legal_actions(seat, legal);
  for (const Action& a : legal) {
    if (keep && state.action_id(seat, a) == "keep") return a;
    if (!state.is_undo(seat, a)) options.push_back(a);
  }
  if (options.empty()) options = legal;
  return options[rng.below(static_cast<std::uint32_t>(options.size()))];
}

struct Played {
  Seat seat = -1;
  std::string card;
};

// From a fixed seed with a log: at the first decision where a seat holds
// cards, the summary names exactly the cards its view shows in hand as drawn
// by it; then the first card the test plays (an option that plays a card,
// whenever one is offered) is played by that seat, and the turns and the
// first seat agree with the view and the log.
void readable_case(const std::string& name, int seats) {
  SCOPED_TRACE(name + " with " + std::to_string(seats) + " seats");
  register_builtin_games();
  const auto game = Registry::instance().get(name);
  tt::Setup setup;
  setup.seats = seats;
  setup.seed = 7;
  EventLog log;
  auto state = game->new_state(setup, &log);
  Rng rng(11);
  bool hand_checked = false;
  Played played;
  Seat first_turn = -1;
  long decisions = 0;
  for (; !state->is_terminal() && decisions < 20000; ++decisions) {
    const Seat s = state->to_act();
    const Counts hand = hand_in_view(*state, s);
    if (!hand_checked && !hand.empty()) {
      const GameSummary now = summarize_game(*state, log, decisions);
      EXPECT_EQ(counts_of(now.cards[s].drawn), hand) << "seat " << s;
      EXPECT_TRUE(now.cards[s].played.empty());
      hand_checked = true;
    }
    Action choice = random_option(*state, s, rng);
    if (played.seat < 0) {
      ActionList legal;
      state->legal_actions(s, legal);
      for (const Action& a : legal)
        for (const std::string& prefix : playing_prefixes(name)) {
          const std::string id = state->action_id(s, a);
          if (played.seat < 0 && id.rfind(prefix, 0) == 0) {
            played = {s, named_card(id, prefix)};
            EXPECT_GT(hand.count(played.card), 0u) << id << " plays a card from the hand";
            choice = a;
          }
        }
    }
    state->apply_action(s, choice);
    if (first_turn < 0) {
      json view;
      state->view(kReferee, view);
      if (view.contains("turn_player") && view.value("turn", 0) >= 1 && name != "magic")
        first_turn = view["turn_player"].get<int>();
      if (name == "magic" && view.value("turn", 0) >= 1) first_turn = view["active"].get<int>();
    }
  }
  ASSERT_TRUE(hand_checked);
  ASSERT_GE(played.seat, 0) << "the test played no card";
  const GameSummary summary = summarize_game(*state, log, decisions);
  EXPECT_GT(counts_of(summary.cards[played.seat].played)[played.card], 0) << played.card;
  EXPECT_EQ(summary.first, first_turn);
  json view;
  state->view(kReferee, view);
  EXPECT_EQ(summary.turns, view.at("turn").get<int>());
  EXPECT_EQ(summary.decisions, decisions);
  EXPECT_EQ(summary.finished, state->is_terminal());
}

TEST(GameSummary, SuikodenNamesTheOpeningHandAndACardPlayed) {
  readable_case("suikoden", 2);
}
TEST(GameSummary, DdmNamesTheReserveAndAPieceSummoned) {
  readable_case("ddm", 2);
}
TEST(GameSummary, LastChronicleNamesTheOpeningHandAndACardPlayed) {
  readable_case("lastchronicle", 2);
  readable_case("lastchronicle", 4);
}
TEST(GameSummary, MagicNamesTheOpeningHandAndACardPlayed) {
  readable_case("magic", 2);
  readable_case("magic", 4);
}

// Last Chronicle: a card returns to its owner's hand without being drawn
// (a bounce), and the leader is placed from the leader area; each may then
// be played once more than it was drawn.
Counts lc_returns(const State& state, const EventLog& log, Seat seat) {
  Counts out;
  for (const Event& e : log) {
    const bool bounce = e.kind == lastchronicle::kEvBounce && e.seat == seat;
    const bool leader = e.kind == lastchronicle::kEvPlace && e.seat == seat && e.args[1] == 1;
    if (bounce || leader) {
      const SummaryFact f = state.summary_fact(
          Event{lastchronicle::kEvPlace, e.seat, kAllSeats, {e.args[0], 0, 0, 0}});
      ++out[std::string(f.card)];
    }
  }
  return out;
}

// Whole random games, a few seeds, the fewest and the most seats: what the
// summary counts is what the decks hold. Every seat keeps its opening hand
// here: a card put back at a mulligan may be drawn again and then counts
// twice (MulliganRedrawsCount).
TEST(GameSummary, CardsDrawnAndPlayedAreTheSeatsOwn) {
  register_builtin_games();
  for (const auto& game : Registry::instance().games()) {
    for (const int seats : {game->min_seats(), game->max_seats()}) {
      for (const std::uint64_t seed : {1, 2, 3}) {
        SCOPED_TRACE(game->name() + " seats " + std::to_string(seats) + " seed " +
                     std::to_string(seed));
        tt::Setup setup;
        setup.seats = seats;
        setup.seed = seed;
        EventLog log;
        auto state = game->new_state(setup, &log);
        Rng rng(seed * 101);
        long decisions = 0;
        for (; !state->is_terminal() && decisions < 20000; ++decisions) {
          const Seat s = state->to_act();
          state->apply_action(s, random_option(*state, s, rng, /*keep=*/true));
        }
        const GameSummary summary = summarize_game(*state, log, decisions);
        EXPECT_TRUE(summary.finished) << "a random game ends within 20000 decisions";
        EXPECT_EQ(static_cast<int>(summary.outcomes.size()), seats);
        EXPECT_GE(summary.turns, 1);
        EXPECT_TRUE(summary.first >= 0 && summary.first < seats);
        ASSERT_EQ(static_cast<int>(summary.cards.size()), seats);
        int played_total = 0;
        for (Seat s = 0; s < seats; ++s) {
          const Counts deck = deck_counts(*game, setup, s);
          const Counts drawn = counts_of(summary.cards[s].drawn);
          const Counts played = counts_of(summary.cards[s].played);
          EXPECT_FALSE(drawn.empty()) << "seat " << s << " drew no card";
          for (const auto& [card, n] : drawn)
            EXPECT_LE(n, deck.count(card) ? deck.at(card) : 0) << "seat " << s << " drew " << card;
          const Counts extra =
              game->name() == "lastchronicle" ? lc_returns(*state, log, s) : Counts{};
          for (const auto& [card, n] : played) {
            played_total += n;
            EXPECT_GT(deck.count(card), 0u) << "seat " << s << " played " << card;
            // A card is played from the hand (Last Chronicle: see lc_returns).
            const int in_hand =
                (drawn.count(card) ? drawn.at(card) : 0) + (extra.count(card) ? extra.at(card) : 0);
            EXPECT_LE(n, in_hand) << "seat " << s << " played " << card;
          }
        }
        EXPECT_GT(played_total, 0) << "nobody played a card";
      }
    }
  }
}

// A mulligan's redraws are drawn too: a seat that puts back k cards of its
// opening hand of n has drawn n + k cards when the mulligan is over.
TEST(GameSummary, MulliganRedrawsCount) {
  register_builtin_games();
  for (const char* name : {"suikoden", "lastchronicle"}) {
    SCOPED_TRACE(name);
    const auto game = Registry::instance().get(name);
    tt::Setup setup;
    setup.seed = 5;
    EventLog log;
    auto state = game->new_state(setup, &log);
    Rng rng(3);
    ActionList legal;
    // On to the first mulligan decision (Last Chronicle: after the set-up's
    // shed choices).
    while (!state->is_terminal()) {
      const Seat s = state->to_act();
      state->legal_actions(s, legal);
      if (state->action_id(s, legal.front()).rfind("return:", 0) == 0) break;
      state->apply_action(s, random_option(*state, s, rng));
    }
    const Seat s = state->to_act();
    int hand = 0;
    for (const auto& [card, n] : hand_in_view(*state, s)) hand += n;
    // Put back two cards, then keep.
    for (int k = 0; k < 2; ++k) {
      state->legal_actions(s, legal);
      state->apply_action(s, legal.front());
    }
    state->legal_actions(s, legal);
    for (const Action& a : legal)
      if (state->action_id(s, a) == "keep") {
        state->apply_action(s, a);
        break;
      }
    const GameSummary summary = summarize_game(*state, log, 0);
    int drawn = 0;
    for (const auto& [card, n] : summary.cards[s].drawn) drawn += n;
    EXPECT_EQ(drawn, hand + 2);
    for (const auto& [card, n] : hand_in_view(*state, s))
      EXPECT_GE(counts_of(summary.cards[s].drawn)[card], n) << card;
  }
}

TEST(GameSummary, AnUnfinishedGameWithNoLogHasNoFacts) {
  register_builtin_games();
  for (const auto& game : Registry::instance().games()) {
    tt::Setup setup;
    setup.seats = game->default_seats("");
    auto state = game->new_state(setup);
    const GameSummary summary = summarize_game(*state, EventLog{}, 0);
    EXPECT_FALSE(summary.finished) << game->name();
    EXPECT_EQ(summary.turns, 0);
    EXPECT_EQ(summary.first, -1);
    ASSERT_EQ(static_cast<int>(summary.cards.size()), setup.seats);
    for (const SeatCards& cards : summary.cards)
      EXPECT_TRUE(cards.drawn.empty() && cards.played.empty());
  }
}

}  // namespace
}  // namespace tt
