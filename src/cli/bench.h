// A fixed-seed behaviour signature: random playouts from known seeds, hashed.
// Two builds that play the same rules print the same signature.
#pragma once
#include <cstdint>

#include "core/game.h"

namespace tt::cli {

struct BenchResult {
  long games = 0;
  long decisions = 0;
  std::uint64_t signature = 0;  // FNV-1a over each final state's fingerprint
  double seconds = 0;
};

// Playouts from seeds seed..seed+n-1: the game's default setup with that
// seed, then random_playout with Rng(seed).
BenchResult run_bench(const Game& game, long n, std::uint64_t seed, int seats = 0);

}  // namespace tt::cli
