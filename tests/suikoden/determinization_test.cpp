// What a seat knows in Suikoden (issue 10; docs/games/suikoden.md, "Search
// and learning"): a determinization deals only what the observer cannot see
// (every deck's order, the other hand, a face-down duel card, the other
// seat's mulligan picks), keeps what the phase tells the observer about the
// other hand, is canonical, spreads each pool uniformly, and allocates
// nothing once warm; observed_action merges what the viewer cannot tell
// apart; the observation keeps its shape and ranges through whole games.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <map>
#include <new>
#include <nlohmann/json.hpp>
#include <set>

#include "../conformance/chi_square.h"
#include "ai/agent.h"
#include "ai/ismcts.h"
#include "core/registry.h"
#include "games/suikoden/state.h"

// Counts heap allocations while `counting` is set (the warm determinization
// must make none).
namespace {
std::atomic<bool> counting{false};
std::atomic<long> allocations{0};
}  // namespace
// Not inlined: GCC would see free() meet operator new and warn.
[[gnu::noinline]] void* operator new(std::size_t n) {
  if (counting.load(std::memory_order_relaxed)) allocations.fetch_add(1);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
[[gnu::noinline]] void operator delete(void* p) noexcept {
  std::free(p);
}
[[gnu::noinline]] void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
// The nothrow forms too (valijson allocates with them): a replaced delete
// must never free what the library's own new made.
[[gnu::noinline]] void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  if (counting.load(std::memory_order_relaxed)) allocations.fetch_add(1);
  return std::malloc(n ? n : 1);
}
[[gnu::noinline]] void operator delete(void* p, const std::nothrow_t&) noexcept {
  std::free(p);
}

