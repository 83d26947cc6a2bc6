// What a seat knows in Dungeon Dice Monsters (docs/games/ddm.md, "Search and
// learning"): a determinization deals the other seat's unnamed items to their
// places and redraws its hidden summon choice, keeps everything the observer
// sees, is canonical, and reseeds the dice; the observation keeps its shape
// and range and hides what the view hides.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "ai/agent.h"
#include "ai/ismcts.h"
#include "core/registry.h"
#include "games/ddm/state.h"

namespace tt::ddm {
namespace {

using nlohmann::json;

std::shared_ptr<const Game> ddm() {
  register_builtin_games();
  return Registry::instance().get("ddm");
}

Setup two_seats(std::uint64_t seed = 1) {
  Setup s;
  s.seats = 2;
  s.seed = seed;
  return s;
}

std::unique_ptr<DdmState> restore(const json& j) {
  auto st = ddm()->restore(j, two_seats());
  return std::unique_ptr<DdmState>(static_cast<DdmState*>(st.release()));
}

// Seat 1 has four items: Field Medic Kit face down on 5,16, Crest Leech
// revealed on 7,16, Bramble Wall and Snare Mine in its reserve; two monsters
// of its own reserve (a level 1 and a level 2) and one on the field.
json table(const std::string& face_down = "medic-kit", bool reversed_numbers = false) {
  std::vector<std::string> rows(19, ".............");
  rows[1] = "....00000....";
  rows[16] = "...1111111...";
  rows[17] = "......1......";
  const std::string in_reserve = face_down == "medic-kit" ? "bramble-wall" : "medic-kit";
  json items = json::array({
      {{"id", face_down}, {"owner", 1}, {"where", "field"}, {"square", "5,16"}},
      {{"id", in_reserve}, {"owner", 1}, {"where", "reserve"}},
      {{"id", "snare-mine"}, {"owner", 1}, {"where", "reserve"}},
  });
  if (reversed_numbers) std::swap(items[0], items[2]);
  json pieces = json::array({
      {{"id", "hedge-witch"}, {"owner", 0}, {"square", "6,1"}},
      {{"id", "medic-kit"}, {"owner", 0}, {"square", "5,1"}},
      {{"id", "tin-squire"}, {"owner", 0}, {"where", "reserve"}},
      {{"id", "shield-ox"}, {"owner", 1}, {"square", "6,16"}},
      {{"id", "moss-scout"}, {"owner", 1}, {"where", "reserve"}},
      {{"id", "rune-tinker"}, {"owner", 1}, {"where", "reserve"}},
      {{"id", "crest-leech"}, {"owner", 1}, {"square", "7,16"}, {"revealed", true}},
  });
  for (auto& it : items) pieces.push_back(it);
  return {{"phase", "main"},
          {"turn", 3},
          {"turn_player", 0},
          {"dungeon", rows},
          {"players", json::array({{{"crests", {{"move", 3}, {"attack", 1}}}}, json::object()})},
          {"pieces", pieces},
          {"rng", {{"seed", 9u}, {"next", {5u, 5u, 0u}}}}};
}

std::string view_of(const State& st, Seat seat) {
  json j;
  st.view(seat, j);
  return j.dump();
}

json saved(const State& st) {
  json j;
  st.save(j);
  return j;
}

// The item on a square (empty if none).
std::string item_on(const DdmState& st, Coord c) {
  const PieceId p = st.square(c).item;
  return p == kNoPiece ? "" : st.def(p).id;
}

std::multiset<std::string> reserve_of(const DdmState& st, Seat owner) {
  std::multiset<std::string> out;
  for (int i = 0; i < kMaxPieces; ++i) {
    const Piece& pc = st.piece(static_cast<PieceId>(i));
    if (pc.owner == owner && pc.where == Where::kReserve)
      out.insert(st.def(static_cast<PieceId>(i)).id);
  }
  return out;
}

TEST(DdmDeterminization, AFaceDownItemIsDealtAmongTheItemsTheObserverHasNotSeenNamed) {
  const auto st = restore(table());
  std::map<std::string, int> on_square;
  const int draws = 1200;
  for (int i = 0; i < draws; ++i) {
    auto d = st->clone();
    Rng rng(100 + i);
    d->determinize(0, rng);
    if (i % 50 == 0) {
      ASSERT_EQ(view_of(*d, 0), view_of(*st, 0));
    }
    const auto& dd = static_cast<const DdmState&>(*d);
    const std::string hidden = item_on(dd, {5, 16});
    ++on_square[hidden];
    // The revealed item and the monsters stay; the reserve holds the rest.
    EXPECT_EQ(item_on(dd, {7, 16}), "crest-leech");
    EXPECT_EQ(dd.piece(dd.square({5, 16}).item).owner, 1);
    auto reserve = reserve_of(dd, 1);
    reserve.insert(hidden);
    EXPECT_EQ(reserve, (std::multiset<std::string>{"moss-scout", "rune-tinker", "medic-kit",
                                                   "bramble-wall", "snare-mine"}));
  }
  // Each of the three unnamed items lies there a third of the time (a
  // chi-square test with 2 degrees of freedom, failing beyond 30: p < 3e-7).
  ASSERT_EQ(on_square.size(), 3u);
  double chi2 = 0;
  for (auto& [item, n] : on_square) {
    const double expected = draws / 3.0;
    chi2 += (n - expected) * (n - expected) / expected;
  }
  EXPECT_LT(chi2, 30.0);
}

TEST(DdmDeterminization, TheOwnerKnowsItsItemsAndTheRefereeEverything) {
  const auto st = restore(table());
  for (Seat seat : {1, kReferee}) {
    auto d = st->clone();
    Rng rng(3);
    d->determinize(seat, rng);
    EXPECT_EQ(view_of(*d, kReferee), view_of(*st, kReferee)) << "seat " << seat;
  }
}

TEST(DdmDeterminization, StatesThatDifferOnlyInHiddenItemsDeterminizeAlike) {
  // Which item lies face down, and under which piece numbers: seat 0 cannot
  // tell these apart (its views are equal), the referee can.
  const auto a = restore(table("medic-kit", false));
  const auto b = restore(table("bramble-wall", true));
  ASSERT_EQ(view_of(*a, 0), view_of(*b, 0));
  ASSERT_NE(view_of(*a, kReferee), view_of(*b, kReferee));
  ASSERT_NE(a->fingerprint(), b->fingerprint());
  for (std::uint64_t seed : {1, 2, 3}) {
    auto da = a->clone(), db = b->clone();
    Rng ra(seed), rb(seed);
    da->determinize(0, ra);
    db->determinize(0, rb);
    EXPECT_EQ(da->fingerprint(), db->fingerprint()) << "seed " << seed;
    EXPECT_EQ(a->information_state_key(0), b->information_state_key(0));
  }
  // The observations agree too.
  std::vector<float> oa(static_cast<std::size_t>(a->observation_shape()[0]));
  std::vector<float> ob(oa.size());
  a->observation(0, oa.data());
  b->observation(0, ob.data());
  EXPECT_EQ(oa, ob);
  b->observation(1, ob.data());
  a->observation(1, oa.data());
  EXPECT_NE(oa, ob);  // seat 1 knows its own items
}

TEST(DdmDeterminization, TheViewNamesNoHiddenItemNorItsNumber) {
  const auto st = restore(table());
  json v;
  st->view(0, v);
  // 4 named pieces on the field, then the face-down item by its square alone.
  ASSERT_EQ(v["field"].size(), 5u);
  const json& hidden = v["field"][4];
  EXPECT_EQ(hidden["square"], "5,16");
  EXPECT_FALSE(hidden.contains("id"));
  EXPECT_FALSE(hidden.contains("piece"));
  for (std::size_t i = 0; i < 4; ++i) EXPECT_TRUE(v["field"][i].contains("piece"));
  // Seat 1 names its own items; seat 0's Field Medic Kit is the one it cannot.
  st->view(1, v);
  int unnamed = 0;
  for (auto& p : v["field"]) unnamed += !p.contains("id");
  EXPECT_EQ(unnamed, 1);
  EXPECT_EQ(v["field"].back()["square"], "5,1");
}

// Seat 1 is laying the dungeon of a level-1 or level-2 summon it chose
// (Rune Tinker); seat 0 saw only "summon:hidden".
json placing_table() {
  json j = table();
  j["phase"] = "place";
  j["turn_player"] = 1;
  j["rolls_done"] = 1;
  j["summon_levels"] = {1, 2};
  j["summoning"] = 5;  // rune-tinker
  j["placing"] = {{"shape", "T"}, {"turn", nullptr}};
  return j;
}

TEST(DdmDeterminization, TheHiddenSummonChoiceIsRedrawnAmongTheOptionsItHad) {
  const auto st = restore(placing_table());
  std::map<std::string, int> chosen;
  for (int i = 0; i < 300; ++i) {
    auto d = st->clone();
    Rng rng(500 + i);
    d->determinize(0, rng);
    if (i % 50 == 0) {
      ASSERT_EQ(view_of(*d, 0), view_of(*st, 0));
    }
    const json s = saved(*d);
    const json& piece = s["pieces"][s["summoning"].get<int>()];
    EXPECT_EQ(piece["owner"], 1);
    EXPECT_EQ(piece["where"], "reserve");
    ++chosen[piece["id"].get<std::string>()];
    // The redrawn choice is placed like any other: the steps go on to a summon.
    ActionList options;
    auto& play = static_cast<DdmState&>(*d);
    while (play.phase() == Phase::kPlace) {
      play.legal_actions(1, options);
      ASSERT_FALSE(options.empty());
      play.apply_action(1, options.front());  // cancel is always last
    }
  }
  // Every option seat 1 could have had: its two reserve monsters, and the
  // items, any of the three it has not named being in its reserve.
  EXPECT_EQ(chosen.size(), 5u);
  for (auto& [id, n] : chosen) EXPECT_GT(n, 25) << id;  // 50 to 75 expected
  // The chooser itself keeps its choice.
  auto own = st->clone();
  Rng rng(1);
  own->determinize(1, rng);
  EXPECT_EQ(saved(*own)["summoning"], 5);
}

TEST(DdmDeterminization, ALoadedSummonOutsideTheLevelsIsRedrawnFromTheReserve) {
  // A scenario may choose a piece the roll does not allow (no level 4 here):
  // the redraw still lands on a reserve piece of the summoner, never on one
  // of the items dealt to the field.
  json j = placing_table();
  j["summon_levels"] = {4};
  const auto st = restore(j);
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    auto d = st->clone();
    Rng rng(seed);
    d->determinize(0, rng);
    const json s = saved(*d);
    const json& piece = s["pieces"][s["summoning"].get<int>()];
    EXPECT_EQ(piece["owner"], 1);
    EXPECT_EQ(piece["where"], "reserve");
  }
}

TEST(DdmDeterminization, TheOtherSeatsSummonPicksAreOneObservedOption) {
  auto st = restore(placing_table());
  st->apply_action(1, {kCancel, 0, 0, 0});  // the shape taken back
  st->apply_action(1, {kCancel, 0, 0, 0});  // and the summon choice: back to it
  ASSERT_EQ(st->phase(), Phase::kSummon);
  ActionList options;
  st->legal_actions(1, options);
  std::set<std::uint64_t> seen_by_0, seen_by_1;
  std::set<std::string> ids_for_0;
  int picks = 0;
  for (Action a : options) {
    const Action o0 = st->observed_action(1, a, 0), o1 = st->observed_action(1, a, 1);
    EXPECT_EQ(o1, a);
    EXPECT_EQ(st->observed_action(1, a, kReferee), a);
    if (a.kind != kSummonPick) {
      EXPECT_EQ(o0, a);
      continue;
    }
    ++picks;
    seen_by_0.insert((std::uint64_t{o0.kind} << 48) | (std::uint64_t{o0.a} << 32) |
                     (std::uint64_t{o0.b} << 16) | o0.c);
    EXPECT_NE(o0, a);  // never a real option: the tree merges, never confuses
    ids_for_0.insert(st->action_id_for(1, a, 0));
  }
  EXPECT_EQ(picks, 4);  // two monsters, two items
  EXPECT_EQ(seen_by_0.size(), 1u);
  EXPECT_EQ(ids_for_0, std::set<std::string>{"summon:hidden"});
}

TEST(DdmDeterminization, TheDiceToComeAreFresh) {
  // The table forces the next roll; a determinization drops forced results
  // and reseeds, so different seeds roll differently.
  const auto st = restore(table());
  std::set<std::string> generators;
  for (std::uint64_t seed : {1, 2, 3}) {
    auto d = st->clone();
    Rng rng(seed);
    d->determinize(0, rng);
    const json g = saved(*d)["rng"];
    EXPECT_FALSE(g.is_object() && g.contains("next")) << g.dump();
    generators.insert(g.dump());
  }
  EXPECT_EQ(generators.size(), 3u);
}

// Random games from the starter sets, each decision's options counted.
template <typename F>
void random_games(int games, F at_decision) {
  auto game = ddm();
  RandomAgent agent;
  for (int g = 0; g < games; ++g) {
    auto st = game->new_state(two_seats(40 + static_cast<std::uint64_t>(g)));
    Rng rng(900 + static_cast<std::uint64_t>(g));
    for (int i = 0; !st->is_terminal() && i < 3000; ++i) {
      at_decision(static_cast<const DdmState&>(*st));
      const Seat seat = st->to_act();
      st->apply_action(seat, agent.choose(*st, seat, rng));
    }
  }
}

TEST(DdmObservation, KeepsItsShapeAndStaysInItsRangeThroughWholeGames) {
  const auto shape = ddm()->new_state(two_seats())->observation_shape();
  ASSERT_EQ(shape.size(), 1u);
  // 33 planes of 13 x 19, then the scalars (docs/games/ddm.md).
  EXPECT_EQ(shape[0], 33 * 247 + 11 + 2 + 1 + 1 + 1 + 4 + 12 + 6 + 20 + 5 + 11 + 8 + 3 + 1 + 168);
  std::vector<float> obs(static_cast<std::size_t>(shape[0]));
  int checked = 0;
  random_games(2, [&](const DdmState& st) {
    ASSERT_EQ(st.observation_shape(), shape);
    for (Seat s : {0, 1}) {
      std::fill(obs.begin(), obs.end(), -7.0f);
      st.observation(s, obs.data());
      for (float x : obs) ASSERT_TRUE(std::isfinite(x) && x >= 0.0f && x <= 1.0f) << x;
      // A determinization for the seat leaves its observation as it was.
      if (++checked % 7 == 0) {
        auto d = st.clone();
        Rng rng(static_cast<std::uint64_t>(checked));
        d->determinize(s, rng);
        std::vector<float> again(obs.size());
        d->observation(s, again.data());
        ASSERT_EQ(again, obs);
      }
    }
  });
  EXPECT_THROW(ddm()->new_state(two_seats())->observation(2, obs.data()), Error);
}

TEST(DdmObservation, SeatOneSeesTheFieldTurnedHalfRound) {
  // Each seat's dungeon master is marked on row 0, column 6 of plane 32.
  const auto st = ddm()->new_state(two_seats());
  std::vector<float> obs(static_cast<std::size_t>(st->observation_shape()[0]));
  for (Seat s : {0, 1}) {
    st->observation(s, obs.data());
    EXPECT_EQ(obs[32 * 247 + 6], 1.0f) << "seat " << s;
    EXPECT_EQ(obs[32 * 247 + 18 * 13 + 6], 0.0f) << "seat " << s;
  }
}

// The thread's CPU time in nanoseconds (other work on a shared machine does
// not count).
double cpu_ns() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e9 + static_cast<double>(t.tv_nsec);
}

