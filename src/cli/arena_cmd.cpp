// tabletop arena GAME --seats A,B[,...] -n N: agents against each other, seats
// rotated, with win rates, intervals and an Elo-like rating table.
#include <cstdio>
#include <ostream>
#include <thread>

#include "cli/arena.h"
#include "cli/commands.h"
#include "cli/errors.h"
#include "cli/progress.h"
#include "cli/setup_args.h"
#include "cli/stats.h"
#include "core/error.h"
#include "protocol/agents.h"

namespace tt::cli {

using nlohmann::json;

namespace {

double rate(long part, long whole) {
  return whole > 0 ? static_cast<double>(part) / static_cast<double>(whole) : 0.0;
}

json standing_json(const ArenaStanding& a) {
  const auto [lo, hi] = wilson95(a.wins, a.games);
  json j = {
      {"agent", a.agent},
      {"seats", a.entries},
      {"games", a.games},
      {"wins", a.wins},
      {"draws", a.draws},
      {"losses", a.losses},
      {"win_rate", rate(a.wins, a.games)},
      {"ci95", {lo, hi}},
      {"mean_length", a.mean_length},
      {"decisions", a.decided},
      {"ms_per_decision", a.decided ? 1000 * a.seconds / static_cast<double>(a.decided) : 0.0},
      {"elo", a.rating.elo},
      {"elo_margin95", a.rating.margin}};
  j["mean_turns"] = a.mean_turns >= 0 ? json(a.mean_turns) : json(nullptr);
  return j;
}

void print_table(const ArenaSummary& s, bool shared_seats, std::ostream& out) {
  std::size_t width = 5;
  for (auto& a : s.agents) width = std::max(width, a.agent.size());
  const bool turns = !s.agents.empty() && s.agents[0].mean_turns >= 0;
  char line[512];
  std::snprintf(line, sizeof line, "  %-*s %s%6s %6s %6s  %8s  %-17s %8s%s %11s  %s\n",
                static_cast<int>(width), "agent", shared_seats ? "seats " : "", "games", "wins",
                "draws", "win rate", "95% CI", "length", turns ? "   turns" : "", "ms/decision",
                "Elo");
  out << line;
  for (auto& a : s.agents) {
    const auto [lo, hi] = wilson95(a.wins, a.games);
    char seats_col[16] = "", turns_col[16] = "", ci[32];
    if (shared_seats) std::snprintf(seats_col, sizeof seats_col, "%5d ", a.entries);
    if (turns) std::snprintf(turns_col, sizeof turns_col, " %7.1f", a.mean_turns);
    std::snprintf(ci, sizeof ci, "[%5.1f%%, %5.1f%%]", 100 * lo, 100 * hi);
    std::snprintf(line, sizeof line,
                  "  %-*s %s%6ld %6ld %6ld  %7.1f%%  %-17s %8.1f%s %11.3f  %.0f ± %.0f\n",
                  static_cast<int>(width), a.agent.c_str(), seats_col, a.games, a.wins, a.draws,
                  100 * rate(a.wins, a.games), ci, a.mean_length, turns_col,
                  a.decided ? 1000 * a.seconds / static_cast<double>(a.decided) : 0.0, a.rating.elo,
                  a.rating.margin);
    out << line;
  }
}

// Each agent's score against each other (wins and half the draws), by place.
void print_pairs(const ArenaSummary& s, std::ostream& out) {
  const int n = static_cast<int>(s.agents.size());
  out << "head to head (score: wins and half the draws, by place):\n";
  for (int i = 0; i < n; ++i) {
    std::string cells;
    for (int j = 0; j < n; ++j) {
      if (i == j || s.pairs.games(i, j) == 0) continue;
      char cell[160];
      std::snprintf(cell, sizeof cell, "%.1f%% of %.0f against %s",
                    100 * s.pairs.score(i, j) / s.pairs.games(i, j), s.pairs.games(i, j),
                    s.agents[j].agent.c_str());
      cells += (cells.empty() ? "" : "; ") + std::string(cell);
    }
    out << "  " << s.agents[i].agent << ": " << cells << "\n";
  }
}

}  // namespace

int cmd_arena(const ArenaArgs& args, Io& io) {
  auto game = find_game(args.match.game);
  if (args.games < 1) usage_error("-n must be at least 1");
  if (args.jobs < 1 || args.jobs > 256) usage_error("--jobs must be 1 to 256");
  ArenaConfig config;
  config.games = args.games;
  config.jobs = args.jobs;
  config.lineup = split_list(args.match.seats);
  const int seats = static_cast<int>(config.lineup.size());
  if (seats < 2)
    usage_error(
        "--seats lists the agents that play, one per seat (at least two), e.g. "
        "--seats ismcts,greedy");
  check_seats(*game, seats);
  config.setup = make_setup(*game, args.match, seats, args.match.seed.value_or(1));
  const auto first_deal = game->new_state(config.setup);
  for (auto& a : config.lineup) {
    try {
      a = protocol::checked_agent_spec(a, *first_deal).text();
    } catch (const Error& e) {
      usage_error("--seats: '" + a + "': " + e.what());
    }
  }
  Progress progress(args.quiet || args.json ? nullptr : &io.err, io.err_is_tty, args.games);
  const auto started = std::chrono::steady_clock::now();
  const auto games = run_arena(*game, config, [&](long done) { progress.update(done); });
  progress.finish();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  const ArenaSummary s = summarize_arena(config, games);
  bool shared_seats = false;
  for (auto& a : s.agents) shared_seats = shared_seats || a.entries > 1;
  const std::uint64_t first = config.setup.seed;
  const std::uint64_t last = arena_deal_seed(config, args.games - 1);

  if (args.json) {
    json agents = json::array();
    for (auto& a : s.agents) agents.push_back(standing_json(a));
    json pairs = json::array();
    for (int i = 0; i < static_cast<int>(s.agents.size()); ++i)
      for (int j = 0; j < static_cast<int>(s.agents.size()); ++j)
        if (i != j && s.pairs.games(i, j) > 0)
          pairs.push_back({{"agent", s.agents[i].agent},
                           {"against", s.agents[j].agent},
                           {"meetings", s.pairs.games(i, j)},
                           {"score", s.pairs.score(i, j)}});
    json out = {
        {"game", game->name()},
        {"variant", config.setup.variant},
        {"games", args.games},
        {"seats", config.lineup},
        {"deal_seeds", {first, last}},
        {"jobs", config.jobs},
        {"finished", s.finished},
        {"unfinished", s.unfinished},
        {"agents", agents},
        {"pairs", pairs},
        {"rating", "Bradley-Terry, Elo scale (400 log10), mean 1500, one virtual draw per pair"},
        {"seconds", seconds}};
    io.out << out.dump(2) << "\n";
    return kExitOk;
  }
  std::string lineup;
  for (auto& a : config.lineup) lineup += (lineup.empty() ? "" : ", ") + a;
  io.out << game->name() << " arena: " << args.games << " games of " << lineup << " (deals "
         << first << ".." << last << ", each played with the seats rotated; " << config.jobs
         << (config.jobs == 1 ? " job" : " jobs") << ")\n";
  if (args.games % seats != 0)
    io.out << "note: " << args.games << " is not a multiple of " << seats
           << " seats, so the agents did not sit in every seat equally often\n";
  print_table(s, shared_seats, io.out);
  if (s.agents.size() > 2) print_pairs(s, io.out);
  io.out
      << "win rate: wins over the agent's seat-games (a draw is not a win), 95% Wilson interval; "
         "Elo: Bradley-Terry over every pair of seats of different agents in a game (the "
         "better place wins), mean 1500, ± an approximate 95% interval\n";
  if (s.unfinished)
    io.out << "unfinished games (over " << config.max_decisions
           << " decisions), left out: " << s.unfinished << "\n";
  char timing[80];
  std::snprintf(timing, sizeof timing, "%.2f s, %.1f games/s\n", seconds,
                seconds > 0 ? static_cast<double>(args.games) / seconds : 0.0);
  io.out << timing;
  return kExitOk;
}

}  // namespace tt::cli
