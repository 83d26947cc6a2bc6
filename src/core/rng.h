// The deterministic random number generator a state owns (xoshiro256**):
// the same seed and the same decisions always give the same game.
//
// Forced results: a scenario can fix the next few random results without
// searching for a seed ("rng": {"seed": 5, "next": [2, 4, 0]}). The next
// below(n) calls return the forced values first, in order, without advancing
// the generator; once they are used up the seeded sequence goes on where it
// was. A forced value that is not below n at its draw is an error (tt::Error
// naming both), never silently reduced: a scenario that forces a 7 on a
// six-sided die is wrong and must say so. Shuffles draw through below(), so
// forced values fix them too (docs/scenario-format.md says which draw is
// which). The queue is a fixed array, so Rng stays a small, trivially
// copyable value, and an empty queue costs below() one predictable branch.
#pragma once
#include <array>
#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <utility>

#include "core/error.h"

namespace tt {

class Rng {
 public:
  static constexpr int kMaxForced = 32;
  static constexpr std::uint32_t kMaxForcedValue = 255;

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
  // A forced result, when one is queued, comes first.
  std::uint32_t below(std::uint32_t n) {
    if (forced_count_ != 0) [[unlikely]]
      return take_forced(n);
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

  // Fisher-Yates over any random-access range: for i = n down to 2, swaps
  // element i-1 with element below(i).
  template <typename It>
  void shuffle(It first, It last) {
    const auto n = static_cast<std::uint32_t>(last - first);
    for (std::uint32_t i = n; i > 1; --i) std::swap(first[i - 1], first[below(i)]);
  }

  // Queues a result for a later below() call, after those already queued.
  // Throws tt::Error when the queue is full or the value too large to hold.
  void force(std::uint32_t value) {
    if (forced_size() >= kMaxForced)
      throw Error("rng: at most " + std::to_string(kMaxForced) + " forced results");
    if (value > kMaxForcedValue)
      throw Error("rng: a forced result is at most " + std::to_string(kMaxForcedValue) + ", not " +
                  std::to_string(value));
    if (forced_count_ == kMaxForced) compact();
    forced_[forced_count_++] = static_cast<std::uint8_t>(value);
  }
  // The forced results not drawn yet, next first.
  int forced_size() const { return forced_count_ - forced_head_; }
  std::uint32_t forced_at(int i) const { return forced_[forced_head_ + i]; }

  const std::array<std::uint64_t, 4>& words() const { return s_; }
  // A saved generator. All four words 0 is no state of xoshiro256** (it
  // would return 0 forever and below() would never return): refused.
  void set_words(const std::array<std::uint64_t, 4>& w) {
    if ((w[0] | w[1] | w[2] | w[3]) == 0) throw Error("rng: the four words cannot all be 0");
    s_ = w;
  }
  friend bool operator==(const Rng&, const Rng&) = default;

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

  [[gnu::cold, gnu::noinline]] std::uint32_t take_forced(std::uint32_t n) {
    const std::uint32_t v = forced_[forced_head_];
    if (v >= n)
      throw Error("rng: the forced result " + std::to_string(v) + " is not below " +
                  std::to_string(n) + " (this draw is one of " + std::to_string(n) +
                  " outcomes, 0 to " + std::to_string(n - 1) + ")");
    if (++forced_head_ == forced_count_) {
      forced_ = {};  // used up: equal to a generator that never had any
      forced_head_ = forced_count_ = 0;
    }
    return v;
  }
  void compact() {
    std::array<std::uint8_t, kMaxForced> rest{};
    for (int i = forced_head_; i < forced_count_; ++i) rest[i - forced_head_] = forced_[i];
    forced_count_ = static_cast<std::uint8_t>(forced_count_ - forced_head_);
    forced_head_ = 0;
    forced_ = rest;
  }

  std::array<std::uint64_t, 4> s_{};
  std::array<std::uint8_t, kMaxForced> forced_{};
  std::uint8_t forced_head_ = 0;   // the next forced result
  std::uint8_t forced_count_ = 0;  // 0: none queued (the only test below() makes)
};

// The generator in a state block's "rng" field. Written as the four state
// words (decimal strings) when nothing is forced, else as
// {"words": [...], "next": [...]}. Read from either form, from the words as
// numbers, or from {"seed": N, "next": [...]} (a scenario's seeded start);
// "next" is optional. Throws tt::Error naming what is wrong.
nlohmann::json rng_to_json(const Rng& rng);
Rng rng_from_json(const nlohmann::json& j);

}  // namespace tt
