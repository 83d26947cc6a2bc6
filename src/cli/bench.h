// tabletop bench: a fixed-seed behaviour signature, and the playout speed
// measured the same way as `make bench` (bench/playout_bench.cpp): games from
// a fresh set-up (FreshGame there), and games from one fixed start
// (RandomPlayout there).
#pragma once
#include <cstdint>

#include "core/game.h"

namespace tt::cli {

// Whole random games, every decision by a seat.
struct PlayoutRun {
  long games = 0;
  long decisions = 0;
  double seconds = 0;
};

// Times are CPU seconds of this process, as Google Benchmark's rates use.
struct BenchResult {
  // Fresh games: game i is a new deal with seed + i (new shuffle, first
  // player, opening draws) from the setup prepared once, then random_playout
  // with Rng(seed + i). `seconds` counts the deals and playouts; the
  // signature's hashing of each final state is done apart, untimed.
  long games = 0;
  long decisions = 0;
  double seconds = 0;
  std::uint64_t signature = 0;  // FNV-1a over each final state's fingerprint
  double prepare_seconds = 0;   // Game::prepare, once
  double deal_seconds = 0;      // n deals alone, all together
  // Games from one fixed start: game i copies the deal with `seed` and plays
  // random_playout with Rng(seed + i); the set-up is outside the timing.
  PlayoutRun fixed;
};

// n fresh games from seeds seed..seed+n-1 with the game's default setup
// (their signature), then `fixed_games` games from one fixed start.
BenchResult run_bench(const Game& game, long n, std::uint64_t seed, int seats = 0,
                      long fixed_games = 0);

}  // namespace tt::cli