namespace tt::suikoden {
namespace {

using nlohmann::json;

std::shared_ptr<const Game> game() {
  register_builtin_games();
  return Registry::instance().get("suikoden");
}

std::unique_ptr<State> load(const json& state) {
  return game()->restore(state, tt::Setup{});
}

const SuikodenState& sk(const State& s) {
  return dynamic_cast<const SuikodenState&>(s);
}

std::string view_text(const State& s, Seat seat) {
  json j;
  s.view(seat, j);
  return j.dump();
}

std::unique_ptr<State> determinized(const State& s, Seat observer, std::uint64_t seed) {
  auto d = s.clone();
  Rng rng(seed);
  d->determinize(observer, rng);
  return d;
}

std::multiset<std::string> ids(const SuikodenState& s, const auto& cards) {
  std::multiset<std::string> out;
  for (Card c : cards) out.insert(s.def(c).id);
  return out;
}

// The other seat's unseen cards: hand, deck and a face-down duel card.
std::multiset<std::string> hidden_of(const SuikodenState& s, Seat seat) {
  auto out = ids(s, s.player(seat).hand);
  for (auto& id : ids(s, s.player(seat).deck)) out.insert(id);
  if (s.battle().duel_card[seat] != kNoCard) out.insert(s.def(s.battle().duel_card[seat]).id);
  return out;
}

// A random game's positions, every `every` decisions.
std::vector<std::unique_ptr<State>> positions(std::uint64_t seed, int every) {
  tt::Setup setup;
  setup.seed = seed;
  auto st = game()->new_state(setup);
  std::vector<std::unique_ptr<State>> out;
  Rng rng(seed);
  RandomAgent agent;
  for (int i = 0; !st->is_terminal(); ++i) {
    if (i % every == 0) out.push_back(st->clone());
    const Seat seat = st->to_act();
    st->apply_action(seat, agent.choose(*st, seat, rng));
  }
  out.push_back(st->clone());
  return out;
}

json hands(const json& h0, const json& d0, const json& h1, const json& d1) {
  return json::array({{{"hand", h0}, {"deck", d0}}, {{"hand", h1}, {"deck", d1}}});
}

TEST(SuikodenDeterminize, DealsOnlyWhatTheObserverCannotSee) {
  for (const auto& pos : positions(21, 7)) {
    const auto& t = sk(*pos);
    for (Seat obs = 0; obs < 2; ++obs) {
      const Seat other = static_cast<Seat>(1 - obs);
      const auto d = determinized(*pos, obs, 40 + static_cast<std::uint64_t>(obs));
      const auto& s = sk(*d);
      ASSERT_EQ(view_text(s, obs), view_text(t, obs));
      // The observer's own hand stays card for card; its deck keeps its cards.
      ASSERT_TRUE(s.player(obs).hand == t.player(obs).hand);
      ASSERT_EQ(ids(s, s.player(obs).deck), ids(t, t.player(obs).deck));
      ASSERT_EQ(s.battle().duel_card[obs], t.battle().duel_card[obs]);
      // The other seat's unseen cards are the same cards, somewhere unseen.
      ASSERT_EQ(hidden_of(s, other), hidden_of(t, other));
      ASSERT_EQ(s.player(other).hand.size(), t.player(other).hand.size());
    }
  }
}

TEST(SuikodenDeterminize, TwoArrangementsTheObserverCannotTellApartDealAlike) {
  // Seat 0 sees the same table in both; seat 1's hand and deck, seat 0's deck
  // order and the physical copies (listed in another order) differ.
  json a = {{"phase", "main"}, {"turn", 3}, {"turn_player", 0}};
  json b = a;
  a["players"] = hands({"aldo", "lupa", "wen"}, {"mira", "dara", "lupa", "voss"},
                       {"kiri", "ona", "raen"}, {"kael", "lupa", "mercer", "tau", "pip", "lupa"});
  b["players"] = hands({"aldo", "lupa", "wen"}, {"voss", "lupa", "mira", "dara"},
                       {"tau", "lupa", "pip"}, {"lupa", "ona", "raen", "mercer", "kiri", "kael"});
  const auto sa = load(a), sb = load(b);
  ASSERT_EQ(view_text(*sa, 0), view_text(*sb, 0));
  ASSERT_NE(sa->fingerprint(), sb->fingerprint());
  for (std::uint64_t seed : {1u, 2u, 3u})
    EXPECT_EQ(determinized(*sa, 0, seed)->fingerprint(), determinized(*sb, 0, seed)->fingerprint());
  // Seat 1 sees two different hands: no reason to deal alike.
  EXPECT_NE(determinized(*sa, 1, 1)->fingerprint(), determinized(*sb, 1, 1)->fingerprint());
}

TEST(SuikodenDeterminize, TheGeneratorIsReplacedAndForcedResultsDropped) {
  json j = {{"phase", "mulligan"}, {"turn_player", 0}, {"deciding", 0}};
  j["rng"] = json::parse(R"({"seed": 5, "next": [1, 0, 2]})");
  j["players"] = hands({"aldo", "lupa"}, {"mira", "dara"}, {"kiri", "ona"}, {"kael", "lupa"});
  const auto s = load(j);
  json before, after1, after2;
  s->save(before);
  determinized(*s, 0, 1)->save(after1);
  determinized(*s, 0, 2)->save(after2);
  EXPECT_TRUE(before["rng"].is_object());  // forced results queued
  EXPECT_TRUE(after1["rng"].is_array());   // none left
  EXPECT_NE(after1["rng"], after2["rng"]);
}

// The duel (rule text "一騎打ちの判定"): a face-down card is redrawn among the
// cards the other seat could have played; the observer's own stays.
TEST(SuikodenDeterminize, AFaceDownDuelCardIsRedrawnAmongTheOtherSeatsCards) {
  json j = {{"phase", "duel"}, {"turn", 3}, {"turn_player", 0}};
  j["players"] = hands({"aldo", "lupa"}, {"mira", "dara"}, {"kiri", "ona", "raen"},
                       {"kael", "lupa", "mercer"});
  j["missions"] = {{{"place", "m0"}, {"card", "duel-at-dawn"}}};
  j["battle"] = {{"place", "m0"},
                 {"duel", {{{"picked", false}}, {{"picked", true}, {"card", "tau"}}}}};
  const auto s = load(j);
  const auto pool = hidden_of(sk(*s), 1);
  std::set<std::string> played;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    const auto d = determinized(*s, 0, seed);
    const auto& t = sk(*d);
    ASSERT_NE(t.battle().duel_card[1], kNoCard);
    played.insert(t.def(t.battle().duel_card[1]).id);
    ASSERT_EQ(hidden_of(t, 1), pool);
    ASSERT_EQ(view_text(t, 0), view_text(*s, 0));
    // The duel goes on: seat 0 picks and it resolves.
    ASSERT_EQ(d->try_apply(0, Action{kDuelPick, t.player(0).hand[0], 0, 0}), "");
    ASSERT_NE(t.phase(), Phase::kDuel);
  }
  EXPECT_EQ(played, std::set<std::string>(pool.begin(), pool.end()));
  // Seat 1 knows its own card.
  for (std::uint64_t seed = 0; seed < 20; ++seed)
    EXPECT_EQ(
        sk(*determinized(*s, 1, seed)).def(sk(*determinized(*s, 1, seed)).battle().duel_card[1]).id,
        "tau");
}

// A seat with an empty hand plays no duel card, and every seat sees that no
// card lies face down: it is never dealt one. Such a state saves and restores.
TEST(SuikodenDeterminize, AnEmptyHandPlaysNoDuelCardAndGetsNone) {
  json j = {{"phase", "main"}, {"turn", 3}, {"turn_player", 0}};
  j["players"] = hands({"duel-at-dawn", "aldo"}, {"mira", "dara"}, json::array(), {"kael", "lupa"});
  const auto s = load(j);
  ASSERT_EQ(s->try_apply(0, Action{kNewMission, sk(*s).player(0).hand[0], 0, 0}), "");
  ASSERT_EQ(sk(*s).phase(), Phase::kDuel);
  ASSERT_EQ(s->pending_seats(), seat_bit(0));
  json v;
  s->view(0, v);
  EXPECT_EQ(v["battle"]["duel"][1]["face_down"], false);
  for (std::uint64_t seed = 0; seed < 20; ++seed)
    EXPECT_EQ(sk(*determinized(*s, 0, seed)).battle().duel_card[1], kNoCard);
  json saved;
  s->save(saved);
  EXPECT_EQ(game()->restore(saved, tt::Setup{})->fingerprint(), s->fingerprint());
}

// The mulligan (rule text "マリガン"): the other seat's picks are hidden, their
// number is not; they are redrawn among the cards dealt to its hand.
TEST(SuikodenDeterminize, TheOtherSeatsMulliganPicksAreRedrawnFromItsHand) {
  json j = {{"phase", "mulligan"}, {"turn_player", 0}, {"deciding", 0}};
  j["players"] = hands({"aldo", "lupa", "wen", "mira"}, {"dara", "voss", "lupa"},
                       {"kiri", "ona", "raen"}, {"kael", "lupa"});
  j["mulligan_pick"] = {"wen", "lupa"};
  const auto s = load(j);
  json v;
  s->view(1, v);
  EXPECT_EQ(v["mulligan_picked"], 2);
  EXPECT_FALSE(v.contains("mulligan_pick"));
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    const auto d = determinized(*s, 1, seed);
    const auto& t = sk(*d);
    json saved;
    d->save(saved);
    ASSERT_EQ(saved["mulligan_pick"].size(), 2u);
    std::set<Card> picks;
    for (const auto& id : saved["mulligan_pick"]) {
      bool in_hand = false;
      for (Card c : t.player(0).hand) in_hand |= t.def(c).id == id;
      ASSERT_TRUE(in_hand) << id;
    }
    ASSERT_EQ(view_text(t, 1), view_text(*s, 1));
    ASSERT_EQ(d->try_apply(0, Action{kMulliganDone, 0, 0, 0}), "");
    ASSERT_EQ(t.player(0).hand.size(), 6u);  // refilled to the hand size
  }
  // The deciding seat's own picks stay.
  const auto own = determinized(*s, 0, 3);
  json saved;
  own->save(saved);
  EXPECT_EQ(saved["mulligan_pick"], json({"wen", "lupa"}));
}

