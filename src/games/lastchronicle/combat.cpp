// The combat phase: preparation (name the opponent to attack, then a quick
// window), attack, defence, a quick window before damage, damage; then back
// to preparation. Multiplayer guide "戦闘フェイズ"; research note §5.2.
#include "games/lastchronicle/events.h"
#include "games/lastchronicle/state.h"

namespace tt::lastchronicle {

// An active unit attacks; one placed this turn only with haste (速攻).
bool LcState::can_attack(Seat, const Unit& u) const {
  return !u.wiped && (!u.fresh || facts(u.card).haste);
}

void LcState::name_target(Seat target) {
  combat_ = Combat{};
  combat_.target = static_cast<std::int8_t>(target);
  log(kEvName, turn_player_, target);
  open_window(Window::kPreparation);
}

// Attacking wipes the attacker; its 【攻撃】 abilities trigger.
void LcState::attack_with(Card c) {
  Unit* u = unit(c);
  u->wiped = true;
  combat_.attacker = c;
  log(kEvAttack, turn_player_, c, combat_.target);
  if (!negated(c)) queue_triggers(c, Tag::kAttack);
  phase_ = Phase::kBlock;
}

void LcState::block_with(Card c) {
  combat_.blocker = c;
  log(kEvBlock, combat_.target, c);
  if (!negated(c)) queue_triggers(c, Tag::kDefend);
  open_window(Window::kBeforeDamage);
}

// Attacker and blocker deal their ATK to each other at once; an unblocked
// attacker deals its ATK to the named player only.
void LcState::combat_damage() {
  const Card a = combat_.attacker, b = combat_.blocker;
  const Seat target = combat_.target;
  combat_ = Combat{};
  phase_ = Phase::kName;  // back to combat preparation
  if (a == kNoCard || !unit(a)) return;
  if (b != kNoCard && unit(b)) {
    const int to_blocker = atk(a), to_attacker = atk(b);
    damage_unit(b, to_blocker, turn_player_);
    damage_unit(a, to_attacker, target);
    return;
  }
  if (b != kNoCard) return;  // the blocker left: the attack is still blocked
  if (!order_.in_game(target)) return;
  const int n = atk(a);
  damage_player(target, n, turn_player_);
  if (n > 0 && !negated(a)) queue_triggers(a, Tag::kAuto, When::kDealsDamageToOpponent, target);
}

void LcState::end_combat() {
  combat_ = Combat{};
  open_window(Window::kPreEnd);
}

}  // namespace tt::lastchronicle
