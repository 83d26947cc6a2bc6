// tabletop bench [GAME]: the behaviour signature and playout speed, counted as
// `make bench` counts them (FreshGame and RandomPlayout there).
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

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

std::uint64_t add_to_signature(std::uint64_t signature, std::uint64_t fingerprint) {
  unsigned char bytes[8];
  for (int b = 0; b < 8; ++b)
    bytes[b] = static_cast<unsigned char>(fingerprint >> (8 * b));  // little-endian
  return fnv1a(bytes, sizeof bytes, signature);
}

// "24,100 games/s, 3.01 M decisions/s, 125.1 decisions/game"
std::string rates(const PlayoutRun& r) {
  const double s = r.seconds > 0 ? r.seconds : 1e-9;
  const double games = static_cast<double>(r.games) / s;
  const double decisions = static_cast<double>(r.decisions) / s;
  const long rounded = static_cast<long>(games + 0.5);
  std::string g = std::to_string(rounded);
  for (int i = static_cast<int>(g.size()) - 3; i > 0; i -= 3)
    g.insert(static_cast<std::size_t>(i), ",");
  char buf[128];
  std::snprintf(buf, sizeof buf, " games/s, %.2f M decisions/s, %.1f decisions/game",
                decisions / 1e6, static_cast<double>(r.decisions) / static_cast<double>(r.games));
  return g + buf;
}

}  // namespace

BenchResult run_bench(const Game& game, long n, std::uint64_t seed, int seats, long fixed_games) {
  BenchResult r;
  r.signature = 1469598103934665603ull;  // the FNV-1a offset basis
  Setup setup;
  setup.seats = seats > 0 ? seats : game.min_seats();
  setup.seed = seed;
  const auto prepare_start = Clock::now();
  const auto prepared = game.prepare(setup);
  r.prepare_seconds = since(prepare_start);
  ActionList scratch;
  for (long i = 0; i < n; ++i) {
    const std::uint64_t game_seed = seed + static_cast<std::uint64_t>(i);
    const auto t0 = Clock::now();
    auto state = prepared->deal(game_seed);
    const auto t1 = Clock::now();
    Rng rng(game_seed);
    r.decisions += random_playout(*state, rng, scratch);
    const auto t2 = Clock::now();
    r.deal_seconds += std::chrono::duration<double>(t1 - t0).count();
    r.seconds += std::chrono::duration<double>(t2 - t0).count();
    r.signature = add_to_signature(r.signature, state->fingerprint());
    ++r.games;
  }
  if (fixed_games > 0) {
    const auto start = prepared->deal(seed);
    const auto t0 = Clock::now();
    for (long i = 0; i < fixed_games; ++i) {
      auto state = start->clone();
      Rng rng(seed + static_cast<std::uint64_t>(i));
      r.fixed.decisions += random_playout(*state, rng, scratch);
      ++r.fixed.games;
    }
    r.fixed.seconds = since(t0);
  }
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
    const BenchResult r = run_bench(*g, args.playouts, args.seed, args.seats, args.playouts);
    char sig[17];
    std::snprintf(sig, sizeof sig, "%016llx", static_cast<unsigned long long>(r.signature));
    io.out << g->name() << (args.seats ? " (" + std::to_string(args.seats) + " seats)" : "") << ": "
           << r.games << " games (seeds " << args.seed << ".."
           << args.seed + static_cast<std::uint64_t>(r.games) - 1 << "), " << r.decisions
           << " decisions, signature " << sig << "\n";
    char setup[160];
    std::snprintf(setup, sizeof setup, "prepared once in %.1f µs, then %.2f µs per deal",
                  r.prepare_seconds * 1e6, r.deal_seconds * 1e6 / static_cast<double>(r.games));
    io.out << "  fresh set-up (FreshGame: a new deal per game, new seed and shuffle): "
           << rates({r.games, r.decisions, r.seconds}) << "\n"
           << "  fixed start (RandomPlayout: the seed-" << args.seed
           << " deal copied per game): " << rates(r.fixed) << "\n"
           << "  set-up: " << setup << "; the timings leave out the signature's hashing\n";
  }
  return kExitOk;
}

}  // namespace tt::cli