// What the phase shows about the other hand (docs: the rules of knowledge).
void expect_hand_holds(const json& state, Seat observer, Seat other,
                       const std::set<std::string>& any_of) {
  const auto s = load(state);
  int dealt_without = 0;
  for (std::uint64_t seed = 0; seed < 100; ++seed) {
    const auto d = determinized(*s, observer, seed);
    const auto& t = sk(*d);
    bool holds = false;
    for (Card c : t.player(other).hand) holds |= any_of.count(t.def(c).id) > 0;
    dealt_without += !holds;
    ActionList options;
    d->legal_actions(other, options);
    ASSERT_FALSE(options.empty());
  }
  EXPECT_EQ(dealt_without, 0);
}

TEST(SuikodenDeterminize, ACounterWindowShowsTheOtherSeatHoldsACounter) {
  // Seat 1 is asked for a counter to Aldo (atk 5): it holds Wen (weaken) or
  // Tessa, Pip (draw); Garran repels only atk <= 2. One card in ten counters.
  json j = {{"phase", "counter"}, {"turn", 3}, {"turn_player", 0}, {"deciding", 1}};
  j["players"] = hands({"lupa"}, {"lupa", "lupa"}, {"wen", "lupa", "lupa"},
                       {"lupa", "lupa", "mercer", "voss", "hale", "gir",  "ebb",  "lio",  "bel",
                        "vesh", "yuri", "tilly",  "tamm", "lupa", "lupa", "lupa", "lupa", "lupa",
                        "lupa", "lupa", "lupa",   "lupa", "lupa", "lupa", "lupa", "lupa", "lupa"});
  j["missions"] = {{{"place", "m0"},
                    {"card", "storm-the-gate"},
                    {"dispatched", json::array({json::array({"aldo"}), json::array()})}}};
  j["battle"] = {{"place", "m0"}, {"acting", 0}, {"last_dispatched", "aldo"}};
  expect_hand_holds(j, 0, 1, {"wen"});
}

