// A chain (stack) of activations that resolves last-in first-out, with
// priority passing: after each new link the other seats may respond in turn
// order; when every seat in the game has passed in a row, the chain resolves.
// Used by any game with responses (trap chains, a Magic-style stack).
#pragma once
#include <cstddef>
#include <string>

#include "core/error.h"
#include "core/static_vec.h"
#include "core/turn_order.h"

namespace tt {

template <typename Link, std::size_t N>
class Chain {
 public:
  bool empty() const { return links_.empty(); }
  std::size_t size() const { return links_.size(); }
  const Link& top() const { return links_.back(); }
  Link& top() { return links_.back(); }
  const Link& operator[](std::size_t i) const { return links_[i]; }
  Link& operator[](std::size_t i) { return links_[i]; }
  bool full() const { return links_.full(); }

  // `by` adds a link: priority passes to the next seat still in the game.
  void push(const Link& link, Seat by, const TurnOrder& order) {
    links_.push_back(link);
    passes_ = 0;
    priority_ = order.next(by);
  }
  // The seat with priority passes. Returns true when everyone in the game
  // has passed since the last link: the chain now resolves.
  bool pass(const TurnOrder& order) {
    ++passes_;
    if (passes_ >= order.remaining()) return true;
    priority_ = order.next(priority_);
    return false;
  }
  Link pop() {
    if (links_.empty()) throw Error("the chain is empty");
    Link l = links_.back();
    links_.pop_back();
    return l;
  }
  void clear() {
    links_.clear();
    passes_ = 0;
  }
  Seat priority() const { return priority_; }
  int passes() const { return passes_; }
  // A saved chain's priority holder and passes; throws tt::Error naming the
  // field when either is out of range (a hostile saved state).
  void restore(Seat priority, int passes) {
    if (!is_seat(priority))
      throw Error("chain priority " + std::to_string(priority) + " is not a seat (0 to " +
                  std::to_string(kMaxSeats - 1) + ")");
    if (passes < 0 || passes > kMaxSeats)
      throw Error("chain passes " + std::to_string(passes) + " is out of range (0 to " +
                  std::to_string(kMaxSeats) + ")");
    priority_ = static_cast<std::int8_t>(priority);
    passes_ = static_cast<std::int8_t>(passes);
  }
  friend bool operator==(const Chain&, const Chain&) = default;

 private:
  StaticVec<Link, N> links_;
  std::int8_t priority_ = 0;
  std::int8_t passes_ = 0;
};

}  // namespace tt
