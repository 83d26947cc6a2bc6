// Option ids and labels, and log lines: rendered on demand for people and
// the protocol, never on the playout path.
#include "games/suikoden/events.h"
#include "games/suikoden/state.h"

namespace tt::suikoden {

namespace {
std::string place_id(int p) {
  return "m" + std::to_string(p);
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

std::string SuikodenState::card_label(Card c) const {
  const CardDef& d = def(c);
  std::string s = d.name;
  if (d.is_character() && !d.is_commander())
    s += " (" + class_name(d.cls) + ", " + links_string(d.links) + ", atk " +
         std::to_string(d.atk) + " / troops " + std::to_string(d.troops) + " / build " +
         std::to_string(d.build) + ")";
  else if (d.type == CardType::kMission)
    s += " (" + battle_name(d.battle) +
         (d.battle == Battle::kDuel ? " on " + stat_name(d.duel_stat)
                                    : " " + std::to_string(d.target)) +
         ", VP " + std::to_string(d.vp_placer) + "/" + std::to_string(d.vp_opponent) + ")";
  else if (d.type == CardType::kFacility)
    s += " (facility, build " + std::to_string(d.target) + ", block " + std::to_string(d.block) +
         ")";
  return s;
}

std::string SuikodenState::place_label(int p) const {
  const std::string whose =
      "seat " + std::to_string(owner_of_place(p)) + "'s place " + std::to_string(p % 2 + 1);
  return places_[p].card == kNoCard ? whose : def(places_[p].card).name + " (" + whose + ")";
}

std::string SuikodenState::action_label(Seat seat, Action a) const {
  const Card c = static_cast<Card>(a.a);
  switch (static_cast<Act>(a.kind)) {
    case kMulliganPick:
      return "Return " + card_label(c) + " to the deck";
    case kMulliganDone:
      return mulligan_pick_.empty() ? "Keep this hand" : "Return the chosen cards and redraw";
    case kDiscardCard:
      return "Discard " + card_label(c);
    case kDiscardDone:
      return "Stop discarding";
    case kRest:
      return "Do nothing this turn";
    case kNewMission:
      return "Place " + card_label(c) + " as a new mission in " + place_label(a.b);
    case kContinue:
      return "Continue " + place_label(a.b);
    case kSupportPick:
      return "Add " + card_label(c) + " as support";
    case kNoSupport:
      return "No support character";
    case kDispatch:
      return "Dispatch " + card_label(c) + " to " + place_label(a.b);
    case kRedeploy:
      return "Redeploy support " + def(c).name + " as a dispatched character";
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

std::string SuikodenState::describe(const Event& e, Seat viewer) const {
  const std::string who = e.seat >= 0 ? "Seat " + std::to_string(e.seat) : "";
  const auto card = [&](int i) {
    return i >= 0 && i < num_cards_ ? def(static_cast<Card>(i)).name : std::string("nothing");
  };
  const bool full = sees_details(e, viewer);
  const auto& a = e.args;
  switch (e.kind) {
    case kEvFirstPlayer:
      return who + " goes first";
    case kEvDraw:
      return who + " draws " + (full ? card(a[0]) : "a card");
    case kEvMulligan:
      return who + (a[0] ? " returns " + std::to_string(a[0]) + " cards and redraws" : " keeps");
    case kEvTurn:
      return "Turn " + std::to_string(a[0]) + ": " + who;
    case kEvDiscard:
      return who + " discards " + card(a[0]);
    case kEvNewMission:
      return who + " places " + card(a[0]) + " as a new mission (m" + std::to_string(a[1]) + ")";
    case kEvSupport:
      return who + " adds " + card(a[0]) + " as support";
    case kEvContinue:
      return who + " continues " + card(places_[a[1]].card == kNoCard ? -1 : places_[a[1]].card) +
             " (m" + std::to_string(a[1]) + ")";
    case kEvDispatch:
      return who + " dispatches " + card(a[0]) + " to m" + std::to_string(a[1]);
    case kEvRedeploy:
      return who + " redeploys support " + card(a[0]) + " to m" + std::to_string(a[1]);
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

}  // namespace tt::suikoden
