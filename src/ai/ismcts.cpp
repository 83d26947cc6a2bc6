#include "ai/ismcts.h"

#include <chrono>
#include <thread>

#include "ai/ismcts_tree.h"

namespace tt {

IsmctsConfig IsmctsConfig::from(const AgentSpec& spec) {
  IsmctsConfig c;
  c.sims = static_cast<long>(spec.number("sims"));
  c.ms = static_cast<long>(spec.number("ms"));
  c.c = spec.number("c");
  c.depth = static_cast<int>(spec.number("depth"));
  c.greedy_rollout = spec.word("rollout") == "greedy";
  c.threads = static_cast<int>(spec.number("threads"));
  return c;
}

IsmctsAgent::IsmctsAgent(IsmctsConfig config) : config_(config) {}
IsmctsAgent::~IsmctsAgent() = default;

Action IsmctsAgent::choose(const State& state, Seat seat, Rng& rng) {
  playable_options(state, seat, options_);
  stats_ = {};
  if (options_.size() == 1) return options_[0];
  const auto start = std::chrono::steady_clock::now();
  const auto deadline = config_.ms > 0 ? start + std::chrono::milliseconds(config_.ms)
                                       : std::chrono::steady_clock::time_point{};
  const auto threads = static_cast<std::size_t>(config_.threads);
  while (trees_.size() < threads) trees_.push_back(std::make_unique<IsmctsTree>(config_));
  // Each tree draws from its own generator, seeded from the caller's: the
  // same seed gives the same decision for any thread timing (with sims).
  std::vector<Rng> rngs;
  for (std::size_t t = 0; t < threads; ++t) rngs.emplace_back(rng.next());
  auto run = [&](std::size_t t) {
    const long share = config_.sims / static_cast<long>(threads) +
                       (static_cast<long>(t) < config_.sims % static_cast<long>(threads) ? 1 : 0);
    trees_[t]->search(state, seat, rngs[t], std::max(1L, share), deadline);
  };
  if (threads == 1) {
    run(0);
  } else {
    std::vector<std::thread> pool;
    for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(run, t);
    run(0);
    for (auto& th : pool) th.join();
  }
  // The most visited option over all trees; ties to the better mean.
  std::vector<double> visits(options_.size(), 0.0), totals(options_.size(), 0.0);
  for (std::size_t t = 0; t < threads; ++t) {
    trees_[t]->root_votes(state, seat, options_, visits, totals);
    stats_.sims += trees_[t]->sims_done();
    stats_.nodes += trees_[t]->nodes();
    stats_.cut_off += trees_[t]->cut_off();
  }
  std::size_t best = 0;
  for (std::size_t i = 1; i < options_.size(); ++i) {
    const double mean_i = visits[i] > 0 ? totals[i] / visits[i] : 0;
    const double mean_b = visits[best] > 0 ? totals[best] / visits[best] : 0;
    if (visits[i] > visits[best] || (visits[i] == visits[best] && mean_i > mean_b)) best = i;
  }
  stats_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return options_[best];
}

}  // namespace tt
