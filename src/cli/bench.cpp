// tabletop bench [GAME]: the behaviour signature and playout speed, counted as
// `make bench` counts them (FreshGame and RandomPlayout there), and IS-MCTS's
// speed (IsmctsDecision, IsmctsDecisionThreads and IsmctsFullPlayouts there).
#include "cli/bench.h"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <ostream>

#include "ai/agent.h"
#include "ai/ismcts.h"
#include "cli/commands.h"
#include "cli/errors.h"
#include "cli/search_bench.h"
#include "cli/setup_args.h"
#include "core/registry.h"

namespace tt::cli {

namespace {

// Seconds of CPU time this process has used: what Google Benchmark divides
// its rates by, and steady under a loaded machine.
double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
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
  Setup setup;
  setup.seats = seats > 0 ? seats : game.min_seats();
  setup.seed = seed;
  double t = cpu_seconds();
  const auto prepared = game.prepare(setup);
  r.prepare_seconds = cpu_seconds() - t;
  const auto seed_of = [&](long i) { return seed + static_cast<std::uint64_t>(i); };
  ActionList scratch;
  // The timed runs: deals alone, fresh games, games from one fixed start.
  t = cpu_seconds();
  for (long i = 0; i < n; ++i) prepared->deal(seed_of(i));
  r.deal_seconds = cpu_seconds() - t;
  t = cpu_seconds();
  for (long i = 0; i < n; ++i) {
    auto state = prepared->deal(seed_of(i));
    Rng rng(seed_of(i));
    r.decisions += random_playout(*state, rng, scratch);
  }
  r.seconds = cpu_seconds() - t;
  if (fixed_games > 0) {
    const auto start = prepared->deal(seed);
    t = cpu_seconds();
    for (long i = 0; i < fixed_games; ++i) {
      auto state = start->clone();
      Rng rng(seed_of(i));
      r.fixed.decisions += random_playout(*state, rng, scratch);
      ++r.fixed.games;
    }
    r.fixed.seconds = cpu_seconds() - t;
  }
  // The signature: the same fresh games again, each final state hashed
  // (through its saved JSON form, which costs more than most games).
  r.signature = 1469598103934665603ull;  // the FNV-1a offset basis
  for (long i = 0; i < n; ++i) {
    auto state = prepared->deal(seed_of(i));
    Rng rng(seed_of(i));
    random_playout(*state, rng, scratch);
    r.signature = add_to_signature(r.signature, state->fingerprint());
    ++r.games;
  }
  return r;
}

namespace {

std::string thousands(double x) {
  std::string s = std::to_string(static_cast<long>(x + 0.5));
  for (int i = static_cast<int>(s.size()) - 3; i > 0; i -= 3)
    s.insert(static_cast<std::size_t>(i), ",");
  return s;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n == 0 ? 0 : n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

void print_search(const SearchBench& b, const BenchArgs& args, std::ostream& out) {
  if (!b.skipped.empty()) {
    out << "  IS-MCTS: skipped (" << b.skipped << ")\n";
    return;
  }
  const auto n = static_cast<int>(b.one.decision_seconds.size());
  const std::string depth =
      b.depth == IsmctsConfig{}.depth ? "" : ":depth=" + std::to_string(b.depth);
  out << "  IS-MCTS (ismcts:sims=" << b.sims << depth << ", one decision at each of " << n
      << " positions reached by random play from seeds " << args.seed << ".."
      << args.seed + static_cast<std::uint64_t>(args.search_positions) - 1 << "):\n";
  char line[256];
  double mean = 0;
  for (double s : b.one.decision_seconds) mean += s / n;
  std::snprintf(line, sizeof line,
                "    IsmctsDecision: 1 thread, %s simulations/s; a %s-simulation decision takes "
                "%.2f ms (median; mean %.2f ms; CPU time of the thread)\n",
                thousands(b.one.sims_per_second()).c_str(),
                thousands(static_cast<double>(b.sims)).c_str(),
                1000 * median(b.one.decision_seconds), 1000 * mean);
  out << line;
  std::snprintf(line, sizeof line,
                "    IsmctsDecisionThreads: %d threads (one tree each, %s simulations each), %s "
                "simulations/s; a decision takes %.2f ms (median; wall-clock time)\n",
                b.all.threads, thousands(static_cast<double>(b.sims)).c_str(),
                thousands(b.all.sims_per_second()).c_str(), 1000 * median(b.all.decision_seconds));
  out << line;
  // Full playouts beside the playout alone: a simulation is a copy, a
  // determinization, a walk down the tree and a playout to the end.
  const double sim_us = 1e6 / std::max(b.full.sims_per_second(), 1e-9);
  const double playout_us = 1e6 / std::max(b.playout.per_second(), 1e-9);
  std::snprintf(line, sizeof line,
                "    IsmctsFullPlayouts (ismcts:sims=%ld:depth=%d, 1 thread): %s simulations/s, "
                "%.2f µs each (%ld of %ld playouts cut off); a decision takes %.2f ms (median)\n",
                b.sims, IsmctsConfig::kFullPlayout, thousands(b.full.sims_per_second()).c_str(),
                sim_us, b.full.cut_off, b.full.sims, 1000 * median(b.full.decision_seconds));
  out << line;
  std::snprintf(
      line, sizeof line,
      "    random playouts from the same positions (copied, determinized, played to the end): %s "
      "playouts/s, %.2f µs each (%.1f decisions; the copy and determinization %.2f µs); a "
      "simulation costs %.2f playouts\n",
      thousands(b.playout.per_second()).c_str(), playout_us,
      static_cast<double>(b.playout.decisions) / static_cast<double>(b.playout.playouts),
      1e6 * b.playout.setup_seconds / static_cast<double>(b.playout.playouts), sim_us / playout_us);
  out << line;
}

}  // namespace

int cmd_bench(const BenchArgs& args, Io& io) {
  if (args.playouts < 1) usage_error("-n must be at least 1");
  if (args.search_positions < 0 || args.search_positions > 10000)
    usage_error("--search-positions must be 0 to 10000");
  if (args.search_sims < 1 || args.search_sims > 10'000'000)
    usage_error("--search-sims must be 1 to 10000000");
  if (args.search_depth < 0 || args.search_depth > IsmctsConfig::kFullPlayout)
    usage_error("--search-depth must be 0 to " + std::to_string(IsmctsConfig::kFullPlayout));
  std::vector<std::shared_ptr<const Game>> games;
  if (args.game.empty())
    games = Registry::instance().games();
  else
    games.push_back(find_game(args.game));
  for (auto& g : games) {
    if (args.seats) check_seats(*g, args.seats);
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
           << "  set-up: " << setup << " (CPU time; the signature's hashing is not timed)\n";
    if (args.search_positions > 0)
      print_search(run_search_bench(*g, args.seats, args.search_positions, args.seed,
                                    args.search_sims, args.search_depth),
                   args, io.out);
  }
  return kExitOk;
}

}  // namespace tt::cli
