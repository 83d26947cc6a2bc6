// tabletop play GAME: a game at the terminal against AI seats.
#include <algorithm>
#include <ostream>
#include <random>

#include "ai/agent.h"
#include "cli/commands.h"
#include "cli/errors.h"
#include "cli/play_session.h"
#include "cli/record_file.h"
#include "cli/setup_args.h"
#include "core/error.h"

namespace tt::cli {

namespace {

// --seats: a number N (seat 0 human, the rest AI) or one word per seat:
// "human", "ai" (the --agent) or an agent's name.
std::vector<std::string> seat_plan(const Game& game, const std::string& text,
                                   const std::string& agent, const std::string& variant) {
  std::vector<std::string> plan;
  const bool number = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
  if (text.empty() || number) {
    const int n =
        text.empty() ? game.default_seats(variant) : (text.size() > 2 ? 99 : std::stoi(text));
    if (n < game.min_seats() || n > game.max_seats())
      usage_error(game.name() + " is for " + std::to_string(game.min_seats()) + " to " +
                  std::to_string(game.max_seats()) + " seats");
    plan.assign(n, agent);
    plan[0] = "human";
    return plan;
  }
  const auto known = agent_names();
  for (auto& word : split_list(text)) {
    if (word == "human" || word == "h")
      plan.push_back("human");
    else if (word == "ai")
      plan.push_back(agent);
    else if (std::find(known.begin(), known.end(), word) != known.end())
      plan.push_back(word);
    else
      usage_error("--seats: '" + word + "' is not human, ai or an agent name");
  }
  if (plan.size() < static_cast<std::size_t>(game.min_seats()) ||
      plan.size() > static_cast<std::size_t>(game.max_seats()))
    usage_error(game.name() + " is for " + std::to_string(game.min_seats()) + " to " +
                std::to_string(game.max_seats()) + " seats, --seats lists " +
                std::to_string(plan.size()));
  return plan;
}

}  // namespace

int cmd_play(const PlayArgs& args, Io& io) {
  auto game = find_game(args.match.game);
  (void)make_agent(args.agent);  // unknown agent: a usage error
  const auto plan = seat_plan(*game, args.match.seats, args.agent, args.match.variant);
  const std::uint64_t seed = args.match.seed ? *args.match.seed : std::random_device{}();
  Setup setup = make_setup(*game, args.match, static_cast<int>(plan.size()), seed);
  const std::string path =
      args.record.empty() ? default_record_path(game->name(), seed) : args.record;
  PlaySession session(Match(game, std::move(setup)), plan, path, io);
  return session.run();
}

}  // namespace tt::cli
