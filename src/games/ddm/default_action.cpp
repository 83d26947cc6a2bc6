// The option a server's timer takes for a seat that lets its time run out
// (docs/games/ddm.md, "Timers: the default option"): the passive choice that
// keeps the game going. Do not summon, end the main phase, strike without an
// attack ability, take an attack without paying a defence crest, finish the
// defence, pass a trap window or a chain. The dice roll has no passive
// choice: the first die in order is picked (three such picks roll). A
// placement already begun by the player goes on with its first shape, turn
// and square; `cancel` is never taken.
#include "games/ddm/state.h"

namespace tt::ddm {

Action DdmState::default_action(Seat seat) const {
  static constexpr Act kPassive[] = {kSummonSkip, kEndMain, kStrike, kTake, kDone, kPass};
  return first_passive(seat, kPassive);
}

}  // namespace tt::ddm