TEST(SuikodenDeterminize, ASupportStepShowsThePlacerHoldsASupportCharacter) {
  json j = {{"phase", "support"}, {"turn", 3}, {"turn_player", 1}};
  j["players"] = hands({"lupa"}, {"lupa", "lupa"}, {"kiri", "lupa", "lupa"},
                       {"lupa", "lupa", "mercer", "voss", "hale", "gir",  "ebb",  "lio",  "bel",
                        "vesh", "yuri", "tilly",  "tamm", "lupa", "lupa", "lupa", "lupa", "lupa",
                        "lupa", "lupa", "lupa",   "lupa", "lupa", "lupa", "lupa", "lupa", "lupa"});
  j["missions"] = {{{"place", "m2"}, {"card", "storm-the-gate"}}};
  j["battle"] = {{"place", "m2"}, {"new", true}, {"acting", 0}};
  expect_hand_holds(j, 0, 1, {"kiri"});
}

TEST(SuikodenDeterminize, AContinuedMissionShowsTheTurnPlayerCanDispatch) {
  // Seat 1 continued m2 where it has nobody: only a leader (Raen) can open;
  // its first step allows no pass, so an empty set of options would stall.
  json j = {{"phase", "battle"}, {"turn", 3}, {"turn_player", 1}};
  j["players"] = hands({"lupa"}, {"lupa", "lupa"}, {"raen", "lupa", "lupa"},
                       {"lupa", "lupa", "mercer", "voss", "hale", "gir",  "ebb",  "lio",  "bel",
                        "vesh", "yuri", "tilly",  "tamm", "lupa", "lupa", "lupa", "lupa", "lupa",
                        "lupa", "lupa", "lupa",   "lupa", "lupa", "lupa", "lupa", "lupa", "lupa"});
  j["missions"] = {{{"place", "m2"}, {"card", "storm-the-gate"}}};
  j["battle"] = {{"place", "m2"}, {"first_step", true}, {"acting", 1}};
  expect_hand_holds(j, 0, 1, {"raen"});
}

// Each pool (the observer's deck; the other hand, deck and duel card) spread
// uniformly: a chi-square test per place, pool by pool.
using Draws = std::vector<std::map<std::string, std::string>>;

