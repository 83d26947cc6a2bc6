#include "games/ddm/game.h"

#include <algorithm>
#include <map>

#include "core/deck_verdict.h"
#include "core/error.h"
#include "core/schema_check.h"
#include "core/text.h"
#include "games/ddm/state.h"

namespace tt::ddm {

using nlohmann::json;

DdmGame::DdmGame(const std::string& data_dir) {
  const std::string dir = data_dir + "/ddm";
  pool_ = std::make_shared<const Pool>(Pool::load_file(dir + "/pool.json"));
  starters_ = StarterDecks(dir + "/decks");
}

std::string DdmGame::summary() const {
  return "Two dungeon masters roll dice for crests, summon monsters on dungeon pieces and fight; "
         "three counters on a master lose, or the 30-round limit decides.";
}

std::vector<OptionSpec> DdmGame::option_specs() const {
  // A turn counter of 16 bits counts both players' turns; a dungeon master's
  // damage is 8 bits.
  return {{"turn_limit",
           "30",
           "rounds (each player's turn once) before the tie-breaks decide",
           {},
           1,
           16383},
          {"dm_counters", "3", "damage counters that defeat a dungeon master", {}, 1, 255}};
}

std::vector<Variant> DdmGame::variants() const {
  return {{"custom", "the custom rule set as written", {}},
          {"quick", "a 10-round game", {{"turn_limit", "10"}}}};
}

json DdmGame::starter_deck(const std::string& name) const {
  return starters_.get(name, "set");
}

namespace {

// A list field of a set: absent is empty; anything but a list is a problem.
const json& list_field(const json& set, const char* key, std::vector<DeckProblem>& problems) {
  static const json kEmpty = json::array();
  if (!set.contains(key)) return kEmpty;
  const json& v = set[key];
  if (v.is_array()) return v;
  problems.push_back({"format", std::string(key) + " is a list, not " + v.dump()});
  return kEmpty;
}

// An entry of a list: an id, or {key: id, "count": n} when counts are allowed.
// Empty when malformed (a problem is added).
std::string entry_id(const json& e, const char* key, int max_count, int& count,
                     std::vector<DeckProblem>& problems) {
  count = 1;
  if (e.is_string()) return e.get<std::string>();
  if (e.is_object() && e.contains(key) && e[key].is_string()) {
    const std::string id = e[key].get<std::string>();
    const json n = e.value("count", json(1));
    if (n.is_number_integer() && n.get<long long>() >= 1 && n.get<long long>() <= max_count) {
      count = n.get<int>();
      return id;
    }
    problems.push_back({"format", "count of '" + id + "' must be an integer from 1 to " +
                                      std::to_string(max_count)});
    return {};
  }
  problems.push_back({"format", "a " + std::string(key) + " entry is an id or {\"" + key +
                                    "\": id" + (max_count > 1 ? ", \"count\": n}" : "}") +
                                    ", not " + e.dump()});
  return {};
}

}  // namespace

// Components (rule text "用意する物"): 12 dice, three of each level; a
// monster deck of exactly 10 with at most 2 of one monster; up to 4 items.
DdmGame::Deck DdmGame::parse(const json& raw, std::vector<DeckProblem>& problems) const {
  Deck d;
  const json deck = raw.is_string() ? starter_deck(raw.get<std::string>()) : raw;
  if (!deck.is_object()) {
    problems.push_back(
        {"format", "a set is a starter name or an object with monsters, items and dice"});
    return d;
  }
  const json dice = deck.value("dice", json("standard"));
  if (dice.is_string()) {
    auto it = pool_->dice_sets.find(dice.get<std::string>());
    if (it == pool_->dice_sets.end())
      problems.push_back({"dice", "unknown dice set " + dice.dump()});
    else
      d.dice = it->second;
  } else if (dice.is_array()) {
    std::array<int, 5> per_level{};
    for (auto& id : dice) {
      const int die = id.is_string() ? pool_->find_die(id.get<std::string>()) : -1;
      if (die < 0) {
        problems.push_back({"dice", "unknown die " + id.dump()});
        continue;
      }
      d.dice.push_back(die);
      ++per_level[pool_->dice[die].level];
    }
    if (d.dice.size() != 12 || per_level[1] != 3 || per_level[2] != 3 || per_level[3] != 3 ||
        per_level[4] != 3)
      problems.push_back({"dice", "12 dice, three of each level 1-4"});
  } else {
    problems.push_back({"format", "dice is a dice-set name or a list of 12 die ids"});
  }
  std::map<int, int> copies;
  int monsters = 0;
  for (auto& m : list_field(deck, "monsters", problems)) {
    int count = 1;
    const std::string id = entry_id(m, "monster", 20, count, problems);
    if (id.empty()) continue;
    const int p = pool_->find_piece(id);
    if (p < 0 || pool_->pieces[p].is_item) {
      problems.push_back({"monsters", "'" + id + "' is no monster of the pool"});
      continue;
    }
    copies[p] += count;
    monsters += count;
    for (int i = 0; i < count; ++i) d.pieces.push_back(p);
  }
  if (monsters != 10)
    problems.push_back({"monster deck", "the deck has " + plural(monsters, "monster") +
                                            "; it must have exactly 10"});
  for (auto& [p, n] : copies)
    if (n > 2)
      problems.push_back({"copies", "'" + pool_->pieces[p].id + "' appears " + std::to_string(n) +
                                        " times; at most 2"});
  int items = 0;
  for (auto& it : list_field(deck, "items", problems)) {
    int count = 1;
    const std::string id = entry_id(it, "item", 1, count, problems);
    if (id.empty()) continue;
    const int p = pool_->find_piece(id);
    if (p < 0 || !pool_->pieces[p].is_item) {
      problems.push_back({"items", "'" + id + "' is no item of the pool"});
      continue;
    }
    ++items;
    d.pieces.push_back(p);
  }
  if (items > 4) problems.push_back({"items", std::to_string(items) + " items; at most 4"});
  return d;
}

// A set's form (data/schema/ddm-deck.schema.json), each problem by its JSON
// pointer and, for a starter set, its file; then its pieces and the deck rules.
std::vector<DeckProblem> DdmGame::check_deck(const json& deck, const Setup&) const {
  std::vector<DeckProblem> problems;
  try {
    const bool starter = deck.is_string();
    const json& set = starter ? starter_deck(deck.get<std::string>()) : deck;
    const std::string file = starter ? starter_deck_file(deck.get<std::string>()) : "";
    add_deck_form_problems(set, "ddm-deck", file, problems);
    // The set's pieces too: the form's problems are the schema's to name.
    const bool formed = problems.empty();
    std::vector<DeckProblem> found;
    parse(set, found);
    for (DeckProblem& p : found)
      if (formed || p.rule != "format") problems.push_back(std::move(p));
  } catch (const Error& e) {
    problems.push_back({"format", e.what()});
  } catch (const json::exception& e) {
    problems.push_back({"format", e.what()});
  }
  return problems;
}

std::shared_ptr<const PreparedSetup> DdmGame::prepare(const Setup& setup) const {
  if (setup.seats != 2) throw Error("Dungeon Dice Monsters is for exactly 2 players");
  auto rules = std::make_shared<const Rules>(pool_, resolve_options(setup));
  std::array<std::vector<int>, 2> dice, pieces;
  for (Seat s = 0; s < 2; ++s) {
    std::vector<DeckProblem> ignored;  // legal_deck has refused any set with problems
    Deck d = parse(legal_deck(setup, s), ignored);
    dice[s] = std::move(d.dice);
    pieces[s] = std::move(d.pieces);
  }
  // Each deal copies a state holding only the rules and draws the first player.
  return std::make_shared<const PreparedStart<DdmState, std::array<std::vector<int>, 2>,
                                              std::array<std::vector<int>, 2>>>(
      DdmState(std::move(rules)), std::move(dice), std::move(pieces));
}

std::unique_ptr<State> DdmGame::restore(const json& j, const Setup& setup) const {
  auto st =
      std::make_unique<DdmState>(std::make_shared<const Rules>(pool_, resolve_options(setup)));
  st->load(with_seeded_rng(j, setup));
  return st;
}

}  // namespace tt::ddm
