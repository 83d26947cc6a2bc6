// Event kinds of the Suikoden log (rendered by describe.cpp).
#pragma once
#include <cstdint>

namespace tt::suikoden {

enum Ev : std::uint16_t {
  kEvFirstPlayer,  // seat
  kEvDraw,         // seat, a=card (hidden to others), b=count
  kEvMulligan,     // seat, a=count returned
  kEvTurn,         // seat, a=turn number
  kEvDiscard,      // seat, a=card
  kEvNewMission,   // seat, a=card, b=place
  kEvSupport,      // seat, a=card, b=place, c=mission
  kEvContinue,     // seat, b=place, c=mission
  kEvDispatch,     // seat, a=card, b=place, c=mission
  kEvRedeploy,     // seat, a=card, b=place, c=mission
  kEvPass,         // seat
  kEvCounter,      // seat, a=counter card, b=target card
  kEvRepelled,     // seat (target's owner), a=card
  kEvWeakened,     // seat (target's owner), a=card, b=amount, c=stat
  kEvCleared,      // seat, a=mission, b=place
  kEvFailed,       // a=mission, b=place
  kEvBlocked,      // seat (blocker), a=facility
  kEvUnresolved,   // a=mission, b=place
  kEvCasualty,     // seat, a=card
  kEvWiped,        // seat, a=card (a zero-troop character lost with the battle)
  kEvStationed,    // seat, a=character, b=mission
  kEvVp,           // seat, a=gained, b=total
  kEvDuelPick,     // seat, a=card (hidden to others)
  kEvDuelReveal,   // seat, a=card or -1, b=value
  kEvDuelVoid,     // seat, a=card (not a character, or a uniqueness clash)
  kEvDecked,       // seat
  kEvTrim,         // seat, a=card
  kEvGameOver,     // seat (winner) or -1 for a draw
};

}  // namespace tt::suikoden
