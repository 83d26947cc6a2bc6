#include "vector_runner.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <numeric>

namespace tt::py {

namespace {

class Stopwatch {
 public:
  explicit Stopwatch(double& total) : total_(total), start_(std::chrono::steady_clock::now()) {}
  ~Stopwatch() {
    total_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  double& total_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace

VectorRunner::VectorRunner(std::shared_ptr<const Game> game, VectorConfig config)
    : game_(std::move(game)), config_(std::move(config)) {
  if (config_.envs < 1 || config_.envs > 1 << 16)
    throw Error("the number of games must be between 1 and 65536");
  if (config_.max_actions < 1) throw Error("max_actions must be at least 1");
  prepared_ = game_->prepare(config_.setup);
  const int seats = config_.setup.seats;
  if (config_.agents.empty()) config_.agents.assign(static_cast<std::size_t>(seats), "");
  if (static_cast<int>(config_.agents.size()) != seats)
    throw Error(std::to_string(config_.agents.size()) + " agents for " + std::to_string(seats) +
                " seats (one per seat; None for a seat you play)");
  bool caller = false;
  for (const auto& spec : config_.agents) {
    agents_.push_back(spec.empty() ? nullptr : make_agent(spec));
    caller = caller || spec.empty();
  }
  if (!caller) throw Error("every seat is a computer: leave at least one seat to the caller");
  envs_.resize(static_cast<std::size_t>(config_.envs));
  const auto probe = prepared_->deal(config_.first_seed);
  const auto shape = probe->observation_shape();
  obs_size_ = std::accumulate(shape.begin(), shape.end(), 1, std::multiplies<int>());
  reset();
}

void VectorRunner::reset() {
  Stopwatch watch(engine_seconds_);
  for (int i = 0; i < config_.envs; ++i) {
    envs_[static_cast<std::size_t>(i)].games = 0;
    deal(i);
  }
}

void VectorRunner::deal(int index) {
  Env& env = envs_[static_cast<std::size_t>(index)];
  const std::uint64_t seed = config_.first_seed + static_cast<std::uint64_t>(index) +
                             env.games * static_cast<std::uint64_t>(config_.envs);
  env.state = prepared_->deal(seed);
  env.rng = Rng(seed * 0x9E3779B97F4A7C15ull + 1);
  advance(env);
}

void VectorRunner::advance(Env& env) {
  while (!env.state->is_terminal()) {
    const Seat seat = env.state->to_act();
    Agent* agent = agents_[static_cast<std::size_t>(seat)].get();
    if (!agent) break;
    env.state->apply_action(seat, agent->choose(*env.state, seat, env.rng));
  }
  refresh(env);
}

void VectorRunner::refresh(Env& env) {
  env.legal.clear();
  env.seat = env.state->is_terminal() ? -1 : env.state->to_act();
  // Options that only take back a half-made choice are left out, as for
  // every agent: taking them again and again would go round in circles.
  if (env.seat >= 0) playable_options(*env.state, env.seat, env.legal);
  if (static_cast<int>(env.legal.size()) > config_.max_actions)
    throw Error("a decision offers " + std::to_string(env.legal.size()) +
                " options, more than max_actions (" + std::to_string(config_.max_actions) +
                "): make the mask wider");
}

void VectorRunner::step(const std::int64_t* actions, float* rewards, std::uint8_t* dones) {
  Stopwatch watch(engine_seconds_);
  for (int i = 0; i < config_.envs; ++i) {
    const auto& env = envs_[static_cast<std::size_t>(i)];
    if (actions[i] < 0 || actions[i] >= static_cast<std::int64_t>(env.legal.size()))
      throw Error("game " + std::to_string(i) + ": action " + std::to_string(actions[i]) +
                  " is not among its " + std::to_string(env.legal.size()) + " legal options");
  }
  const int seats = config_.setup.seats;
  std::fill(rewards, rewards + static_cast<std::size_t>(config_.envs) * seats, 0.0f);
  for (int i = 0; i < config_.envs; ++i) {
    Env& env = envs_[static_cast<std::size_t>(i)];
    env.state->apply_action(env.seat, env.legal[static_cast<std::size_t>(actions[i])]);
    advance(env);
    dones[i] = env.state->is_terminal() ? 1 : 0;
    if (!dones[i]) continue;
    const Outcomes outcomes = env.state->outcomes();
    for (int s = 0; s < seats && s < static_cast<int>(outcomes.size()); ++s)
      rewards[static_cast<std::size_t>(i) * seats + s] = outcomes[s].result == Result::kWin ? 1.0f
                                                         : outcomes[s].result == Result::kLoss
                                                             ? -1.0f
                                                             : 0.0f;
    ++games_finished_;
    ++env.games;
    deal(i);
  }
}

void VectorRunner::observations(float* out) const {
  Stopwatch watch(engine_seconds_);
  for (const Env& env : envs_) {
    env.state->observation(std::max<Seat>(env.seat, 0), out);
    out += obs_size_;
  }
}

void VectorRunner::masks(std::uint8_t* out) const {
  Stopwatch watch(engine_seconds_);
  std::fill(out, out + static_cast<std::size_t>(config_.envs) * config_.max_actions, 0);
  for (const Env& env : envs_) {
    std::fill(out, out + env.legal.size(), 1);
    out += config_.max_actions;
  }
}

void VectorRunner::players(std::int32_t* out) const {
  for (const Env& env : envs_) *out++ = env.seat;
}

void VectorRunner::legal_counts(std::int32_t* out) const {
  for (const Env& env : envs_) *out++ = static_cast<std::int32_t>(env.legal.size());
}

}  // namespace tt::py
