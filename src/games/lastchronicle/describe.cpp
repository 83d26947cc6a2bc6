// Option ids and labels, and log lines: rendered on demand for people and
// the protocol, never on the playout path. Another seat's card is written
// "id@seat" in option ids.
#include "core/text.h"
#include "games/lastchronicle/events.h"
#include "games/lastchronicle/state.h"

namespace tt::lastchronicle {

namespace {
std::string seat_name(int s) {
  return "seat " + std::to_string(s);
}
const char* kWindowNames[] = {"", "combat preparation", "before damage", "pre-end phase"};
}  // namespace

std::string LcState::action_id(Seat seat, Action a) const {
  const auto card = [&] {
    return a.a < num_cards_ ? card_ref(static_cast<Card>(a.a), seat) : std::string("?");
  };
  switch (static_cast<Act>(a.kind)) {
    case kShed:
      return a.a == kNoCard ? "shed:none" : "shed:" + card();
    case kMulliganPick:
      return "return:" + card();
    case kMulliganDone:
      return "keep";
    case kPlace:
      return "place:" + card();
    case kUse:
      return "use:" + card() +
             (def(static_cast<Card>(a.a)).x_cost ? ":x" + std::to_string(a.b) : "");
    case kActivate:
      return "activate:" + card() + ":" + std::to_string(a.b);
    case kCheck:
      return "check";
    case kToCombat:
      return "combat";
    case kName:
      return "attack-seat:" + std::to_string(a.a);
    case kPass:
      return "pass";
    case kAttackWith:
      return "attack:" + card();
    case kEndCombat:
      return "end-combat";
    case kBlockWith:
      return "block:" + card();
    case kNoBlock:
      return "no-block";
    case kPayCard:
      return "pay:" + card();
    case kPayToken: {
      const auto& p = players_[seat];
      return a.a < p.tokens.size()
                 ? "pay-token:" + rules_->pool.tokens[p.tokens[a.a]].id + ":" + std::to_string(a.a)
                 : std::string("pay-token:?");
    }
    case kCancel:
      return "cancel";
    case kChooseOpponent:
      return "opponent:" + std::to_string(a.a);
    case kChooseUnit:
      return "unit:" + card();
    case kChooseCard:
      return "discard:" + card();
    case kDone:
      return "done";
    case kYes:
      return "yes";
    case kNo:
      return "no";
    case kOrder: {
      if (a.a >= triggers_.size()) return "order:?";
      const auto& t = triggers_[a.a].trigger;
      return "order:" + card_ref(t.card, seat) + ":" + std::to_string(t.ability);
    }
  }
  return "?";
}

// A card put on the bottom at the mulligan, or set aside face down to be
// set as shed, is hidden from the others until it is revealed: they see
// that a card was chosen, not which one.
std::string LcState::action_id_for(Seat seat, Action a, Seat viewer) const {
  if (viewer == seat || viewer == kReferee) return action_id(seat, a);
  switch (static_cast<Act>(a.kind)) {
    case kShed:
      return a.a == kNoCard ? "shed:none" : "shed:face-down";
    case kMulliganPick:
      return "return:card-" + std::to_string(mulligan_pick_.size() + 1);
    default:
      return action_id(seat, a);
  }
}

std::string LcState::action_label_for(Seat seat, Action a, Seat viewer) const {
  if (viewer == seat || viewer == kReferee) return action_label(seat, a);
  switch (static_cast<Act>(a.kind)) {
    case kShed:
      return a.a == kNoCard ? "Set nothing aside" : "Set aside a card face down to set as shed";
    case kMulliganPick:
      return "Put a card on the bottom (card " + std::to_string(mulligan_pick_.size() + 1) + ")";
    default:
      return action_label(seat, a);
  }
}

std::string LcState::action_label(Seat seat, Action a) const {
  const auto name = [&] {
    return a.a < num_cards_ ? def(static_cast<Card>(a.a)).name : std::string("?");
  };
  const auto whose = [&] {
    const Card c = static_cast<Card>(a.a);
    const Seat ctl = controller(c);
    return ctl == seat ? std::string(" (yours)") : " (" + seat_name(ctl) + "'s)";
  };
  switch (static_cast<Act>(a.kind)) {
    case kShed:
      return a.a == kNoCard ? "Set nothing aside" : "Set aside " + name() + " to set as shed";
    case kMulliganPick:
      return "Put " + name() + " on the bottom";
    case kMulliganDone:
      return mulligan_pick_.empty() ? "Keep this hand"
                                    : "Done: put " + std::to_string(mulligan_pick_.size()) +
                                          " card(s) on the bottom and draw as many";
    case kPlace: {
      const CardDef& d = def(static_cast<Card>(a.a));
      return "Place " + d.name + " (" + std::to_string(d.atk) + "/" + std::to_string(d.def) +
             ", cost " + std::to_string(d.cost) + (a.b ? ", from the leader area" : "") + ")";
    }
    case kUse: {
      const CardDef& d = def(static_cast<Card>(a.a));
      return "Use " + d.name + (d.x_cost ? " with X=" + std::to_string(a.b) : "") + " (cost " +
             std::to_string(d.cost + a.b) + ")";
    }
    case kActivate:
      return "Activate " + name() + "'s ability";
    case kCheck:
      return "Chrono check (cost " + std::to_string(check_cost(seat)) + ")";
    case kToCombat:
      return "Go to combat";
    case kName:
      return "Attack " + seat_name(a.a) + " (life " + std::to_string(players_[a.a].life) + ")";
    case kPass:
      return "Pass";
    case kAttackWith:
      return "Attack with " + name() + " (" + std::to_string(atk(static_cast<Card>(a.a))) + "/" +
             std::to_string(def_value(static_cast<Card>(a.a))) + ")";
    case kEndCombat:
      return "End combat";
    case kBlockWith:
      return "Block with " + name();
    case kNoBlock:
      return "Do not block";
    case kPayCard: {
      const auto& p = players_[seat];
      int v = 0;
      for (std::size_t i = 0; i < p.ca_yard.size(); ++i)
        if (p.ca_yard[i] == a.a)
          v = card_value(seat, i, pay_.what == Paying::kCheck ? 0 : def(pay_.card).colours);
      return "Pay with " + name() + " (CA " + std::to_string(v) + ")";
    }
    case kPayToken: {
      const auto& p = players_[seat];
      if (a.a >= p.tokens.size()) return "?";
      const auto& t = rules_->pool.tokens[p.tokens[a.a]];
      return "Pay with " + t.name + " (CA " + std::to_string(t.ca) + ")";
    }
    case kCancel:
      return "Cancel";
    case kChooseOpponent:
      return "Name " + seat_name(a.a) + " (life " + std::to_string(players_[a.a].life) + ")";
    case kChooseUnit:
      return name() + whose();
    case kChooseCard:
      return "Discard " + name();
    case kDone:
      return "Done";
    case kYes:
      return "Yes";
    case kNo:
      return "No";
    case kOrder:
      return a.a < triggers_.size() ? "Resolve " + def(triggers_[a.a].trigger.card).name + " first"
                                    : "?";
  }
  return "?";
}

std::string LcState::describe(const Event& e, Seat viewer) const {
  const std::string who = e.seat >= 0 ? seat_name(e.seat) : std::string();
  const auto card = [&](int c) {
    return c >= 0 && c < num_cards_ ? def(static_cast<Card>(c)).name : std::string("?");
  };
  const auto& a = e.args;
  switch (static_cast<Ev>(e.kind)) {
    case kEvFirstPlayer:
      return who + " goes first";
    case kEvShedSet:
      return who + " reveals " + card(a[0]) + " and sets it on the chronoglyph as shed";
    case kEvTokens:
      return who + " starts with " + plural(a[0], "CA token") + " worth " + std::to_string(a[1]) +
             " CA";
    case kEvDraw:
      return sees_details(e, viewer) ? who + " draws " + card(a[0]) : who + " draws a card";
    case kEvMulligan:
      return who + " puts " + plural(a[0], "card") + " on the bottom and draws as many";
    case kEvTurn:
      return "Turn " + std::to_string(a[0]) + ": " + who;
    case kEvPlace:
      return who + " places " + card(a[0]) + (a[1] ? " from the leader area" : "");
    case kEvSpell:
      return who + " uses " + card(a[0]) +
             (def(static_cast<Card>(a[0])).x_cost ? " (X=" + std::to_string(a[1]) + ")" : "");
    case kEvActivate:
      return who + " activates " + card(a[0]);
    case kEvPay:
      return who + " pays " + std::to_string(a[1]) + " CA with " +
             (a[0] >= 0 ? card(a[0])
                        : rules_->pool.tokens[static_cast<std::size_t>(-1 - a[0])].name);
    case kEvCheck:
      return who + " chrono checks " + card(a[0]) + " into the CA yard";
    case kEvName:
      return who + " will attack " + seat_name(a[0]);
    case kEvAttack:
      return who + " attacks " + seat_name(a[1]) + " with " + card(a[0]);
    case kEvBlock:
      return who + " blocks with " + card(a[0]);
    case kEvNoBlock:
      return who + " does not block";
    case kEvDamagePlayer:
      return who + " takes " + std::to_string(a[0]) + " damage (life " + std::to_string(a[2]) + ")";
    case kEvDamageUnit:
      return card(a[0]) + " takes " + std::to_string(a[1]) + " damage";
    case kEvUnitToDiscard:
      return card(a[0]) + " is put into the discard";
    case kEvDiscard:
      return who + " discards " + card(a[0]);
    case kEvSacrifice:
      return who + " sacrifices " + card(a[0]);
    case kEvLife:
      return who + " gains " + std::to_string(a[0]) + " life (life " + std::to_string(a[1]) + ")";
    case kEvWipe:
      return card(a[0]) + " is wiped";
    case kEvReady:
      return card(a[0]) + " is readied";
    case kEvModify:
      return card(a[0]) + " gets " + (a[1] >= 0 ? "+" : "") + std::to_string(a[1]) + "/" +
             (a[2] >= 0 ? "+" : "") + std::to_string(a[2]) + " until end of turn";
    case kEvNegate:
      return card(a[0]) + "'s abilities and effects are negated until end of turn";
    case kEvBounce:
      return card(a[0]) + " returns to " + who + "'s hand";
    case kEvControl:
      return who + " gains control of " + card(a[0]);
    case kEvDevelop:
      return who + " develops";
    case kEvRide:
      return who + " sets " + card(a[0]) + " on the chronoglyph as ride";
    case kEvLeaderHome:
      return card(a[0]) + " returns to " + who + "'s leader area (usable again after developing)";
    case kEvJudgement:
      return who + " judges " + seat_name(a[0]) + ": " + (a[1] >= 0 ? card(a[1]) : "no card") +
             " (CA " + (a[1] >= 0 ? std::to_string(def(static_cast<Card>(a[1])).ca) : "-") +
             ") against " + (a[2] >= 0 ? card(a[2]) : "no card") + " (CA " +
             (a[2] >= 0 ? std::to_string(def(static_cast<Card>(a[2])).ca) : "-") +
             "): " + (a[3] ? "won" : "lost");
    case kEvResolve:
      return card(a[0]) + "'s ability (" + who + ") resolves";
    case kEvOpponent:
      return who + " names " + seat_name(a[0]);
    case kEvEliminated:
      // Damage a seat's own card dealt it eliminates it by no one else.
      return who + " is eliminated" +
             (a[0] >= 0 && a[0] != e.seat ? " by " + seat_name(a[0])
              : a[0] == e.seat            ? " by its own damage"
                                          : "");
    case kEvBonus: {
      static const char* parts[] = {"", "draws a card", "chrono checks", "develops"};
      return who + "'s elimination bonus: " +
             ((a[0] & 3) == 0 ? "gains " + std::to_string(rules_->bonus_life) + " life"
                              : std::string(parts[a[0] & 3]));
    }
    case kEvConcede:
      return who + " concedes";
    case kEvDecked:
      return who + " has no card left to draw";
    case kEvWindow:
      return std::string("Quick window: ") + kWindowNames[a[0] & 3];
    case kEvPass:
      return who + " passes";
    case kEvEndPhase:
      return "End phase of " + who;
    case kEvGameOver:
      return e.seat >= 0 ? who + " wins" : std::string("The game is a draw");
    case kEvNothing:
      return card(a[0]) + ": nothing happens";
  }
  return "?";
}

LogWeight LcState::log_weight(const Event& e) const {
  switch (static_cast<Ev>(e.kind)) {
    case kEvPass:
      return LogWeight::kPass;
    case kEvPlace:
    case kEvSpell:
    case kEvActivate:
    case kEvName:
    case kEvOpponent:
    case kEvAttack:
    case kEvBlock:
    case kEvNoBlock:
    case kEvDamagePlayer:
    case kEvLife:
    case kEvEliminated:
    case kEvConcede:
    case kEvGameOver:
      return LogWeight::kKey;
    default:
      return LogWeight::kRoutine;
  }
}

}  // namespace tt::lastchronicle
