// Last Chronicle Infinity as a tt::Game: options, variants, starter decks,
// deck legality and new games, for 2 players (base rules) or 3-4 players
// (the official multiplayer guide).
#pragma once
#include <memory>

#include "core/game.h"
#include "core/starter_decks.h"
#include "games/lastchronicle/cards.h"

namespace tt::lastchronicle {

class LcGame final : public Game {
 public:
  // Loads the pool and starter decks from data_dir/lastchronicle. Throws tt::Error.
  explicit LcGame(const std::string& data_dir);

  std::string name() const override { return "lastchronicle"; }
  std::string title() const override { return "Last Chronicle Infinity"; }
  std::string summary() const override;
  int min_seats() const override { return 2; }
  int max_seats() const override { return 4; }
  std::vector<OptionSpec> option_specs() const override;
  std::vector<Variant> variants() const override;
  std::vector<std::string> starter_decks() const override;
  nlohmann::json default_deck(const Setup& setup, Seat seat) const override;
  std::shared_ptr<const PreparedSetup> prepare(const Setup& setup) const override;
  std::unique_ptr<State> restore(const nlohmann::json& state, const Setup& setup) const override;
  std::vector<DeckProblem> check_deck(const nlohmann::json& deck,
                                      const Setup& setup) const override;
  nlohmann::json starter_deck(const std::string& name) const override;
  std::string starter_deck_file(const std::string& name) const override {
    return starters_.file(name);
  }
  std::vector<int> deck_seat_counts(const nlohmann::json& deck) const override;
  nlohmann::json card_catalog() const override;  // catalog.cpp

  const Pool& pool() const { return *pool_; }

 private:
  struct Deck {
    int leader = -1;
    std::vector<int> cards;  // pool indices
  };
  // Reads a deck, adding every problem of its form or cards to `problems`
  // (the entries in error are left out of the result).
  Deck parse(const nlohmann::json& deck, std::vector<DeckProblem>& problems) const;
  // Checks the deck's form against its schema, adding each problem; false
  // when there is one. Throws tt::Error for an unknown starter deck.
  bool deck_form(const nlohmann::json& deck, std::vector<DeckProblem>& problems) const;
  bool multiplayer(const Setup& setup) const;

  std::shared_ptr<const Pool> pool_;
  StarterDecks starters_;  // read once
};

}  // namespace tt::lastchronicle
