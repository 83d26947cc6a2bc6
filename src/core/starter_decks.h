// A game's starter decks: the .json files of its decks/ folder, by name (the
// file name without .json, in name order). Each file is read on its own, so
// a file that cannot be read or is not JSON breaks only that deck: the game
// and its other decks play on, and using the broken deck is a DataError
// naming the file.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace tt {

class StarterDecks {
 public:
  StarterDecks() = default;
  // Reads every .json file of `folder` (none when there is no such folder).
  explicit StarterDecks(const std::string& folder);

  const std::vector<std::string>& names() const { return names_; }
  // The deck's JSON. Throws tt::Error naming the known decks for an unknown
  // name ("unknown starter <kind> 'x' (known: ...)"), DataError naming the
  // file for a deck whose file is broken.
  const nlohmann::json& get(const std::string& name, const std::string& kind = "deck") const;
  // The file the deck was read from; "" for an unknown name.
  std::string file(const std::string& name) const;
  // The deck's JSON when it was read, nullptr when unknown or broken.
  const nlohmann::json* find(const std::string& name) const;

 private:
  std::vector<std::string> names_, files_;
  std::vector<nlohmann::json> decks_;
  std::vector<std::string> errors_;  // "" for a deck that was read
};

}  // namespace tt
