// tabletop-loadgen: simulated players over WebSocket against a running
// `tabletop serve`; prints tables held, decisions acknowledged per second and
// the acknowledgement latency (docs/server.md, "Load"). With --reconnect and
// --verify it is the client half of the kill test.
#include <sys/resource.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "processes.h"

namespace {

// "A-B" or "A" (milliseconds).
bool parse_range(const std::string& text, int& low, int& high) {
  auto dash = text.find('-');
  try {
    std::size_t used = 0;
    low = std::stoi(text.substr(0, dash), &used);
    if (used != (dash == std::string::npos ? text.size() : dash)) return false;
    high = dash == std::string::npos ? low : std::stoi(text.substr(dash + 1), &used);
    if (dash != std::string::npos && used != text.size() - dash - 1) return false;
  } catch (const std::exception&) {
    return false;
  }
  return low >= 0 && high >= low;
}

// Thousands of connections need as many descriptors: take the hard limit.
void raise_descriptor_limit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
  }
}

// CPU seconds this process and its children (the processes sharing the run) used.
double cpu_seconds() {
  double total = 0;
  for (int who : {RUSAGE_SELF, RUSAGE_CHILDREN}) {
    rusage usage{};
    if (getrusage(who, &usage) != 0) continue;
    total += static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
             static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  }
  return total;
}

}  // namespace

int main(int argc, char** argv) {
  tt::loadgen::LoadOptions options;
  std::string think = "500-1500";
  std::vector<std::string> games;
  CLI::App app{
      "Simulated players over WebSocket against a running `tabletop serve` (docs/server.md, Load)",
      "tabletop-loadgen"};
  app.add_option("--host", options.host, "server host")->capture_default_str();
  app.add_option("--port", options.port, "server port")->capture_default_str();
  app.add_option("--tables,-t", options.tables, "tables played at once, two human seats each")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  app.add_option("--game", games,
                 "game to play (repeat or comma-separate for a mix; default suikoden,ddm)")
      ->delimiter(',');
  app.add_option("--think-ms", think,
                 "a player's pause before each decision, ms: A-B (uniform) or A")
      ->capture_default_str();
  app.add_option("--seconds", options.seconds, "playing time; the run always ends by itself")
      ->check(CLI::Range(0.1, 86400.0))
      ->capture_default_str();
  app.add_option("--games", options.games_limit, "stop once this many games finished (0: no limit)")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--ramp", options.ramp_per_second, "tables started per second at the beginning")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  app.add_option("--max-decisions", options.max_decisions,
                 "concede a game still going after this many decisions")
      ->check(CLI::Range(1, 10000000))
      ->capture_default_str();
  app.add_option("--drain-seconds", options.drain_seconds,
                 "--verify: time to finish the games after play")
      ->check(CLI::Range(0.0, 3600.0))
      ->capture_default_str();
  app.add_option("--per-address", options.per_source,
                 "on loopback, connections per local address 127.1.X.Y (the server limits them per "
                 "address; "
                 "0: all from one)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  app.add_flag("--reconnect", options.reconnect,
               "after a dropped connection, reconnect and resume the seat");
  app.add_option("--reply-timeout-ms", options.reply_timeout_ms,
                 "a request unanswered this long, or a connection silent this long (pinged "
                 "after half), is given up and --reconnect makes it again (a stopped server); "
                 "also bounds connecting; 0: wait for ever")
      ->check(CLI::Range(0, 3600000))
      ->capture_default_str();
  app.add_flag(
      "--verify", options.verify,
      "finish every game, then check every acknowledged decision against GET /api/records/ID");
  app.add_flag("--json", options.json, "print the report as one JSON object");
  app.add_option("--seed", options.seed, "random seed (0: random)");
  app.add_option("--processes", options.processes,
                 "processes sharing the tables, each with its own descriptors and loopback "
                 "addresses (0: as many as the descriptor limit needs, two a table)")
      ->check(CLI::Range(0, 64))
      ->capture_default_str();
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  if (!parse_range(think, options.think_min_ms, options.think_max_ms)) {
    std::cerr << "tabletop-loadgen: --think-ms wants A-B or A in milliseconds, not '" << think
              << "'\n";
    return 2;
  }
  if (!games.empty()) options.games = games;

  raise_descriptor_limit();
  // A hard stop whatever happens on the wire: play, drain, and a minute for the records.
  alarm(static_cast<unsigned>(options.seconds + options.drain_seconds + 60));

  const auto started = std::chrono::steady_clock::now();
  const int processes = tt::loadgen::processes_needed(options);
  tt::loadgen::Stats stats = tt::loadgen::run_load_in_processes(options, processes);
  // Its own CPU counts: on one machine with the server it takes the same cores.
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  const double cpu = cpu_seconds();
  if (options.json) {
    nlohmann::json report = stats.to_json();
    report["loadgen"] = {{"processes", processes},
                         {"cpu_s", std::round(cpu * 100) / 100},
                         {"wall_s", std::round(wall * 100) / 100}};
    std::cout << report.dump() << "\n";
  } else {
    std::cout << "tabletop-loadgen: " << options.tables << " tables, think " << options.think_min_ms
              << "-" << options.think_max_ms << " ms, " << options.seconds << " s\n"
              << stats.to_text() << "loadgen            " << processes << " process(es), " << cpu
              << " s of CPU in " << wall << " s\n";
  }
  bool failed = stats.errors > 0 || stats.lost > 0 || stats.resume_failures > 0 ||
                stats.unfinished > 0 || (options.verify && stats.checked == 0);
  return failed ? 1 : 0;
}