void record(const SuikodenState& t, const StaticVec<Card, 64>& deck, const std::string& at,
            std::map<std::string, std::string>& into, std::set<std::string>& places) {
  for (std::size_t k = 0; k < deck.size(); ++k) {
    into[at + std::to_string(k)] = t.def(deck[k]).id;
    places.insert(at + std::to_string(k));
  }
}

TEST(SuikodenDeterminize, EachPoolIsSpreadUniformly) {
  const auto mid = positions(11, 25);
  ASSERT_GE(mid.size(), 3u);
  for (const State* pos : {mid[2].get()}) {  // mid-game, 50 decisions in
    for (Seat obs = 0; obs < 2; ++obs) {
      const Seat other = static_cast<Seat>(1 - obs);
      Draws own(1000), hidden(1000);
      std::set<std::string> own_places, hidden_places;
      for (std::size_t i = 0; i < own.size(); ++i) {
        const auto d = determinized(*pos, obs, 9000 + i);
        const auto& t = sk(*d);
        record(t, t.player(obs).deck, "/players/" + std::to_string(obs) + "/deck/", own[i],
               own_places);
        StaticVec<Card, 64> hand;
        for (Card c : t.player(other).hand) hand.push_back(c);
        record(t, hand, "/players/" + std::to_string(other) + "/hand/", hidden[i], hidden_places);
        record(t, t.player(other).deck, "/players/" + std::to_string(other) + "/deck/", hidden[i],
               hidden_places);
      }
      const auto r1 = stats::uniform_places({own_places.begin(), own_places.end()}, own);
      EXPECT_TRUE(r1.ok) << "seat " << obs << ": " << r1.problem;
      const auto r2 = stats::uniform_places({hidden_places.begin(), hidden_places.end()}, hidden);
      EXPECT_TRUE(r2.ok) << "seat " << obs << ": " << r2.problem;
    }
  }
}

// The same check catches a dealer that favours one card for the top of the
// deck (it can fail).
TEST(SuikodenDeterminize, TheUniformityCheckCatchesABiasedDeal) {
  const auto mid = positions(11, 25);
  Draws draws(1200);
  std::set<std::string> places;
  for (std::size_t i = 0; i < draws.size(); ++i) {
    const auto d = determinized(*mid[2], 0, 9000 + i);
    const auto& t = sk(*d);
    StaticVec<Card, 64> deck = t.player(0).deck;
    if (i % 3 == 0) std::swap(deck[0], *std::min_element(deck.begin(), deck.end()));
    record(t, deck, "/players/0/deck/", draws[i], places);
  }
  EXPECT_FALSE(stats::uniform_places({places.begin(), places.end()}, draws).ok);
}

TEST(SuikodenDeterminize, AllocatesNothingOnceWarm) {
  const auto all = positions(8, 40);
  const auto& pos = all[2];
  auto scratch = pos->clone();
  Rng rng(1);
  for (int i = 0; i < 10; ++i) {
    scratch->assign(*pos);
    scratch->determinize(0, rng);
  }
  allocations = 0;
  counting = true;
  for (int i = 0; i < 1000; ++i) {
    scratch->assign(*pos);
    scratch->determinize(i % 2, rng);
  }
  counting = false;
  EXPECT_EQ(allocations.load(), 0);
}

// Options the viewer cannot tell apart are one observed option, exactly when
// the protocol shows them as one id (action_id_for).
TEST(SuikodenObservedAction, MergesExactlyWhatTheViewerCannotTellApart) {
  int hidden = 0;
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    for (const auto& pos : positions(seed, 1)) {
      if (pos->is_terminal()) continue;
      for (Seat seat = 0; seat < 2; ++seat) {
        ActionList options;
        pos->legal_actions(seat, options);
        for (Seat viewer : {Seat{0}, Seat{1}}) {
          for (Action a : options)
            for (Action b : options) {
              const bool same_id =
                  pos->action_id_for(seat, a, viewer) == pos->action_id_for(seat, b, viewer);
              const bool same_seen =
                  pos->observed_action(seat, a, viewer) == pos->observed_action(seat, b, viewer);
              ASSERT_EQ(same_id, same_seen) << pos->action_id(seat, a) << " / "
                                            << pos->action_id(seat, b) << " seen by " << viewer;
              hidden += viewer != seat && same_id && !(a == b);
            }
        }
      }
    }
  }
  EXPECT_GT(hidden, 0);  // some face-down or mulligan choices were met
}

