// tabletop simulate GAME -n N: AI against AI, with win rates and game lengths.
#include <cstdio>
#include <ostream>

#include "ai/agent.h"
#include "cli/commands.h"
#include "cli/errors.h"
#include "cli/progress.h"
#include "cli/setup_args.h"
#include "cli/simulate.h"
#include "cli/stats.h"
#include "core/error.h"
#include "protocol/agents.h"

namespace tt::cli {

using nlohmann::json;

namespace {

int parse_seat_count(const Game& game, const std::string& text, const std::string& variant) {
  if (text.empty()) return game.default_seats(variant);
  int n = 0;
  try {
    std::size_t used = 0;
    n = std::stoi(text, &used);
    if (used != text.size()) throw std::invalid_argument(text);
  } catch (const std::exception&) {
    usage_error("simulate --seats takes a number of seats, got '" + text + "'");
  }
  check_seats(game, n);
  return n;
}

// Slot labels: the agent's name, numbered when two slots share a name.
std::vector<std::string> slot_labels(const std::vector<std::string>& agents) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < agents.size(); ++i) {
    int same = 0;
    for (auto& a : agents) same += a == agents[i];
    out.push_back(same > 1 ? agents[i] + "#" + std::to_string(i + 1) : agents[i]);
  }
  return out;
}

json tally_json(const Tally& t) {
  const auto [lo, hi] = wilson95(t.wins, t.games());
  const double rate =
      t.games() ? static_cast<double>(t.wins) / static_cast<double>(t.games()) : 0.0;
  return {{"wins", t.wins},     {"losses", t.losses}, {"draws", t.draws},
          {"games", t.games()}, {"win_rate", rate},   {"ci95", {lo, hi}}};
}

json summary_json(const std::vector<double>& values) {
  const Summary s = summarize(values);
  if (s.empty) return nullptr;
  return {{"mean", s.mean}, {"median", s.median}, {"min", s.min}, {"max", s.max}};
}

std::string tally_text(const Tally& t) {
  const auto [lo, hi] = wilson95(t.wins, t.games());
  const double rate =
      t.games() ? 100.0 * static_cast<double>(t.wins) / static_cast<double>(t.games()) : 0.0;
  char buf[160];
  std::snprintf(buf, sizeof buf,
                "%ld W / %ld L / %ld D   win rate %5.1f%%  (95%% CI %5.1f%% - %5.1f%%)", t.wins,
                t.losses, t.draws, rate, 100 * lo, 100 * hi);
  return buf;
}

std::string summary_text(const char* what, const std::vector<double>& values) {
  const Summary s = summarize(values);
  if (s.empty) return std::string(what) + ": n/a";
  char buf[160];
  std::snprintf(buf, sizeof buf, "%s: mean %.1f, median %.1f, min %.0f, max %.0f", what, s.mean,
                s.median, s.min, s.max);
  return buf;
}

}  // namespace

int cmd_simulate(const SimulateArgs& args, Io& io) {
  auto game = find_game(args.match.game);
  if (args.games < 1) usage_error("-n must be at least 1");
  const int seats = parse_seat_count(*game, args.match.seats, args.match.variant);
  SimulationConfig config;
  config.games = args.games;
  config.swap = args.swap;
  config.agents = split_list(args.agents);
  if (config.agents.empty()) {
    config.agents.assign(static_cast<std::size_t>(seats), "random");
    config.agents[0] = "greedy";
  }
  if (config.agents.size() == 1) config.agents.assign(seats, config.agents[0]);
  if (config.agents.size() != static_cast<std::size_t>(seats))
    usage_error("--agents lists " + std::to_string(config.agents.size()) + " agents for " +
                std::to_string(seats) + " seats");
  config.setup = make_setup(*game, args.match, seats, args.match.seed.value_or(1));
  const auto first_deal = game->new_state(config.setup);
  for (auto& a : config.agents) {  // a bad spec, or one the game cannot be played by
    try {
      a = protocol::checked_agent_spec(a, *first_deal).text();
    } catch (const Error& e) {
      usage_error("--agents: '" + a + "': " + e.what());
    }
  }

  Progress progress(args.quiet ? nullptr : &io.err, io.err_is_tty, args.games);
  const SimulationReport r = simulate(*game, config, [&](long done) { progress.update(done); });
  progress.finish();

  const auto labels = slot_labels(config.agents);
  const bool fixed = !config.swap || seats == 1 || args.games == 1;
  const std::uint64_t first = config.setup.seed;
  if (args.json) {
    json per_seat = json::array(), per_agent = json::array();
    for (int s = 0; s < seats; ++s) {
      json t = tally_json(r.per_seat[s]);
      t["seat"] = s;
      t["agent"] = fixed ? json(labels[slot_at(config, 0, s)]) : json(nullptr);
      per_seat.push_back(t);
      json a = tally_json(r.per_agent[s]);
      a["agent"] = labels[s];
      a["name"] = config.agents[s];
      per_agent.push_back(a);
    }
    json out = {
        {"game", game->name()},
        {"games", args.games},
        {"seeds", {first, first + args.games - 1}},
        {"seats", seats},
        {"agents", config.agents},
        {"swap", config.swap},
        {"per_seat", per_seat},
        {"per_agent", per_agent},
        {"unfinished", r.unfinished},
        {"length", {{"decisions", summary_json(r.decisions)}, {"turns", summary_json(r.turns)}}},
        {"seconds", r.seconds}};
    io.out << out.dump(2) << "\n";
    return kExitOk;
  }
  std::string agents_text;
  for (auto& l : labels) agents_text += (agents_text.empty() ? "" : " vs ") + l;
  io.out << game->name() << ": " << args.games << " games, seeds " << first << ".."
         << first + args.games - 1 << ", " << agents_text
         << (fixed ? "" : " (agents rotate seats each game)") << "\n";
  io.out << "per seat:\n";
  for (int s = 0; s < seats; ++s)
    io.out << "  seat " << s << " "
           << (fixed ? "(" + labels[slot_at(config, 0, s)] + ")" : "(rotating)") << "  "
           << tally_text(r.per_seat[s]) << "\n";
  io.out << "per agent:\n";
  for (int s = 0; s < seats; ++s)
    io.out << "  " << labels[s] << "  " << tally_text(r.per_agent[s]) << "\n";
  io.out << "game length:\n  " << summary_text("decisions", r.decisions) << "\n  "
         << summary_text("turns", r.turns) << "\n";
  if (r.unfinished)
    io.out << "unfinished games (over " << config.max_decisions << " decisions): " << r.unfinished
           << "\n";
  char timing[80];
  std::snprintf(timing, sizeof timing, "%.2f s, %.1f games/s", r.seconds,
                r.seconds > 0 ? static_cast<double>(args.games) / r.seconds : 0.0);
  io.out << timing << "\n";
  return kExitOk;
}

}  // namespace tt::cli
