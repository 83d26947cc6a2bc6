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
#include <array>
#include <bit>

#include "games/lastchronicle/state.h"

namespace tt::lastchronicle {

namespace {
// One seat's unseen places and cards, on the stack: a hand and a deck hold
// at most 48 cards each, plus a face-down pick. Nothing is allocated.
struct Deal {
  static constexpr std::size_t kMost = 2 * 48 + 1;
  std::array<Card*, kMost> places;
  std::array<SeatMask, kMost> masks;  // what others know of a place (an owner's mulligan cards)
  std::array<Card, kMost> cards;
  std::size_t size = 0;  // places
  std::size_t held = 0;  // cards (one more than places with a face-down pick)
  void add(Card& place, SeatMask mask) {
    places[size] = &place;
    masks[size++] = mask;
    cards[held++] = place;
  }
};

// The unseen cards in order of their pool index (then card number), never of
// where they lay. A seat's cards have distinct pool indices in a legal deck,
// so a bit set orders them in one pass; copies (scenarios) and pools too
// large for the bit set are sorted.
void canonical_order(Deal& d, const std::array<std::uint16_t, kMaxCards>& def, std::size_t pool) {
  constexpr std::size_t kWords = 8;
  Card* const first = d.cards.data();
  Card* const last = first + d.held;
  const auto sort = [&] {
    std::sort(first, last,
              [&](Card a, Card b) { return def[a] != def[b] ? def[a] < def[b] : a < b; });
  };
  if (pool > kWords * 64) return sort();
  std::array<std::uint64_t, kWords> bits{};
  std::array<Card, kWords * 64> by_def;
  for (const Card* c = first; c != last; ++c) {
    const std::uint16_t k = def[*c];
    const std::uint64_t bit = std::uint64_t{1} << (k & 63);
    if (bits[k >> 6] & bit) return sort();
    bits[k >> 6] |= bit;
    by_def[k] = *c;
  }
  Card* out = first;
  for (std::size_t w = 0; w < kWords; ++w)
    for (std::uint64_t b = bits[w]; b; b &= b - 1)
      *out++ = by_def[w * 64 + static_cast<std::size_t>(std::countr_zero(b))];
}
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
  Deal d;
  const SeatMask me = seat_bit(observer);
  const bool other = s != observer;
  std::size_t known_in_hand = 0;
  if (other) {
    // The other seat's hand: the cards the observer knows first (in their
    // order, as its view lists them), then the unseen places.
    std::array<Card, 48> unseen;
    std::size_t u = 0;
    for (Card c : p.hand) {
      if (known_[c] & me)
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
    const std::size_t n = p.deck.size() - (tops_shown && !p.deck.empty() ? 1 : 0);
    for (std::size_t i = 0; i < n; ++i) {
      const SeatMask m = known_[p.deck[i]];
      if (!(m & me)) d.add(p.deck[i], m);
    }
  }
  // (A pick that could not have been made, in a hand-written state block,
  // stays where it is.)
  Card* pick =
      other && p.setup_pick != kNoCard && def(p.setup_pick).setup_shed ? &p.setup_pick : nullptr;
  if (pick) d.cards[d.held++] = *pick;
  if (d.held == 0) return;
  canonical_order(d, def_, rules_->pool.cards.size());
  if (pick) {
    // The face-down pick is redrawn among the cards the seat could have set
    // aside (keyword setup_shed), each as likely.
    std::uint32_t candidates = 0;
    for (std::size_t i = 0; i < d.held; ++i) candidates += def(d.cards[i]).setup_shed;
    std::uint32_t r = rng.below(candidates);
    for (std::size_t i = 0; i < d.held; ++i)
      if (def(d.cards[i]).setup_shed && r-- == 0) {
        *pick = d.cards[i];
        std::copy(d.cards.begin() + static_cast<std::ptrdiff_t>(i) + 1,
                  d.cards.begin() + static_cast<std::ptrdiff_t>(d.held),
                  d.cards.begin() + static_cast<std::ptrdiff_t>(i));
        --d.held;
        break;
      }
  }
  rng.shuffle(d.cards.begin(), d.cards.begin() + static_cast<std::ptrdiff_t>(d.size));
  for (std::size_t i = 0; i < d.size; ++i) {
    const Card c = d.cards[i];
    *d.places[i] = c;
    known_[c] = d.masks[i];
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
