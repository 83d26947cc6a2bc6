// Event kinds of the Last Chronicle log (rendered by describe.cpp).
#pragma once
#include <cstdint>

namespace tt::lastchronicle {

enum Ev : std::uint16_t {
  kEvFirstPlayer,    // seat
  kEvShedSet,        // seat, a=card
  kEvTokens,         // seat, a=tokens, b=total CA
  kEvDraw,           // seat, a=card (hidden to others)
  kEvMulligan,       // seat, a=count
  kEvTurn,           // seat, a=turn
  kEvPlace,          // seat, a=card, b=1 from the leader area
  kEvSpell,          // seat, a=card, b=X
  kEvActivate,       // seat, a=card
  kEvPay,            // seat, a=card (or -1 - token kind), b=CA value
  kEvCheck,          // seat, a=card
  kEvName,           // seat, a=named opponent
  kEvAttack,         // seat, a=card, b=target seat
  kEvBlock,          // seat, a=card
  kEvNoBlock,        // seat
  kEvDamagePlayer,   // seat (victim), a=amount, b=source seat, c=life left
  kEvDamageUnit,     // seat (controller), a=card, b=amount
  kEvUnitToDiscard,  // seat (owner), a=card
  kEvDiscard,        // seat, a=card
  kEvSacrifice,      // seat, a=card
  kEvLife,           // seat, a=gained, b=life
  kEvWipe,           // seat, a=card
  kEvReady,          // seat, a=card
  kEvModify,         // seat (source), a=card, b=atk, c=def
  kEvNegate,         // seat (source), a=card
  kEvBounce,         // seat (owner), a=card
  kEvControl,        // seat (new controller), a=card
  kEvDevelop,        // seat, a=times so far
  kEvRide,           // seat, a=card
  kEvLeaderHome,     // seat, a=card
  kEvJudgement,      // seat, a=opponent, b=own top card or -1, c=their top card or -1, d=won
  kEvResolve,        // seat, a=card (an ability or spell starts resolving)
  kEvOpponent,       // seat, a=chosen opponent
  kEvEliminated,     // seat, a=eliminating seat or -1
  kEvBonus,          // seat, a=bonus step (0 life, 1 draw, 2 check, 3 develop)
  kEvConcede,        // seat
  kEvDecked,         // seat
  kEvWindow,         // a=window kind
  kEvPass,           // seat
  kEvEndPhase,       // seat (turn player)
  kEvGameOver,       // seat (winner) or -1
  kEvNothing,        // seat, a=card: an effect with nothing to act on
};

}  // namespace tt::lastchronicle
