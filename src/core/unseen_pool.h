// Dealing out what a seat has not seen, for State::determinize: the unseen
// cards of one kind of place (an opponent's hand and deck, the observer's own
// deck) are gathered, put in a canonical order, shuffled and dealt back to
// the same places. Sorting first makes the result depend only on which cards
// are unseen and where the unseen places are, both known to the observer,
// never on where the cards truly were: two states the observer cannot tell
// apart deal the same way for the same generator.
#pragma once
#include <algorithm>
#include <vector>

#include "core/rng.h"

namespace tt {

template <typename Card>
class UnseenPool {
 public:
  void clear() {
    places_.clear();
    cards_.clear();
  }
  // One unseen place, holding one unseen card. Add places in an order that
  // depends only on what the observer sees (zone by zone, position order).
  void add(Card& place) {
    places_.push_back(&place);
    cards_.push_back(place);
  }
  std::size_t size() const { return places_.size(); }

  // Every unseen card to a uniformly random unseen place.
  void deal(Rng& rng) {
    std::sort(cards_.begin(), cards_.end());
    rng.shuffle(cards_.begin(), cards_.end());
    for (std::size_t i = 0; i < places_.size(); ++i) *places_[i] = cards_[i];
  }

 private:
  std::vector<Card*> places_;
  std::vector<Card> cards_;  // buffers kept across clear(): no allocation once warm
};

}  // namespace tt