TEST(SuikodenObservedAction, ACardIsSeenByItsDefinition) {
  json j = {{"phase", "main"}, {"turn", 3}, {"turn_player", 0}};
  j["players"] = hands({"lupa", "lupa"}, {"mira"}, {"kiri"}, {"kael"});
  const auto s = load(j);
  const auto& t = sk(*s);
  const Action first{kDiscardCard, t.player(0).hand[0], 0, 0};
  const Action second{kDiscardCard, t.player(0).hand[1], 0, 0};
  EXPECT_EQ(s->observed_action(0, first, 1), s->observed_action(0, second, 1));
  EXPECT_EQ(s->observed_action(0, first, 0), s->observed_action(0, second, 0));
  EXPECT_EQ(s->action_id(0, first), s->action_id(0, second));
}

// The boost table totals read (Rules::boost_row, built once per pool) says
// what walking each boosting card's effects says, for every pair of
// definitions, stat and scope.
TEST(SuikodenRules, BoostTableAgreesWithTheCardsEffects) {
  const auto start = game()->new_state(tt::Setup{});
  const Rules& rules = sk(*start).rules();
  const auto& cards = rules.pool.cards;
  int boosters = 0;
  for (std::size_t s = 0; s < cards.size(); ++s) {
    if (rules.facts[s].booster < 0) {
      for (const Effect& e : cards[s].effects) ASSERT_NE(e.kind, EffectKind::kBoost) << cards[s].id;
      continue;
    }
    ++boosters;
    for (Stat stat : {Stat::kAtk, Stat::kTroops, Stat::kBuild})
      for (Scope scope : {Scope::kSelf, Scope::kSide, Scope::kAll, Scope::kEnemies}) {
        const int* row = rules.boost_row(rules.facts[s].booster, stat, scope);
        for (std::size_t t = 0; t < cards.size(); ++t) {
          int walked = 0;
          for (const Effect& e : cards[s].effects)
            if (e.kind == EffectKind::kBoost && e.to == scope && e.stat == stat &&
                e.filter.matches(cards[t]))
              walked += e.amount;
          ASSERT_EQ(row[t], walked) << cards[s].id << " on " << cards[t].id;
        }
      }
  }
  EXPECT_GT(boosters, 0);
}

// The observation: one shape all game, finite, within the documented ranges
// (docs/games/suikoden.md), equal for what the seat cannot tell apart.
TEST(SuikodenObservation, KeepsItsShapeAndRangesThroughWholeGames) {
  const auto start = game()->new_state(tt::Setup{});
  const std::vector<int> shape = start->observation_shape();
  ASSERT_EQ(shape.size(), 1u);
  const int pool = static_cast<int>(sk(*start).rules().pool.cards.size());
  ASSERT_EQ(shape[0], 72 + 31 * pool);
  std::vector<float> x(static_cast<std::size_t>(shape[0])), y(x.size());
  for (std::uint64_t seed : {1u, 2u, 3u, 4u}) {
    for (const auto& pos : positions(seed, 3)) {
      ASSERT_EQ(pos->observation_shape(), shape);
      for (Seat seat = 0; seat < 2; ++seat) {
        pos->observation(seat, x.data());
        float phases = 0;
        for (int i = 0; i < 11; ++i) phases += x[i];
        ASSERT_EQ(phases, 1.0f);
        for (float v : x) {
          ASSERT_TRUE(std::isfinite(v));
          ASSERT_GE(v, 0.0f);
          ASSERT_LE(v, 10000.0f);
        }
        for (int i = 11; i < 15; ++i) ASSERT_TRUE(x[i] == 0.0f || x[i] == 1.0f);
        // Card counts: at most 4 copies of a definition in one zone (deck
        // building), a one-hot block at most one.
        for (int b = 0; b < 31; ++b) {
          if (b >= 12 && b <= 14) continue;  // weakened amounts
          for (int k = 0; k < pool; ++k) ASSERT_LE(x[72 + b * pool + k], 4.0f);
        }
        determinized(*pos, seat, seed)->observation(seat, y.data());
        ASSERT_EQ(x, y);
      }
    }
  }
}

