#include "cli/search_bench.h"

#include <ctime>
#include <thread>

#include "ai/agent.h"
#include "ai/ismcts.h"
#include "core/error.h"

namespace tt::cli {

std::vector<std::unique_ptr<State>> search_positions(const PreparedSetup& prepared, int n,
                                                     std::uint64_t seed) {
  std::vector<std::unique_ptr<State>> out;
  ActionList options;
  for (int k = 0; k < n; ++k) {
    auto state = prepared.deal(seed + static_cast<std::uint64_t>(k));
    Rng rng(seed + static_cast<std::uint64_t>(k));
    std::unique_ptr<State> chosen;
    for (long d = 0; !state->is_terminal(); ++d) {
      const Seat seat = state->to_act();
      playable_options(*state, seat, options);
      if (options.size() >= 2) {
        chosen = state->clone();
        if (d >= 6L * k) break;
      }
      state->apply_action(seat, options[rng.below(static_cast<std::uint32_t>(options.size()))]);
    }
    if (chosen) out.push_back(std::move(chosen));
  }
  return out;
}

namespace {

double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

SearchRun run(const std::vector<std::unique_ptr<State>>& positions, std::uint64_t seed, long sims,
              int threads, int depth) {
  IsmctsConfig config;
  config.depth = depth;
  config.sims = sims * threads;
  config.threads = threads;
  IsmctsAgent agent(config);
  SearchRun r;
  r.threads = threads;
  for (std::size_t k = 0; k < positions.size(); ++k) {
    Rng rng(seed + k);
    const double cpu_start = thread_cpu_seconds();
    (void)agent.choose(*positions[k], positions[k]->to_act(), rng);
    // One thread: the CPU time of this thread, steady under a loaded machine
    // (as Google Benchmark counts); more: the wall clock the agent measured.
    const double seconds =
        threads == 1 ? thread_cpu_seconds() - cpu_start : agent.last_search().seconds;
    r.sims += agent.last_search().sims;
    r.cut_off += agent.last_search().cut_off;
    r.seconds += seconds;
    r.decision_seconds.push_back(seconds);
  }
  return r;
}

PlayoutCost playouts(const std::vector<std::unique_ptr<State>>& positions, std::uint64_t seed,
                     long per_position) {
  PlayoutCost c;
  auto scratch = positions[0]->clone();
  ActionList options;
  for (std::size_t k = 0; k < positions.size(); ++k) {
    const State& position = *positions[k];
    const Seat seat = position.to_act();
    Rng rng(seed + k);
    double start = thread_cpu_seconds();
    for (long i = 0; i < per_position; ++i) {
      scratch->assign(position);
      scratch->determinize(seat, rng);
    }
    c.setup_seconds += thread_cpu_seconds() - start;
    rng = Rng(seed + k);
    start = thread_cpu_seconds();
    for (long i = 0; i < per_position; ++i) {
      scratch->assign(position);
      scratch->determinize(seat, rng);
      c.decisions += random_playout(*scratch, rng, options);
    }
    c.seconds += thread_cpu_seconds() - start;
    c.playouts += per_position;
  }
  return c;
}

}  // namespace

SearchBench run_search_bench(const Game& game, int seats, int n, std::uint64_t seed, long sims,
                             int depth) {
  SearchBench b;
  b.sims = sims;
  b.depth = depth;
  Setup setup;
  setup.seats = seats > 0 ? seats : game.min_seats();
  setup.seed = seed;
  const auto positions = search_positions(*game.prepare(setup), n, seed);
  if (positions.empty()) {
    b.skipped = "no position with a choice";
    return b;
  }
  try {
    auto copy = positions[0]->clone();
    Rng rng(seed);
    copy->determinize(copy->to_act(), rng);
  } catch (const Error& e) {
    b.skipped = e.what();
    return b;
  }
  b.one = run(positions, seed, sims, 1, depth);
  b.all = run(positions, seed, sims,
              std::max(1, static_cast<int>(std::thread::hardware_concurrency())), depth);
  b.full = run(positions, seed, sims, 1, IsmctsConfig::kFullPlayout);
  b.playout = playouts(positions, seed, sims);
  return b;
}

}  // namespace tt::cli
