// What the DDM log says for a game summary (docs/games/ddm.md "Game
// summary"). A set's "cards" are its monsters and items: each is drawn once,
// when it is set out in its owner's reserve at set-up (the reserve is the
// hand a player summons from), and played when it is summoned onto the field.
#include "games/ddm/events.h"
#include "games/ddm/state.h"

namespace tt::ddm {

SummaryFact DdmState::summary_fact(const Event& e) const {
  const int p = e.args[0];
  const auto piece = [&](SummaryFact::Kind kind) {
    if (p < 0 || p >= num_pieces_) return SummaryFact{};
    return SummaryFact{kind, e.seat, def(static_cast<PieceId>(p)).id};
  };
  switch (e.kind) {
    case kEvReserve:
      return piece(SummaryFact::kDrawn);
    case kEvSummon:
      return piece(SummaryFact::kPlayed);
    case kEvTurn:
      return {SummaryFact::kTurnBegins, e.seat, {}};
    default:
      return {};
  }
}

}  // namespace tt::ddm
