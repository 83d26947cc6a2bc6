// What the Magic log says for a game summary (docs/games/magic.md "Game
// summary"): a card put into a hand from the library, a land played or a
// spell cast, a turn begun. Tokens are made by effects, not drawn from a
// library, so they are neither drawn nor played; copies of spells are not
// cast.
#include "games/magic/events.h"
#include "games/magic/state.h"

namespace tt::magic {

SummaryFact MagicState::summary_fact(const Event& e) const {
  const int o = e.args[0];
  const auto card = [&](SummaryFact::Kind kind) {
    if (o < 0 || o >= num_objs_ || def(static_cast<Obj>(o)).token) return SummaryFact{};
    return SummaryFact{kind, e.seat, def(static_cast<Obj>(o)).id};
  };
  switch (e.kind) {
    case kEvDraw:    // the opening hand, mulligans, the draw step (504), effects
    case kEvToHand:  // the kept pile of a split (a revealed card into the hand)
      return card(SummaryFact::kDrawn);
    case kEvLand:  // 305: playing a land
    case kEvCast:  // 601: casting a spell
      return card(SummaryFact::kPlayed);
    case kEvTurn:  // extra turns (500.7) count as turns
      return {SummaryFact::kTurnBegins, e.seat, {}};
    default:
      return {};
  }
}

}  // namespace tt::magic
