// A fixed-capacity vector stored inline, so a state holding it stays a plain
// value: copying a state is one memcpy-like copy with no heap traffic.
#pragma once
#include <algorithm>
#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <stdexcept>

namespace tt {

template <typename T, std::size_t N>
class StaticVec {
 public:
  using value_type = T;
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  bool full() const { return size_ == N; }
  static constexpr std::size_t capacity() { return N; }

  void push_back(const T& v) {
    if (size_ >= N) throw std::length_error("StaticVec capacity exceeded");
    items_[size_++] = v;
  }
  void pop_back() { --size_; }
  void clear() { size_ = 0; }
  T& operator[](std::size_t i) { return items_[i]; }
  const T& operator[](std::size_t i) const { return items_[i]; }
  T& back() { return items_[size_ - 1]; }
  const T& back() const { return items_[size_ - 1]; }
  T* begin() { return items_.data(); }
  T* end() { return items_.data() + size_; }
  const T* begin() const { return items_.data(); }
  const T* end() const { return items_.data() + size_; }

  bool contains(const T& v) const { return std::find(begin(), end(), v) != end(); }
  // Removes the first element equal to v, keeping order. Returns false if absent.
  bool remove(const T& v) {
    auto it = std::find(begin(), end(), v);
    if (it == end()) return false;
    std::copy(it + 1, end(), it);
    --size_;
    return true;
  }
  void erase_at(std::size_t i) {
    std::copy(begin() + i + 1, end(), begin() + i);
    --size_;
  }
  void insert_at(std::size_t i, const T& v) {
    if (size_ >= N) throw std::length_error("StaticVec capacity exceeded");
    std::copy_backward(begin() + i, end(), end() + 1);
    items_[i] = v;
    ++size_;
  }

  friend bool operator==(const StaticVec& x, const StaticVec& y) {
    return x.size_ == y.size_ && std::equal(x.begin(), x.end(), y.begin());
  }

 private:
  std::array<T, N> items_{};
  std::uint16_t size_ = 0;
};

}  // namespace tt