TEST(SuikodenObservation, IsSeatRelative) {
  json j = {{"phase", "main"}, {"turn", 3}, {"turn_player", 0}};
  j["players"] = hands({"aldo"}, {"mira"}, {"kiri"}, {"kael"});
  const auto a = load(j);
  j["turn_player"] = 1;
  j["players"] = hands({"kiri"}, {"kael"}, {"aldo"}, {"mira"});
  const auto b = load(j);
  const int n = a->observation_shape()[0];
  std::vector<float> x(static_cast<std::size_t>(n)), y(x.size());
  a->observation(0, x.data());
  b->observation(1, y.data());
  EXPECT_EQ(x, y);
}

// ---- Measurements (run by hand: --gtest_also_run_disabled_tests) ----

// The time this thread ran, in nanoseconds: other work on the machine (two
// cores shared by several builds) does not count, as wall time would.
double cpu_ns() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e9 + static_cast<double>(t.tv_nsec);
}

// determinize, and assign + determinize as search runs it, on mid-game
// positions at the observer's own decision: nanoseconds of thread CPU time
// per call, median of 7 runs.
TEST(SuikodenMeasure, DISABLED_DeterminizeSpeed) {
  std::vector<std::unique_ptr<State>> mids;
  for (std::uint64_t seed = 1; mids.size() < 8; ++seed) {
    const auto all = positions(seed, 1);
    if (all.size() < 80) continue;
    mids.push_back(all[all.size() / 2]->clone());
  }
  auto scratch = mids[0]->clone();
  Rng rng(1);
  const int calls = 200000;
  auto run = [&](bool with_assign) {
    std::vector<double> ns;
    for (int rep = 0; rep < 7; ++rep) {
      const double t0 = cpu_ns();
      for (int i = 0; i < calls; ++i) {
        if (with_assign || (i & 1023) == 0) scratch->assign(*mids[static_cast<std::size_t>(i & 7)]);
        scratch->determinize(scratch->to_act(), rng);
      }
      ns.push_back((cpu_ns() - t0) / calls);
    }
    std::sort(ns.begin(), ns.end());
    return ns[3];
  };
  std::printf("determinize: %.0f ns per call (median of 7 runs of %d)\n", run(false), calls);
  std::printf("assign + determinize: %.0f ns per call (median of 7 runs of %d)\n", run(true),
              calls);
  // Per position, with its phase and the sizes of the two pools.
  for (const auto& m : mids) {
    const auto& t = sk(*m);
    const Seat obs = m->to_act();
    json v;
    m->view(kReferee, v);
    scratch->assign(*m);
    const double t0 = cpu_ns();
    for (int i = 0; i < calls / 8; ++i) scratch->determinize(obs, rng);
    std::printf("  %-10s own deck %2zu, other hand+deck %2zu: %.0f ns\n",
                v["phase"].get<std::string>().c_str(), t.player(obs).deck.size(),
                t.player(1 - obs).deck.size() + t.player(1 - obs).hand.size(),
                (cpu_ns() - t0) / (calls / 8));
  }
  auto copy = mids[0]->clone();
  const double t0 = cpu_ns();
  for (int i = 0; i < calls; ++i) copy->assign(*mids[static_cast<std::size_t>(i & 7)]);
  std::printf("assign alone: %.0f ns\n", (cpu_ns() - t0) / calls);
}

// Fits heuristic_scale: random-vs-random and greedy-vs-greedy games, the
// heuristic of both seats at every 4th decision against who won; the scale
// with the best log-likelihood of 1/(1+exp(-h/scale)) on a grid.
struct Fit {
  double scale = 0;
  double mean_ll = 0;
};

