// What a seat knows in the Magic-style game (issue 10; docs/games/magic.md,
// "Search and learning"): every rule that makes a card known while it stays
// in a hidden zone keeps that card in place when the state is determinized
// for a seat that knows it, and only then; hidden choices are redrawn
// legally; two states that differ only in hidden places determinize alike;
// the observation keeps its shape and documented ranges through whole games.
// The generic checks (views unchanged, uniform deals, reseeding) are in
// tests/conformance/knowledge_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "../conformance/chi_square.h"
#include "ai/agent.h"
#include "ai/ismcts.h"
#include "core/registry.h"
#include "games/magic/state.h"

namespace tt {
namespace {

using magic::MagicState;
using magic::Obj;
using nlohmann::json;

const Game& magic_game() {
  register_builtin_games();
  return *Registry::instance().get("magic");
}

Setup setup(int seats, const std::string& variant, std::uint64_t seed = 1) {
  Setup s;
  s.seats = seats;
  s.variant = variant;
  s.seed = seed;
  s.options["priority_stops"] = "all";
  return s;
}

const MagicState& M(const State& s) {
  return dynamic_cast<const MagicState&>(s);
}

json view_of(const State& s, Seat seat) {
  json j;
  s.view(seat, j);
  return j;
}

std::unique_ptr<State> determinized(const State& s, Seat observer, std::uint64_t seed) {
  auto d = s.clone();
  Rng rng(seed);
  d->determinize(observer, rng);
  return d;
}

// Applies the option with this id, failing the test when there is none.
void act(State& s, Seat seat, const std::string& id) {
  ActionList list;
  s.legal_actions(seat, list);
  for (Action a : list)
    if (s.action_id(seat, a) == id) {
      s.apply_action(seat, a);
      return;
    }
  std::string offered;
  for (Action a : list) offered += " " + s.action_id(seat, a);
  FAIL() << "seat " << seat << " has no option " << id << "; offered:" << offered;
}

std::unique_ptr<State> position(const json& state, const Setup& st) {
  return magic_game().restore(state, st);
}

// Two seats, seat 0 to act in its first main phase with `hand`, five blue
// lands and a red one; libraries listed top first.
json two_seat_position(const std::vector<std::string>& hand, const std::vector<std::string>& lib0,
                       const std::vector<std::string>& lib1) {
  return {
      {"turn", 3},
      {"active", 0},
      {"step", "main1"},
      {"players",
       {{{"library", lib0},
         {"hand", hand},
         {"battlefield",
          {"brinemarsh", "brinemarsh", "brinemarsh", "brinemarsh", "brinemarsh", "emberscree"}}},
        {{"library", lib1}, {"hand", {"wildglen", "ashfen", "emberscree"}}}}}};
}

// ---- 103.5: the cards a kept hand puts on the bottom ----

// Plays the mulligans of a 4-seat game: seat 0 takes two mulligans, the
// others keep; stops when seat 0 is about to put its cards on the bottom.
std::unique_ptr<State> at_seat0_bottom(std::uint64_t seed) {
  auto s = magic_game().new_state(setup(4, "ffa", seed));
  for (int guard = 0; guard < 50; ++guard) {
    const Seat seat = s->to_act();
    ActionList list;
    s->legal_actions(seat, list);
    if (list[0].kind == magic::kBottom) return s;
    const bool again = seat == 0 && M(*s).player(0).mulligans < 2;
    act(*s, seat, again ? "mulligan" : "keep");
  }
  ADD_FAILURE() << "no bottom decision";
  return s;
}

TEST(MagicKnowledge, CardsPutOnTheBottomAreKnownToTheirOwnerOnly) {
  auto s = at_seat0_bottom(1);
  ASSERT_EQ(s->to_act(), 0);
  const int owed = M(*s).player(0).to_bottom;
  ASSERT_GE(owed, 1);
  // Seat 0 chooses its bottom cards, the others finish.
  while (M(*s).player(0).to_bottom > 0) {
    ActionList list;
    s->legal_actions(0, list);
    s->apply_action(0, list.back());
  }
  const auto& lib = M(*s).player(0).library;
  const Obj bottom = lib[0];
  EXPECT_EQ(M(*s).obj(bottom).known, seat_bit(0));
  // The owner's view names the card and its place; another's only the place.
  const json mine = view_of(*s, 0)["players"][0]["library_known"];
  ASSERT_EQ(mine.size(), static_cast<std::size_t>(owed));
  EXPECT_EQ(mine.back()["card"], M(*s).ref(bottom));
  EXPECT_EQ(mine.back()["from_top"], lib.size() - 1);
  const json theirs = view_of(*s, 1)["players"][0]["library_known"];
  ASSERT_EQ(theirs.size(), static_cast<std::size_t>(owed));
  EXPECT_FALSE(theirs.back().contains("card"));
  // Determinized for seat 0 the card stays; for seat 1 it is dealt anew,
  // and whatever lies there is still known to seat 0.
  std::set<Obj> bottoms_for_1;
  for (std::uint64_t k = 0; k < 30; ++k) {
    const auto d0 = determinized(*s, 0, k);
    EXPECT_EQ(M(*d0).player(0).library[0], bottom);
    const auto d1 = determinized(*s, 1, k);
    const Obj b = M(*d1).player(0).library[0];
    bottoms_for_1.insert(b);
    EXPECT_EQ(M(*d1).obj(b).known, seat_bit(0));
    EXPECT_EQ(M(*d1).obj(b).zone, magic::Zone::kLibrary);
  }
  EXPECT_GT(bottoms_for_1.size(), 5u);
}

TEST(MagicKnowledge, AShuffleForgetsTheBottomCards) {
  // Plunderer's Pact makes its target shuffle: what seat 1 knew of its
  // library's bottom is gone.
  auto s = position(two_seat_position({"plunderers-pact"}, {"ashfen", "wildglen"},
                                      {"mossback-cub", "wildglen", "ashfen", "searing-bolt"}),
                    setup(2, "duel"));
  json saved;
  s->save(saved);
  const Obj last = M(*s).player(1).library[0];
  saved["known"] = json::array({json::array({last, 2})});  // seat 1 knows its bottom card
  s = position(saved, setup(2, "duel"));
  ASSERT_EQ(M(*s).obj(last).known, seat_bit(1));
  act(*s, 0, "cast:plunderers-pact#1");
  act(*s, 0, "target:seat1");
  act(*s, 0, "pass");
  act(*s, 1, "pass");
  act(*s, 0, "pick:mossback-cub#1");
  for (Obj o : M(*s).player(1).library) EXPECT_EQ(M(*s).obj(o).known, 0);
}

TEST(MagicKnowledge, OthersBottomChoicesLookAlikeAndAreRedrawnLegally) {
  auto s = at_seat0_bottom(2);
  ActionList list;
  s->legal_actions(0, list);
  ASSERT_GE(list.size(), 2u);
  // Seat 1 cannot tell the choices apart; seat 0 and the referee can.
  EXPECT_EQ(s->observed_action(0, list[0], 1), s->observed_action(0, list[1], 1));
  EXPECT_NE(s->observed_action(0, list[0], 0), s->observed_action(0, list[1], 0));
  EXPECT_NE(s->observed_action(0, list[0], kReferee), s->observed_action(0, list[1], kReferee));
  EXPECT_EQ(s->action_id_for(0, list[0], 1), s->action_id_for(0, list[1], 1));
  // Seat 0 puts one card on the bottom; seat 1's determinizations redraw
  // which card that was and seat 0's hand, and seat 0 can go on choosing.
  s->apply_action(0, list[0]);
  std::set<Obj> bottoms;
  for (std::uint64_t k = 0; k < 20; ++k) {
    auto d = determinized(*s, 1, k);
    bottoms.insert(M(*d).player(0).library[0]);
    if (M(*d).player(0).to_bottom > 0) {
      ActionList again;
      d->legal_actions(0, again);
      ASSERT_FALSE(again.empty());
      for (Action a : again) {
        ASSERT_EQ(a.kind, magic::kBottom);
        EXPECT_EQ(M(*d).obj(a.a).zone, magic::Zone::kHand);
      }
    }
    Rng rng(k);
    ActionList scratch;
    random_playout(*d, rng, scratch);
    EXPECT_TRUE(d->is_terminal());
  }
  EXPECT_GT(bottoms.size(), 3u);
}

// ---- Split Tribute: revealed cards (known to all) ----

TEST(MagicKnowledge, RevealedCardsStayInPlaceAndThePileInHandStaysKnown) {
  auto s = position(two_seat_position({"split-tribute"},
                                      {"mossback-cub", "searing-bolt", "wildglen", "ashfen",
                                       "emberscree", "knotbark-behemoth", "brinemarsh"},
                                      {"wildglen", "wildglen", "ashfen", "ashfen"}),
                    setup(2, "duel"));
  act(*s, 0, "cast:split-tribute#1");
  act(*s, 0, "pass");
  act(*s, 1, "pass");
  ASSERT_EQ(s->to_act(), 1);  // the opponent separates the piles
  std::vector<Obj> top(M(*s).player(0).library.end() - 4, M(*s).player(0).library.end());
  for (Seat obs : {0, 1}) {
    EXPECT_TRUE(view_of(*s, obs).contains("split"));
    EXPECT_EQ(view_of(*s, obs)["players"][0]["library_known"].size(), 4u);
    for (std::uint64_t k = 0; k < 10; ++k) {
      const auto d = determinized(*s, obs, k);
      const auto& lib = M(*d).player(0).library;
      EXPECT_EQ(std::vector<Obj>(lib.end() - 4, lib.end()), top) << "seat " << obs;
    }
  }
  act(*s, 1, "pick:mossback-cub#1");
  act(*s, 1, "pick:searing-bolt#1");
  act(*s, 1, "pick-done");
  act(*s, 0, "pile1");
  // Both cards are in seat 0's hand, known to seat 1, who keeps them there.
  const json hand_known = view_of(*s, 1)["players"][0]["hand_known"];
  EXPECT_EQ(hand_known, json({"mossback-cub#1", "searing-bolt#1"}));
  std::set<Obj> known(M(*s).player(0).hand.begin(), M(*s).player(0).hand.end());
  for (std::uint64_t k = 0; k < 20; ++k) {
    const auto d = determinized(*s, 1, k);
    const auto& hand = M(*d).player(0).hand;
    EXPECT_EQ(std::set<Obj>(hand.begin(), hand.end()), known);
  }
  // Played or discarded, a card is public and its mask goes.
  json saved;
  s->save(saved);
  EXPECT_EQ(saved["known"].size(), 2u);
}

// ---- 601.2a: a spell announced, then cancelled ----

TEST(MagicKnowledge, ACancelledSpellStaysKnownInItsHand) {
  auto s = position(two_seat_position({"searing-bolt", "mossback-cub", "wildglen", "ashfen"},
                                      {"ashfen", "wildglen", "emberscree", "brinemarsh"},
                                      {"wildglen", "wildglen", "ashfen", "ashfen"}),
                    setup(2, "duel"));
  act(*s, 0, "cast:searing-bolt#1");
  ASSERT_TRUE(view_of(*s, 1).contains("casting"));
  Obj bolt = magic::kNoObj;
  for (Obj o : M(*s).player(0).hand)
    if (M(*s).ref(o) == "searing-bolt#1") bolt = o;
  ASSERT_NE(bolt, magic::kNoObj);
  for (std::uint64_t k = 0; k < 10; ++k) {  // announced: seen by everyone
    const auto d = determinized(*s, 1, k);
    EXPECT_EQ(M(*d).obj(bolt).zone, magic::Zone::kHand);
  }
  act(*s, 0, "cancel");
  EXPECT_EQ(view_of(*s, 1)["players"][0]["hand_known"], json({"searing-bolt#1"}));
  std::set<Obj> hands;
  for (std::uint64_t k = 0; k < 20; ++k) {
    const auto d = determinized(*s, 1, k);
    EXPECT_EQ(M(*d).player(0).hand[0], bolt);  // known cards first
    for (Obj o : M(*d).player(0).hand) hands.insert(o);
  }
  EXPECT_GT(hands.size(), 4u) << "the unknown cards of the hand are dealt anew";
}

// ---- Plunderer's Pact: looking through a library ----

TEST(MagicKnowledge, ASeatSearchingALibrarySeesAllOfItUntilTheShuffle) {
  auto s = position(two_seat_position({"plunderers-pact"}, {"ashfen", "wildglen", "emberscree"},
                                      {"mossback-cub", "wildglen", "ashfen", "knotbark-behemoth",
                                       "searing-bolt"}),
                    setup(2, "duel"));
  act(*s, 0, "cast:plunderers-pact#1");
  act(*s, 0, "target:seat1");
  act(*s, 0, "pass");
  act(*s, 1, "pass");
  ASSERT_EQ(s->to_act(), 0);
  const json v = view_of(*s, 0);
  ASSERT_TRUE(v.contains("searching"));
  EXPECT_EQ(v["searching"]["library"].size(), 5u);
  EXPECT_FALSE(view_of(*s, 1).contains("searching"));
  const auto lib = M(*s).player(1).library;
  std::set<std::vector<Obj>> orders_for_1;
  for (std::uint64_t k = 0; k < 20; ++k) {
    EXPECT_TRUE(M(*determinized(*s, 0, k)).player(1).library == lib);
    const auto d1 = determinized(*s, 1, k);
    const auto& l1 = M(*d1).player(1).library;
    orders_for_1.insert(std::vector<Obj>(l1.begin(), l1.end()));
  }
  EXPECT_GT(orders_for_1.size(), 1u) << "its owner does not see its library's order";
}

// ---- Canonical: a hand-made pair that differs only in hidden places ----

TEST(MagicKnowledge, StatesThatDifferOnlyInHiddenPlacesDeterminizeAlike) {
  auto s = magic_game().new_state(setup(4, "ffa", 3));
  Rng rng(3);
  RandomAgent agent;
  for (int i = 0; i < 150 && !s->is_terminal(); ++i) {
    const Seat seat = s->to_act();
    s->apply_action(seat, agent.choose(*s, seat, rng));
  }
  ASSERT_FALSE(s->is_terminal());
  // Swap a card of seat 1's hand with one deep in its library, and two of
  // seat 0's library cards: seat 0 cannot tell the difference.
  json saved;
  s->save(saved);
  json& p1 = saved["players"][1];
  json& p0 = saved["players"][0];
  ASSERT_GE(p1["hand"].size(), 1u);
  ASSERT_GE(p1["library"].size(), 3u);
  ASSERT_GE(p0["library"].size(), 3u);
  const Obj h = p1["hand"][0], l = p1["library"][1];
  std::swap(p1["hand"][0], p1["library"][1]);
  std::swap(saved["objects"][h]["zone"], saved["objects"][l]["zone"]);
  std::swap(p0["library"][0], p0["library"][2]);
  const auto other = magic_game().restore(saved, setup(4, "ffa", 3));
  ASSERT_NE(other->fingerprint(), s->fingerprint());
  EXPECT_EQ(view_of(*other, 0), view_of(*s, 0));
  EXPECT_EQ(other->information_state_key(0), s->information_state_key(0));
  for (std::uint64_t k = 0; k < 5; ++k)
    EXPECT_EQ(determinized(*other, 0, k)->fingerprint(), determinized(*s, 0, k)->fingerprint());
  // Seat 1 can tell them apart: its own hand differs.
  EXPECT_NE(view_of(*other, 1), view_of(*s, 1));
}

// ---- Uniform: every unseen card equally likely at every unseen place ----

// Each owner's unseen places (its hand unless it is the observer, its
// library), as dealt in many determinizations: each place that varies shows
// each card of the pool about equally often (a chi-square test, failed
// beyond 5 standard deviations as in tests/conformance/chi_square.h).
void expect_uniform(const State& pos, Seat obs, int draws) {
  const int n = pos.num_seats();
  for (Seat owner = 0; owner < n; ++owner) {
    std::vector<std::vector<Obj>> at;  // per draw: the hand's then the library's objects
    for (int k = 0; k < draws; ++k) {
      const auto d = determinized(pos, obs, 9000 + static_cast<std::uint64_t>(k));
      const auto& p = M(*d).player(owner);
      std::vector<Obj> row;
      if (owner != obs) row.insert(row.end(), p.hand.begin(), p.hand.end());
      row.insert(row.end(), p.library.begin(), p.library.end());
      at.push_back(row);
    }
    std::vector<std::size_t> places;
    for (std::size_t i = 0; i < at[0].size(); ++i)
      for (auto& row : at)
        if (row[i] != at[0][i]) {
          places.push_back(i);
          break;
        }
    // Every place holding a card the observer does not know varies.
    const auto& p = M(pos).player(owner);
    std::size_t unseen = 0;
    if (owner != obs)
      for (Obj o : p.hand) unseen += !has_seat(M(pos).obj(o).known, obs);
    for (Obj o : p.library) unseen += !has_seat(M(pos).obj(o).known, obs);
    EXPECT_EQ(places.size(), unseen > 1 ? unseen : 0) << "seat " << obs << ", owner " << owner;
    if (places.size() < 2) continue;
    std::multiset<Obj> pool;
    for (std::size_t i : places) pool.insert(at[0][i]);
    for (auto& row : at) {
      std::multiset<Obj> held;
      for (std::size_t i : places) held.insert(row[i]);
      ASSERT_EQ(held, pool) << "seat " << obs << ", owner " << owner;
    }
    for (std::size_t i : places) {
      std::map<Obj, double> count;
      for (auto& row : at) count[row[i]] += 1;
      double chi2 = 0;
      for (Obj o : std::set<Obj>(pool.begin(), pool.end())) {
        const double expected = static_cast<double>(draws) * static_cast<double>(pool.count(o)) /
                                static_cast<double>(pool.size());
        const double seen = count.count(o) ? count[o] : 0.0;
        chi2 += (seen - expected) * (seen - expected) / expected;
      }
      const double dof = static_cast<double>(std::set<Obj>(pool.begin(), pool.end()).size() - 1);
      EXPECT_LT(stats::chi_square_z(chi2, dof), 5.0)
          << "seat " << obs << ", owner " << owner << ", place " << i;
    }
  }
}

TEST(MagicKnowledge, UnseenCardsAreDealtUniformly) {
  auto s = magic_game().new_state(setup(3, "ffa", 11));
  for (Seat obs = 0; obs < 3; ++obs) expect_uniform(*s, obs, 1500);
  Rng rng(11);
  RandomAgent agent;
  for (int i = 0; i < 120 && !s->is_terminal(); ++i) {
    const Seat seat = s->to_act();
    s->apply_action(seat, agent.choose(*s, seat, rng));
  }
  ASSERT_FALSE(s->is_terminal());
  for (Seat obs = 0; obs < 3; ++obs) expect_uniform(*s, obs, 1500);
}

// ---- Saved knowledge ----

TEST(MagicKnowledge, SavedKnowledgeRoundTripsAndBadEntriesAreRefused) {
  auto s = at_seat0_bottom(1);
  while (M(*s).player(0).to_bottom > 0) {
    ActionList list;
    s->legal_actions(0, list);
    s->apply_action(0, list.front());
  }
  json saved;
  s->save(saved);
  ASSERT_TRUE(saved.contains("known"));
  const auto back = magic_game().restore(saved, setup(4, "ffa", 1));
  EXPECT_EQ(back->fingerprint(), s->fingerprint());
  const Obj bottom = saved["known"][0][0];
  auto refused = [&](json entry) {
    json bad = saved;
    bad["known"] = json::array({entry});
    EXPECT_THROW(magic_game().restore(bad, setup(4, "ffa", 1)), Error) << entry.dump();
  };
  refused(json::array({bottom, 1 << 4}));  // seat 4 is not at a 4-seat table
  refused(json::array({bottom, 0}));
  refused(json::array({5000, 1}));
  refused(json::array({bottom}));
  // A card on the battlefield is public: nothing to know about it.
  for (const auto& o : saved["objects"].items())
    if (o.value()["zone"] != static_cast<int>(magic::Zone::kLibrary) &&
        o.value()["zone"] != static_cast<int>(magic::Zone::kHand)) {
      refused(json::array({std::stoi(o.key()), 1}));
      break;
    }
}

// ---- The observation ----

TEST(MagicObservation, KeepsItsShapeAndRangesThroughWholeGames) {
  for (const auto& [seats, variant] :
       std::vector<std::pair<int, std::string>>{{4, "ffa"}, {4, "2hg"}, {6, "emperor"}}) {
    auto s = magic_game().new_state(setup(seats, variant, 4));
    const std::vector<int> shape = s->observation_shape();
    ASSERT_EQ(shape.size(), 1u);
    const int cards = static_cast<int>(M(*s).rules().pool.size());
    EXPECT_EQ(shape[0], 19 + seats * (16 + 2 * cards) + cards);
    std::vector<float> obs(static_cast<std::size_t>(shape[0]));
    Rng rng(4);
    RandomAgent agent;
    for (int i = 0; i < 3000 && !s->is_terminal(); ++i) {
      if (i % 7 == 0) {
        ASSERT_EQ(s->observation_shape(), shape);
        for (Seat seat = 0; seat < seats; ++seat) {
          std::fill(obs.begin(), obs.end(), 99.0f);
          s->observation(seat, obs.data());
          for (float x : obs) {
            ASSERT_TRUE(std::isfinite(x));
            ASSERT_GE(x, -1.0f);
            ASSERT_LE(x, 3.0f);
          }
          EXPECT_EQ(obs[19 + 1], 1.0f) << "the observer is its own teammate";
        }
      }
      const Seat seat = s->to_act();
      s->apply_action(seat, agent.choose(*s, seat, rng));
    }
  }
}

TEST(MagicObservation, IsSeatRelativeAndShowsOnlyTheObserversHand) {
  auto s = magic_game().new_state(setup(3, "ffa", 5));
  const int n = s->observation_shape()[0];
  const int cards = static_cast<int>(M(*s).rules().pool.size());
  std::vector<float> a(static_cast<std::size_t>(n)), b(static_cast<std::size_t>(n));
  s->observation(1, a.data());
  // Seat 1's own hand size sits in the first seat block.
  EXPECT_FLOAT_EQ(a[19 + 4], static_cast<float>(M(*s).player(1).hand.size()) / 10.0f);
  // The hand block counts seat 1's cards only.
  float in_hand = 0;
  for (int i = n - cards; i < n; ++i) in_hand += a[static_cast<std::size_t>(i)] * 4.0f;
  EXPECT_FLOAT_EQ(in_hand, static_cast<float>(M(*s).player(1).hand.size()));
  // A determinization for seat 1 changes other hands, not seat 1's observation.
  const auto d = determinized(*s, 1, 8);
  d->observation(1, b.data());
  EXPECT_EQ(a, b);
}

// ---- Figures (run by hand: --gtest_also_run_disabled_tests) ----

// determinize's cost on mid-game positions at 4 seats, assign included, as
// the IS-MCTS agent calls them once per simulation.
TEST(MagicFigures, DISABLED_DeterminizeSpeed) {
  for (std::uint64_t seed : {1, 2, 3}) {
    auto s = magic_game().new_state(setup(4, "ffa", seed));
    Rng rng(seed);
    RandomAgent agent;
    for (int i = 0; i < 200 && !s->is_terminal(); ++i) {
      const Seat seat = s->to_act();
      s->apply_action(seat, agent.choose(*s, seat, rng));
    }
    auto scratch = s->clone();
    Rng draw(7);
    std::vector<double> assign_only, both;
    for (int run = 0; run < 7; ++run) {
      constexpr int kCalls = 20000;
      auto t0 = std::chrono::steady_clock::now();
      for (int i = 0; i < kCalls; ++i) scratch->assign(*s);
      auto t1 = std::chrono::steady_clock::now();
      for (int i = 0; i < kCalls; ++i) {
        scratch->assign(*s);
        scratch->determinize(static_cast<Seat>(i % 4), draw);
      }
      auto t2 = std::chrono::steady_clock::now();
      assign_only.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count() / kCalls);
      both.push_back(std::chrono::duration<double, std::micro>(t2 - t1).count() / kCalls);
    }
    std::sort(assign_only.begin(), assign_only.end());
    std::sort(both.begin(), both.end());
    std::printf("seed %llu: assign %.3f us, assign+determinize %.3f us, determinize %.3f us\n",
                static_cast<unsigned long long>(seed), assign_only[3], both[3],
                both[3] - assign_only[3]);
  }
}

// IS-MCTS on like positions (the first decision with a choice after 200):
// 1,000 simulations a decision, one thread.
TEST(MagicFigures, DISABLED_IsmctsSpeed) {
  for (std::uint64_t seed : {1, 2, 3}) {
    auto s = magic_game().new_state(setup(4, "ffa", seed));
    Rng rng(seed);
    RandomAgent agent;
    ActionList options;
    for (int i = 0; !s->is_terminal() && (i < 200 || options.size() < 2); ++i) {
      const Seat seat = s->to_act();
      s->apply_action(seat, agent.choose(*s, seat, rng));
      if (!s->is_terminal()) s->legal_actions(s->to_act(), options);
    }
    ASSERT_FALSE(s->is_terminal());
    IsmctsConfig config;
    config.sims = 1000;
    IsmctsAgent ismcts(config);
    std::vector<double> ms;
    for (int run = 0; run < 5; ++run) {
      const auto t0 = std::chrono::steady_clock::now();
      const Action a = ismcts.choose(*s, s->to_act(), rng);
      ms.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
      ASSERT_EQ(s->clone()->try_apply(s->to_act(), a), "");
    }
    std::sort(ms.begin(), ms.end());
    std::printf("seed %llu: %.1f ms per 1,000-simulation decision (%.0f simulations/s)\n",
                static_cast<unsigned long long>(seed), ms[2], 1000.0 / ms[2] * 1000.0);
  }
}

// heuristic_scale's fit: games of greedy and random seats (all greedy, all
// random, or mixed), the heuristic of every seat still in the game at
// sampled decisions against whether that seat won; per table size, the
// scale with the best log-likelihood, beside the log-likelihood of always
// answering 1/seats.
TEST(MagicFigures, DISABLED_FitHeuristicScale) {
  for (const auto& [seats, centred] :
       std::vector<std::pair<int, bool>>{{2, false}, {4, false}, {2, true}, {4, true}}) {
    std::vector<std::pair<double, int>> samples;
    for (std::uint64_t g = 0; g < 150; ++g) {
      auto s = magic_game().new_state(setup(seats, seats == 2 ? "duel" : "ffa", 100 + g));
      Rng rng(g);
      RandomAgent random;
      GreedyAgent greedy;
      const int kind = static_cast<int>(g % 3);
      std::vector<std::pair<double, int>> game;
      for (int i = 0; i < 4000 && !s->is_terminal(); ++i) {
        const Seat seat = s->to_act();
        if (i % 25 == 0)
          for (Seat k = 0; k < seats; ++k) {
            if (!s->in_game(k)) continue;
            double h = s->heuristic(k);
            if (centred) {  // for the report: the heuristic less the others' mean
              double others = 0;
              int m = 0;
              for (Seat o = 0; o < seats; ++o)
                if (o != k && s->in_game(o)) others += s->heuristic(o), ++m;
              if (m) h -= others / m;
            }
            game.emplace_back(h, k);
          }
        const bool use_greedy = kind == 0 || (kind == 2 && seat % 2 == 0);
        s->apply_action(seat,
                        use_greedy ? greedy.choose(*s, seat, rng) : random.choose(*s, seat, rng));
      }
      if (!s->is_terminal()) continue;
      const Outcomes out = s->outcomes();
      for (auto& [h, k] : game)
        samples.emplace_back(h, out[static_cast<std::size_t>(k)].result == Result::kWin);
    }
    auto loglik = [&](auto p_of) {
      double ll = 0;
      for (auto& [h, won] : samples) {
        const double p = std::clamp(p_of(h), 1e-9, 1 - 1e-9);
        ll += won ? std::log(p) : std::log(1 - p);
      }
      return ll / static_cast<double>(samples.size());
    };
    double best = 0, best_ll = -1e300;
    for (double scale = 0.5; scale <= 2000; scale *= 1.05) {
      const double ll = loglik([&](double h) { return 1.0 / (1.0 + std::exp(-h / scale)); });
      if (ll > best_ll) best_ll = ll, best = scale;
    }
    std::printf(
        "%s%d seats, %zu samples: best scale %.2f (mean log-likelihood %.4f); at 1/seats %.4f\n",
        centred ? "centred, " : "", seats, samples.size(), best, best_ll,
        loglik([&](double) { return 1.0 / seats; }));
    for (double scale : {5.0, 10.0, 20.0, 40.0, 80.0})
      std::printf("  scale %.0f: %.4f\n", scale,
                  loglik([&](double h) { return 1.0 / (1.0 + std::exp(-h / scale)); }));
  }
}

}  // namespace
}  // namespace tt
