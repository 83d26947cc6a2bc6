// tabletop check-deck GAME FILE: every rule a deck breaks.
#include <ostream>

#include "cli/commands.h"
#include "cli/errors.h"
#include "cli/setup_args.h"

namespace tt::cli {

int cmd_check_deck(const CheckDeckArgs& args, Io& io) {
  auto game = find_game(args.game);
  const nlohmann::json deck = load_deck(*game, args.deck);  // unreadable: exit 2
  Setup setup;
  setup.seats = args.seats ? args.seats : game->min_seats();
  check_seats(*game, setup.seats);
  const auto problems = game->check_deck(deck, setup);
  if (args.json) {
    nlohmann::json list = nlohmann::json::array();
    for (auto& p : problems) list.push_back({{"rule", p.rule}, {"message", p.message}});
    io.out << nlohmann::json{{"game", game->name()},
                             {"deck", args.deck},
                             {"legal", problems.empty()},
                             {"problems", list}}
                  .dump(2)
           << "\n";
  } else if (problems.empty()) {
    io.out << args.deck << ": legal " << game->name() << " deck\n";
  } else {
    io.out << args.deck << ": not a legal " << game->name() << " deck (" << problems.size()
           << (problems.size() == 1 ? " problem" : " problems") << ")\n";
    for (auto& p : problems) io.out << "  [" << p.rule << "] " << p.message << "\n";
  }
  return problems.empty() ? kExitOk : 1;
}

}  // namespace tt::cli
