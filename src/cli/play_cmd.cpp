// tabletop play: a game at the terminal against AI seats. A new game, the
// game saved in a record continued (--resume), or a game from a scenario's
// position (--scenario, for puzzles).
#include <algorithm>
#include <filesystem>
#include <optional>
#include <ostream>
#include <random>

#include "ai/agent.h"
#include "ai/agent_spec.h"
#include "cli/commands.h"
#include "cli/errors.h"
#include "cli/play_session.h"
#include "cli/record_file.h"
#include "cli/setup_args.h"
#include "core/error.h"
#include "core/registry.h"
#include "protocol/agents.h"
#include "protocol/setup_json.h"

namespace tt::cli {

using nlohmann::json;

namespace {

// An agent spec as a seat names it, written back in full ("ismcts:sims=2000");
// a usage error naming the problem otherwise.
std::string agent_word(const std::string& what, const std::string& word) {
  try {
    return parse_agent_spec(word).text();
  } catch (const Error& e) {
    usage_error(what + ": '" + word + "' is not human, ai or an agent spec: " + e.what());
  }
}

// --seats: a number N (seat 0 human, the rest AI) or one word per seat:
// "human", "ai" (the --agent) or an agent spec ("greedy", "ismcts:sims=2000").
// Without --seats, `default_count` seats with `default_human` the person at
// the terminal.
std::vector<std::string> seat_plan(const Game& game, const std::string& text,
                                   const std::string& agent, int default_count,
                                   Seat default_human) {
  std::vector<std::string> plan;
  const bool number = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
  if (text.empty() || number) {
    const int n = text.empty() ? default_count : (text.size() > 2 ? 99 : std::stoi(text));
    check_seats(game, n);
    plan.assign(n, agent);
    plan[text.empty() && default_human < n ? default_human : 0] = "human";
    return plan;
  }
  for (auto& word : split_list(text)) {
    if (word == "human" || word == "h")
      plan.push_back("human");
    else if (word == "ai")
      plan.push_back(agent);
    else
      plan.push_back(agent_word("--seats", word));
  }
  const int n = static_cast<int>(plan.size());
  if (n < game.min_seats() || n > game.max_seats())
    usage_error(game.name() + " is " + seats_text(game) + ", --seats lists " + std::to_string(n));
  return plan;
}

// The seats a record was played with (PlaySession writes them as
// "players": "human" or an agent spec), or empty when it does not say.
std::vector<std::string> recorded_players(const json& record, int seats) {
  const auto it = record.find("players");
  if (it == record.end() || !it->is_array() || it->size() != static_cast<std::size_t>(seats))
    return {};
  std::vector<std::string> plan;
  for (auto& p : *it) {
    if (!p.is_string()) return {};
    const std::string word = p.get<std::string>();
    if (word == "human") {
      plan.push_back(word);
      continue;
    }
    try {
      plan.push_back(parse_agent_spec(word).text());
    } catch (const Error&) {
      return {};  // an agent this program does not know: seated as --seats/--agent say
    }
  }
  return plan;
}

// Every computer seat can play the game (IS-MCTS needs its determinization).
void check_plan_plays(const std::vector<std::string>& plan, const State& state) {
  for (std::size_t s = 0; s < plan.size(); ++s)
    if (plan[s] != "human")
      if (const std::string why = protocol::agent_cannot_play(parse_agent_spec(plan[s]), state);
          !why.empty())
        usage_error("seat " + std::to_string(s) + " (" + plan[s] + "): " + why);
}

void check_plan_fits(const std::vector<std::string>& plan, const Match& match,
                     const std::string& file) {
  if (plan.size() != static_cast<std::size_t>(match.state().num_seats()))
    usage_error("--seats lists " + std::to_string(plan.size()) + " seats, but " + file + " is a " +
                std::to_string(match.state().num_seats()) + "-seat game");
}

// --record as given (the user named it), or a free records/GAME-SEED.json.
std::string new_record_path(const PlayArgs& args, const std::string& game, std::uint64_t seed,
                            Io& io) {
  if (args.record.empty()) return unused_record_path(game, seed);
  std::error_code ec;
  if (std::filesystem::exists(args.record, ec))
    io.err << "note: " << args.record << " exists and will be replaced (--record names it)\n";
  return args.record;
}

int play_resumed(const PlayArgs& args, Io& io) {
  const MatchArgs& m = args.match;
  if (m.seed || !m.decks.empty() || !m.variant.empty() || !m.options.empty())
    usage_error(
        "--resume continues the record's own game: --seed, --deck, --variant and "
        "--option do not apply");
  const json record = read_json_file(args.resume);
  std::optional<Match> match;
  try {
    protocol::check_record_shape(record);
    match.emplace(Match::from_record(record));
  } catch (const DataError&) {
    throw;
  } catch (const Error& e) {
    bad_input(args.resume + ": " + e.what());
  }
  const std::string game = match->game().name();
  if (!m.game.empty() && m.game != game)
    usage_error(args.resume + " is a game of " + game + ", not of " + m.game);
  if (match->state().is_terminal())
    bad_input(args.resume + ": the game is already over (see it with: tabletop replay " +
              args.resume + ")");
  if (const std::string note = unpinned_note(record); !note.empty())
    io.err << "note: " << args.resume << ": " << note << "\n";
  const int seats = match->state().num_seats();
  auto plan = m.seats.empty() ? recorded_players(record, seats) : std::vector<std::string>{};
  if (plan.empty()) plan = seat_plan(match->game(), m.seats, args.agent, seats, 0);
  check_plan_fits(plan, *match, args.resume);
  check_plan_plays(plan, match->state());
  const std::size_t done = match->decisions().size();
  PlaySession session(std::move(*match), plan, args.record.empty() ? args.resume : args.record, io);
  session.set_auto_single(!args.confirm_forced);
  session.set_intro("Continuing " + args.resume + " after decision " + std::to_string(done) + ".");
  session.skip_past_log();
  return session.run();
}

int play_scenario(const PlayArgs& args, Io& io) {
  const MatchArgs& m = args.match;
  if (!m.decks.empty() || !m.variant.empty() || !m.options.empty())
    usage_error("--scenario sets the game up itself: --deck, --variant and --option do not apply");
  const json scenario = read_json_file(args.scenario);
  if (!scenario.is_object() || !scenario.contains("game") || !scenario["game"].is_string())
    bad_input(args.scenario + ": not a scenario (it names no \"game\")");
  auto game = find_game(scenario["game"].get<std::string>());
  if (!m.game.empty() && m.game != game->name())
    usage_error(args.scenario + " is a scenario of " + game->name() + ", not of " + m.game);
  std::optional<Match> match;
  try {
    Setup setup = setup_from_json(scenario.value("setup", json::object()));
    if (m.seed) setup.seed = *m.seed;
    match.emplace(scenario.contains("state") ? Match(game, setup, scenario["state"])
                                             : Match(game, setup));
  } catch (const Error& e) {
    bad_input(args.scenario + ": " + e.what());
  } catch (const json::exception& e) {
    bad_input(args.scenario + ": " + e.what());
  }
  const State& st = match->state();
  if (st.is_terminal()) bad_input(args.scenario + ": the game is already over at its position");
  // The person at the terminal takes the seat the position asks first.
  Seat first = 0;
  while (first + 1 < st.num_seats() && !has_seat(st.pending_seats(), first)) ++first;
  const auto plan = seat_plan(*game, m.seats, args.agent, st.num_seats(), first);
  check_plan_fits(plan, *match, args.scenario);
  check_plan_plays(plan, st);
  const std::string path = new_record_path(args, game->name(), match->setup().seed, io);
  std::string intro = "Scenario: " + scenario.value("name", args.scenario);
  if (scenario.contains("rule") && scenario["rule"].is_string())
    intro += "\n  (" + scenario["rule"].get<std::string>() + ")";
  PlaySession session(std::move(*match), plan, path, io);
  session.set_auto_single(!args.confirm_forced);
  session.set_intro(intro);
  return session.run();
}

int play(const PlayArgs& args, Io& io) {
  if (!args.resume.empty() && !args.scenario.empty())
    usage_error("give --resume or --scenario, not both");
  if (!args.resume.empty()) return play_resumed(args, io);
  if (!args.scenario.empty()) return play_scenario(args, io);
  if (args.match.game.empty())
    usage_error("play needs a GAME (see `tabletop games`), --resume RECORD or --scenario FILE");
  auto game = find_game(args.match.game);
  const auto plan =
      seat_plan(*game, args.match.seats, args.agent, game->default_seats(args.match.variant), 0);
  const std::uint64_t seed = args.match.seed ? *args.match.seed : std::random_device{}();
  Setup setup = make_setup(*game, args.match, static_cast<int>(plan.size()), seed);
  const std::string path = new_record_path(args, game->name(), seed, io);
  Match match(game, std::move(setup));
  check_plan_plays(plan, match.state());
  PlaySession session(std::move(match), plan, path, io);
  session.set_auto_single(!args.confirm_forced);
  return session.run();
}

}  // namespace

int cmd_play(const PlayArgs& args, Io& io) {
  PlayArgs checked = args;
  checked.agent = agent_word("--agent", args.agent);
  return play(checked, io);
}

}  // namespace tt::cli
