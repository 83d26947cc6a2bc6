// A fixed-capacity vector stored inline that copies only the elements in use
// and leaves its unused room uninitialised: for long lists that are mostly
// short (a player's zones, a stack), so a copy costs what is in them, not
// their capacity. Otherwise as StaticVec (static_vec.h).
#pragma once
#include <algorithm>
#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <type_traits>

namespace tt {

template <typename T, std::size_t N>
class CompactVec {
 public:
  using value_type = T;
  static_assert(std::is_trivially_copyable_v<T>);
  CompactVec() {}
  CompactVec(const CompactVec& o) : size_(o.size_) { std::copy(o.begin(), o.end(), begin()); }
  CompactVec& operator=(const CompactVec& o) {
    size_ = o.size_;
    std::copy(o.begin(), o.end(), begin());
    return *this;
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  bool full() const { return size_ == N; }
  static constexpr std::size_t capacity() { return N; }

  void push_back(const T& v) {
    if (size_ >= N) throw std::length_error("CompactVec capacity exceeded");
    items_[size_++] = v;
  }
  void pop_back() { --size_; }
  void clear() { size_ = 0; }
  T& operator[](std::size_t i) { return items_[i]; }
  const T& operator[](std::size_t i) const { return items_[i]; }
  T& back() { return items_[size_ - 1]; }
  const T& back() const { return items_[size_ - 1]; }
  T* begin() { return items_; }
  T* end() { return items_ + size_; }
  const T* begin() const { return items_; }
  const T* end() const { return items_ + size_; }

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
    if (size_ >= N) throw std::length_error("CompactVec capacity exceeded");
    std::copy_backward(begin() + i, end(), end() + 1);
    items_[i] = v;
    ++size_;
  }

  friend bool operator==(const CompactVec& x, const CompactVec& y) {
    return x.size_ == y.size_ && std::equal(x.begin(), x.end(), y.begin());
  }

 private:
  std::uint16_t size_ = 0;
  union {  // unused room stays uninitialised
    T items_[N];
  };
};

}  // namespace tt
