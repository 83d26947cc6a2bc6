// Board positions on a rectangular grid of squares (columns x rows), with
// orthogonal neighbours and distances. Plain values, no allocation.
#pragma once
#include <array>
#include <cstdint>
#include <cstdlib>
#include <string>

namespace tt {

struct Coord {
  std::int8_t col = 0;
  std::int8_t row = 0;
  friend bool operator==(const Coord&, const Coord&) = default;
  Coord operator+(Coord o) const {
    return {static_cast<std::int8_t>(col + o.col), static_cast<std::int8_t>(row + o.row)};
  }
  std::string str() const { return std::to_string(col) + "," + std::to_string(row); }
};

inline constexpr std::array<Coord, 4> kOrthogonal = {Coord{0, -1}, Coord{1, 0}, Coord{0, 1},
                                                     Coord{-1, 0}};

inline int manhattan(Coord a, Coord b) {
  return std::abs(a.col - b.col) + std::abs(a.row - b.row);
}
inline bool orthogonally_adjacent(Coord a, Coord b) {
  return manhattan(a, b) == 1;
}

template <int Cols, int Rows>
struct GridShape {
  static constexpr int kCols = Cols;
  static constexpr int kRows = Rows;
  static constexpr int kSquares = Cols * Rows;
  static constexpr bool in_bounds(Coord c) {
    return c.col >= 0 && c.col < Cols && c.row >= 0 && c.row < Rows;
  }
  static constexpr int index(Coord c) { return c.row * Cols + c.col; }
  static constexpr Coord at(int i) {
    return {static_cast<std::int8_t>(i % Cols), static_cast<std::int8_t>(i / Cols)};
  }
};

// Parses "col,row"; returns false when malformed.
inline bool parse_coord(const std::string& s, Coord& out) {
  const auto comma = s.find(',');
  if (comma == std::string::npos || comma == 0 || comma + 1 >= s.size() || s.size() > 7)
    return false;
  int c = 0, r = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (i == comma) continue;
    if (s[i] < '0' || s[i] > '9') return false;
    (i < comma ? c : r) = (i < comma ? c : r) * 10 + (s[i] - '0');
  }
  if (c > 100 || r > 100) return false;
  out = {static_cast<std::int8_t>(c), static_cast<std::int8_t>(r)};
  return true;
}

}  // namespace tt
