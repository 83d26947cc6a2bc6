// The command line: CLI11 subcommands mapped onto the command functions.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <filesystem>
#include <iostream>

#include "cli/commands.h"
#include "cli/errors.h"
#include "core/error.h"
#include "core/registry.h"
#include "protocol/engine.h"

namespace tt::cli {

namespace {

// Seeds are 0 to 2^64-1; a negative one is refused rather than wrapped.
const CLI::Validator kSeed(
    [](std::string& text) -> std::string {
      if (!text.empty() && text[0] == '-')
        return "a seed must not be negative (0 to 18446744073709551615), got " + text;
      return {};
    },
    "SEED");

void add_match_options(CLI::App* cmd, MatchArgs& m) {
  cmd->add_option("--seed", m.seed, "Seed of the (first) game")->check(kSeed);
  cmd->add_option("--deck", m.decks,
                  "Deck for the next seat: a deck JSON file or a starter deck name (repeatable)")
      ->allow_extra_args(false);
  cmd->add_option("--variant", m.variant, "Rule variant (see `tabletop games`)");
  cmd->add_option("--option", m.options, "Rule option KEY=VALUE on top of the variant (repeatable)")
      ->allow_extra_args(false);
}

}  // namespace

int cmd_engine(Io& io) {
  return protocol::serve(io.in, io.out);
}

int run_cli(const std::vector<std::string>& args, Io& io) {
  CLI::App app{"tabletop: a rules engine for tabletop card and dice games"};
  app.name("tabletop");
  app.require_subcommand(1);
  app.fallthrough();  // --data may come after the subcommand too
  std::string data;
  app.add_option("--data", data,
                 "Card data folder (default: $TABLETOP_DATA, else the installed data, else the "
                 "source tree's data/)")
      ->type_name("DIR");

  GamesArgs games;
  auto* games_cmd =
      app.add_subcommand("games", "List the games with their variants, options and starter decks");
  games_cmd->add_flag("--json", games.json, "Print JSON (as the engine protocol's `games`)");

  PlayArgs play;
  auto* play_cmd = app.add_subcommand("play", "Play a game at the terminal against AI seats");
  play_cmd->add_option("game", play.match.game,
                       "Game name (not needed with --resume or --scenario)");
  play_cmd->add_option(
      "--seats", play.match.seats,
      "N (seat 0 is you, the rest AI) or one word per seat: human, ai or an agent spec "
      "(greedy, ismcts:sims=2000; see `tabletop games`)");
  add_match_options(play_cmd, play.match);
  play_cmd
      ->add_option("--agent", play.agent,
                   "Agent spec for the `ai` seats (greedy, random, ismcts:sims=2000, ...)")
      ->capture_default_str();
  play_cmd->add_option("--record", play.record,
                       "Where to write the record (default records/GAME-SEED.json, or a free "
                       "name beside it; with --resume the record itself)");
  play_cmd->add_flag("--confirm-forced", play.confirm_forced,
                     "Ask even when a decision has a single option (by default it is taken)");
  play_cmd->add_option("--resume", play.resume, "Continue the game saved in this record")
      ->type_name("RECORD");
  play_cmd
      ->add_option("--scenario", play.scenario,
                   "Start from this scenario file's position (a puzzle)")
      ->type_name("FILE");

  SimulateArgs sim;
  auto* sim_cmd =
      app.add_subcommand("simulate", "Play AI against AI and report win rates and game lengths");
  sim_cmd->add_option("game", sim.match.game, "Game name")->required();
  sim_cmd->add_option("-n,--games", sim.games, "Number of games")->capture_default_str();
  sim_cmd->add_option("--agents", sim.agents,
                      "Agent specs, one per seat (comma separated), or one for every seat "
                      "(default: greedy, then random for the other seats)");
  sim_cmd->add_option("--seats", sim.match.seats, "Number of seats (default: the game's minimum)");
  add_match_options(sim_cmd, sim.match);
  bool no_swap = false;
  sim_cmd->add_flag("--no-swap", no_swap,
                    "Keep each agent at its seat instead of rotating seats between games");
  sim_cmd->add_flag("--json", sim.json, "Print the report as JSON");
  sim_cmd->add_flag("-q,--quiet", sim.quiet, "No progress on stderr");

  ArenaArgs arena;
  auto* arena_cmd = app.add_subcommand(
      "arena", "Agents against each other, seats rotated: win rates and an Elo-like rating");
  arena_cmd->add_option("game", arena.match.game, "Game name")->required();
  arena_cmd
      ->add_option("--seats", arena.match.seats,
                   "Agent specs, one per seat, comma separated (ismcts:sims=1000,greedy)")
      ->required();
  arena_cmd->add_option("-n,--games", arena.games, "Number of games")->capture_default_str();
  arena_cmd->add_option("--jobs", arena.jobs, "Games played at once, one thread each")
      ->capture_default_str();
  add_match_options(arena_cmd, arena.match);
  arena_cmd->add_flag("--json", arena.json, "Print the standings as JSON");
  arena_cmd->add_flag("-q,--quiet", arena.quiet, "No progress on stderr");

  ReplayArgs replay;
  auto* replay_cmd =
      app.add_subcommand("replay", "Re-play a record, printing each decision and the log");
  replay_cmd->add_option("file", replay.file, "Record file (from play, or the engine's `save`)")
      ->required();
  replay_cmd->add_flag(
      "--step", replay.step,
      "Step through, drawing the table as --as sees it (Enter/n next, b back, q quit)");
  replay_cmd
      ->add_option("--as", replay.as,
                   "Show decisions, log and table as this seat may see them, or as the referee")
      ->capture_default_str();
  replay_cmd->add_flag("--json", replay.json, "Print JSON");

  CheckDeckArgs check;
  auto* check_cmd =
      app.add_subcommand("check-deck", "Check a deck against the game's deck-building rules");
  check_cmd->add_option("game", check.game, "Game name")->required();
  check_cmd->add_option("deck", check.deck, "Deck JSON file, or a starter deck name")->required();
  check_cmd->add_flag("--json", check.json, "Print JSON");
  check_cmd->add_option("--seats", check.seats,
                        "Check for a table of this many seats (default: the game's fewest)");

  CheckDataArgs check_data;
  auto* check_data_cmd = app.add_subcommand(
      "check-data",
      "Check every file of a card data folder against its schema and the game's rules");
  check_data_cmd->add_option("dir", check_data.dir,
                             "Card data folder (default: the one --data names, else the default)");
  check_data_cmd->add_flag("--json", check_data.json, "Print JSON");

  BenchArgs bench;
  auto* bench_cmd =
      app.add_subcommand("bench", "Fixed-seed random playouts: behaviour signature and speed");
  bench_cmd->add_option("game", bench.game, "Game name (default: every game)");
  bench_cmd->add_option("-n,--playouts", bench.playouts, "Number of playouts")
      ->capture_default_str();
  bench_cmd->add_option("--seed", bench.seed, "First seed")->capture_default_str()->check(kSeed);

  ScenarioArgs scenario;
  auto* scenario_cmd = app.add_subcommand(
      "scenario", "Run scenario files (rule tests, puzzles) and report each failure");
  scenario_cmd->add_option("files", scenario.files, "Scenario files, or folders of them")
      ->required();
  scenario_cmd->add_flag("--json", scenario.json, "Print JSON");
  bench_cmd->add_option("--seats", bench.seats, "Number of seats (default: the game's fewest)");
  bench_cmd
      ->add_option("--search-positions", bench.search_positions,
                   "IS-MCTS speed over this many positions reached by random play (0: skip it)")
      ->capture_default_str();
  bench_cmd
      ->add_option("--search-sims", bench.search_sims,
                   "IS-MCTS simulations per decision (per thread)")
      ->capture_default_str();
  bench_cmd
      ->add_option("--search-depth", bench.search_depth,
                   "IsmctsDecision's playout decisions before the heuristic judges (100000: full "
                   "playouts)")
      ->capture_default_str();

  ServeArgs serve;
  auto* serve_cmd = app.add_subcommand(
      "serve",
      "Run the game server: tables in the browser over HTTP and WebSocket (docs/server.md)");
  serve_cmd->add_option("--host", serve.host, "Address to listen on (loopback unless told)")
      ->capture_default_str();
  serve_cmd->add_option("--port", serve.port, "Port to listen on (0: any free port)")
      ->capture_default_str();
  serve_cmd->add_option("--db", serve.db, "Store: sqlite:PATH or postgresql://...")
      ->capture_default_str();
  serve_cmd
      ->add_option("--web", serve.web,
                   "The built web client (default: $TABLETOP_WEB, else the installed one, else "
                   "the source tree's web/dist)")
      ->type_name("DIR");
  serve_cmd
      ->add_option("--agent-delay-ms", serve.agent_delay_ms,
                   "Pause before a computer seat decides, at tables with people that set no pace "
                   "of their own (tables of computers only: none)")
      ->capture_default_str();
  serve_cmd
      ->add_option("--grace", serve.grace,
                   "Seconds a disconnected player may stay away while they must decide, for tables "
                   "that name none (0: forever)")
      ->capture_default_str();
  serve_cmd
      ->add_option(
          "--waiting-expiry", serve.waiting_expiry,
          "Seconds a table may wait for people to take its seats before it ends (0: never)")
      ->capture_default_str();
  serve_cmd->add_flag("--allow-fixed-seeds", serve.allow_fixed_seeds,
                      "Tests and demos only: let a table of two or more people be created with a "
                      "seed of its creator's choosing (the table says its seed is fixed)");
  serve_cmd
      ->add_option("--tables-per-address", serve.tables_per_address,
                   "Tables not over that one client address may have created; a create beyond "
                   "is refused (0: no limit)")
      ->capture_default_str();
  serve_cmd
      ->add_option(
          "--commit-gather-us", serve.commit_gather_us,
          "While decisions keep coming, the journal commits at most once per this many "
          "microseconds, all that came meanwhile in one transaction (0: each batch at once)")
      ->capture_default_str();
  serve_cmd
      ->add_option("--agent-workers", serve.agent_workers,
                   "Threads computer seats decide on, beside the loop thread")
      ->capture_default_str();
  serve_cmd
      ->add_option("--allowed-origin", serve.allowed_origins,
                   "A web origin (scheme://host[:port]) whose pages may open a WebSocket here, "
                   "besides the server's own; repeatable. Clients that send no Origin (not "
                   "browsers) are always let in")
      ->type_name("ORIGIN");
  serve_cmd
      ->add_option("--agent-threads", serve.agent_threads,
                   "The most search threads a computer seat may ask for (ismcts:threads=N)")
      ->capture_default_str();
  serve_cmd
      ->add_option("--trusted-proxy", serve.trusted_proxies,
                   "The IP address of a proxy in front (HAProxy, nginx) whose X-Forwarded-For "
                   "names the client: limits per address count that client, not the proxy; "
                   "repeatable. Nobody else's X-Forwarded-For is believed")
      ->type_name("IP");
  serve_cmd->add_flag("--cluster", serve.cluster,
                      "Be one process of several sharing the --db PostgreSQL database, behind a "
                      "proxy (docs/server.md, \"Several processes\")");
  serve_cmd
      ->add_option("--node", serve.node,
                   "This process's name in the cluster, as the proxy knows it (default: host "
                   "name and process id)")
      ->type_name("NAME");
  serve_cmd
      ->add_option("--lease-ms", serve.lease_ms,
                   "With --cluster: how long a table stays this process's without a renewal "
                   "(renewed every third of it); after that another process may take it over")
      ->capture_default_str();

  auto* engine_cmd =
      app.add_subcommand("engine", "Speak the JSON-lines engine protocol on stdin/stdout");

  try {
    std::vector<std::string> reversed(args.rbegin(), args.rend());
    app.parse(reversed);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e, io.out, io.err);
    return code == 0 ? kExitOk : kExitUsage;
  }
  try {
    set_data_dir(data);
    std::error_code ec;
    if (!data.empty() && !std::filesystem::is_directory(data, ec))
      throw DataError("--data: there is no folder " + data);
    // check-data builds each game from the folder it checks, never the registry's.
    if (check_data_cmd->parsed()) return cmd_check_data(check_data, io);
    register_builtin_games();
    if (games_cmd->parsed()) return cmd_games(games, io);
    if (play_cmd->parsed()) return cmd_play(play, io);
    if (sim_cmd->parsed()) {
      sim.swap = !no_swap;
      return cmd_simulate(sim, io);
    }
    if (arena_cmd->parsed()) return cmd_arena(arena, io);
    if (replay_cmd->parsed()) return cmd_replay(replay, io);
    if (check_cmd->parsed()) return cmd_check_deck(check, io);
    if (bench_cmd->parsed()) return cmd_bench(bench, io);
    if (scenario_cmd->parsed()) return cmd_scenario(scenario, io);
    if (engine_cmd->parsed()) return cmd_engine(io);
    if (serve_cmd->parsed()) return cmd_serve(serve, io);
  } catch (const Failure& e) {
    io.err << "tabletop: " << e.what() << "\n";
    return e.code();
  } catch (const DataError& e) {
    io.err << "tabletop: " << e.what() << "\n";
    return kExitBadData;
  } catch (const Error& e) {
    io.err << "tabletop: " << e.what() << "\n";
    return kExitUsage;
  } catch (const std::exception& e) {
    io.err << "tabletop: internal error: " << e.what() << "\n";
    return kExitInternal;
  }
  return kExitUsage;
}

}  // namespace tt::cli
