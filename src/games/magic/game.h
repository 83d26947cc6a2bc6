// The Magic-style multiplayer game as a tt::Game: every variant of the
// multiplayer chapter (806-811) as a preset of named options (801-805),
// starter decks, deck legality and new games.
#pragma once
#include <memory>

#include "core/game.h"
#include "core/starter_decks.h"
#include "games/magic/cards.h"

namespace tt::magic {

class MagicGame final : public Game {
 public:
  // Loads the pool and starter decks from data_dir/magic. Throws tt::Error.
  explicit MagicGame(const std::string& data_dir);

  std::string name() const override { return "magic"; }
  std::string title() const override { return "Magic-style multiplayer (rules 800-811)"; }
  std::string summary() const override;
  int min_seats() const override { return 2; }
  int max_seats() const override { return 16; }
  int default_seats(const std::string& variant) const override;
  std::vector<OptionSpec> option_specs() const override;
  std::vector<Variant> variants() const override;
  std::vector<std::string> starter_decks() const override;
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
  // Reads a deck, adding every problem of its form or cards to `problems`
  // (the entries in error are left out of the result).
  std::vector<int> parse(const nlohmann::json& deck, std::vector<DeckProblem>& problems) const;
  std::shared_ptr<const Pool> pool_;
  StarterDecks starters_;  // read once
  // Starter decks parsed once, when legal (preparing a setup of starter decks
  // then does no JSON work).
  std::vector<std::vector<int>> starter_cards_;
  std::vector<bool> starter_legal_;
};

}  // namespace tt::magic
