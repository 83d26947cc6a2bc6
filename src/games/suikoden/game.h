// Genso Suikoden Card Stories as a tt::Game: options, variants, starter
// decks, deck legality and new games.
#pragma once
#include <memory>

#include "core/game.h"
#include "core/starter_decks.h"
#include "games/suikoden/cards.h"

namespace tt::suikoden {

class SuikodenGame final : public Game {
 public:
  // Loads the pool and starter decks from data_dir/suikoden. Throws tt::Error.
  explicit SuikodenGame(const std::string& data_dir);

  std::string name() const override { return "suikoden"; }
  std::string title() const override { return "Genso Suikoden Card Stories"; }
  std::string summary() const override;
  int min_seats() const override { return 2; }
  int max_seats() const override { return 2; }
  std::vector<OptionSpec> option_specs() const override;
  std::vector<Variant> variants() const override;
  std::vector<std::string> starter_decks() const override;
  // 2: troops casualties add up to exactly the enemy's troops when they can
  // (a record's casualty picks from version 1 may no longer be legal).
  std::string rules_version() const override { return "2"; }
  std::shared_ptr<const PreparedSetup> prepare(const Setup& setup) const override;
  std::unique_ptr<State> restore(const nlohmann::json& state, const Setup& setup) const override;
  std::vector<DeckProblem> check_deck(const nlohmann::json& deck,
                                      const Setup& setup) const override;
  nlohmann::json starter_deck(const std::string& name) const override;
  std::string starter_deck_file(const std::string& name) const override {
    return starters_.file(name);
  }
  nlohmann::json card_catalog() const override;  // catalog.cpp

  const Pool& pool() const { return *pool_; }

 private:
  struct Deck {
    int commander = -1;
    std::vector<int> cards;  // pool indices, one per copy
  };
  // Reads a deck, adding every problem of its form or cards to `problems`
  // (the entries in error are left out of the result).
  Deck parse(const nlohmann::json& deck, std::vector<DeckProblem>& problems) const;

  std::shared_ptr<const Pool> pool_;
  StarterDecks starters_;  // read once
};

}  // namespace tt::suikoden