// How determinize is timed for docs/games/ddm.md: median of several runs of
// many calls on a mid-game position (run it in a release build).
TEST(DdmDeterminization, DISABLED_Timing) {
  auto game = ddm();
  auto st = game->new_state(two_seats(7));
  Rng play(7);
  RandomAgent agent;
  for (int i = 0; i < 150 && !st->is_terminal(); ++i)
    st->apply_action(st->to_act(), agent.choose(*st, st->to_act(), play));
  auto scratch = st->clone();
  Rng rng(1);
  std::vector<double> assign_ns, both_ns;
  for (int run = 0; run < 9; ++run) {
    const int n = 200000;
    const double t0 = cpu_ns();
    for (int i = 0; i < n; ++i) scratch->assign(*st);
    const double t1 = cpu_ns();
    for (int i = 0; i < n; ++i) {
      scratch->assign(*st);
      scratch->determinize(st->to_act(), rng);
    }
    const double t2 = cpu_ns();
    assign_ns.push_back((t1 - t0) / n);
    both_ns.push_back((t2 - t1) / n);
  }
  std::sort(assign_ns.begin(), assign_ns.end());
  std::sort(both_ns.begin(), both_ns.end());
  std::printf("assign %.1f ns, assign + determinize %.1f ns, determinize %.1f ns (medians of 9)\n",
              assign_ns[4], both_ns[4], both_ns[4] - assign_ns[4]);
  // The busiest kind of position: a face-down item, items in the reserve and
  // a hidden summon choice to redraw.
  const auto busy = restore(placing_table());
  auto busy_scratch = busy->clone();
  std::vector<double> busy_ns;
  for (int run = 0; run < 9; ++run) {
    const int n = 200000;
    const double t0 = cpu_ns();
    for (int i = 0; i < n; ++i) {
      busy_scratch->assign(*busy);
      busy_scratch->determinize(0, rng);
    }
    busy_ns.push_back((cpu_ns() - t0) / n);
  }
  std::sort(busy_ns.begin(), busy_ns.end());
  std::printf("busiest position: assign + determinize %.1f ns (median of 9)\n", busy_ns[4]);
  // A 1,000-simulation IS-MCTS decision, at each decision with a choice of
  // a game between two such players (the first 200 decisions).
  IsmctsConfig config;
  config.sims = 1000;
  IsmctsAgent agent0(config), agent1(config);
  auto g = game->new_state(two_seats(8));
  Rng rng2(8);
  std::vector<double> ms;
  ActionList options;
  for (int i = 0; i < 200 && !g->is_terminal(); ++i) {
    const Seat seat = g->to_act();
    g->legal_actions(seat, options);
    const double t0 = cpu_ns();
    const Action a = (seat == 0 ? agent0 : agent1).choose(*g, seat, rng2);
    const double t1 = cpu_ns();
    if (options.size() > 1) ms.push_back((t1 - t0) / 1e6);
    g->apply_action(seat, a);
  }
  std::sort(ms.begin(), ms.end());
  std::printf(
      "1,000-simulation decision: median %.2f ms, 90th percentile %.2f ms (%zu decisions)\n",
      ms[ms.size() / 2], ms[ms.size() * 9 / 10], ms.size());
}

