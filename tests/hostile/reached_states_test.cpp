// States a game reaches by play load again, and a loaded state can go on
// (fuzz findings, docs/fuzzing.md):
// what a game saves mid-game, Game::restore must accept, and the game goes on.
#include "core/match.h"
#include "hostile/hostile.h"

namespace tt::hostile {
namespace {

json saved(const Match& m) {
  json j;
  m.state().save(j);
  return j;
}

Seat first_pending(const Match& m) {
  for (Seat s = 0; s < m.state().num_seats(); ++s)
    if (m.state().pending_seats() & (SeatMask{1} << s)) return s;
  return kNoSeat;
}

// fuzz_load (magic-ffa-3): a player who took mulligans kept and, owing a
// card to the bottom of the library, conceded; the saved state still owed it
// with no hand left, and restore refused it ("to_bottom: 0 to the cards in hand").
TEST(ReachedStates, MagicAPlayerWhoLeavesOwesNoCardsToTheBottom) {
  const auto g = game("magic");
  tt::Setup setup;
  setup.seats = 3;
  setup.variant = "ffa";
  Match m(g, setup);
  const Seat first = first_pending(m);
  // Two mulligans while the others keep (the first is free in multiplayer,
  // 103.5c); the third hand kept owes one card to the bottom.
  ASSERT_EQ(m.act(first, "mulligan"), "");
  for (int guard = 0; guard < 8 && first_pending(m) != first; ++guard)
    ASSERT_EQ(m.act(first_pending(m), "keep"), "");
  ASSERT_EQ(m.act(first, "mulligan"), "");
  ASSERT_EQ(first_pending(m), first);
  ASSERT_EQ(m.act(first, "keep"), "");
  ASSERT_EQ(first_pending(m), first);
  ASSERT_EQ(m.options(first).front().id.rfind("bottom:", 0), 0u) << m.options(first).front().id;
  ASSERT_EQ(m.concede(first), "");
  EXPECT_EQ(restore_error(*g, saved(m), setup), "");
  EXPECT_NE(first_pending(m), kNoSeat) << "the other two play on";
}

// fuzz_load (ddm): the turn player conceded with a die picked; the saved
// state, over, still had it picked ("picked: ... only in the roll phase").
TEST(ReachedStates, DdmAGameEndedWhileDiceWerePickedLoads) {
  const auto g = game("ddm");
  Match m(g, tt::Setup{});
  const Seat s = first_pending(m);
  ASSERT_EQ(m.options(s).front().id.rfind("die:", 0), 0u) << m.options(s).front().id;
  ASSERT_EQ(m.act(s, m.options(s).front().id), "");
  ASSERT_FALSE(saved(m).value("picked", json::array()).empty());
  ASSERT_EQ(m.concede(s), "");
  EXPECT_EQ(restore_error(*g, saved(m), tt::Setup{}), "");
}

// The same for a chain under way when a seat concedes: the game is over,
// and a chain outside phase chain is refused at load.
TEST(ReachedStates, DdmAGameEndedDuringAChainLoads) {
  const auto g = game("ddm");
  const json chain = json::parse(R"({
    "phase": "chain", "turn": 3, "turn_player": 0, "rolls_done": 2,
    "players": [{"crests": {"trap": 3}}, {}],
    "dungeon": [".....000.....", "......0......", "......0......", "......0......",
                ".............", ".............", ".............", ".............",
                ".............", ".............", ".............", ".............",
                ".............", ".............", "......1......", "......1......",
                "......1......", ".....111.....", "............."],
    "pieces": [{"id": "hedge-witch", "owner": 0, "where": "field", "square": "6,2"},
               {"id": "iron-warlord", "owner": 1, "where": "field", "square": "6,16"}],
    "chain": [{"piece": "6,2", "ability": 0}]
  })");
  Match m(g, tt::Setup{}, chain);
  ASSERT_EQ(m.concede(1), "");
  EXPECT_EQ(restore_error(*g, saved(m), tt::Setup{}), "");
}

// engine_fuzz (seed 3): a Suikoden battle on a continued mission's first
// step, where the turn player may not pass, loaded with nothing in hand to
// dispatch: seat 0 was pending with no option at all, and the game stalled.
// Every loaded state is refused when a seat must decide and cannot.
TEST(LoadedStates, ASeatThatMustDecideNeedsAnOption) {
  const auto g = game("suikoden");
  const json stuck = json::parse(R"({
    "phase": "battle", "turn": 3, "turn_player": 0,
    "missions": [{"place": "m0", "card": "scouting-run"}],
    "battle": {"place": "m0", "new": false, "first_step": true, "passes": 0, "acting": 0}})");
  ASSERT_EQ(restore_error(*g, stuck, tt::Setup{}), "") << "each field is in range";
  try {
    Match m(g, tt::Setup{}, stuck);
    ADD_FAILURE() << "loaded, with seat 0 to decide among " << m.options(0).size() << " options";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("seat 0 has a decision to make and no option"),
              std::string::npos)
        << e.what();
  }
  json playable = stuck;
  playable["battle"]["first_step"] = false;  // now it may pass
  EXPECT_NO_THROW(Match(g, tt::Setup{}, playable));
}

}  // namespace
}  // namespace tt::hostile
