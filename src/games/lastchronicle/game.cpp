#include "games/lastchronicle/game.h"

#include "core/error.h"
#include "games/lastchronicle/rules.h"
#include "games/lastchronicle/state.h"

namespace tt::lastchronicle {

using nlohmann::json;

LcGame::LcGame(const std::string& data_dir) {
  const std::string dir = data_dir + "/lastchronicle";
  pool_ = std::make_shared<const Pool>(Pool::load_file(dir + "/cards.json"));
  starters_ = StarterDecks(dir + "/decks");
}

std::string LcGame::summary() const {
  return "2 to 4 players field units, pay CA costs from the CA yard and attack a chosen opponent; "
         "the last player standing wins.";
}

std::vector<OptionSpec> LcGame::option_specs() const {
  return {
      {"multiplayer",
       "auto",
       "the official 3-4 player rules (leader unit, CA tokens, turn changes): auto = with 3+ seats",
       {"auto", "on", "off"}},
      {"starting_life", "20", "life at the start", {}, 1, 99},
      {"life_cap", "20", "life can never go above this (nor below starting_life)", {}, 1, 99},
      {"opening_hand", "4", "cards drawn at set-up", {}, 0, 10},
      {"same_colour_bonus",
       "1",
       "assumed: extra CA a CA-yard card pays when it shares a colour with what is paid for",
       {},
       0,
       5},
      {"check_cost_own_turn", "0", "assumed: CA a chrono check costs in your own turn", {}, 0, 5},
      {"check_cost_other_turn",
       "1",
       "assumed: CA a chrono check costs in another player's turn",
       {},
       0,
       5},
      {"elimination_bonus_life", "5", "life the eliminating player gains", {}, 0, 20},
      {"first_player_draws",
       "auto",
       "whether the first player draws on turn 1: auto = yes with the multiplayer rules",
       {"auto", "yes", "no"}},
      {"deck_out",
       "lose",
       "assumed: a player who must draw from an empty deck leaves the game",
       {"lose", "ignore"}},
  };
}

std::vector<Variant> LcGame::variants() const {
  return {
      {"standard", "base rules for 2 players, the official multiplayer guide for 3-4", {}},
      {"multiplayer-duel",
       "two players on the multiplayer rules (leader, a bear token for seat 2)",
       {{"multiplayer", "on"}}},
      {"free-checks",
       "chrono checks cost nothing in other players' turns",
       {{"check_cost_other_turn", "0"}}},
  };
}

std::vector<std::string> LcGame::starter_decks() const {
  return starters_.names();
}

bool LcGame::multiplayer(const Setup& setup) const {
  return Rules::multiplayer_for(resolve_options(setup), setup.seats);
}

// Multiplayer games deal the decks with a leader in turn; two-player games
// the two-player decks first, then the others.
json LcGame::default_deck(const Setup& setup, Seat seat) const {
  std::vector<std::string> led, plain;
  for (const std::string& name : starters_.names()) {
    const json* deck = starters_.find(name);  // a broken deck file is dealt as plain, and refused
    (deck && deck->is_object() && deck->contains("leader") ? led : plain).push_back(name);
  }
  const bool mp = multiplayer(setup);
  std::vector<std::string> order = mp ? led : plain;
  if (!mp) order.insert(order.end(), led.begin(), led.end());
  if (order.empty()) return json("");
  return json(order[static_cast<std::size_t>(seat) % order.size()]);
}

json LcGame::starter_deck(const std::string& name) const {
  return starters_.get(name, "deck");
}

// A deck naming a leader is built for the multiplayer guide (3-4 players);
// one without, for the 2-player base rules. So check-deck judges a deck with
// a chrono rare leader illegal, though at 2 seats it would be shuffled in.
std::vector<int> LcGame::deck_seat_counts(const json& raw) const {
  const json deck = raw.is_string() ? starter_deck(raw.get<std::string>()) : raw;
  if (deck.is_object() && deck.contains("leader") && !deck["leader"].is_null()) return {3, 4};
  return {2};
}

namespace {
std::shared_ptr<const Rules> make_rules(const LcGame& g, std::shared_ptr<const Pool> pool,
                                        const Setup& setup) {
  if (setup.seats < 2 || setup.seats > 4)
    throw Error("Last Chronicle Infinity is for 2 to 4 players");
  return std::make_shared<const Rules>(std::move(pool), g.resolve_options(setup), setup.seats);
}
}  // namespace

std::shared_ptr<const PreparedSetup> LcGame::prepare(const Setup& setup) const {
  auto rules = make_rules(*this, pool_, setup);
  std::vector<std::vector<int>> decks;
  std::vector<int> leaders;
  for (Seat s = 0; s < setup.seats; ++s) {
    std::vector<DeckProblem> ignored;  // legal_deck has refused any deck with problems
    Deck d = parse(legal_deck(setup, s), ignored);
    decks.push_back(std::move(d.cards));
    leaders.push_back(d.leader);
  }
  return std::make_shared<
      const PreparedStart<LcState, std::vector<std::vector<int>>, std::vector<int>>>(
      LcState(std::move(rules)), std::move(decks), std::move(leaders));
}

std::unique_ptr<State> LcGame::restore(const json& j, const Setup& setup) const {
  auto state = std::make_unique<LcState>(make_rules(*this, pool_, setup));
  state->load(with_seeded_rng(j, setup));
  return state;
}

}  // namespace tt::lastchronicle
