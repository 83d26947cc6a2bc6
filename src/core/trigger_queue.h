// Simultaneous triggers in a game without a stack: abilities that trigger at
// once wait here and resolve one at a time. The next to resolve belongs to
// the earliest seat in turn order counted from the turn player that has one
// waiting; that seat picks which of its own goes first. A trigger of an
// earlier seat arising mid-way is therefore taken right after the current
// one resolves (ordering goes back to the earliest seat). A seat that leaves
// the game takes its waiting triggers with it.
#pragma once
#include <cstddef>

#include "core/static_vec.h"
#include "core/turn_order.h"

namespace tt {

template <typename Trigger, std::size_t N>
class TriggerQueue {
 public:
  struct Entry {
    std::int8_t seat = kNoSeat;  // the controller, who orders and resolves it
    Trigger trigger{};
    friend bool operator==(const Entry&, const Entry&) = default;
  };

  bool empty() const { return items_.empty(); }
  std::size_t size() const { return items_.size(); }
  const Entry& operator[](std::size_t i) const { return items_[i]; }
  // Drops the trigger when the queue is full (a runaway loop), keeping the game going.
  bool push(Seat seat, const Trigger& t) {
    if (items_.full()) return false;
    items_.push_back(Entry{static_cast<std::int8_t>(seat), t});
    return true;
  }

  // The seat whose trigger resolves next: the first seat in turn order from
  // `turn_player` with one waiting (kNoSeat when empty).
  Seat next_seat(const TurnOrder& order, Seat turn_player) const {
    for (int i = 0; i < order.seats(); ++i) {
      const Seat s = (turn_player + i) % order.seats();
      for (auto& e : items_)
        if (e.seat == s) return s;
    }
    return items_.empty() ? kNoSeat : items_[0].seat;
  }
  // How many triggers `seat` has waiting.
  int count(Seat seat) const {
    int n = 0;
    for (auto& e : items_) n += e.seat == seat;
    return n;
  }
  // The index of `seat`'s k-th waiting trigger (k from 0), or -1.
  int index_of(Seat seat, int k) const {
    for (std::size_t i = 0; i < items_.size(); ++i)
      if (items_[i].seat == seat && k-- == 0) return static_cast<int>(i);
    return -1;
  }
  // Removes and returns entry i.
  Trigger take(std::size_t i) {
    Trigger t = items_[i].trigger;
    items_.erase_at(i);
    return t;
  }
  // A seat left the game: its waiting triggers end.
  void drop_seat(Seat seat) {
    for (std::size_t i = 0; i < items_.size();)
      if (items_[i].seat == seat)
        items_.erase_at(i);
      else
        ++i;
  }
  void clear() { items_.clear(); }
  friend bool operator==(const TriggerQueue&, const TriggerQueue&) = default;

 private:
  StaticVec<Entry, N> items_;
};

}  // namespace tt
