#include "core/game.h"

#include <algorithm>

#include "core/error.h"
#include "core/rng.h"

namespace tt {

Options Game::resolve_options(const Setup& setup) const {
  // A deck past the last seat would be ignored unread: refuse it instead.
  if (!setup.decks.is_array()) throw Error("'decks' must be an array: one deck (or null) per seat");
  if (setup.decks.size() > static_cast<std::size_t>(std::max(setup.seats, 0)))
    throw Error("'decks' has " + std::to_string(setup.decks.size()) + " entries for " +
                std::to_string(setup.seats) + " seats: give one deck (or null) per seat");
  return Options::resolve(option_specs(), variants(), setup.variant, setup.options);
}

nlohmann::json Game::card_catalog() const {
  return {{"cards", nlohmann::json::array()}};
}

nlohmann::json Game::default_deck(const Setup&, Seat seat) const {
  const auto starters = starter_decks();
  return nlohmann::json(starters.empty() ? "" : starters[seat % starters.size()]);
}

std::vector<int> Game::deck_seat_counts(const nlohmann::json&) const {
  std::vector<int> counts;
  for (int n = min_seats(); n <= max_seats(); ++n) counts.push_back(n);
  return counts;
}

nlohmann::json Game::legal_deck(const Setup& setup, Seat seat) const {
  const nlohmann::json deck =
      seat < static_cast<Seat>(setup.decks.size()) && !setup.decks[seat].is_null()
          ? setup.decks[seat]
          : default_deck(setup, seat);
  const auto problems = check_deck(deck, setup);
  if (!problems.empty()) {
    std::string msg = "seat " + std::to_string(seat) + "'s deck";
    if (deck.is_string()) {  // a starter deck: say which, and where it is
      const std::string file = starter_deck_file(deck.get<std::string>());
      msg += " (the starter deck '" + deck.get<std::string>() + "'" +
             (file.empty() ? "" : ", " + file) + ")";
    }
    msg += " is not a legal " + name() + " deck:";
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
