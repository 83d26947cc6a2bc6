#include "cli/arena.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#include "ai/agent.h"

namespace tt::cli {

std::uint64_t arena_deal_seed(const ArenaConfig& config, long game) {
  const auto n = static_cast<long>(config.lineup.size());
  return config.setup.seed + static_cast<std::uint64_t>(game / n);
}

int arena_entry_at(const ArenaConfig& config, long game, int seat) {
  const auto n = static_cast<long>(config.lineup.size());
  return static_cast<int>((seat + game) % n);
}

namespace {

ArenaGame play_one(const PreparedSetup& prepared, const ArenaConfig& config, long index) {
  const int seats = static_cast<int>(config.lineup.size());
  std::vector<std::unique_ptr<Agent>> agents;  // by seat, fresh for each game
  for (int s = 0; s < seats; ++s)
    agents.push_back(
        make_agent(config.lineup[static_cast<std::size_t>(arena_entry_at(config, index, s))]));
  ArenaGame g;
  g.decided.assign(static_cast<std::size_t>(seats), 0);
  g.thought.assign(static_cast<std::size_t>(seats), 0.0);
  auto state = prepared.deal(arena_deal_seed(config, index));
  Rng rng((config.setup.seed + static_cast<std::uint64_t>(index)) * 0x9E3779B97F4A7C15ull + 1);
  while (!state->is_terminal() && g.decisions < config.max_decisions) {
    const Seat seat = state->to_act();
    const auto s = static_cast<std::size_t>(seat);
    const auto start = std::chrono::steady_clock::now();
    const Action action = agents[s]->choose(*state, seat, rng);
    g.thought[s] += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ++g.decided[s];
    state->apply_action(seat, action);
    ++g.decisions;
  }
  g.finished = state->is_terminal();
  if (g.finished) {
    g.outcomes = state->outcomes();
    nlohmann::json view;
    state->view(kReferee, view);
    if (view.is_object() && view.contains("turn") && view["turn"].is_number())
      g.turns = view["turn"].get<double>();
  }
  return g;
}

}  // namespace

std::vector<ArenaGame> run_arena(const Game& game, const ArenaConfig& config,
                                 const std::function<void(long)>& progress) {
  const auto prepared = game.prepare(config.setup);  // decks and rules once, for every game
  std::vector<ArenaGame> games(static_cast<std::size_t>(config.games));
  std::atomic<long> next{0};
  std::mutex mutex;
  long done = 0;
  std::exception_ptr failure;
  auto work = [&] {
    for (long i = next++; i < config.games; i = next++) {
      try {
        games[static_cast<std::size_t>(i)] = play_one(*prepared, config, i);
      } catch (...) {
        std::lock_guard<std::mutex> lock(mutex);
        if (!failure) failure = std::current_exception();
        next = config.games;  // stop every thread
        return;
      }
      std::lock_guard<std::mutex> lock(mutex);
      ++done;
      if (progress) progress(done);
    }
  };
  const int jobs = static_cast<int>(std::clamp<long>(config.jobs, 1, config.games));
  std::vector<std::thread> threads;
  for (int j = 1; j < jobs; ++j) threads.emplace_back(work);
  work();
  for (auto& t : threads) t.join();
  if (failure) std::rethrow_exception(failure);
  return games;
}

ArenaSummary summarize_arena(const ArenaConfig& config, const std::vector<ArenaGame>& games) {
  ArenaSummary out;
  std::vector<int> agent_of_entry;  // line-up entry -> agent
  for (const std::string& spec : config.lineup) {
    auto it = std::find_if(out.agents.begin(), out.agents.end(),
                           [&](const ArenaStanding& a) { return a.agent == spec; });
    if (it == out.agents.end()) {
      out.agents.push_back({});
      out.agents.back().agent = spec;
      it = out.agents.end() - 1;
    }
    ++it->entries;
    agent_of_entry.push_back(static_cast<int>(it - out.agents.begin()));
  }
  const int agents = static_cast<int>(out.agents.size());
  const int seats = static_cast<int>(config.lineup.size());
  out.pairs = PairResults(agents);
  std::vector<double> length(agents, 0.0), turns(agents, 0.0);
  std::vector<long> played(agents, 0);  // finished games each agent took part in
  bool have_turns = true;
  for (long i = 0; i < static_cast<long>(games.size()); ++i) {
    const ArenaGame& g = games[i];
    std::vector<int> agent_at(seats);
    for (int s = 0; s < seats; ++s) agent_at[s] = agent_of_entry[arena_entry_at(config, i, s)];
    for (int s = 0; s < seats; ++s) {
      out.agents[agent_at[s]].decided += g.decided[s];
      out.agents[agent_at[s]].seconds += g.thought[s];
    }
    if (!g.finished) {
      ++out.unfinished;
      continue;
    }
    ++out.finished;
    have_turns = have_turns && g.turns >= 0;
    std::vector<bool> took_part(agents, false);
    for (int s = 0; s < seats; ++s) {
      ArenaStanding& a = out.agents[agent_at[s]];
      ++a.games;
      const Outcome& o = g.outcomes[s];
      a.wins += o.result == Result::kWin;
      a.draws += o.result == Result::kDraw;
      a.losses += o.result == Result::kLoss;
      took_part[agent_at[s]] = true;
      for (int t = s + 1; t < seats; ++t)
        if (agent_at[t] != agent_at[s]) {
          const int theirs = g.outcomes[t].place;
          out.pairs.add(agent_at[s], agent_at[t],
                        o.place < theirs    ? 1.0
                        : o.place == theirs ? 0.5
                                            : 0.0);
        }
    }
    for (int a = 0; a < agents; ++a)
      if (took_part[a]) {
        length[a] += static_cast<double>(g.decisions);
        turns[a] += g.turns;
        ++played[a];
      }
  }
  const std::vector<Rating> ratings = bradley_terry(out.pairs);
  for (int a = 0; a < agents; ++a) {
    ArenaStanding& s = out.agents[a];
    if (played[a] > 0) {
      s.mean_length = length[a] / static_cast<double>(played[a]);
      if (have_turns) s.mean_turns = turns[a] / static_cast<double>(played[a]);
    }
    s.rating = ratings[a];
  }
  return out;
}

}  // namespace tt::cli
