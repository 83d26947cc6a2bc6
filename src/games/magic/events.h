// Event kinds of the Magic-style game's log (core Event::kind); describe.cpp
// renders each for a viewer, hiding what that viewer may not see.
#pragma once
#include <cstdint>

namespace tt::magic {

enum Ev : std::uint16_t {
  kEvStart = 1,       // a = starting seat
  kEvDraw,            // seat draws a = object (detail: the drawer)
  kEvTurn,            // seat's turn begins, a = turn serial, b = extra
  kEvLand,            // seat plays land a
  kEvCast,            // seat casts a (object), b = stack id
  kEvActivate,        // seat activates a (object), b = ability
  kEvTrigger,         // a = source object, b = trigger index (controller = seat)
  kEvResolve,         // a = stack id, b = card def
  kEvAttack,          // a = creature, b = seat attacked
  kEvBlock,           // a = blocker, b = attacker
  kEvDamagePlayer,    // a = source object, b = amount (seat = player)
  kEvDamageCreature,  // a = source, b = creature, c = amount
  kEvLife,            // a = change (seat)
  kEvDies,            // a = object
  kEvLeaves,          // seat left the game, a = reason (0 lost, 1 conceded, 2 drew, 3 team)
  kEvMulligan,        // seat mulligans, a = count
  kEvKeep,            // seat keeps, a = hand size
  kEvControl,         // a = object, b = new controller
  kEvToken,           // a = token object (seat = owner)
  kEvExile,           // a = object
  kEvReturn,          // a = object returns to the battlefield
  kEvWin,             // seat wins
  kEvFizzle,          // a = stack id: every target illegal (608.2b)
  kEvChoose,          // seat chose a = seat / mode for b = object
  kEvPoison,          // seat gets a poison counters
  kEvCopy,            // a = stack id of the copy, b = def
  kEvBottom,          // seat puts a card on the bottom (detail: seat)
  kEvCease,           // a = stack id that ceased to exist (800.4a)
  kEvNoTurn,          // a departed seat's turn is skipped (800.4k)
  kEvDefender,        // seat is the defending player (506.2a)
  kEvAnte,            // seat antes a (407.2)
  kEvPlanar,          // seat becomes the planar controller (800.4p)
  kEvToHand,          // seat puts a (object) into its hand from a revealed pile
  kEvTarget,          // seat's a (spell card or ability source) targets: b = kind (1 player,
                      // 2 object, 3 stack item), c = seat / object / the targeted item's card def
};

}  // namespace tt::magic
