#include "cli/simulate.h"

#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>

#include "ai/agent.h"

namespace tt::cli {

namespace {

void count(Tally& t, Result r) {
  if (r == Result::kWin)
    ++t.wins;
  else if (r == Result::kLoss)
    ++t.losses;
  else
    ++t.draws;
}

}  // namespace

int slot_at(const SimulationConfig& config, long index, int seat) {
  const int seats = config.setup.seats;
  return config.swap ? static_cast<int>((seat + index) % seats) : seat;
}

SimulationReport simulate(const Game& game, const SimulationConfig& config,
                          const std::function<void(long)>& progress) {
  const int seats = config.setup.seats;
  std::vector<std::unique_ptr<Agent>> agents;
  for (auto& name : config.agents) agents.push_back(make_agent(name));
  SimulationReport report;
  report.per_seat.resize(seats);
  report.per_agent.resize(seats);
  bool turns_known = true;
  const auto start = std::chrono::steady_clock::now();
  const auto prepared = game.prepare(config.setup);  // decks and rules once, for every game
  for (long i = 0; i < config.games; ++i) {
    const std::uint64_t seed = config.setup.seed + static_cast<std::uint64_t>(i);
    auto state = prepared->deal(seed);
    Rng rng(seed * 0x9E3779B97F4A7C15ull + 1);
    long decisions = 0;
    while (!state->is_terminal() && decisions < config.max_decisions) {
      const Seat seat = state->to_act();
      const Action action = agents[slot_at(config, i, seat)]->choose(*state, seat, rng);
      state->apply_action(seat, action);
      ++decisions;
    }
    if (state->is_terminal()) {
      const Outcomes outcomes = state->outcomes();
      for (int s = 0; s < seats && s < static_cast<int>(outcomes.size()); ++s) {
        count(report.per_seat[s], outcomes[s].result);
        count(report.per_agent[slot_at(config, i, s)], outcomes[s].result);
      }
      report.decisions.push_back(static_cast<double>(decisions));
      nlohmann::json view;
      state->view(kReferee, view);
      if (turns_known && view.is_object() && view.contains("turn") && view["turn"].is_number())
        report.turns.push_back(view["turn"].get<double>());
      else
        turns_known = false;
    } else {
      ++report.unfinished;
    }
    if (progress) progress(i + 1);
  }
  if (!turns_known) report.turns.clear();
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return report;
}

}  // namespace tt::cli
