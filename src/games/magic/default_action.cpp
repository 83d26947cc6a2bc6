// The option a server's timer takes for a seat that lets its time run out
// (docs/games/magic.md, "Timers: the default option"): the passive choice
// that keeps the game going. Keep the hand, pass priority, declare no
// attackers and no blockers, decline to pay life, stop picking. Where a
// choice must be made (cards to put on the bottom or discard, the order of
// triggers, a player, a mode, a pile, a target of a spell already begun) the
// first legal option is taken. A creature that must attack (508.1d) leaves
// "no attackers" illegal: then its required attack is declared first. An
// undo (`cancel`, `attack-reset`, `block-reset`) is never taken.
#include "games/magic/state.h"

namespace tt::magic {

Action MagicState::default_action(Seat seat) const {
  ActionList legal;
  legal_actions(seat, legal);
  // At most one of these is offered in any one decision.
  static constexpr Act kPassive[] = {kKeep,         kPass,    kAttackersDone,
                                     kBlockersDone, kDecline, kPickDone};
  for (Act kind : kPassive)
    for (const Action& a : legal)
      if (a.kind == kind) return a;
  for (const Action& a : legal)
    if (a.kind == kAttack && must_attack(a.a) == static_cast<Seat>(a.b)) return a;
  return State::default_action(seat);
}

}  // namespace tt::magic
