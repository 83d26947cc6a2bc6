#include "core/game_summary.h"

#include <algorithm>

#include "core/state.h"

namespace tt {

namespace {

// Counts `card` once more in a list kept sorted by id.
void count(CardCounts& counts, std::string_view card) {
  auto it =
      std::lower_bound(counts.begin(), counts.end(), card,
                       [](const auto& entry, std::string_view id) { return entry.first < id; });
  if (it != counts.end() && it->first == card)
    ++it->second;
  else
    counts.emplace(it, std::string(card), 1);
}

}  // namespace

GameSummary summarize_game(const State& state, const EventLog& log, long decisions) {
  GameSummary summary;
  const int seats = state.num_seats();
  summary.finished = state.is_terminal();
  if (summary.finished) summary.outcomes = state.outcomes();
  summary.decisions = decisions;
  summary.cards.resize(static_cast<std::size_t>(seats));
  for (const Event& event : log) {
    const SummaryFact fact = state.summary_fact(event);
    if (fact.kind == SummaryFact::kNone || fact.seat < 0 || fact.seat >= seats) continue;
    SeatCards& cards = summary.cards[static_cast<std::size_t>(fact.seat)];
    switch (fact.kind) {
      case SummaryFact::kDrawn:
        count(cards.drawn, fact.card);
        break;
      case SummaryFact::kPlayed:
        count(cards.played, fact.card);
        break;
      case SummaryFact::kTurnBegins:
        if (summary.first < 0) summary.first = fact.seat;
        ++summary.turns;
        break;
      case SummaryFact::kNone:
        break;
    }
  }
  return summary;
}

}  // namespace tt
