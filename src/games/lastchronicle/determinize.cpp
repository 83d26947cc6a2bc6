// A full state sampled for one observer (State::determinize): every card the
// observer does not know is dealt anew, uniformly, among the places where it
// could be, and the generator is reseeded. A card only ever lies in its
// owner's zones (a unit under another's control is on a battlefield, seen by
// all), so each seat's unseen cards form one pool: its hand (for the others),
// its deck, and its face-down set-up pick (for the others).
//
// Canonical: the unseen cards are sorted by pool index before the shuffle and
// the places are taken in an order the observer sees (the other seats' hands
// laid out as known cards first, in their order, then the unseen ones), so
// two states the observer cannot tell apart give the same state.
#include <algorithm>
#include <vector>

#include "games/lastchronicle/state.h"

namespace tt::lastchronicle {

namespace {
// Scratch buffers kept across calls: nothing is allocated once warm.
struct Deal {
  std::vector<Card*> places;
  std::vector<SeatMask> masks;  // what others know of the place (an owner's mulligan cards)
  std::vector<Card> cards;
  void clear() {
    places.clear();
    masks.clear();
    cards.clear();
  }
  void add(Card& place, SeatMask mask) {
    places.push_back(&place);
    masks.push_back(mask);
    cards.push_back(place);
  }
};
thread_local Deal scratch;
}  // namespace

void LcState::determinize(Seat observer, Rng& rng) {
  if (observer >= 0 && observer < num_seats()) {
    const bool tops_shown = tops_revealed();
    for (Seat s = 0; s < num_seats(); ++s) deal_unseen(observer, s, tops_shown, rng);
  }
  // Chance to come (the set-up shuffle, the first player) is drawn afresh.
  rng_ = Rng(rng.next());
}

void LcState::deal_unseen(Seat observer, Seat s, bool tops_shown, Rng& rng) {
  Player& p = players_[s];
  Deal& d = scratch;
  d.clear();
  const bool other = s != observer;
  std::size_t known_in_hand = 0;
  if (other) {
    // The other seat's hand: the cards the observer knows first (in their
    // order, as its view lists them), then the unseen places.
    std::array<Card, 48> unseen;
    std::size_t u = 0;
    for (Card c : p.hand) {
      if (has_seat(known_[c], observer))
        p.hand[known_in_hand++] = c;
      else
        unseen[u++] = c;
    }
    for (std::size_t i = 0; i < u; ++i) p.hand[known_in_hand + i] = unseen[i];
    for (std::size_t i = known_in_hand; i < p.hand.size(); ++i) d.add(p.hand[i], 0);
  }
  // Before the set-up shuffle the observer's own deck is still in deck-list
  // order (its shed options are listed in that order): left as it is.
  if (other || phase_ != Phase::kSetupShed) {
    const std::size_t n = p.deck.size();
    for (std::size_t i = 0; i < n; ++i) {
      const Card c = p.deck[i];
      if (has_seat(known_[c], observer) || (tops_shown && i + 1 == n)) continue;
      d.add(p.deck[i], known_[c]);
    }
  }
  Card* pick = other && p.setup_pick != kNoCard ? &p.setup_pick : nullptr;
  if (pick) d.cards.push_back(*pick);
  if (d.cards.empty()) return;
  std::sort(d.cards.begin(), d.cards.end(),
            [&](Card a, Card b) { return def_[a] != def_[b] ? def_[a] < def_[b] : a < b; });
  if (pick) {
    // The face-down pick is redrawn among the cards the seat could have set
    // aside (keyword setup_shed), each as likely.
    std::uint32_t candidates = 0;
    for (Card c : d.cards) candidates += def(c).setup_shed;
    std::uint32_t r = rng.below(candidates);
    for (std::size_t i = 0; i < d.cards.size(); ++i)
      if (def(d.cards[i]).setup_shed && r-- == 0) {
        *pick = d.cards[i];
        d.cards.erase(d.cards.begin() + static_cast<std::ptrdiff_t>(i));
        break;
      }
  }
  rng.shuffle(d.cards.begin(), d.cards.end());
  for (std::size_t i = 0; i < d.places.size(); ++i) {
    *d.places[i] = d.cards[i];
    known_[d.cards[i]] = d.masks[i];
  }
  // The cards picked so far at the mulligan are redrawn from the hand.
  if (other && phase_ == Phase::kMulligan && deciding_ == s)
    for (std::size_t i = 0; i < mulligan_pick_.size() && known_in_hand + i < p.hand.size(); ++i)
      mulligan_pick_[i] = p.hand[known_in_hand + i];
}

Action LcState::observed_action(Seat seat, Action a, Seat viewer) const {
  if (viewer == seat || viewer == kReferee) return a;
  if ((a.kind == kShed && a.a != kNoCard) || a.kind == kMulliganPick)
    return Action{a.kind, kFaceDown, 0, 0};
  return a;
}

}  // namespace tt::lastchronicle
