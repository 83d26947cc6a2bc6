// tabletop check-deck GAME FILE: every rule a deck breaks, at the table sizes
// it is meant for (core/deck_verdict.h), or at the one --seats names.
#include <ostream>

#include "cli/commands.h"
#include "cli/errors.h"
#include "cli/setup_args.h"
#include "core/deck_verdict.h"

namespace tt::cli {

namespace {

nlohmann::json problems_json(const std::vector<DeckProblem>& problems) {
  nlohmann::json list = nlohmann::json::array();
  for (auto& p : problems) list.push_back({{"rule", p.rule}, {"message", p.message}});
  return list;
}

// The table sizes the verdict is not over: where the deck would be legal, and
// where not (each problem once), so a Last Chronicle deck with a leader says
// that the 2-player rules would take it, and a duel deck why 3-4 would not.
void print_other_counts(const DeckVerdict& v, std::ostream& out) {
  if (const std::string legal = v.others_text(true); !legal.empty())
    out << "  note: it would be legal for " << legal << ", a table it is not meant for\n";
  const std::string illegal = v.others_text(false);
  if (illegal.empty()) return;
  out << "  note: for " << illegal << ", a table it is not meant for, it would not be legal:\n";
  std::vector<DeckProblem> seen;
  for (const SeatCountVerdict& c : v.counts) {
    if (c.judged) continue;
    for (const DeckProblem& p : c.problems) {
      bool again = false;
      for (const DeckProblem& q : seen)
        again = again || (q.rule == p.rule && q.message == p.message);
      if (again) continue;
      seen.push_back(p);
      out << "    [" << p.rule << "] " << p.message << "\n";
    }
  }
}

}  // namespace

int cmd_check_deck(const CheckDeckArgs& args, Io& io) {
  auto game = find_game(args.game);
  const nlohmann::json deck = load_deck(*game, args.deck);  // unreadable: exit 2; broken starter: 4
  if (args.seats) check_seats(*game, args.seats);
  const DeckVerdict verdict = judge_deck(*game, deck, Setup{}, args.seats);
  const auto problems = verdict.problems();
  const std::string judged = verdict.judged_text();
  if (args.json) {
    nlohmann::json counts = nlohmann::json::array(), seats = nlohmann::json::array();
    for (const SeatCountVerdict& c : verdict.counts) {
      if (c.judged) seats.push_back(c.seats);
      counts.push_back({{"seats", c.seats},
                        {"judged", c.judged},
                        {"legal", c.problems.empty()},
                        {"problems", problems_json(c.problems)}});
    }
    io.out << nlohmann::json{{"game", game->name()},
                             {"deck", args.deck},
                             {"legal", verdict.legal()},
                             {"seats", seats},
                             {"problems", problems_json(problems)},
                             {"by_seats", counts}}
                  .dump(2)
           << "\n";
  } else {
    if (problems.empty()) {
      io.out << args.deck << ": legal " << game->name() << " deck for " << judged << "\n";
    } else {
      io.out << args.deck << ": not a legal " << game->name() << " deck for " << judged << " ("
             << problems.size() << (problems.size() == 1 ? " problem" : " problems") << ")\n";
      for (auto& p : problems) io.out << "  [" << p.rule << "] " << p.message << "\n";
    }
    print_other_counts(verdict, io.out);
  }
  return verdict.legal() ? kExitOk : 1;
}

}  // namespace tt::cli
