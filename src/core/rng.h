// The deterministic random number generator a state owns (xoshiro256**):
// the same seed and the same decisions always give the same game.
#pragma once
#include <array>
#include <cstdint>
#include <utility>

namespace tt {

class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0) { reseed(seed); }

  void reseed(std::uint64_t seed) {
    // SplitMix64 spreads any seed (even 0) over the whole state.
    for (auto& word : s_) {
      seed += 0x9E3779B97F4A7C15ull;
      std::uint64_t z = seed;
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
      word = z ^ (z >> 31);
    }
  }

  std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, n) without modulo bias (Lemire's method). n must be > 0.
  std::uint32_t below(std::uint32_t n) {
    std::uint64_t m = (next() >> 32) * n;
    auto low = static_cast<std::uint32_t>(m);
    if (low < n) {
      const std::uint32_t threshold = static_cast<std::uint32_t>(-n) % n;
      while (low < threshold) {
        m = (next() >> 32) * n;
        low = static_cast<std::uint32_t>(m);
      }
    }
    return static_cast<std::uint32_t>(m >> 32);
  }

  // Fisher-Yates over any random-access range.
  template <typename It>
  void shuffle(It first, It last) {
    const auto n = static_cast<std::uint32_t>(last - first);
    for (std::uint32_t i = n; i > 1; --i) std::swap(first[i - 1], first[below(i)]);
  }

  const std::array<std::uint64_t, 4>& words() const { return s_; }
  void set_words(const std::array<std::uint64_t, 4>& w) { s_ = w; }
  friend bool operator==(const Rng&, const Rng&) = default;

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::array<std::uint64_t, 4> s_{};
};

}  // namespace tt
