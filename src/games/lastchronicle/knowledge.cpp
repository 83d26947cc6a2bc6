// What a seat knows beyond the zones it sees: cards that became known while
// staying in a hidden zone (a hand or a deck). Each is tracked per card in
// known_ (a seat mask) and shown in the views, so that views, information
// states and determinizations agree (docs/games/lastchronicle.md, "Search
// and learning"). The ways a hidden card becomes known in this game:
//   - the mulligan: the cards a player puts on the bottom of its deck are
//     known to that player, at their place, until drawn (actions.cpp);
//   - judgement (審判): both deck tops are shown and stay on top (effects.cpp);
//   - a reveal_top static (2-046, "each player reveals the top card of the
//     deck"): every deck top shown while it lasts stays known (here);
//   - a unit returned to its owner's hand: everyone saw which (effects.cpp).
// A known deck top that is drawn stays known in the hand. Cards only leave
// the top of a deck and only go to its bottom (the mulligan), so a known
// card's place in the deck never changes unseen.
#include "core/view_writer.h"
#include "games/lastchronicle/state.h"

namespace tt::lastchronicle {

void LcState::reveal_top(Seat s) {
  if (s < 0 || s >= num_seats()) return;
  const Player& p = players_[s];
  if (!p.deck.empty()) known_[p.deck.back()] = everyone();
}

// Called once a decision has been applied: whatever the views show now has
// been seen, so a top revealed by a static stays known after it ends.
void LcState::note_revealed_tops() {
  if (!tops_revealed()) return;
  for (Seat s = 0; s < num_seats(); ++s) reveal_top(s);
}

// "hand_known": the cards of s's hand that other seats know. The referee and
// s itself see the hand, so they get indices into "hand"; another seat gets
// the ids of those it knows. "deck_known": the places of s's deck (0 = top)
// that some seat knows, with the seats, and the card when the viewer is one
// of them (the referee reads "deck").
void LcState::write_hand_known(Seat viewer, Seat s, ViewWriter& out) const {
  const Player& p = players_[s];
  const bool sees_hand = viewer == kReferee || viewer == s;
  out.begin_array();
  for (std::size_t i = 0; i < p.hand.size(); ++i) {
    const Card c = p.hand[i];
    if ((known_[c] & everyone() & ~seat_bit(s)) == 0) continue;
    if (sees_hand)
      out.value(i);
    else if (has_seat(known_[c], viewer))
      out.string(def(c).id);
  }
  out.end_array();
}

void LcState::write_deck_known(Seat viewer, Seat s, ViewWriter& out) const {
  const Player& p = players_[s];
  const std::size_t n = p.deck.size();
  out.begin_array();
  for (std::size_t i = 0; i < n; ++i) {
    const Card c = p.deck[n - 1 - i];
    const SeatMask m = known_[c] & everyone();
    if (!m) continue;
    out.begin_object();
    out.field("at", i);
    if (viewer != kReferee && has_seat(m, viewer)) out.field("card", def(c).id);
    out.key("seats").begin_array();
    for (Seat k = 0; k < num_seats(); ++k)
      if (has_seat(m, k)) out.value(k);
    out.end_array();
    out.end_object();
  }
  out.end_array();
}

}  // namespace tt::lastchronicle
