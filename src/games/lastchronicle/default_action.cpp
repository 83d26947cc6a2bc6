// The option a server's timer takes for a seat that lets its time run out
// (docs/games/lastchronicle.md, "Timers: the default option"): the passive
// choice that keeps the game going. Set nothing aside as shed, keep the hand,
// go from the main phase to combat (and from there the turn ends), pass a
// quick window, end combat without attacking, do not block, stop an "up to"
// choice, decline a "may". Where a choice must be made (the opponent to
// attack or to name, a unit or a card an effect needs, the order of
// simultaneous abilities, a payment already begun) the first legal option is
// taken; `cancel` is never taken.
#include "games/lastchronicle/state.h"

namespace tt::lastchronicle {

Action LcState::default_action(Seat seat) const {
  ActionList legal;
  legal_actions(seat, legal);
  for (const Action& a : legal)
    if (a.kind == kShed && a.a == kNoCard) return a;  // "shed:none"
  static constexpr Act kPassive[] = {kMulliganDone, kToCombat, kPass, kEndCombat,
                                     kNoBlock,      kDone,     kNo};
  return first_passive(seat, kPassive);
}

}  // namespace tt::lastchronicle
