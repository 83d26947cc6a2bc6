// What the Suikoden log says for a game summary (docs/games/suikoden.md
// "Game summary"): a card drawn into a hand, a card played from a hand, a
// turn begun.
#include "games/suikoden/events.h"
#include "games/suikoden/state.h"

namespace tt::suikoden {

SummaryFact SuikodenState::summary_fact(const Event& e) const {
  const int c = e.args[0];
  const auto card = [&](SummaryFact::Kind kind) {
    if (c < 0 || c >= num_cards_) return SummaryFact{};
    return SummaryFact{kind, e.seat, def(static_cast<Card>(c)).id};
  };
  switch (e.kind) {
    case kEvDraw:  // set-up, mulligan, supply phase, card effects ("ゲームの流れ")
      return card(SummaryFact::kDrawn);
    // Every way a card leaves the hand for the table: a new mission or
    // facility, a support character, a dispatched character, a counter, a
    // duel card. A redeployed support was counted when it was placed.
    case kEvNewMission:
    case kEvSupport:
    case kEvDispatch:
    case kEvCounter:
    case kEvDuelPick:
      return card(SummaryFact::kPlayed);
    case kEvTurn:
      return {SummaryFact::kTurnBegins, e.seat, {}};
    default:
      return {};
  }
}

}  // namespace tt::suikoden
