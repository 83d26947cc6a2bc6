#include "games/suikoden/game.h"

#include <algorithm>
#include <map>

#include "core/deck_verdict.h"
#include "core/error.h"
#include "core/schema_check.h"
#include "core/text.h"
#include "games/suikoden/state.h"

namespace tt::suikoden {

using nlohmann::json;

SuikodenGame::SuikodenGame(const std::string& data_dir) {
  const std::string dir = data_dir + "/suikoden";
  pool_ = std::make_shared<const Pool>(Pool::load_file(dir + "/cards.json"));
  starters_ = StarterDecks(dir + "/decks");
}

std::string SuikodenGame::summary() const {
  return "Two players send characters on missions and build facilities; first to 5 VP wins.";
}

std::vector<OptionSpec> SuikodenGame::option_specs() const {
  return {
      {"link_mode",
       "union",
       "which dispatched characters a new one must share a link letter with: any of the side's "
       "(union) or the latest (chain)",
       {"union", "chain"}},
      {"vp_to_win", "5", "victory points that win the game", {}, 1, 100},
      {"hand_size", "6", "starting hand and hand limit", {}, 1, 20},
      {"mulligan_max",
       "3",
       "most cards the one optional mulligan may return (0: no mulligan)",
       {},
       0,
       6},
  };
}

std::vector<Variant> SuikodenGame::variants() const {
  return {
      {"standard", "the rules as written, with the union reading of links", {}},
      {"chain-links",
       "older reading of links: each new character links to the previous one",
       {{"link_mode", "chain"}}},
      {"short", "a quicker game to 3 VP", {{"vp_to_win", "3"}}},
  };
}

std::vector<std::string> SuikodenGame::starter_decks() const {
  return starters_.names();
}

json SuikodenGame::starter_deck(const std::string& name) const {
  return starters_.get(name, "deck");
}

SuikodenGame::Deck SuikodenGame::parse(const json& raw, std::vector<DeckProblem>& problems) const {
  Deck d;
  const json deck = raw.is_string() ? starter_deck(raw.get<std::string>()) : raw;
  if (!deck.is_object()) {
    problems.push_back({"format", "a deck is a starter deck's name or an object with \"cards\""});
    return d;
  }
  const Pool& pool = *pool_;
  if (deck.contains("commander") && !deck["commander"].is_null()) {
    if (!deck["commander"].is_string()) {
      problems.push_back({"format", "commander must be a card id"});
    } else {
      const std::string id = deck["commander"].get<std::string>();
      d.commander = pool.find(id);
      if (d.commander < 0)
        problems.push_back({"cards", "unknown commander card '" + id + "'"});
      else if (!pool[d.commander].is_commander())
        problems.push_back({"commander", "'" + id + "' is not a commander card"});
    }
  }
  if (!deck.contains("cards") || !deck["cards"].is_array()) {
    problems.push_back({"format", "a deck needs a \"cards\" list"});
    return d;
  }
  for (auto& entry : deck["cards"]) {
    std::string id;
    int count = 1;
    if (entry.is_string()) {
      id = entry.get<std::string>();
    } else if (entry.is_object() && entry.contains("card") && entry["card"].is_string()) {
      id = entry["card"].get<std::string>();
      const json n = entry.value("count", json(1));
      if (!n.is_number_integer() || n.get<long long>() < 1 || n.get<long long>() > 60) {
        problems.push_back({"format", "count of '" + id + "' must be an integer from 1 to 60"});
        continue;
      }
      count = n.get<int>();
    } else {
      problems.push_back(
          {"format",
           "each deck entry is a card id or {\"card\": id, \"count\": n}, not " + entry.dump()});
      continue;
    }
    const int idx = pool.find(id);
    if (idx < 0) {
      problems.push_back({"cards", "unknown card '" + id + "'"});
      continue;
    }
    for (int i = 0; i < count; ++i) d.cards.push_back(idx);
  }
  return d;
}

// Deck building (rule text "デッキ"): exactly 50 cards; at most 4 per name, a
// pair counting as one copy of each of its names; no commander in the deck;
// no character sharing the commander's name; with a commander, only its camp
// plus unaffiliated characters.
//
// The deck's form is checked first (data/schema/suikoden-deck.schema.json),
// each problem by its JSON pointer and, for a starter deck, its file.
std::vector<DeckProblem> SuikodenGame::check_deck(const json& raw, const Setup&) const {
  std::vector<DeckProblem> problems;
  Deck d;
  try {
    const bool starter = raw.is_string();
    const json& deck = starter ? starter_deck(raw.get<std::string>()) : raw;
    const std::string file = starter ? starter_deck_file(raw.get<std::string>()) : "";
    add_deck_form_problems(deck, "suikoden-deck", file, problems);
    // The deck's cards too: the form's problems are the schema's to name.
    const bool formed = problems.empty();
    std::vector<DeckProblem> found;
    d = parse(deck, found);
    for (DeckProblem& p : found)
      if (formed || p.rule != "format") problems.push_back(std::move(p));
  } catch (const Error& e) {  // an unknown starter deck
    problems.push_back({"format", e.what()});
    return problems;
  }
  const Pool& pool = *pool_;
  if (d.cards.size() != 50)
    problems.push_back({"deck size", "the deck has " +
                                         plural(static_cast<long long>(d.cards.size()), "card") +
                                         "; it must have exactly 50"});
  std::map<int, int> per_name;
  std::map<int, bool> reported;
  for (int c : d.cards) {
    const CardDef& card = pool[c];
    if (card.is_commander() && !reported[c]) {
      reported[c] = true;
      problems.push_back(
          {"commander", "'" + card.id + "' is a commander and cannot be in the deck"});
    }
    for (int n : card.names) ++per_name[n];
  }
  for (auto& [n, count] : per_name)
    if (count > 4)
      problems.push_back({"copies", "'" + pool.names[n] + "' appears " + std::to_string(count) +
                                        " times (pair cards count for each name); at most 4"});
  if (d.commander >= 0 && pool[d.commander].is_commander()) {
    const CardDef& cmd = pool[d.commander];
    std::map<int, bool> said;
    for (int c : d.cards) {
      const CardDef& card = pool[c];
      if (!card.is_character() || card.is_commander() || said[c]) continue;
      for (int n : card.names)
        for (int m : cmd.names)
          if (n == m && !said[c]) {
            said[c] = true;
            problems.push_back({"commander name", "'" + card.id + "' shares the name " +
                                                      pool.names[n] + " with the commander"});
          }
      if (card.camp >= 0 && card.camp != cmd.camp && !said[c]) {
        said[c] = true;
        problems.push_back({"camp", "'" + card.id + "' belongs to " + pool.camp_names[card.camp] +
                                        "; with commander " + cmd.name + " only " +
                                        pool.camp_names[cmd.camp] +
                                        " and unaffiliated characters may be used"});
      }
    }
  }
  return problems;
}

namespace {

std::shared_ptr<const Rules> make_rules(const SuikodenGame& g, std::shared_ptr<const Pool> pool,
                                        const Setup& setup) {
  if (setup.seats != 2) throw Error("Suikoden is for exactly 2 players");
  return std::make_shared<const Rules>(std::move(pool), g.resolve_options(setup));
}

}  // namespace

std::shared_ptr<const PreparedSetup> SuikodenGame::prepare(const Setup& setup) const {
  auto rules = make_rules(*this, pool_, setup);
  std::array<std::vector<int>, 2> decks;
  std::array<int, 2> commanders{-1, -1};
  for (Seat s = 0; s < 2; ++s) {
    std::vector<DeckProblem> ignored;  // legal_deck has refused any deck with problems
    Deck d = parse(legal_deck(setup, s), ignored);
    decks[s] = std::move(d.cards);
    commanders[s] = d.commander;
  }
  // Each deal copies a state holding only the rules and sets up (rule text
  // "開始準備") with its seed.
  return std::make_shared<
      const PreparedStart<SuikodenState, std::array<std::vector<int>, 2>, std::array<int, 2>>>(
      SuikodenState(std::move(rules)), std::move(decks), commanders);
}

std::unique_ptr<State> SuikodenGame::restore(const json& j, const Setup& setup) const {
  auto state = std::make_unique<SuikodenState>(make_rules(*this, pool_, setup));
  state->load(with_seeded_rng(j, setup));
  return state;
}

}  // namespace tt::suikoden
