// N games stepped together for learning agents: one call applies one
// decision in every game, lets the computer seats (if any) answer, starts a
// new game where one ended, and writes every game's observation and legal
// options as flat arrays. Pure C++ (no Python), so the binding releases the
// GIL around it.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ai/agent.h"
#include "core/game.h"

namespace tt::py {

struct VectorConfig {
  Setup setup;  // seed unused
  int envs = 1;
  std::uint64_t first_seed = 1;     // env i's g-th game: first_seed + i + g * envs
  std::vector<std::string> agents;  // per seat: "" for a seat the caller plays
  int max_actions = 0;              // width of the legal-action mask
};

class VectorRunner {
 public:
  // Throws tt::Error on a bad setup, agent spec or mask width.
  VectorRunner(std::shared_ptr<const Game> game, VectorConfig config);

  int envs() const { return config_.envs; }
  int seats() const { return config_.setup.seats; }
  int observation_size() const { return obs_size_; }
  int max_actions() const { return config_.max_actions; }

  // Deals a fresh game in every env (the seeds start over).
  void reset();
  // actions[i]: the index, among env i's legal options, of the one its
  // current seat takes. Every index is checked before any is applied (a bad
  // one throws tt::Error and changes nothing). rewards (envs x seats): each
  // seat's return in an env whose game ended in this step (+1 win, -1 loss,
  // 0 draw), else 0; dones[i]: env i's game ended and a new one was dealt.
  void step(const std::int64_t* actions, float* rewards, std::uint8_t* dones);

  // envs x observation_size: each env's observation for its current seat.
  void observations(float* out) const;
  // envs x max_actions: 1 for each legal option index of the current seat.
  void masks(std::uint8_t* out) const;
  void players(std::int32_t* out) const;       // envs: the seat to act
  void legal_counts(std::int32_t* out) const;  // envs: how many options it has

  double engine_seconds() const { return engine_seconds_; }
  long games_finished() const { return games_finished_; }
  const State& state(int env) const { return *envs_[static_cast<std::size_t>(env)].state; }

 private:
  struct Env {
    std::unique_ptr<State> state;
    ActionList legal;  // the current seat's options
    Seat seat = -1;
    std::uint64_t games = 0;
    Rng rng;
  };
  void deal(int index);
  // Computer seats decide until a caller's seat is pending or the game ends.
  void advance(Env& env);
  void refresh(Env& env);

  std::shared_ptr<const Game> game_;
  std::shared_ptr<const PreparedSetup> prepared_;
  VectorConfig config_;
  std::vector<std::unique_ptr<Agent>> agents_;  // nullptr for a caller's seat
  std::vector<Env> envs_;
  int obs_size_ = 0;
  mutable double engine_seconds_ = 0;  // stepping, observations and masks
  long games_finished_ = 0;
};

}  // namespace tt::py
