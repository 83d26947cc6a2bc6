// Event kinds of the DDM log (rendered by describe.cpp).
#pragma once
#include <cstdint>

namespace tt::ddm {

enum Ev : std::uint16_t {
  kEvFirstPlayer,   // seat
  kEvTurn,          // seat, a=turn, b=round
  kEvRoll,          // seat, a/b/c = die slot*8+face for the three dice
  kEvCrests,        // seat, a=crest, b=gained (after the cap)
  kEvSummonLevel,   // seat, a=level mask
  kEvSummon,        // seat, a=piece (hidden to the other seat for items), b=square
  kEvPiecePlaced,   // seat, a=shape, b=square
  kEvMove,          // seat, a=piece, b=from square, c=to square
  kEvItem,          // seat (mover's), a=item, b=mover
  kEvItemDeclined,  // seat, a=mover
  kEvAttack,        // seat, a=attacker piece (254: dungeon master), b=target square
  kEvDefend,        // seat, a=defender
  kEvTake,          // seat, a=defender
  kEvDamage,        // seat (owner), a=piece, b=damage dealt, c=total damage
  kEvDestroyed,     // seat (owner), a=piece
  kEvMasterHit,     // seat (master's), a=counters now
  kEvActivate,      // seat, a=piece, b=ability, c=target square or -1
  kEvNegated,       // seat (of the negated link), a=piece, b=ability
  kEvResolve,       // seat, a=piece, b=ability
  kEvCrust,         // seat, a=square
  kEvPass,          // seat
  kEvEndMain,       // seat
  kEvTimeUp,        // a=round
  kEvGameOver,      // seat or -1
  kEvReserve,       // seat, a=piece set out in its reserve at set-up (hidden to the other seat)
};

}  // namespace tt::ddm
