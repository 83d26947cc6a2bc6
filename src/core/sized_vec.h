// A vector whose capacity is chosen when a game is set up (the seats at the
// table, the cards dealt) and kept by every copy. A state holding it stays a
// plain value sized to its table: a copy allocates once per SizedVec and
// copies only the elements in use, and nothing allocates afterwards unless
// the game asks for more room (reserve(), e.g. a token beyond the headroom).
// The interface follows StaticVec, so code reads the same either way.
#pragma once
#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <memory>  // uninitialized_copy
#include <new>
#include <stdexcept>
#include <type_traits>
#include <utility>

namespace tt {

template <typename T>
class SizedVec {
  static_assert(std::is_trivially_destructible_v<T>, "elements are plain values");
  // Raw room: elements are constructed as they are added, not when room is
  // made. A plain pointer, not a unique_ptr: an element is read through one
  // call even in an unoptimised build (the tests play long Grand Melee games
  // there, and unique_ptr's layers made each read five calls).
  static T* room(std::size_t n) {
    return n ? static_cast<T*>(::operator new(n * sizeof(T))) : nullptr;
  }
  static void give_back(T* p) { ::operator delete(static_cast<void*>(p)); }

 public:
  using value_type = T;
  SizedVec() = default;
  // `n` value-initialised elements with room for `capacity` (at least n).
  explicit SizedVec(std::size_t capacity, std::size_t n = 0) {
    reserve(std::max(capacity, n));
    resize(n);
  }
  ~SizedVec() { give_back(data_); }
  SizedVec(const SizedVec& o) : data_(room(o.cap_)), cap_(o.cap_), size_(o.size_) {
    std::uninitialized_copy(o.begin(), o.end(), begin());
  }
  SizedVec& operator=(const SizedVec& o) {
    if (this == &o) return *this;
    if (cap_ != o.cap_) {  // same table (the usual case): reuse the room
      T* fresh = room(o.cap_);
      give_back(data_);
      data_ = fresh;
      cap_ = o.cap_;
    }
    size_ = o.size_;
    std::uninitialized_copy(o.begin(), o.end(), begin());
    return *this;
  }
  SizedVec(SizedVec&& o) noexcept
      : data_(std::exchange(o.data_, nullptr)),
        cap_(std::exchange(o.cap_, 0)),
        size_(std::exchange(o.size_, 0)) {}
  SizedVec& operator=(SizedVec&& o) noexcept {
    if (this == &o) return *this;
    give_back(data_);
    data_ = std::exchange(o.data_, nullptr);
    cap_ = std::exchange(o.cap_, 0);
    size_ = std::exchange(o.size_, 0);
    return *this;
  }

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  bool full() const { return size_ == cap_; }
  std::size_t capacity() const { return cap_; }

  // More room (never less); the one place that allocates besides a copy.
  void reserve(std::size_t capacity) {
    if (capacity <= cap_) return;
    T* bigger = room(capacity);
    std::uninitialized_copy(begin(), end(), bigger);
    give_back(data_);
    data_ = bigger;
    cap_ = static_cast<std::uint32_t>(capacity);
  }
  // New elements are value-initialised.
  void resize(std::size_t n) {
    if (n > cap_) throw std::length_error("SizedVec capacity exceeded");
    for (std::size_t i = size_; i < n; ++i) new (&data_[i]) T{};
    size_ = static_cast<std::uint32_t>(n);
  }
  void push_back(const T& v) {
    if (size_ >= cap_) throw std::length_error("SizedVec capacity exceeded");
    new (&data_[size_++]) T(v);
  }
  void pop_back() { --size_; }
  void clear() { size_ = 0; }
  T& operator[](std::size_t i) {
    assert(i < size_);
    return data_[i];
  }
  const T& operator[](std::size_t i) const {
    assert(i < size_);
    return data_[i];
  }
  T& back() { return data_[size_ - 1]; }
  const T& back() const { return data_[size_ - 1]; }
  T* begin() { return data_; }
  T* end() { return data_ + size_; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }

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
    if (size_ >= cap_) throw std::length_error("SizedVec capacity exceeded");
    new (end()) T(v);
    ++size_;
    std::rotate(begin() + static_cast<std::ptrdiff_t>(i), end() - 1, end());
  }

  // Equal contents; capacity is room, not value.
  friend bool operator==(const SizedVec& x, const SizedVec& y) {
    return x.size_ == y.size_ && std::equal(x.begin(), x.end(), y.begin());
  }

 private:
  T* data_ = nullptr;
  std::uint32_t cap_ = 0;
  std::uint32_t size_ = 0;
};

}  // namespace tt
