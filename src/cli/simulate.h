// AI-vs-AI games: who wins at each seat and with each agent, and how long
// games last.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/game.h"

namespace tt::cli {

struct Tally {
  long wins = 0, losses = 0, draws = 0;
  long games() const { return wins + losses + draws; }
};

struct SimulationConfig {
  Setup setup;  // seed is the first game's; game i uses seed + i
  long games = 100;
  std::vector<std::string> agents;  // one per seat ("agent slot")
  bool swap = true;                 // game i seats slot (s + i) % seats at seat s
  long max_decisions = 1000000;     // a longer game counts as unfinished
};

struct SimulationReport {
  std::vector<Tally> per_seat;
  std::vector<Tally> per_agent;   // by agent slot
  std::vector<double> decisions;  // per finished game
  std::vector<double> turns;      // per finished game, when the view has "turn"
  long unfinished = 0;
  double seconds = 0;
};

// The agent slot at `seat` in game `index`.
int slot_at(const SimulationConfig& config, long index, int seat);

// Plays the games. `progress(done)` is called after each game.
SimulationReport simulate(const Game& game, const SimulationConfig& config,
                          const std::function<void(long)>& progress = {});

}  // namespace tt::cli