// The scale with the best log-likelihood, on a grid 5 to 5000 (steps of 5%).
Fit best_scale(const std::vector<std::pair<double, double>>& samples) {
  Fit best{0, -1e300};
  for (double scale = 5; scale <= 5000; scale *= 1.05) {
    double ll = 0;
    for (auto [h, y] : samples) {
      const double p = std::clamp(1.0 / (1.0 + std::exp(-h / scale)), 1e-12, 1 - 1e-12);
      ll += y * std::log(p) + (1 - y) * std::log(1 - p);
    }
    ll /= static_cast<double>(samples.size());
    if (ll > best.mean_ll) best = {scale, ll};
  }
  return best;
}

TEST(SuikodenMeasure, DISABLED_FitHeuristicScale) {
  // (heuristic, 1 win / 0.5 draw / 0 loss), for random and greedy games.
  std::vector<std::pair<double, double>> samples[2];
  int by_vp = 0, decked = 0;
  for (std::uint64_t g = 0; g < 600; ++g) {
    tt::Setup setup;
    setup.seed = 1000 + g;
    auto st = game()->new_state(setup);
    RandomAgent random;
    GreedyAgent greedy;
    const int kind = static_cast<int>(g % 2);
    Agent& agent = kind ? static_cast<Agent&>(greedy) : static_cast<Agent&>(random);
    Rng rng(g);
    std::vector<std::pair<double, Seat>> taken;
    for (int i = 0; !st->is_terminal(); ++i) {
      if (i % 4 == 0)
        for (Seat s = 0; s < 2; ++s) taken.push_back({st->heuristic(s), s});
      const Seat seat = st->to_act();
      st->apply_action(seat, agent.choose(*st, seat, rng));
    }
    const Outcomes o = st->outcomes();
    const auto& t = sk(*st);
    if (t.player(0).decked || t.player(1).decked)
      ++decked;
    else
      ++by_vp;
    for (auto [h, s] : taken)
      samples[kind].push_back({h, o[s].result == Result::kWin    ? 1.0
                                  : o[s].result == Result::kDraw ? 0.5
                                                                 : 0.0});
  }
  std::vector<std::pair<double, double>> all = samples[0];
  all.insert(all.end(), samples[1].begin(), samples[1].end());
  const Fit r = best_scale(samples[0]), g = best_scale(samples[1]), both = best_scale(all);
  std::printf("games: %d won on VP, %d by a deck running out\n", by_vp, decked);
  std::printf("random: %zu samples, scale %.1f, mean log-likelihood %.4f\n", samples[0].size(),
              r.scale, r.mean_ll);
  std::printf("greedy: %zu samples, scale %.1f, mean log-likelihood %.4f\n", samples[1].size(),
              g.scale, g.mean_ll);
  std::printf("both: %zu samples, scale %.1f, mean log-likelihood %.4f (a coin: -0.6931)\n",
              all.size(), both.scale, both.mean_ll);
}

// IS-MCTS at its defaults (1,000 simulations, random playouts cut off after
// 20 decisions) on mid-game positions: simulations per second of thread CPU
// time, and what share of it determinize takes (measured above).
TEST(SuikodenMeasure, DISABLED_SearchSpeed) {
  std::vector<std::unique_ptr<State>> mids;
  for (std::uint64_t seed = 1; mids.size() < 8; ++seed) {
    const auto all = positions(seed, 1);
    if (all.size() < 80) continue;
    mids.push_back(all[all.size() / 2]->clone());
  }
  IsmctsAgent agent(IsmctsConfig{});
  Rng rng(3);
  std::vector<double> rates;
  for (int rep = 0; rep < 5; ++rep) {
    long sims = 0;
    const double t0 = cpu_ns();
    for (const auto& m : mids) {
      agent.choose(*m, m->to_act(), rng);
      sims += agent.last_search().sims;
    }
    rates.push_back(static_cast<double>(sims) / ((cpu_ns() - t0) / 1e9));
  }
  std::sort(rates.begin(), rates.end());
  std::printf("IS-MCTS: %.0f simulations per second (median of 5 runs of 8 decisions)\n", rates[2]);
}

}  // namespace
}  // namespace tt::suikoden
