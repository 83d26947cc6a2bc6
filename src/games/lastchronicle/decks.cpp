// A Last Chronicle deck: its form (the deck schema), its cards (ids of the
// pool) and the deck-building rules, every problem named.
#include <set>

#include "core/deck_verdict.h"
#include "core/error.h"
#include "core/schema_check.h"
#include "games/lastchronicle/game.h"

namespace tt::lastchronicle {

using nlohmann::json;

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
  add_deck_form_problems(deck, "lastchronicle-deck", file, problems);
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

}  // namespace tt::lastchronicle
