// The option a server's timer takes for a seat that lets its time run out
// (docs/games/suikoden.md, "Timers: the default option"): the passive choice
// that keeps the game going. Keep the hand at the mulligan, add no support,
// pass a battle step, decline a counter, stop discarding. Where the rules
// leave no passive choice (the main phase, a casualty, the stationing
// character, a duel card, a trim) the first legal option is taken: in the
// main phase that is discarding the first card of the hand ("破棄"), the
// one action that commits nothing to the field.

#include "games/suikoden/state.h"

namespace tt::suikoden {

Action SuikodenState::default_action(Seat seat) const {
  static constexpr Act kPassive[] = {kMulliganDone, kDiscardDone, kRest,
                                     kNoSupport,    kPass,        kCounterDecline};
  return first_passive(seat, kPassive);
}

}  // namespace tt::suikoden
