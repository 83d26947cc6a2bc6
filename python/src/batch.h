// Many games played to the end in one call, for balance studies: each
// game's outcome, length and card summary, as flat columns that the Python
// side turns into NumPy arrays. Pure C++ (no Python), so the caller can
// release the GIL around it.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"

namespace tt::py {

struct BatchConfig {
  Setup setup;  // seed unused: game i is dealt with first_seed + i
  std::uint64_t first_seed = 1;
  long count = 0;
  std::vector<std::string> agents;  // one spec per slot
  bool swap = true;                 // game i seats slot (s + i) % seats at seat s
  long max_decisions = 100000;      // a longer game is left unfinished
};

// Column per game (G games, S seats): row-major G x S for per-seat columns.
struct BatchResult {
  int seats = 0;
  std::vector<std::uint64_t> seed;
  std::vector<std::int8_t> slot, result, place;  // G x S; result -1 when unfinished
  std::vector<std::uint8_t> finished;
  std::vector<std::int32_t> decisions, turns;
  std::vector<std::int8_t> first;
  std::vector<std::string> cards;  // card ids, sorted
  // One row per (game, seat, card) that was drawn or played.
  std::vector<std::int32_t> card_game, card, drawn, played;
  std::vector<std::int8_t> card_seat;
  double seconds = 0;
};

// The slot seated at `seat` in game `index`.
inline int batch_slot(const BatchConfig& config, long index, int seat) {
  const int seats = config.setup.seats;
  return config.swap ? static_cast<int>((seat + index) % seats) : seat;
}

// Plays config.count games of `game` (decks, options and agents checked
// first: throws tt::Error naming the problem before any game is played).
BatchResult play_batch(const Game& game, const BatchConfig& config);

}  // namespace tt::py
