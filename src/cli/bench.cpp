// tabletop bench [GAME]: the behaviour signature and playout speed.
#include "cli/bench.h"

#include <chrono>
#include <cstdio>
#include <ostream>

#include "ai/agent.h"
#include "cli/commands.h"
#include "cli/errors.h"
#include "cli/setup_args.h"
#include "core/registry.h"

namespace tt::cli {

BenchResult run_bench(const Game& game, long n, std::uint64_t seed, int seats) {
  BenchResult r;
  r.signature = 1469598103934665603ull;  // the FNV-1a offset basis
  ActionList scratch;
  const auto start = std::chrono::steady_clock::now();
  for (long i = 0; i < n; ++i) {
    Setup setup;
    setup.seats = seats > 0 ? seats : game.min_seats();
    setup.seed = seed + static_cast<std::uint64_t>(i);
    auto state = game.new_state(setup);
    Rng rng(setup.seed);
    r.decisions += random_playout(*state, rng, scratch);
    const std::uint64_t fp = state->fingerprint();
    unsigned char bytes[8];
    for (int b = 0; b < 8; ++b)
      bytes[b] = static_cast<unsigned char>(fp >> (8 * b));  // little-endian
    r.signature = fnv1a(bytes, sizeof bytes, r.signature);
    ++r.games;
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

int cmd_bench(const BenchArgs& args, Io& io) {
  if (args.playouts < 1) usage_error("-n must be at least 1");
  std::vector<std::shared_ptr<const Game>> games;
  if (args.game.empty())
    games = Registry::instance().games();
  else
    games.push_back(find_game(args.game));
  for (auto& g : games) {
    if (args.seats && (args.seats < g->min_seats() || args.seats > g->max_seats()))
      usage_error(g->name() + " is for " + std::to_string(g->min_seats()) + " to " +
                  std::to_string(g->max_seats()) + " seats");
    const BenchResult r = run_bench(*g, args.playouts, args.seed, args.seats);
    char sig[17];
    std::snprintf(sig, sizeof sig, "%016llx", static_cast<unsigned long long>(r.signature));
    char speed[64];
    std::snprintf(speed, sizeof speed, "%.3f s, %.0f playouts/s", r.seconds,
                  r.seconds > 0 ? static_cast<double>(r.games) / r.seconds : 0.0);
    io.out << g->name() << (args.seats ? " (" + std::to_string(args.seats) + " seats)" : "") << ": "
           << r.games << " games (seeds " << args.seed << ".."
           << args.seed + static_cast<std::uint64_t>(r.games) - 1 << "), " << r.decisions
           << " decisions, signature " << sig << ", " << speed << "\n";
  }
  return kExitOk;
}

}  // namespace tt::cli
