// Agents against each other (tabletop arena): the line-up of agents rotated
// over the seats so each agent sits in each seat equally often, each deal
// played once per rotation, games spread over threads, and the standings:
// win rates with intervals, game lengths, time per decision and an Elo-like
// rating from every pairwise result.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "cli/rating.h"
#include "core/game.h"

namespace tt::cli {

struct ArenaConfig {
  Setup setup;                      // setup.seed: the first deal's seed
  std::vector<std::string> lineup;  // an agent spec per seat, in the order given
  long games = 100;
  int jobs = 1;                    // threads playing games at once
  long max_decisions = 1'000'000;  // a longer game is unfinished and left out
};

// Game i deals with seed setup.seed + i / n (n seats) and rotates the
// line-up by i % n: seat s is played by lineup[(s + i) % n]. So every deal is
// played once with each rotation, and over a multiple of n games each agent
// sits in each seat equally often.
std::uint64_t arena_deal_seed(const ArenaConfig& config, long game);
int arena_entry_at(const ArenaConfig& config, long game, int seat);

struct ArenaGame {
  bool finished = false;
  long decisions = 0;
  double turns = -1;            // the referee view's "turn" at the end, when it has one
  Outcomes outcomes;            // by seat
  std::vector<long> decided;    // by seat: decisions its agent made
  std::vector<double> thought;  // by seat: seconds its agent spent deciding
};

// Plays the games, each with fresh agents and its own generator, so the
// results depend only on the seed (not on jobs or timing, except for agents
// given a time budget). `progress(done)` is called after each game, from
// one thread at a time.
std::vector<ArenaGame> run_arena(const Game& game, const ArenaConfig& config,
                                 const std::function<void(long)>& progress = {});

// One agent's results. Entries of the line-up with the same spec are one
// agent (its seat-games counted together).
struct ArenaStanding {
  std::string agent;  // its spec
  int entries = 0;    // seats of the line-up it holds
  long games = 0;     // finished seat-games
  long wins = 0, draws = 0, losses = 0;
  double mean_length = 0;  // decisions per finished game it played
  double mean_turns = -1;  // turns, when the game counts them
  long decided = 0;        // its own decisions
  double seconds = 0;      // its time deciding
  Rating rating;
};

struct ArenaSummary {
  std::vector<ArenaStanding> agents;  // in line-up order of first appearance
  PairResults pairs{0};               // agent against agent, by place
  long finished = 0, unfinished = 0;
};

// Pairwise results: in each finished game, every two seats held by different
// agents are one meeting, won by the better place (equal places: a draw).
ArenaSummary summarize_arena(const ArenaConfig& config, const std::vector<ArenaGame>& games);

}  // namespace tt::cli
