#include "games/ddm/game.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>

#include "core/error.h"
#include "games/ddm/state.h"

namespace tt::ddm {

using nlohmann::json;

DdmGame::DdmGame(const std::string& data_dir) : data_dir_(data_dir + "/ddm") {
  pool_ = std::make_shared<const Pool>(Pool::load_file(data_dir_ + "/pool.json"));
  std::error_code ec;
  for (auto& e : std::filesystem::directory_iterator(data_dir_ + "/decks", ec))
    if (e.path().extension() == ".json") starters_.push_back(e.path().stem().string());
  std::sort(starters_.begin(), starters_.end());
}

std::string DdmGame::summary() const {
  return "Two dungeon masters roll dice for crests, summon monsters on dungeon pieces and fight; "
         "three counters on a master lose, or the 30-round limit decides.";
}

std::vector<OptionSpec> DdmGame::option_specs() const {
  return {{"turn_limit", "30", "rounds (each player's turn once) before the tie-breaks decide", {}},
          {"dm_counters", "3", "damage counters that defeat a dungeon master", {}}};
}

std::vector<Variant> DdmGame::variants() const {
  return {{"custom", "the custom rule set as written", {}},
          {"quick", "a 10-round game", {{"turn_limit", "10"}}}};
}

json DdmGame::starter_deck(const std::string& name) const {
  if (std::find(starters_.begin(), starters_.end(), name) == starters_.end())
    throw Error("unknown starter set '" + name + "'");
  std::ifstream in(data_dir_ + "/decks/" + name + ".json");
  try {
    return json::parse(in);
  } catch (const json::exception& e) {
    throw Error("starter set " + name + ": " + e.what());
  }
}

// Components (rule text "用意する物"): 12 dice, three of each level; a
// monster deck of exactly 10 with at most 2 of one monster; up to 4 items.
DdmGame::Deck DdmGame::parse(const json& raw, std::vector<DeckProblem>& problems) const {
  const json deck = raw.is_string() ? starter_deck(raw.get<std::string>()) : raw;
  if (!deck.is_object())
    throw Error("a set is a starter name or an object with monsters, items and dice");
  Deck d;
  const json dice = deck.value("dice", json("standard"));
  if (dice.is_string()) {
    auto it = pool_->dice_sets.find(dice.get<std::string>());
    if (it == pool_->dice_sets.end()) throw Error("unknown dice set " + dice.dump());
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
    throw Error("dice is a dice-set name or a list of 12 die ids");
  }
  std::map<int, int> copies;
  int monsters = 0;
  for (auto& m : deck.value("monsters", json::array())) {
    const std::string id = m.is_string() ? m.get<std::string>() : m.value("monster", "");
    const int count = m.is_object() ? m.value("count", 1) : 1;
    if (count < 1 || count > 20) throw Error("count of '" + id + "' must be 1 to 20");
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
    problems.push_back({"monster deck", "the deck has " + std::to_string(monsters) +
                                            " monsters; it must have exactly 10"});
  for (auto& [p, n] : copies)
    if (n > 2)
      problems.push_back({"copies", "'" + pool_->pieces[p].id + "' appears " + std::to_string(n) +
                                        " times; at most 2"});
  int items = 0;
  for (auto& it : deck.value("items", json::array())) {
    const std::string id = it.is_string() ? it.get<std::string>() : it.value("item", "");
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

std::vector<DeckProblem> DdmGame::check_deck(const json& deck, const Setup&) const {
  std::vector<DeckProblem> problems;
  try {
    parse(deck, problems);
  } catch (const Error& e) {
    problems.push_back({"format", e.what()});
  } catch (const json::exception& e) {
    problems.push_back({"format", e.what()});
  }
  return problems;
}

std::unique_ptr<State> DdmGame::new_state(const Setup& setup, EventLog* log) const {
  if (setup.seats != 2) throw Error("Dungeon Dice Monsters is for exactly 2 players");
  auto rules = std::make_shared<const Rules>(pool_, resolve_options(setup));
  std::array<std::vector<int>, 2> dice, pieces;
  for (Seat s = 0; s < 2; ++s) {
    const json deck = legal_deck(setup, s);
    std::vector<DeckProblem> ignored;
    Deck d = parse(deck, ignored);
    dice[s] = d.dice;
    pieces[s] = d.pieces;
  }
  auto st = std::make_unique<DdmState>(rules);
  st->attach_log(log);
  st->start(dice, pieces, setup.seed);
  return st;
}

std::unique_ptr<State> DdmGame::restore(const json& j, const Setup& setup) const {
  auto st =
      std::make_unique<DdmState>(std::make_shared<const Rules>(pool_, resolve_options(setup)));
  st->load(with_seeded_rng(j, setup));
  return st;
}

}  // namespace tt::ddm
