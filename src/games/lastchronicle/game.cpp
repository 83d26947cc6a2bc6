#include "games/lastchronicle/game.h"

#include <algorithm>
#include <set>

#include "core/error.h"
#include "core/schema_check.h"
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

LcGame::Deck LcGame::parse(const json& raw, std::vector<DeckProblem>& problems) const {
  Deck d;
  const json deck = raw.is_string() ? starter_deck(raw.get<std::string>()) : raw;
  if (!deck.is_object()) {
    problems.push_back({"format", "a deck is a starter deck's name or an object with \"cards\""});
    return d;
  }
  for (auto& [k, v] : deck.items())
    if (k != "$schema" && k != "name" && k != "description" && k != "leader" && k != "cards")
      problems.push_back({"format", "unknown deck field '" + k + "'"});
  if (deck.contains("leader") && !deck["leader"].is_null()) {
    if (!deck["leader"].is_string()) {
      problems.push_back({"format", "leader must be a card id"});
    } else {
      const std::string id = deck["leader"];
      d.leader = pool_->find(id);
      if (d.leader < 0)
        problems.push_back({"deck building: leader", "unknown leader card '" + id + "'"});
    }
  }
  if (!deck.contains("cards") || !deck["cards"].is_array()) {
    problems.push_back({"format", "a deck needs a \"cards\" list"});
    return d;
  }
  if (deck["cards"].size() > 60) {
    problems.push_back({"format", "a deck lists at most 60 cards"});
    return d;
  }
  for (auto& entry : deck["cards"]) {
    if (!entry.is_string()) {
      problems.push_back(
          {"format", "each deck entry is a card id (decks are singleton), not " + entry.dump()});
      continue;
    }
    const std::string id = entry.get<std::string>();
    const int idx = pool_->find(id);
    if (idx < 0) {
      problems.push_back(
          {"deck building: cards",
           "unknown card '" + id + "'" +
               (pool_->find_token(id) >= 0 ? " (a CA token is not a deck card)" : "")});
      continue;
    }
    d.cards.push_back(idx);
  }
  return d;
}

// The deck's form (data/schema/lastchronicle-deck.schema.json), each problem
// by its JSON pointer and, for a starter deck, its file; a starter deck also
// has a name people read. False when the form is broken.
bool LcGame::deck_form(const json& raw, std::vector<DeckProblem>& problems) const {
  const bool starter = raw.is_string();
  const json& deck = starter ? starter_deck(raw.get<std::string>()) : raw;
  const std::string file = starter ? starter_deck_file(raw.get<std::string>()) : "";
  for (const SchemaProblem& p : schema_problems(deck, "lastchronicle-deck"))
    problems.push_back({"format", file.empty()
                                      ? (p.pointer.empty() ? "" : p.pointer + ": ") + p.message
                                      : schema_problem_line(file, p)});
  const bool named =
      deck.is_object() && deck.contains("name") && deck["name"].is_string() &&
      deck["name"].get<std::string>().find_first_not_of(" \t\r\n") != std::string::npos;
  if (problems.empty() && starter && !named)
    problems.push_back({"format", schema_problem_line(file, {"/name",
                                                             "a starter deck needs a "
                                                             "name people read"})});
  return problems.empty();
}

// Deck building (multiplayer guide "デッキ構築のルール"): 40 cards exactly,
// the leader included; no card twice; the leader a legacy unit, not a chrono
// rare nor the one special card; no card with a colour the leader lacks.
// Two players (base rules, assumed): 40 cards, singleton, no leader.
std::vector<DeckProblem> LcGame::check_deck(const json& raw, const Setup& setup) const {
  std::vector<DeckProblem> problems;
  Deck d;
  try {
    // The deck's cards too: the form's problems are the schema's to name.
    const bool formed = deck_form(raw, problems);
    std::vector<DeckProblem> found;
    d = parse(raw, found);
    for (DeckProblem& p : found)
      if (formed || p.rule != "format") problems.push_back(std::move(p));
  } catch (const Error& e) {  // an unknown starter deck
    problems.push_back({"format", e.what()});
    return problems;
  }
  const bool mp = multiplayer(setup);
  std::vector<int> all = d.cards;
  if (d.leader >= 0) all.push_back(d.leader);
  if (all.size() != 40)
    problems.push_back(
        {"deck building: 40 cards", "the deck has " + std::to_string(all.size()) +
                                        (d.leader >= 0 ? " cards with its leader" : " cards") +
                                        "; it must have exactly 40"});
  std::set<int> seen;
  for (int c : all)
    if (!seen.insert(c).second)
      problems.push_back(
          {"deck building: one copy", "'" + (*pool_)[c].id + "' appears more than once"});
  if (mp) {
    if (d.leader < 0) {
      problems.push_back({"deck building: leader", "a multiplayer deck names a leader unit"});
    } else {
      const CardDef& l = (*pool_)[d.leader];
      if (!l.is_unit() || l.rarity != Rarity::kLegacy)
        problems.push_back(
            {"deck building: leader", "the leader '" + l.id + "' must be a legacy unit"});
      if (l.rarity == Rarity::kChronoRare)
        problems.push_back(
            {"deck building: leader", "a chrono rare ('" + l.id + "') cannot be the leader"});
      if (l.rarity == Rarity::kSpecial)
        problems.push_back(
            {"deck building: leader", "the special card '" + l.id + "' cannot be the leader"});
      for (int c : d.cards) {
        const CardDef& k = (*pool_)[c];
        if (k.colours & ~l.colours)
          problems.push_back(
              {"deck building: colours", "'" + k.id + "' (" + colour_names(k.colours) +
                                             ") has a colour the leader " + l.id + " (" +
                                             colour_names(l.colours) + ") lacks"});
      }
    }
  }
  return problems;
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
