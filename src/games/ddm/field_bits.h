// The field as a set of squares, one bit a square, for finding where a
// dungeon net fits without visiting squares one by one. A row takes 16 bits
// (13 squares and 3 always empty), so square (col,row) is bit row*16+col and
// moving a set by a net's offset is one shift of the whole set.
#pragma once
#include <array>
#include <bit>
#include <cstdint>

#include "core/grid.h"

namespace tt::ddm {

struct FieldBits {
  static constexpr int kStride = 16;
  static constexpr int kRows = 19;
  static constexpr int kWords = (kRows * kStride + 63) / 64;  // 304 bits
  std::array<std::uint64_t, kWords> w{};

  static constexpr int bit(Coord c) { return c.row * kStride + c.col; }
  static constexpr Coord coord(int bit) {
    return {static_cast<std::int8_t>(bit % kStride), static_cast<std::int8_t>(bit / kStride)};
  }
  void set(Coord c) { w[bit(c) >> 6] |= 1ull << (bit(c) & 63); }
  void reset(Coord c) { w[bit(c) >> 6] &= ~(1ull << (bit(c) & 63)); }
  bool test(Coord c) const { return (w[bit(c) >> 6] >> (bit(c) & 63)) & 1u; }
  bool any() const {
    std::uint64_t x = 0;
    for (auto v : w) x |= v;
    return x != 0;
  }
  int count() const {
    int n = 0;
    for (auto v : w) n += std::popcount(v);
    return n;
  }

  FieldBits& operator&=(const FieldBits& o) {
    for (int i = 0; i < kWords; ++i) w[i] &= o.w[i];
    return *this;
  }
  FieldBits& operator|=(const FieldBits& o) {
    for (int i = 0; i < kWords; ++i) w[i] |= o.w[i];
    return *this;
  }
  friend FieldBits operator&(FieldBits a, const FieldBits& b) { return a &= b; }
  friend FieldBits operator|(FieldBits a, const FieldBits& b) { return a |= b; }
  friend bool operator==(const FieldBits&, const FieldBits&) = default;

  // The squares b such that square b + k is in this set (k in bits; squares
  // off the field are never in it).
  FieldBits shifted(int k) const {
    FieldBits out;
    // Nets move by less than a word: the common case without word offsets.
    if (k > 0 && k < 64) {
      for (int i = 0; i + 1 < kWords; ++i) out.w[i] = (w[i] >> k) | (w[i + 1] << (64 - k));
      out.w[kWords - 1] = w[kWords - 1] >> k;
      return out;
    }
    if (k < 0 && k > -64) {
      for (int i = kWords - 1; i > 0; --i) out.w[i] = (w[i] << -k) | (w[i - 1] >> (64 + k));
      out.w[0] = w[0] << -k;
      return out;
    }
    if (k == 0) return *this;
    if (k >= 0) {
      const int words = k >> 6, bits = k & 63;
      for (int i = 0; i + words < kWords; ++i) {
        std::uint64_t v = w[i + words] >> bits;
        if (bits && i + words + 1 < kWords) v |= w[i + words + 1] << (64 - bits);
        out.w[i] = v;
      }
    } else {
      const int words = (-k) >> 6, bits = (-k) & 63;
      for (int i = kWords - 1; i - words >= 0; --i) {
        std::uint64_t v = w[i - words] << bits;
        if (bits && i - words - 1 >= 0) v |= w[i - words - 1] >> (64 - bits);
        out.w[i] = v;
      }
    }
    return out;
  }

  // Calls f(Coord) for every square in the set, by rows then columns.
  template <typename F>
  void for_each(F f) const {
    for (int i = 0; i < kWords; ++i)
      for (std::uint64_t v = w[i]; v; v &= v - 1) f(coord(i * 64 + std::countr_zero(v)));
  }
};

}  // namespace tt::ddm
