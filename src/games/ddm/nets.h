// Dungeon nets ready for placement: every shape laid every distinct way, as
// bit offsets on the field (field_bits.h), computed once per game from the pool.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "games/ddm/field_bits.h"
#include "games/ddm/pool.h"

namespace tt::ddm {

// One shape laid one way ("turn"): its six squares as bit offsets from the
// monster's square, and the squares the monster may stand on so that the
// whole net lies inside the field.
struct Net {
  std::uint8_t shape = 0;
  std::uint8_t turn = 0;
  std::array<std::int16_t, 6> offsets{};
  std::array<std::uint8_t, 6> shift{};  // each offset's index in Nets::shifts
  FieldBits inside;
};

struct Nets {
  std::vector<Net> all;              // by shape, then turn
  std::vector<std::uint16_t> first;  // each shape's first net in `all`; one more at the end
  std::vector<std::int16_t> shifts;  // the distinct offsets of all nets

  explicit Nets(const Pool& pool);
  const Net& at(int shape, int turn) const { return all[first[shape] + turn]; }
  int turns(int shape) const { return first[shape + 1] - first[shape]; }
};

// Where `net` may go: the monster squares for which all six squares are free
// and at least one of them is in `front` (free squares touching the player's
// own dungeon or dungeon master edge to edge).
inline FieldBits fits(const Net& net, const FieldBits& free, const FieldBits& front) {
  FieldBits all = net.inside, touch;
  for (std::int16_t k : net.offsets) {
    all &= free.shifted(k);
    touch |= front.shifted(k);
  }
  return all & touch;
}

// The same for many nets of one field: the field's sets are moved by each
// offset once, and each net only combines them.
class NetFit {
 public:
  static constexpr int kMaxShifts = 128;  // offsets of six connected squares span at most 11x11
  NetFit(const Nets& nets, const FieldBits& free, const FieldBits& front) {
    for (std::size_t i = 0; i < nets.shifts.size(); ++i) {
      free_[i] = free.shifted(nets.shifts[i]).w;
      front_[i] = front.shifted(nets.shifts[i]).w;
    }
  }
  FieldBits at(const Net& net) const {
    FieldBits all = net.inside, touch;
    for (std::uint8_t i : net.shift)
      for (int k = 0; k < FieldBits::kWords; ++k) {
        all.w[k] &= free_[i][k];
        touch.w[k] |= front_[i][k];
      }
    return all & touch;
  }

 private:
  using Words = std::array<std::uint64_t, FieldBits::kWords>;
  // Left uninitialised: only the entries of the nets' offsets are written and read.
  Words free_[kMaxShifts];
  Words front_[kMaxShifts];
};

}  // namespace tt::ddm
