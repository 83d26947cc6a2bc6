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

#include "games/magic/state.h"

namespace tt::magic {

namespace {

// The unseen places of one owner: its hand and library hold at most 90 each.
struct Deal {
  static constexpr int kMax = 180;
  std::array<Obj*, kMax> place;
  std::array<Obj, kMax> card;
  std::array<SeatMask, kMax> known;  // what others know stays with the place
  std::array<Zone, kMax> zone;
  int n = 0;
  void add(Obj& at, Zone z, SeatMask k) {
    place[n] = &at;
    card[n] = at;
    known[n] = k;
    zone[n] = z;
    ++n;
  }
};

}  // namespace

void MagicState::determinize(Seat observer, Rng& rng) {
  if (observer >= 0 && observer < num_seats()) {
    const Seat searched = searching(observer);
    const Obj announced = cast_.active && cast_.item.kind == ItemKind::kSpell ? cast_.obj : kNoObj;
    auto seen = [&](Obj o) { return has_seat(objs_[o].known, observer) || o == announced; };
    Deal d;
    for (Seat s = 0; s < num_seats(); ++s) {
      Player& p = players_[s];
      d.n = 0;
      std::size_t first_unseen = 0;
      if (s != observer) {
        // Known cards first, in object order: the others' order is hidden,
        // so the places left to deal depend only on what the observer knows.
        std::array<Obj, 90> kept;
        std::size_t k = 0;
        for (Obj o : p.hand)
          if (seen(o)) kept[k++] = o;
        if (k > 0) {
          std::sort(kept.begin(), kept.begin() + static_cast<std::ptrdiff_t>(k));
          std::size_t u = k;
          std::array<Obj, 90> rest;
          for (Obj o : p.hand)
            if (!seen(o)) rest[u++ - k] = o;
          std::copy(rest.begin(), rest.begin() + static_cast<std::ptrdiff_t>(u - k),
                    kept.begin() + static_cast<std::ptrdiff_t>(k));
          std::copy(kept.begin(), kept.begin() + static_cast<std::ptrdiff_t>(u), p.hand.begin());
        }
        first_unseen = k;
        for (std::size_t i = first_unseen; i < p.hand.size(); ++i)
          d.add(p.hand.begin()[i], Zone::kHand, objs_[p.hand[i]].known);
      }
      if (s != searched)
        for (Obj& o : p.library)
          if (!seen(o)) d.add(o, Zone::kLibrary, objs_[o].known);
      if (d.n < 2) continue;
      // UnseenPool's canonical deal: sorted, shuffled, dealt in place order.
      std::sort(d.card.begin(), d.card.begin() + d.n);
      rng.shuffle(d.card.begin(), d.card.begin() + d.n);
      for (int i = 0; i < d.n; ++i) {
        *d.place[i] = d.card[i];
        Object& x = objs_[d.card[i]];
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
