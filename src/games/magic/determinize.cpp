// Determinization for search (issue 10): the state resampled for one seat.
// What a seat cannot see is which of an owner's unseen cards lies in that
// owner's hand and where in its library: every seat knows every deck list
// (docs/games/magic.md, "Search and learning"), and cards only ever go to
// their owner's hand and library (400.3). So each owner's unseen cards (its
// hand unless it is the observer, its library) are dealt anew among the same
// places, except the cards the observer knows there (knowledge.cpp), the
// spell being announced and a library the observer is looking through.
// Whatever is public (battlefield, graveyards, exile, ante, the stack) and
// every object's record stay as they are; objects are moved, not rewritten,
// so their references ("name#n") keep naming the same cards.
#include <algorithm>
#include <array>

#include "core/error.h"
#include "games/magic/state.h"

namespace tt::magic {

namespace {

// The unseen places of one owner: its hand and library hold at most 90 each.
struct Places {
  static constexpr int kMax = 180;
  std::array<Obj*, kMax> at;
  std::array<SeatMask, kMax> known;  // what others know stays with the place
  std::array<Zone, kMax> zone;
  int n = 0;
  void add(Obj& place, Zone z, SeatMask k) {
    at[n] = &place;
    known[n] = k;
    zone[n] = z;
    ++n;
  }
};

}  // namespace

void MagicState::determinize(Seat observer, Rng& rng) {
  changed();  // hidden cards change places
  hand_seen_ = no_instant_ = 0;
  if (observer >= 0 && observer < num_seats()) {
    const Seat searched = searching(observer);
    const Obj announced = cast_.active && cast_.item.kind == ItemKind::kSpell ? cast_.obj : kNoObj;
    auto seen = [&](Obj o) { return has_seat(objs_[o].known, observer) || o == announced; };
    // Each owner's unseen cards in object order (UnseenPool's canonical
    // order, without a sort): one pass over the objects.
    std::array<std::array<Obj, Places::kMax>, kMaxSeats> cards;
    std::array<int, kMaxSeats> count{};
    for (Obj o = 0; o < num_objs_; ++o) {
      const Object& x = objs_[o];
      if (((x.zone == Zone::kLibrary && x.owner != searched) ||
           (x.zone == Zone::kHand && x.owner != observer)) &&
          !seen(o))
        cards[x.owner][count[x.owner]++] = o;
    }
    Places d;
    for (Seat s = 0; s < num_seats(); ++s) {
      Player& p = players_[s];
      d.n = 0;
      if (s != observer) {
        // Known cards first, in object order: the others' order is hidden,
        // so the places left to deal depend only on what the observer knows.
        std::array<Obj, 90> hand;
        std::size_t k = 0;
        for (Obj o : p.hand)
          if (seen(o)) hand[k++] = o;
        if (k > 0) {
          std::sort(hand.begin(), hand.begin() + static_cast<std::ptrdiff_t>(k));
          std::size_t u = k;
          for (Obj o : p.hand)
            if (!seen(o)) hand[u++] = o;
          std::copy(hand.begin(), hand.begin() + static_cast<std::ptrdiff_t>(u), p.hand.begin());
        }
        for (std::size_t i = k; i < p.hand.size(); ++i)
          d.add(p.hand.begin()[i], Zone::kHand, objs_[p.hand[i]].known);
      }
      if (s != searched)
        for (Obj& o : p.library)
          if (!seen(o)) d.add(o, Zone::kLibrary, objs_[o].known);
      if (d.n != count[s]) throw Error("determinize: a card's zone disagrees with its zone list");
      // Every unseen card to a uniformly random unseen place.
      Obj* pool = cards[s].data();
      rng.shuffle(pool, pool + d.n);
      for (int i = 0; i < d.n; ++i) {
        *d.at[i] = pool[i];
        Object& x = objs_[pool[i]];
        x.zone = d.zone[i];
        x.known = d.known[i];
      }
    }
  }
  rng_ = Rng(rng.next());  // future shuffles and draws are not the true ones
}

// 103.5: the cards a kept hand puts on the bottom go face down; the others
// see one card go (ids.cpp shows them "bottom:card-K"), so every such option
// is one move to them.
Action MagicState::observed_action(Seat seat, Action a, Seat viewer) const {
  if (a.kind == kBottom && viewer != seat && viewer != kReferee)
    return Action{kBottom, kNoObj, 0, 0};
  return a;
}

}  // namespace tt::magic
