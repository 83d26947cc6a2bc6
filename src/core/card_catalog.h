// One entry of a game's card catalogue (Game::card_catalog): a card as people
// read it, in words every game can fill, so the browser shows any game's
// cards with one component.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tt {

struct CatalogCard {
  std::string id, name;
  std::string kind;                 // what the card is, in the game's words
  std::optional<std::string> cost;  // as printed, e.g. "{2}{R}"; none when it has no cost
  std::vector<std::string> colours;
  std::vector<std::pair<std::string, nlohmann::json>> stats;  // in reading order
  std::string text;
  std::vector<std::string> tags;  // keywords, rarity, class, camp...
  bool token = false;
  // The deck file's fields the card may be put in ("cards", "leader",
  // "commander", "monsters", "items"...); none for a card no deck holds (a
  // token). Whether a deck is legal stays the game's check_deck's to say.
  std::vector<std::string> deck_slots;
  // The number a deck's curve counts (mana value, cost, level); none when the
  // game's cards have no such number.
  std::optional<int> curve;

  void stat(std::string label, nlohmann::json value) {
    stats.emplace_back(std::move(label), std::move(value));
  }
  nlohmann::json to_json() const;
};

// {"cards": [entry, ...]} in the order given.
nlohmann::json catalog_json(const std::vector<CatalogCard>& cards);

}  // namespace tt
