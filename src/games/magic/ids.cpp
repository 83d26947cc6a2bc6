// Option ids (stable, readable: "cast:searing-bolt#1", "attack:mossback-cub#2:seat3")
// and labels, rendered on demand for people and the protocol.
#include "games/magic/state.h"

namespace tt::magic {

namespace {
std::string seat_id(int s) {
  return "seat" + std::to_string(s);
}
// Which of the cards a kept hand owes to the bottom is going now (1 = the first).
int bottom_ordinal(const Player& p, bool free_mulligan) {
  const int owed = std::max(0, p.mulligans - (free_mulligan && p.mulligans > 0 ? 1 : 0));
  return owed - p.to_bottom + 1;
}
}  // namespace

std::string MagicState::action_id(Seat /*seat*/, Action a) const {
  // A trigger about a player or an object names it too: two waiting
  // triggers of one ability (Toll of Hours for A1's and for A2's upkeep)
  // would otherwise share "order:<source>:<index>".
  // A trigger's id names its source and ability, then what tells it apart
  // from the other waiting triggers of that ability: the player it is about,
  // the object it is about, and as a last resort its place in the queue.
  auto order_id = [&](std::size_t i) {
    const PendingTrigger& p = pending_[i];
    std::string id = "order:" + ref(p.source) + ":" + std::to_string(p.index);
    auto twins = [&](bool same_subject, bool same_obj) {
      for (std::size_t k = 0; k < pending_.size(); ++k) {
        const PendingTrigger& q = pending_[k];
        if (k != i && q.source == p.source && q.index == p.index &&
            (!same_subject || q.subject == p.subject) &&
            (!same_obj || q.subject_obj == p.subject_obj))
          return true;
      }
      return false;
    };
    if (p.subject >= 0) id += ":" + seat_id(p.subject);
    if (twins(true, false) && p.subject_obj != kNoObj && !p.delayed) id += ":" + ref(p.subject_obj);
    if (twins(true, true)) id += ":" + std::to_string(i);
    return id;
  };
  switch (a.kind) {
    case kKeep:
      return "keep";
    case kMulligan:
      return "mulligan";
    case kBottom:
      return "bottom:" + ref(a.a);
    case kPass:
      return "pass";
    case kPlayLand:
      return "play:" + ref(a.a);
    case kCast:
      return "cast:" + ref(a.a) +
             (def(a.a).modes.size() > 1 ? ":mode" + std::to_string(a.b + 1) : "");
    case kActivate:
      return a.b == 255 ? "deploy:" + ref(a.a) : "activate:" + ref(a.a) + ":" + std::to_string(a.b);
    case kTarget:
      if (a.a == 1) return "target:" + seat_id(a.b);
      if (a.a == 2) return "target:" + ref(a.b);
      return "target:spell" + std::to_string(a.b);
    case kCancel:
      return "cancel";
    case kChoosePlayer:
      return "choose:" + seat_id(a.a);
    case kOrder:
      return order_id(a.a);
    case kAttack:
      return "attack:" + ref(a.a) + ":" + seat_id(a.b);
    case kAttackersDone:
      return "attack-done";
    case kResetAttack:
      return "attack-reset";
    case kBlock:
      return "block:" + ref(a.a) + ":" + ref(a.b);
    case kBlockersDone:
      return "block-done";
    case kResetBlock:
      return "block-reset";
    case kMode:
      return "mode" + std::to_string(a.a + 1);
    case kPayLife:
      return "pay-life";
    case kDecline:
      return "decline";
    case kPick:
      return "pick:" + ref(a.a);
    case kPickDone:
      return "pick-done";
    case kPile:
      return "pile" + std::to_string(a.a + 1);
    case kAssign: {
      if (a.a != kNoObj) return "assign:" + ref(a.a) + ":" + std::to_string(a.b);
      const int i = dividing();
      const int to = i < 0 ? -1 : T().attackers[static_cast<std::size_t>(i)].target;
      return "assign:" + seat_id(to) + ":" + std::to_string(a.b);
    }
    case kAssignDone:
      return "assign-done";
    case kResetAssign:
      return "assign-reset";
    default:
      return "?";
  }
}

// The cards a kept hand puts on the bottom (103.5) go there unrevealed: the
// others see that a card went, not which one.
std::string MagicState::action_id_for(Seat seat, Action a, Seat viewer) const {
  if (viewer == seat || viewer == kReferee || a.kind != kBottom) return action_id(seat, a);
  return "bottom:card-" + std::to_string(bottom_ordinal(player(seat), rules_->free_mulligan));
}

std::string MagicState::action_label_for(Seat seat, Action a, Seat viewer) const {
  if (viewer == seat || viewer == kReferee || a.kind != kBottom) return action_label(seat, a);
  return "Put a card on the bottom (card " +
         std::to_string(bottom_ordinal(player(seat), rules_->free_mulligan)) + ")";
}

// "Assign 2 of Kilnspark Raider's damage to Brinewick Sentry (lethal; 3 left)".
std::string MagicState::assign_label(Action a) const {
  const int i = dividing();
  if (i < 0) return "Assign damage";
  const Attacker& at = T().attackers[static_cast<std::size_t>(i)];
  const int left = division_left(at);
  int need = 0;
  for (const Block& b : T().blocks)
    if (b.attacker == at.obj && b.blocker == a.a) need = lethal_need(b);
  std::string s = "Assign " + std::to_string(a.b) + " of " + def(at.obj).name + "'s damage to " +
                  (a.a == kNoObj ? "seat " + std::to_string(at.target) : def(a.a).name);
  if (a.b == left) return s + " (all that is left)";
  if (a.a != kNoObj && a.b == need) return s + " (lethal; " + std::to_string(left - a.b) + " left)";
  return s + " (" + std::to_string(left - a.b) + " left)";
}

std::string MagicState::action_label(Seat seat, Action a) const {
  auto name = [&](Obj o) { return def(o).name; };
  auto for_seat = [&](const PendingTrigger& p) {
    return p.subject >= 0 ? " (for seat " + std::to_string(p.subject) + ")" : std::string();
  };
  switch (a.kind) {
    case kKeep:
      return "Keep this hand";
    case kMulligan:
      return "Mulligan (shuffle and draw a new hand)";
    case kBottom:
      return "Put " + name(a.a) + " on the bottom";
    case kPass:
      return T().stack.empty() ? "Pass priority" : "Pass (let the top of the stack resolve)";
    case kPlayLand:
      return "Play " + name(a.a);
    case kCast: {
      std::string s = "Cast " + name(a.a) + " " + mana_text(def(a.a).cost);
      if (def(a.a).modes.size() > 1) s += " (mode " + std::to_string(a.b + 1) + ")";
      return s;
    }
    case kActivate:
      return a.b == 255
                 ? "Deploy " + name(a.a) + " to a teammate (tap)"
                 : "Activate " + name(a.a) + " (" + mana_text(def(a.a).activated[a.b].mana) + ")";
    case kTarget:
      if (a.a == 1) return "Target seat " + std::to_string(a.b);
      if (a.a == 2)
        return "Target " + name(a.b) + " (seat " + std::to_string(obj(a.b).controller) + ")";
      return "Target the spell #" + std::to_string(a.b);
    case kCancel:
      return "Cancel";
    case kChoosePlayer:
      return "Choose seat " + std::to_string(a.a);
    case kOrder:
      return "Put " + rules_->pool[pending_[a.a].def].name + "'s trigger" +
             for_seat(pending_[a.a]) + " on the stack next";
    case kAttack:
      return "Attack seat " + std::to_string(a.b) + " with " + name(a.a);
    case kAttackersDone:
      return "Done declaring attackers";
    case kResetAttack:
      return "Start the attack declaration over";
    case kBlock:
      // A team blocks with one declaration (805.10d), so a
      // teammate's creature says whose it is.
      return "Block " + name(a.b) + " with " + name(a.a) +
             (obj(a.a).controller != seat ? " (seat " + std::to_string(obj(a.a).controller) + "'s)"
                                          : "");
    case kBlockersDone:
      return "Done declaring blockers";
    case kResetBlock:
      return "Start the block declaration over";
    case kMode:
      return "Mode " + std::to_string(a.a + 1);
    case kPayLife:
      return "Pay the life";
    case kDecline:
      return "Don't pay";
    case kPick:
      return "Choose " + name(a.a);
    case kPickDone:
      return "Done";
    case kPile:
      return "Keep pile " + std::to_string(a.a + 1);
    case kAssign:
      return assign_label(a);
    case kAssignDone:
      return "Done dividing the damage";
    case kResetAssign:
      return "Start the division over";
    default:
      return "?";
  }
}

}  // namespace tt::magic
