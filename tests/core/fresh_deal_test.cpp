// Fresh games from a setup prepared once (Game::prepare, PreparedSetup::deal)
// are exactly the games the old one-step new_state made, for every game:
// against a reference that builds each game that old way, and against the
// set-up events the old new_state wrote.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "ai/agent.h"
#include "core/error.h"
#include "core/registry.h"
#include "games/ddm/game.h"
#include "games/ddm/state.h"
#include "games/lastchronicle/game.h"
#include "games/lastchronicle/rules.h"
#include "games/lastchronicle/state.h"
#include "games/magic/game.h"
#include "games/magic/rules.h"
#include "games/magic/state.h"
#include "games/suikoden/game.h"
#include "games/suikoden/rules.h"
#include "games/suikoden/state.h"

namespace tt {
namespace {

using nlohmann::json;

// Setups over every game, variant and table size (and decks named out of turn).
const char* const kSetups[] = {
    R"({"game": "suikoden"})",
    R"({"game": "suikoden", "variant": "chain-links"})",
    R"({"game": "suikoden", "variant": "short"})",
    R"({"game": "suikoden", "options": {"mulligan_max": "0"}})",
    R"({"game": "suikoden", "decks": ["river", "iron"]})",
    R"({"game": "ddm"})",
    R"({"game": "ddm", "variant": "quick"})",
    R"({"game": "ddm", "decks": ["dragons", "arcane"]})",
    R"({"game": "lastchronicle"})",
    R"({"game": "lastchronicle", "seats": 3})",
    R"({"game": "lastchronicle", "seats": 4})",
    R"({"game": "lastchronicle", "variant": "multiplayer-duel"})",
    R"({"game": "lastchronicle", "seats": 3, "decks": ["night-court", "dawn-legion", "tide-circle"]})",
    R"({"game": "magic"})",
    R"({"game": "magic", "seats": 4})",
    R"({"game": "magic", "seats": 6})",
    R"({"game": "magic", "seats": 16})",
    R"({"game": "magic", "variant": "duel"})",
    R"({"game": "magic", "seats": 10, "variant": "grand-melee"})",
    R"({"game": "magic", "seats": 4, "variant": "team-vs-team"})",
    R"({"game": "magic", "seats": 6, "variant": "emperor"})",
    R"({"game": "magic", "seats": 4, "variant": "2hg"})",
    R"({"game": "magic", "seats": 6, "variant": "alternating-teams"})",
    R"({"game": "magic", "seats": 4, "options": {"ante": "on", "planechase": "on"}})",
    R"({"game": "magic", "seats": 3, "decks": ["white-blue-skies", null, "blue-green-tides"]})",
};

// The set-up events (first player, opening draws: the decks' order after the
// shuffles) as the old one-step new_state wrote them before set-ups were
// prepared. If a change to a set-up is meant, the failure message prints
// the new lines.
struct Recorded {
  int setup;
  std::uint64_t seed;
  std::uint64_t events;
};
const Recorded kRecorded[] = {
    {0, 1ull, 0xbddfe42f7d6e9e59ull},
    {0, 2ull, 0x7273fcf59fc65757ull},
    {0, 3ull, 0x780596517ac3f393ull},
    {0, 42ull, 0xb5ed5af1c13b0a54ull},
    {0, 987654321987ull, 0xec200f3867f10481ull},
    {1, 1ull, 0xbddfe42f7d6e9e59ull},
    {1, 2ull, 0x7273fcf59fc65757ull},
    {1, 3ull, 0x780596517ac3f393ull},
    {1, 42ull, 0xb5ed5af1c13b0a54ull},
    {1, 987654321987ull, 0xec200f3867f10481ull},
    {2, 1ull, 0xbddfe42f7d6e9e59ull},
    {2, 2ull, 0x7273fcf59fc65757ull},
    {2, 3ull, 0x780596517ac3f393ull},
    {2, 42ull, 0xb5ed5af1c13b0a54ull},
    {2, 987654321987ull, 0xec200f3867f10481ull},
    {3, 1ull, 0xda94869c623ea1a0ull},
    {3, 2ull, 0x4540310b6cf4315aull},
    {3, 3ull, 0xdb21023baef7ee57ull},
    {3, 42ull, 0xfa892a1303fd727dull},
    {3, 987654321987ull, 0xc2f3785900d164c8ull},
    {4, 1ull, 0xbddfe42f7d6e9e59ull},
    {4, 2ull, 0x7273fcf59fc65757ull},
    {4, 3ull, 0x780596517ac3f393ull},
    {4, 42ull, 0xb5ed5af1c13b0a54ull},
    {4, 987654321987ull, 0xec200f3867f10481ull},
    {5, 1ull, 0xe927427cbdf85b2full},
    {5, 2ull, 0xe50c4fa54ec38a8full},
    {5, 3ull, 0xe927427cbdf85b2full},
    {5, 42ull, 0xe50c4fa54ec38a8full},
    {5, 987654321987ull, 0xe50c4fa54ec38a8full},
    {6, 1ull, 0xe927427cbdf85b2full},
    {6, 2ull, 0xe50c4fa54ec38a8full},
    {6, 3ull, 0xe927427cbdf85b2full},
    {6, 42ull, 0xe50c4fa54ec38a8full},
    {6, 987654321987ull, 0xe50c4fa54ec38a8full},
    {7, 1ull, 0xaa5a259bc0549fcdull},
    {7, 2ull, 0xa63f32c4511fcf2dull},
    {7, 3ull, 0xaa5a259bc0549fcdull},
    {7, 42ull, 0xa63f32c4511fcf2dull},
    {7, 987654321987ull, 0xa63f32c4511fcf2dull},
    {8, 1ull, 0x14650fb0739d0383ull},
    {8, 2ull, 0x14650fb0739d0383ull},
    {8, 3ull, 0x14650fb0739d0383ull},
    {8, 42ull, 0x14650fb0739d0383ull},
    {8, 987654321987ull, 0x14650fb0739d0383ull},
    {9, 1ull, 0x14650fb0739d0383ull},
    {9, 2ull, 0x14650fb0739d0383ull},
    {9, 3ull, 0x14650fb0739d0383ull},
    {9, 42ull, 0x14650fb0739d0383ull},
    {9, 987654321987ull, 0x14650fb0739d0383ull},
    {10, 1ull, 0x14650fb0739d0383ull},
    {10, 2ull, 0x14650fb0739d0383ull},
    {10, 3ull, 0x14650fb0739d0383ull},
    {10, 42ull, 0x14650fb0739d0383ull},
    {10, 987654321987ull, 0x14650fb0739d0383ull},
    {11, 1ull, 0x14650fb0739d0383ull},
    {11, 2ull, 0x14650fb0739d0383ull},
    {11, 3ull, 0x14650fb0739d0383ull},
    {11, 42ull, 0x14650fb0739d0383ull},
    {11, 987654321987ull, 0x14650fb0739d0383ull},
    {12, 1ull, 0x14650fb0739d0383ull},
    {12, 2ull, 0x14650fb0739d0383ull},
    {12, 3ull, 0x14650fb0739d0383ull},
    {12, 42ull, 0x14650fb0739d0383ull},
    {12, 987654321987ull, 0x14650fb0739d0383ull},
    {13, 1ull, 0x07145680eb019874ull},
    {13, 2ull, 0x25b6634dc4c8a631ull},
    {13, 3ull, 0x9bfec38bfac1bf6aull},
    {13, 42ull, 0x85948209ab023dccull},
    {13, 987654321987ull, 0xb127bde320a70824ull},
    {14, 1ull, 0x3ada2aeb8299b271ull},
    {14, 2ull, 0xf1ad3ba9ae8f0ed3ull},
    {14, 3ull, 0x0a61c8a3623c90fbull},
    {14, 42ull, 0x04f49ed90feeccabull},
    {14, 987654321987ull, 0x86f1159348a4f56eull},
    {15, 1ull, 0x4cc2b00642c1ee95ull},
    {15, 2ull, 0xe9018ba6e8bd4031ull},
    {15, 3ull, 0xd15f8e47fc2b5160ull},
    {15, 42ull, 0xf55a5c08f33833dfull},
    {15, 987654321987ull, 0xc217935608102bf4ull},
    {16, 1ull, 0xb823400020791317ull},
    {16, 2ull, 0x9fdf88d05bc49f97ull},
    {16, 3ull, 0x9ef276bc80ca5ad9ull},
    {16, 42ull, 0x979d2f895c3511c5ull},
    {16, 987654321987ull, 0x3a30d24434236629ull},
    {17, 1ull, 0x07145680eb019874ull},
    {17, 2ull, 0x25b6634dc4c8a631ull},
    {17, 3ull, 0x9bfec38bfac1bf6aull},
    {17, 42ull, 0x85948209ab023dccull},
    {17, 987654321987ull, 0xb127bde320a70824ull},
    {18, 1ull, 0x77fa0818eb2e36c6ull},
    {18, 2ull, 0x9d706401302cd0d6ull},
    {18, 3ull, 0x4847272c53d71249ull},
    {18, 42ull, 0x85d6f38b9310e1a5ull},
    {18, 987654321987ull, 0x38f3f1d9457d105dull},
    {19, 1ull, 0x116b723655f62131ull},
    {19, 2ull, 0x9bb655b072566413ull},
    {19, 3ull, 0x1492d7526f050d3bull},
    {19, 42ull, 0xf416cd0345928aebull},
    {19, 987654321987ull, 0xfee722f720021c2eull},
    {20, 1ull, 0x848db89acdf2f2d5ull},
    {20, 2ull, 0x7ac024512195c571ull},
    {20, 3ull, 0xe6a0531e373cbba0ull},
    {20, 42ull, 0x438be0d3871a731full},
    {20, 987654321987ull, 0x44e5761788aba620ull},
    {21, 1ull, 0x3ada2aeb8299b271ull},
    {21, 2ull, 0xf1ad3ba9ae8f0ed3ull},
    {21, 3ull, 0x0a61c8a3623c90fbull},
    {21, 42ull, 0x04f49ed90feeccabull},
    {21, 987654321987ull, 0x86f1159348a4f56eull},
    {22, 1ull, 0x4cc2b00642c1ee95ull},
    {22, 2ull, 0xe9018ba6e8bd4031ull},
    {22, 3ull, 0xd15f8e47fc2b5160ull},
    {22, 42ull, 0xf55a5c08f33833dfull},
    {22, 987654321987ull, 0xc217935608102bf4ull},
    {23, 1ull, 0x1a1d3ad89abab7a3ull},
    {23, 2ull, 0x0eb94dd253501504ull},
    {23, 3ull, 0xf773cd243aa54b82ull},
    {23, 42ull, 0xd0c269b6f89a1884ull},
    {23, 987654321987ull, 0x79d6101f45f50638ull},
    {24, 1ull, 0x5f7cd7dc07f0740eull},
    {24, 2ull, 0x4a720b8e168b8113ull},
    {24, 3ull, 0x53d2be77306c7868ull},
    {24, 42ull, 0x47a4cf2e5985aabcull},
    {24, 987654321987ull, 0xd32364a4fd425acdull},
};

tt::Setup setup_of(const json& j, std::uint64_t seed) {
  tt::Setup s;
  s.seats = j.value("seats", 2);
  s.variant = j.value("variant", "");
  if (j.contains("options"))
    for (auto& [k, v] : j["options"].items()) s.options[k] = v.get<std::string>();
  if (j.contains("decks")) s.decks = j["decks"];
  s.seed = seed;
  return s;
}

std::uint64_t events_hash(const EventLog& log) {
  std::uint64_t h = 1469598103934665603ull;
  for (const Event& e : log) {
    const std::int64_t words[7] = {e.kind,    e.seat,    static_cast<std::int64_t>(e.detail_to),
                                   e.args[0], e.args[1], e.args[2],
                                   e.args[3]};
    h = fnv1a(words, sizeof words, h);
  }
  return h;
}

// The old one-step new_state, as a reference: each game's rules built from
// the resolved options, each seat's legal deck read from its JSON here, and a
// newly constructed state started with the seed. Nothing of it is prepared
// or shared between games.
template <class Pool>
std::shared_ptr<const Pool> unowned(const Pool& pool) {
  return std::shared_ptr<const Pool>(std::shared_ptr<const Pool>(), &pool);
}

json deck_of(const Game& g, const Setup& s, Seat seat) {
  const json deck = g.legal_deck(s, seat);
  return deck.is_string() ? g.starter_deck(deck.get<std::string>()) : deck;
}

// A list entry: an id, or {key: id, "count": n}.
std::pair<std::string, int> entry(const json& e, const char* key) {
  if (e.is_string()) return {e.get<std::string>(), 1};
  return {e[key].get<std::string>(), e.value("count", 1)};
}

std::unique_ptr<State> reference(const Game& g, const Setup& s, EventLog* log) {
  const Options options = g.resolve_options(s);
  if (auto* sk = dynamic_cast<const suikoden::SuikodenGame*>(&g)) {
    const auto& pool = sk->pool();
    std::array<std::vector<int>, 2> decks;
    std::array<int, 2> commanders{-1, -1};
    for (Seat seat = 0; seat < 2; ++seat) {
      const json d = deck_of(g, s, seat);
      if (d.contains("commander")) commanders[seat] = pool.find(d["commander"]);
      for (auto& e : d["cards"]) {
        const auto [id, n] = entry(e, "card");
        for (int i = 0; i < n; ++i) decks[seat].push_back(pool.find(id));
      }
    }
    auto st = std::make_unique<suikoden::SuikodenState>(
        std::make_shared<const suikoden::Rules>(unowned(pool), options));
    st->attach_log(log);
    st->start(decks, commanders, s.seed);
    return st;
  }
  if (auto* dd = dynamic_cast<const ddm::DdmGame*>(&g)) {
    const auto& pool = dd->pool();
    std::array<std::vector<int>, 2> dice, pieces;
    for (Seat seat = 0; seat < 2; ++seat) {
      const json d = deck_of(g, s, seat);
      const json set = d.value("dice", json("standard"));
      if (set.is_string())
        dice[seat] = pool.dice_sets.at(set.get<std::string>());
      else
        for (auto& id : set) dice[seat].push_back(pool.find_die(id));
      for (const char* kind : {"monsters", "items"})
        for (auto& e : d.value(kind, json::array())) {
          const auto [id, n] = entry(e, std::string(kind) == "monsters" ? "monster" : "item");
          for (int i = 0; i < n; ++i) pieces[seat].push_back(pool.find_piece(id));
        }
    }
    auto st =
        std::make_unique<ddm::DdmState>(std::make_shared<const ddm::Rules>(unowned(pool), options));
    st->attach_log(log);
    st->start(dice, pieces, s.seed);
    return st;
  }
  if (auto* lc = dynamic_cast<const lastchronicle::LcGame*>(&g)) {
    const auto& pool = lc->pool();
    std::vector<std::vector<int>> decks(static_cast<std::size_t>(s.seats));
    std::vector<int> leaders(static_cast<std::size_t>(s.seats), -1);
    for (Seat seat = 0; seat < s.seats; ++seat) {
      const json d = deck_of(g, s, seat);
      if (d.contains("leader")) leaders[seat] = pool.find(d["leader"]);
      for (auto& id : d["cards"]) decks[seat].push_back(pool.find(id));
    }
    auto st = std::make_unique<lastchronicle::LcState>(
        std::make_shared<const lastchronicle::Rules>(unowned(pool), options, s.seats));
    st->attach_log(log);
    st->start(decks, leaders, s.seed);
    return st;
  }
  const auto& mg = dynamic_cast<const magic::MagicGame&>(g);
  std::vector<std::vector<int>> decks(static_cast<std::size_t>(s.seats));
  for (Seat seat = 0; seat < s.seats; ++seat) {
    const json d = deck_of(g, s, seat);
    for (auto& [id, n] : d["cards"].items())
      for (int i = 0; i < n.get<int>(); ++i) decks[seat].push_back(mg.pool().find(id));
  }
  auto st = std::make_unique<magic::MagicState>(
      std::make_shared<const magic::Rules>(unowned(mg.pool()), options, s.seats));
  st->attach_log(log);
  st->start(decks, s.seed);
  return st;
}

std::string line(int setup, std::uint64_t seed, std::uint64_t events) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "{%d, %lluull, 0x%016llxull},", setup,
                static_cast<unsigned long long>(seed), static_cast<unsigned long long>(events));
  return buf;
}

