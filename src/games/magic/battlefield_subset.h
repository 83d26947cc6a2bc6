// Some of the battlefield's permanents, in battlefield order: those with
// abilities to activate, or the creatures and Auras. Most of a table's
// battlefield is lands, so the option listings and the state-based actions
// walk such a list instead. It is kept as permanents enter and leave (never
// saved; rebuilt on load). While more permanents belong than it has room
// for it holds none of them and `of` answers the whole battlefield: every
// caller checks the kind of what it walks anyway, so only speed differs.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>

#include "core/compact_vec.h"
#include "core/sized_vec.h"

namespace tt::magic {

template <std::size_t N>
class BattlefieldSubset {
 public:
  using Obj = std::uint16_t;
  // o belongs and has just joined the battlefield (after its place there).
  void entered(Obj o) {
    if (++count_ <= N) list_.push_back(o);
  }
  // o belonged and has just left `battlefield`; `belongs` picks the
  // members when the list fits again.
  template <typename Belongs>
  void left(Obj o, const SizedVec<Obj>& battlefield, Belongs belongs) {
    if (count_-- <= N) {
      list_.remove(o);
    } else if (count_ == N) {
      list_.clear();
      for (Obj p : battlefield)
        if (belongs(p)) list_.push_back(p);
    }
  }
  void clear() {
    count_ = 0;
    list_.clear();
  }
  // The members, or the whole battlefield while they do not fit.
  std::span<const Obj> of(const SizedVec<Obj>& battlefield) const {
    if (count_ <= N) return {list_.begin(), list_.size()};
    return {battlefield.begin(), battlefield.size()};
  }
  bool fits() const { return count_ <= N; }
  std::size_t count() const { return count_; }
  const CompactVec<Obj, N>& list() const { return list_; }
  friend bool operator==(const BattlefieldSubset&, const BattlefieldSubset&) = default;

 private:
  std::uint16_t count_ = 0;
  CompactVec<Obj, N> list_;
};

}  // namespace tt::magic
