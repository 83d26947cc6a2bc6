// Option ids and labels, and log lines: rendered on demand for people and
// the protocol, never on the playout path.
#include "core/text.h"
#include "games/suikoden/events.h"
#include "games/suikoden/state.h"

namespace tt::suikoden {

namespace {
std::string place_id(int p) {
  return "m" + std::to_string(p);
}
// A mission by its name and place: "Night Raid (m3)".
std::string mission_at(const std::string& name, int p) {
  return name + " (" + place_id(p) + ")";
}
}  // namespace

std::string SuikodenState::action_id(Seat, Action a) const {
  const auto card = [&] {
    return a.a < num_cards_ ? def(static_cast<Card>(a.a)).id : std::string("?");
  };
  switch (static_cast<Act>(a.kind)) {
    case kMulliganPick:
      return "return:" + card();
    case kMulliganDone:
      return "keep";
    case kDiscardCard:
      return "discard:" + card();
    case kDiscardDone:
      return "done";
    case kRest:
      return "rest";
    case kNewMission:
      return "mission:" + card() + ":" + place_id(a.b);
    case kContinue:
      return "continue:" + place_id(a.b);
    case kSupportPick:
      return "support:" + card();
    case kNoSupport:
      return "nosupport";
    case kDispatch:
      return "dispatch:" + card() + ":" + place_id(a.b);
    case kRedeploy:
      return "redeploy:" + card() + ":" + place_id(a.b);
    case kPass:
      return "pass";
    case kCounterUse:
      return "counter:" + card();
    case kCounterDecline:
      return "decline";
    case kCasualty:
      return "casualty:" + card();
    case kStationPick:
      return "station:" + card();
    case kDuelPick:
      return "duel:" + card();
    case kTrimCard:
      return "trim:" + card();
  }
  return "?";
}

const std::string& SuikodenState::card_label(Card c) const {
  return rules_->labels[def_[c]];
}

// A place has one name everywhere (options, table, log): its id, m0 to m3
// (m0 m1 are seat 0's, m2 m3 seat 1's), after the mission on it if any.
std::string SuikodenState::place_label(int p) const {
  return places_[p].card == kNoCard ? place_id(p) : mission_at(def(places_[p].card).name, p);
}

std::string SuikodenState::action_label(Seat seat, Action a) const {
  const Card c = static_cast<Card>(a.a);
  switch (static_cast<Act>(a.kind)) {
    case kMulliganPick:
      return "Return " + card_label(c) + " to the deck";
    case kMulliganDone:
      return mulligan_pick_.empty()
                 ? "Keep this hand"
                 : "Return the chosen " +
                       plural(static_cast<long long>(mulligan_pick_.size()), "card") +
                       " and redraw";
    case kDiscardCard:
      return "Discard " + card_label(c);
    case kDiscardDone:
      return "Stop discarding";
    case kRest:
      return "Do nothing this turn";
    case kNewMission:
      return "Place " + card_label(c) + " as a new mission at " + place_label(a.b);
    case kContinue:
      return "Continue " + place_label(a.b);
    case kSupportPick:
      return "Add " + card_label(c) + " as support";
    case kNoSupport:
      return "No support character";
    case kDispatch:
      return "Dispatch " + card_label(c) + " to " + place_label(a.b);
    case kRedeploy:
      return "Redeploy support " + def(c).name + " as a dispatched character on " +
             place_label(a.b);
    case kPass:
      return "Pass";
    case kCounterUse:
      return "Use the counter of " + card_label(c);
    case kCounterDecline:
      return "No counter";
    case kCasualty:
      return "Lose " + card_label(c);
    case kStationPick:
      return "Station " + card_label(c);
    case kDuelPick:
      return "Play " + card_label(c) + " face down";
    case kTrimCard:
      return "Discard " + card_label(c);
  }
  (void)seat;
  return "?";
}

// Which card a seat returns at the mulligan or plays face down in a duel is
// hidden from the others: they see that a card was chosen, not which one.
std::string SuikodenState::action_id_for(Seat seat, Action a, Seat viewer) const {
  if (viewer == seat || viewer == kReferee) return action_id(seat, a);
  switch (static_cast<Act>(a.kind)) {
    case kMulliganPick:
      return "return:card-" + std::to_string(mulligan_pick_.size() + 1);
    case kDuelPick:
      return "duel:face-down";
    default:
      return action_id(seat, a);
  }
}

std::string SuikodenState::action_label_for(Seat seat, Action a, Seat viewer) const {
  if (viewer == seat || viewer == kReferee) return action_label(seat, a);
  switch (static_cast<Act>(a.kind)) {
    case kMulliganPick:
      return "Return a card to the deck (card " + std::to_string(mulligan_pick_.size() + 1) + ")";
    case kDuelPick:
      return "Play a card face down";
    default:
      return action_label(seat, a);
  }
}

std::string SuikodenState::describe(const Event& e, Seat viewer) const {
  const std::string who = e.seat >= 0 ? "Seat " + std::to_string(e.seat) : "";
  const auto card = [&](int i) {
    return i >= 0 && i < num_cards_ ? def(static_cast<Card>(i)).name : std::string("nothing");
  };
  // The mission a place held when the event happened (the event records it).
  const auto mission = [&](int m, int p) {
    return m >= 0 && m < num_cards_ ? mission_at(card(m), p) : place_id(p);
  };
  const bool full = sees_details(e, viewer);
  const auto& a = e.args;
  switch (e.kind) {
    case kEvFirstPlayer:
      return who + " goes first";
    case kEvDraw:
      return who + " draws " + (full ? card(a[0]) : "a card");
    case kEvMulligan:
      return who + (a[0] ? " returns " + plural(a[0], "card") + " and redraws" : " keeps");
    case kEvTurn:
      return "Turn " + std::to_string(a[0]) + ": " + who;
    case kEvDiscard:
      return who + " discards " + card(a[0]);
    case kEvNewMission:
      return who + " places " + card(a[0]) + " as a new mission at " + place_id(a[1]);
    case kEvSupport:
      return who + " adds " + card(a[0]) + " as support to " + mission(a[2], a[1]);
    case kEvContinue:
      return who + " continues " + mission(a[2], a[1]);
    case kEvDispatch:
      return who + " dispatches " + card(a[0]) + " to " + mission(a[2], a[1]);
    case kEvRedeploy:
      return who + " redeploys support " + card(a[0]) + " to " + mission(a[2], a[1]);
    case kEvPass:
      return who + " passes";
    case kEvCounter:
      return who + " uses the counter of " + card(a[0]) + " against " + card(a[1]);
    case kEvRepelled:
      return card(a[0]) + " is repelled and discarded";
    case kEvWeakened:
      return card(a[0]) + " loses " + std::to_string(a[1]) + " " +
             stat_name(static_cast<Stat>(a[2])) + " this battle";
    case kEvCleared:
      return who + " clears " + card(a[0]);
    case kEvFailed:
      return card(a[0]) + " fails and is discarded with every card on it";
    case kEvBlocked:
      return who + " blocks the building of " + card(a[0]);
    case kEvUnresolved:
      return card(a[0]) + " stays unresolved";
    case kEvCasualty:
      return who + " loses " + card(a[0]) + " in the troops battle";
    case kEvWiped:
      return who + " loses " + card(a[0]) + " (0 troops, army not ahead)";
    case kEvStationed:
      return who + " stations " + card(a[0]) + " on " + card(a[1]);
    case kEvVp:
      return who + " gains " + std::to_string(a[0]) + " VP (total " + std::to_string(a[1]) + ")";
    case kEvDuelPick:
      return who + " plays " + (full ? card(a[0]) : "a card") + " face down";
    case kEvDuelReveal:
      return who + " reveals " + card(a[0]) + " (value " + std::to_string(a[1]) + ")";
    case kEvDuelVoid:
      return card(a[0]) + " cannot duel and is discarded";
    case kEvDecked:
      return who + " must draw and cannot";
    case kEvTrim:
      return who + " discards " + card(a[0]) + " down to the hand limit";
    case kEvGameOver:
      return e.seat >= 0 ? who + " wins" : "The game is a draw";
  }
  return "?";
}

LogWeight SuikodenState::log_weight(const Event& e) const {
  return e.kind == kEvPass ? LogWeight::kPass : LogWeight::kRoutine;
}

}  // namespace tt::suikoden
