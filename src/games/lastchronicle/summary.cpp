// What the Last Chronicle log says for a game summary
// (docs/games/lastchronicle.md "Game summary"): a card drawn from the deck, a
// unit placed or a spell used, a turn begun.
#include "games/lastchronicle/events.h"
#include "games/lastchronicle/state.h"

namespace tt::lastchronicle {

SummaryFact LcState::summary_fact(const Event& e) const {
  const int c = e.args[0];
  const auto card = [&](SummaryFact::Kind kind) {
    if (c < 0 || c >= num_cards_) return SummaryFact{};
    return SummaryFact{kind, e.seat, def(static_cast<Card>(c)).id};
  };
  switch (e.kind) {
    case kEvDraw:  // the opening hand, mulligan redraws, the draw step, effects
      return card(SummaryFact::kDrawn);
    // A unit placed (from the hand, or the leader from the leader area) and
    // a spell used. A unit returned to the hand and placed again is played
    // again, though it was drawn once.
    case kEvPlace:
    case kEvSpell:
      return card(SummaryFact::kPlayed);
    case kEvTurn:
      return {SummaryFact::kTurnBegins, e.seat, {}};
    default:
      return {};
  }
}

}  // namespace tt::lastchronicle