// How heuristic_scale was fitted (docs/games/ddm.md): games of greedy against
// greedy and random against random; at sampled decisions (heuristic of seat
// 0, did seat 0 win); the scale with the best log-likelihood of
// 1 / (1 + exp(-h / scale)). Also counts decisions and forced ones.
TEST(DdmDeterminization, DISABLED_FitHeuristicScale) {
  auto game = ddm();
  const int games = 900;
  using Samples = std::vector<std::pair<double, double>>;
  Samples all, by_kind[2];
  long decisions[2] = {}, forced[2] = {}, played[2] = {}, limit[2] = {};
  for (int g = 0; g < games; ++g) {
    const int greedy = g % 3 != 0;  // two thirds greedy against greedy
    std::unique_ptr<Agent> agents[2];
    for (auto& a : agents)
      a = greedy ? std::unique_ptr<Agent>(new GreedyAgent)
                 : std::unique_ptr<Agent>(new RandomAgent);
    auto st = game->new_state(two_seats(1000 + static_cast<std::uint64_t>(g)));
    Rng rng(77 + static_cast<std::uint64_t>(g));
    std::vector<double> hs;
    ActionList options;
    for (int i = 0; !st->is_terminal() && i < 4000; ++i) {
      const Seat seat = st->to_act();
      st->legal_actions(seat, options);
      int real = 0;
      for (Action a : options) real += !st->is_undo(seat, a);
      ++decisions[greedy];
      forced[greedy] += real == 1;
      if (rng.below(8) == 0) hs.push_back(st->heuristic(0));
      st->apply_action(seat, agents[seat]->choose(*st, seat, rng));
    }
    ++played[greedy];
    if (!st->is_terminal()) continue;
    const auto& d = static_cast<const DdmState&>(*st);
    limit[greedy] += d.master_damage(0) < 3 && d.master_damage(1) < 3;
    const Outcomes o = st->outcomes();
    const double win = o[0].result == Result::kWin ? 1.0 : o[0].result == Result::kDraw ? 0.5 : 0.0;
    for (double h : hs) {
      all.emplace_back(h, win);
      by_kind[greedy].emplace_back(h, win);
    }
  }
  const auto fit = [](const Samples& samples, const char* what) {
    const auto ll = [&](double scale) {
      double sum = 0;
      for (auto [h, w] : samples) {
        const double p = std::clamp(1.0 / (1.0 + std::exp(-h / scale)), 1e-9, 1 - 1e-9);
        sum += w * std::log(p) + (1 - w) * std::log(1 - p);
      }
      return sum / static_cast<double>(samples.size());
    };
    double best = 0, best_ll = -1e300;
    for (double scale = 10; scale <= 3000; scale *= 1.02)
      if (ll(scale) > best_ll) best_ll = ll(scale), best = scale;
    std::printf(
        "%s: %zu samples, best scale %.0f (mean log-likelihood %.4f; at 160: %.4f, "
        "coin: %.4f)\n",
        what, samples.size(), best, best_ll, ll(160), std::log(0.5));
  };
  fit(all, "all");
  fit(by_kind[1], "greedy");
  fit(by_kind[0], "random");
  for (int k : {1, 0})
    std::printf(
        "%s games: %ld, %.1f decisions each, %.1f%% with one option besides cancel, "
        "%.0f%% decided by the round limit\n",
        k ? "greedy" : "random", played[k],
        static_cast<double>(decisions[k]) / static_cast<double>(played[k]),
        100.0 * static_cast<double>(forced[k]) / static_cast<double>(decisions[k]),
        100.0 * static_cast<double>(limit[k]) / static_cast<double>(played[k]));
}

// A rough strength check for the report: IS-MCTS (1,000 simulations) against
// greedy, seats alternated.
TEST(DdmDeterminization, DISABLED_IsmctsAgainstGreedy) {
  auto game = ddm();
  const int games = 40;
  double score = 0;
  for (int g = 0; g < games; ++g) {
    IsmctsConfig config;
    config.sims = 1000;
    std::unique_ptr<Agent> search(new IsmctsAgent(config)), greedy(new GreedyAgent);
    const Seat mine = g % 2;
    auto st = game->new_state(two_seats(5000 + static_cast<std::uint64_t>(g)));
    Rng rng(3 + static_cast<std::uint64_t>(g));
    for (int i = 0; !st->is_terminal() && i < 4000; ++i) {
      const Seat seat = st->to_act();
      st->apply_action(seat, (seat == mine ? search : greedy)->choose(*st, seat, rng));
    }
    const Outcomes o = st->outcomes();
    score += o[mine].result == Result::kWin ? 1.0 : o[mine].result == Result::kDraw ? 0.5 : 0.0;
  }
  std::printf("IS-MCTS against greedy: %.1f of %d\n", score, games);
}

}  // namespace
}  // namespace tt::ddm
