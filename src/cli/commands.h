// The subcommands as plain functions over streams, so tests can call them
// without spawning a process. Each returns an exit code (errors.h) or throws
// cli::Failure / tt::Error, which run_cli turns into a message and a code.
#pragma once
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace tt::cli {

struct Io {
  std::istream& in;
  std::ostream& out;
  std::ostream& err;
  bool err_is_tty = false;  // draw progress bars in place
  bool out_is_tty = false;  // clear the screen at a hand-off between two people
};

// What play and simulate share: the game and how to set it up.
struct MatchArgs {
  std::string game;
  std::string seats;  // "N", or per seat "human"/"ai"/an agent name (play)
  std::optional<std::uint64_t> seed;
  std::vector<std::string> decks;  // per seat: a deck file or a starter deck name
  std::string variant;
  std::vector<std::string> options;  // "key=value"
};

struct GamesArgs {
  bool json = false;
};

struct PlayArgs {
  MatchArgs match;
  std::string agent = "greedy";  // for seats given as "ai"
  std::string record;            // default records/<game>-<seed>.json (never an existing file)
  std::string resume;            // a record to continue (then match.game may be empty)
  std::string scenario;          // a scenario file whose position the game starts from
  bool confirm_forced = false;   // ask even when a decision has a single option
};

struct SimulateArgs {
  MatchArgs match;
  long games = 100;
  std::string agents;  // empty: greedy at the first seat, random at the others
  bool swap = true;    // rotate agents over seats from game to game
  bool json = false;
  bool quiet = false;
};

struct ArenaArgs {
  MatchArgs match;  // match.seats: the agent specs, one per seat, comma separated
  long games = 100;
  int jobs = 1;
  bool json = false;
  bool quiet = false;
};

struct ReplayArgs {
  std::string file;
  bool step = false;
  std::string as = "referee";
  bool json = false;
};

struct CheckDeckArgs {
  std::string game;
  std::string deck;  // a deck file or a starter deck name
  bool json = false;
  int seats = 0;  // 0: the game's fewest (deck rules may depend on the table size)
};

struct CheckDataArgs {
  std::string dir;  // a card data folder; empty: the one --data names (or the default)
  bool json = false;
};

struct ScenarioArgs {
  std::vector<std::string> files;  // scenario files, or folders of them
  bool json = false;
};

struct BenchArgs {
  std::string game;  // empty: every game
  long playouts = 2000;
  std::uint64_t seed = 1;
  int seats = 0;              // 0: the game's fewest
  int search_positions = 20;  // IS-MCTS figures over this many positions (0: none)
  long search_sims = 1000;    // simulations per decision (per thread)
  int search_depth = 20;      // IsmctsDecision's playout cut-off (IsmctsConfig's default)
};

struct ServeArgs {
  std::string host = "127.0.0.1";
  int port = 8080;
  std::string db = "sqlite:var/tabletop.db";
  std::string web;            // "": $TABLETOP_WEB, else the installed or source tree's web/dist
  int agent_delay_ms = 600;   // the pace of computer seats at tables with people
  int agent_workers = 2;      // threads computer seats decide on
  int agent_threads = 1;      // the most search threads a computer seat may ask for
  int grace = 120;            // seconds, for tables whose create request names none (0: forever)
  int waiting_expiry = 1800;  // seconds a table may wait for people before it ends (0: never)
  int commit_gather_us =
      1000;  // under load, the journal commits at most once per this (0: at once)
  int tables_per_address = 20;     // tables not over one client address may have created (0: any)
  bool allow_fixed_seeds = false;  // a create may name the seed of a table of people (tests)
  std::vector<std::string> allowed_origins;  // pages of other origins that may open a WebSocket
  bool cluster = false;  // one process of several on one PostgreSQL (docs/server.md)
  std::string node;      // its name in the cluster ("": the host name and process id)
  int lease_ms = 10000;  // how long a lease holds a table without renewal
  std::vector<std::string> trusted_proxies;  // whose X-Forwarded-For names the client
};

int cmd_games(const GamesArgs& args, Io& io);
int cmd_play(const PlayArgs& args, Io& io);
int cmd_simulate(const SimulateArgs& args, Io& io);
int cmd_arena(const ArenaArgs& args, Io& io);
int cmd_replay(const ReplayArgs& args, Io& io);
int cmd_check_deck(const CheckDeckArgs& args, Io& io);
int cmd_check_data(const CheckDataArgs& args, Io& io);
int cmd_bench(const BenchArgs& args, Io& io);
int cmd_scenario(const ScenarioArgs& args, Io& io);
int cmd_engine(Io& io);
int cmd_serve(const ServeArgs& args, Io& io);

// Parses a whole command line (without the program name) and runs it.
int run_cli(const std::vector<std::string>& args, Io& io);

}  // namespace tt::cli
