// The check before each seat's priority, remembered. A seat that can do
// nothing with priority passes without being asked (turn.cpp); most such
// checks find the same answer as the seat's previous one, because nothing
// it could act on has changed since.
#include <cassert>

#include "games/magic/state.h"

namespace tt::magic {

// Outside its own main phase a seat's options (instants, activated
// abilities) read the state and, through "cast only during combat", whether
// the step is a combat step; nothing else of the step. So a seat found idle
// stays idle while changes_ stands and the step stays on the same side of
// combat. changed() is called only where a change can give some seat an
// option it lacked: a permanent enters, a spell goes on the stack, control
// changes, a creature gains haste, an untapped permanent anyone may
// activate, life rising above 0, room on a full stack, a new turn, a player
// leaving, a load or determinization. What only takes options away
// (tapping, paying, damage, a card leaving a hand or the battlefield) keeps
// the answers; a card put into a hand, or an untapped permanent, forgets
// only its owner's or controller's answer (hand_changed, set_tapped).
bool MagicState::may_act(Seat s) {
  const TurnCtx& t = T();
  const bool main = (t.step == Step::kMain1 || t.step == Step::kMain2) && t.stack.empty() &&
                    has_seat(t.actives, s);
  if (main || markers_ > 1 || cast_.active || res_.active || ask_ != Ask::kNone)
    return has_actions(s);
  // A hand without an instant and nothing on the battlefield to activate:
  // nothing to do outside the main phase, whatever else changed. A hand is
  // walked once per card put into it (hand_seen_, no_instant_).
  const auto i = static_cast<std::size_t>(s);
  if (!activators_of_[i] && !open_activators_ && !rules_->deploy) {
    if (!has_seat(hand_seen_, s)) {
      std::uint8_t kinds = 0;
      for (Obj o : players_[i].hand) kinds = static_cast<std::uint8_t>(kinds | objs_[o].types);
      if (!(kinds & kInstant)) no_instant_ = static_cast<SeatMask>(no_instant_ | seat_bit(s));
      hand_seen_ = static_cast<SeatMask>(hand_seen_ | seat_bit(s));
    }
    if (has_seat(no_instant_, s)) {
      assert(!has_actions(s));  // every test's game checks the remembered answer
      return false;
    }
  }
  // idle_[s]: changes_ << 2, then whether the answer depends on the step's
  // side of combat, then that side.
  const std::uint32_t combat = t.step >= Step::kBeginCombat && t.step <= Step::kEndCombat;
  const std::uint32_t idle = idle_[i];
  if (idle >> 2 == (changes_ & 0x3FFFFFFF) && (!(idle & 2) || (idle & 1) == combat) &&
      (!idle_targets_[i] || idle_targets_[i] == targets_)) {
    assert(!has_actions(s));  // every test's game checks the remembered answer
    return false;
  }
  OptionReads reads;
  if (priority_options(s, nullptr, &reads)) return true;
  idle_[i] = changes_ << 2 | (reads.combat ? 2 | combat : 0);
  idle_targets_[i] = reads.targets ? targets_ : 0;
  return false;
}

}  // namespace tt::magic