class FreshDeal : public ::testing::Test {
 protected:
  void SetUp() override { register_builtin_games(); }
  const Game& game(const json& j) { return *Registry::instance().get(j["game"]); }
};

// Each setup prepared once and dealt for every seed, latest seed first: each
// deal is the state the reference (the old new_state) makes, with the set-up
// events recorded before set-ups were prepared; new_state agrees.
TEST_F(FreshDeal, DealsAreTheGamesNewStateMadeBefore) {
  for (int i = 0; i < static_cast<int>(std::size(kSetups)); ++i) {
    const json j = json::parse(kSetups[i]);
    const auto prepared = game(j).prepare(setup_of(j, 1));
    std::vector<Recorded> mine;
    for (const Recorded& r : kRecorded)
      if (r.setup == i) mine.push_back(r);
    ASSERT_FALSE(mine.empty()) << kSetups[i];
    std::reverse(mine.begin(), mine.end());
    for (const Recorded& r : mine) {
      EventLog log, old_log;
      const auto state = prepared->deal(r.seed, &log);
      const auto old = reference(game(j), setup_of(j, r.seed), &old_log);
      EXPECT_EQ(log, old_log) << kSetups[i] << " seed " << r.seed;
      // Whole states (hashed through their saved JSON, the slow part) for
      // the first and the largest seed.
      if (r.seed == 1 || r.seed > 1000) {
        EXPECT_EQ(state->fingerprint(), old->fingerprint()) << kSetups[i] << " seed " << r.seed;
      }
      EXPECT_EQ(events_hash(log), r.events)
          << kSetups[i] << " seed " << r.seed << "\n  recorded " << line(i, r.seed, r.events)
          << "\n  now      " << line(i, r.seed, events_hash(log));
      if (r.seed != 1) continue;
      EventLog again;
      EXPECT_EQ(game(j).new_state(setup_of(j, r.seed), &again)->fingerprint(),
                state->fingerprint());
      EXPECT_EQ(again, log);
    }
  }
}

