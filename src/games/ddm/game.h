// Dungeon Dice Monsters (custom rule set) as a tt::Game.
#pragma once
#include <memory>

#include "core/game.h"
#include "core/starter_decks.h"
#include "games/ddm/pool.h"

namespace tt::ddm {

class DdmGame final : public Game {
 public:
  explicit DdmGame(const std::string& data_dir);  // loads data_dir/ddm; throws tt::Error
  std::string name() const override { return "ddm"; }
  std::string title() const override { return "Dungeon Dice Monsters (custom rules)"; }
  std::string summary() const override;
  // 2: rolls and placements are made in steps (die by die; shape, turn, square).
  std::string rules_version() const override { return "2"; }
  int min_seats() const override { return 2; }
  int max_seats() const override { return 2; }
  std::vector<OptionSpec> option_specs() const override;
  std::vector<Variant> variants() const override;
  std::vector<std::string> starter_decks() const override { return starters_.names(); }
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
    std::vector<int> dice;    // 12 pool die indices
    std::vector<int> pieces;  // monsters then items
  };
  // Reads a set, adding every problem of its form or pieces to `problems`
  // (the entries in error are left out of the result).
  Deck parse(const nlohmann::json& deck, std::vector<DeckProblem>& problems) const;

  std::shared_ptr<const Pool> pool_;
  StarterDecks starters_;  // read once
};

}  // namespace tt::ddm
