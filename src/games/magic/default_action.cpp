// The option a server's timer takes for a seat that lets its time run out
// (docs/games/magic.md, "Timers: the default option"): the passive choice
// that keeps the game going. Keep the hand, pass priority, declare no
// attackers and no blockers, decline to pay life, stop picking, divide
// combat damage as the engine did before it asked (damage_division.cpp). Where a
// choice must be made (cards to put on the bottom or discard, the order of
// triggers, a player, a mode, a pile, a target of a spell already begun) the
// first legal option is taken. An undo (`cancel`, `attack-reset`,
// `block-reset`) is never taken, but for one case: a declaration of blockers
// that can no longer be made legal (a menace attacker blocked once, no
// second blocker left), where starting it over is the only option.
#include "games/magic/state.h"

namespace tt::magic {

namespace {

// The declaration being made, by the kind of its "done" option.
bool declaring(const Action& a) {
  return a.kind == kAttack || a.kind == kBlock;
}

// Whether `seat` can finish the declaration it is making (its "done" option
// offered) within `depth` more attackers or blockers; `budget` bounds the
// states looked at.
bool finishable(const State& st, Seat seat, Act done, int depth, int& budget) {
  ActionList legal;
  st.legal_actions(seat, legal);
  for (const Action& a : legal)
    if (a.kind == done) return true;
  if (depth == 0) return false;
  for (const Action& a : legal) {
    if (!declaring(a) || --budget < 0) continue;
    auto next = st.clone();
    next->apply_action(seat, a);
    if (finishable(*next, seat, done, depth - 1, budget)) return true;
  }
  return false;
}

}  // namespace

Action MagicState::default_action(Seat seat) const {
  ActionList legal;
  legal_actions(seat, legal);
  // At most one of these is offered in any one decision.
  static constexpr Act kPassive[] = {kKeep,    kPass,     kAttackersDone, kBlockersDone,
                                     kDecline, kPickDone, kAssignDone};
  for (Act kind : kPassive)
    for (const Action& a : legal)
      if (a.kind == kind) return a;
  // Dividing combat damage: the automatic division (assumption 5), step by step.
  if (ask_ == Ask::kDivide && !legal.empty()) return division_default();
  // A declaration that "done" does not finish yet (508.1d: a creature must
  // attack; a menace attacker blocked once): the fewest more attackers or
  // blockers that make it legal, the first such in option order.
  const bool attackers = ask_ == Ask::kAttackers;
  if (attackers || ask_ == Ask::kBlockers) {
    const Act done = attackers ? kAttackersDone : kBlockersDone;
    for (int depth = 0; depth < 4; ++depth) {
      int budget = 512;
      for (const Action& a : legal) {
        if (!declaring(a)) continue;
        auto next = clone();
        next->apply_action(seat, a);
        if (finishable(*next, seat, done, depth, budget)) return a;
      }
    }
    for (const Action& a : legal)  // a dead end: start the declaration over
      if (a.kind == (attackers ? kResetAttack : kResetBlock)) return a;
  }
  return State::default_action(seat);
}

}  // namespace tt::magic