// A deal leaves the prepared setup as it was: a game played out from one
// deal changes nothing in the next deals with the same seed (tables of up to
// four, to keep the playouts short).
TEST_F(FreshDeal, DealsDoNotShareState) {
  for (const char* text : kSetups) {
    const json j = json::parse(text);
    if (j.value("seats", 2) > 4) continue;
    const auto prepared = game(j).prepare(setup_of(j, 1));
    const std::uint64_t first = prepared->deal(5)->fingerprint();
    auto played = prepared->deal(5);
    Rng rng(5);
    ActionList scratch;
    random_playout(*played, rng, scratch);
    EXPECT_NE(played->fingerprint(), first) << text;
    EXPECT_EQ(prepared->deal(5)->fingerprint(), first) << text;
    EXPECT_NE(prepared->deal(6)->fingerprint(), first) << text;
  }
}

// prepare refuses what new_state refused: a wrong table size, an unknown
// option, an illegal deck (naming its problems).
TEST_F(FreshDeal, PrepareRefusesBadSetups) {
  for (auto& g : Registry::instance().games()) {
    tt::Setup too_many;
    too_many.seats = g->max_seats() + 1;
    EXPECT_THROW(g->prepare(too_many), Error) << g->name();
    tt::Setup unknown_option;
    unknown_option.options["no_such_option"] = "1";
    EXPECT_THROW(g->prepare(unknown_option), Error) << g->name();
    tt::Setup bad_deck;
    bad_deck.decks = json::array({json{{"cards", json::array()}}});
    try {
      g->prepare(bad_deck);
      ADD_FAILURE() << g->name() << " accepted an empty deck";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("seat 0's deck is not a legal " + g->name() + " deck"),
                std::string::npos)
          << e.what();
    }
  }
}

}  // namespace
}  // namespace tt
