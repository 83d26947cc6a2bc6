#include "core/game.h"

#include "core/error.h"
#include "core/rng.h"

namespace tt {

nlohmann::json Game::card_catalog() const {
  return {{"cards", nlohmann::json::array()}};
}

nlohmann::json Game::default_deck(const Setup&, Seat seat) const {
  const auto starters = starter_decks();
  return nlohmann::json(starters.empty() ? "" : starters[seat % starters.size()]);
}

nlohmann::json Game::legal_deck(const Setup& setup, Seat seat) const {
  const nlohmann::json deck =
      seat < static_cast<Seat>(setup.decks.size()) && !setup.decks[seat].is_null()
          ? setup.decks[seat]
          : default_deck(setup, seat);
  const auto problems = check_deck(deck, setup);
  if (!problems.empty()) {
    std::string msg = "seat " + std::to_string(seat) + "'s deck is not legal:";
    for (auto& p : problems) msg += "\n  [" + p.rule + "] " + p.message;
    throw Error(msg);
  }
  return deck;
}

nlohmann::json Game::with_seeded_rng(const nlohmann::json& state, const Setup& setup) {
  nlohmann::json out = state;
  if (out.is_object() && !out.contains("rng")) {
    const Rng rng(setup.seed);
    auto words = nlohmann::json::array();
    for (auto w : rng.words()) words.push_back(std::to_string(w));
    out["rng"] = words;
  }
  return out;
}

}  // namespace tt
