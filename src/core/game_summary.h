// What a finished game amounts to for statistics (balance studies, the
// Python bindings): how it ended, how long it took, who began, and which
// cards each seat drew and played. Read off the game's event log, so playing
// with no log attached costs nothing; the summary is the referee's (it names
// every card), meant for games that are over.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/event.h"
#include "core/outcome.h"
#include "core/types.h"

namespace tt {

class State;

// What one event of a game's log says for a summary. Games map their own
// event kinds onto these (State::summary_fact); every other event is kNone.
struct SummaryFact {
  enum Kind : std::uint8_t {
    kNone,
    kDrawn,       // `seat` took `card` into its hand (opening hands and mulligans count)
    kPlayed,      // `seat` played `card` (put it into play, cast it, used it)
    kTurnBegins,  // `seat`'s turn began
  };
  Kind kind = kNone;
  Seat seat = -1;
  std::string_view card;  // the card's data id ("aldo"), for kDrawn and kPlayed
};

// Per card data id, how many times: sorted by id, each id once.
using CardCounts = std::vector<std::pair<std::string, int>>;

struct SeatCards {
  CardCounts drawn;
  CardCounts played;
};

struct GameSummary {
  bool finished = false;         // the state is terminal; outcomes are valid only then
  Outcomes outcomes;             // per seat
  long decisions = 0;            // as counted by the caller
  int turns = 0;                 // turns begun (kTurnBegins facts)
  Seat first = -1;               // the seat whose turn began first, -1 when none did
  std::vector<SeatCards> cards;  // per seat
};

// The summary of `state` (the game's last state) from the log it wrote from
// its deal on. `decisions` is the number of decisions taken.
GameSummary summarize_game(const State& state, const EventLog& log, long decisions);

}  // namespace tt
