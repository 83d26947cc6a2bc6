#include "games/ddm/nets.h"

#include <algorithm>

#include "core/error.h"
#include "core/grid.h"

namespace tt::ddm {

Nets::Nets(const Pool& pool) {
  using Field = GridShape<13, 19>;
  for (std::size_t s = 0; s < pool.shapes.size(); ++s) {
    first.push_back(static_cast<std::uint16_t>(all.size()));
    const auto& turns = pool.shapes[s].orientations;
    for (std::size_t t = 0; t < turns.size(); ++t) {
      Net net;
      net.shape = static_cast<std::uint8_t>(s);
      net.turn = static_cast<std::uint8_t>(t);
      for (int k = 0; k < 6; ++k) {
        net.offsets[k] = static_cast<std::int16_t>(turns[t].cells[k].row * FieldBits::kStride +
                                                   turns[t].cells[k].col);
        auto at = std::find(shifts.begin(), shifts.end(), net.offsets[k]);
        if (at == shifts.end()) {
          if (shifts.size() >= NetFit::kMaxShifts) throw Error("dungeon shapes span too far");
          at = shifts.insert(shifts.end(), net.offsets[k]);
        }
        net.shift[k] = static_cast<std::uint8_t>(at - shifts.begin());
      }
      for (int i = 0; i < Field::kSquares; ++i) {
        bool inside = true;
        for (Coord c : turns[t].cells) inside = inside && Field::in_bounds(Field::at(i) + c);
        if (inside) net.inside.set(Field::at(i));
      }
      all.push_back(net);
    }
  }
  first.push_back(static_cast<std::uint16_t>(all.size()));
}

}  // namespace tt::ddm
