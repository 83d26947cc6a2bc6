// A deck judged at every table size the game is played with, and legal when
// it is legal at the sizes it is meant for (Game::deck_seat_counts), or at
// the one size asked for: what `check-deck` prints and what `games` warns
// about for a starter deck. A Last Chronicle deck naming a leader is meant for
// the multiplayer rules, so a chrono rare leader makes it illegal even though
// the 2-player rules would shuffle it in as an ordinary card.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

namespace tt {

struct SeatCountVerdict {
  int seats = 0;
  bool judged = false;  // a table size the verdict is over
  std::vector<DeckProblem> problems;
};

struct DeckVerdict {
  std::vector<SeatCountVerdict> counts;  // in seat order

  // Legal at every judged table size.
  bool legal() const;
  // The problems at the judged sizes, each once, in the order found.
  std::vector<DeckProblem> problems() const;
  // The judged sizes, and the others where the deck is legal / illegal:
  // "3-4 seats", "2 seats", "" when there are none.
  std::string judged_text() const;
  std::string others_text(bool legal) const;
};

// `seats` 0: every seat count the game is played with, judged at those the
// deck is meant for; otherwise that count only. `base` gives the variant and
// options. A check that throws (tt::Error: a deck that is no deck at all) is
// a "format" problem.
DeckVerdict judge_deck(const Game& game, const nlohmann::json& deck, const Setup& base, int seats);

// The deck's form against its schema (data/schema/SCHEMA.schema.json), each
// problem a "format" DeckProblem: "FILE:/pointer: message" when the deck was
// read from `file` (a starter deck), "/pointer: message" for a deck sent in.
void add_deck_form_problems(const nlohmann::json& deck, std::string_view schema,
                            const std::string& file, std::vector<DeckProblem>& problems);

// "2 seats", "3-4 seats", "2, 4 seats"; "" for none.
std::string seat_counts_text(const std::vector<int>& counts);

}  // namespace tt
