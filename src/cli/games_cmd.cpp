// tabletop games: every game with its seats, variants, options and decks.
#include <algorithm>
#include <iomanip>
#include <ostream>
#include <sstream>

#include "ai/agent_spec.h"
#include "cli/commands.h"
#include "cli/errors.h"
#include "core/deck_verdict.h"
#include "core/registry.h"
#include "protocol/catalog.h"

namespace tt::cli {

namespace {

// "sims = 1000 (1 to 10000000, whole number): simulations per decision"
std::string param_text(const AgentParam& p) {
  std::string allowed;
  if (p.choices.empty()) {
    std::ostringstream range;
    range << std::setprecision(12) << p.min << " to " << p.max
          << (p.integer ? ", whole number" : "");
    allowed = range.str();
  } else {
    for (auto& c : p.choices) allowed += (allowed.empty() ? "" : ", ") + c;
  }
  return p.name + " = " + p.fallback + " (" + allowed + "): " + p.about;
}

// Every starter deck that is not legal at the table sizes it is meant for
// (core/deck_verdict.h), a file that cannot be read included: [{"deck",
// "file", "seats", "broken", "problems"}]. "broken": at no table size of the
// game could the deck be played (a file that is no deck, an unknown card),
// rather than only not at the sizes it is meant for. The game plays on; the
// deck is refused only when a seat is dealt it.
nlohmann::json starter_deck_warnings(const Game& game) {
  nlohmann::json warnings = nlohmann::json::array();
  for (const std::string& name : game.starter_decks()) {
    const DeckVerdict v = judge_deck(game, nlohmann::json(name), Setup{}, 0);
    if (v.legal()) continue;
    nlohmann::json seats = nlohmann::json::array(), problems = nlohmann::json::array();
    for (const SeatCountVerdict& c : v.counts)
      if (c.judged) seats.push_back(c.seats);
    for (const DeckProblem& p : v.problems())
      problems.push_back({{"rule", p.rule}, {"message", p.message}});
    const bool broken = std::all_of(v.counts.begin(), v.counts.end(),
                                    [](const SeatCountVerdict& c) { return !c.problems.empty(); });
    warnings.push_back({{"deck", name},
                        {"file", game.starter_deck_file(name)},
                        {"seats", seats},
                        {"broken", broken},
                        {"seats_text", v.judged_text()},
                        {"problems", problems}});
  }
  return warnings;
}

}  // namespace

int cmd_games(const GamesArgs& args, Io& io) {
  nlohmann::json games = protocol::games_json();
  for (auto& g : games) {
    if (g.value("broken", false)) continue;
    nlohmann::json warnings = starter_deck_warnings(*Registry::instance().get(g["name"]));
    if (!warnings.empty()) g["starter_deck_warnings"] = std::move(warnings);
  }
  if (args.json) {
    io.out << games.dump(2) << "\n";
    return kExitOk;
  }
  auto joined = [](const nlohmann::json& list) {
    std::string s;
    for (auto& x : list) s += (s.empty() ? "" : ", ") + x.get<std::string>();
    return s.empty() ? std::string("-") : s;
  };
  for (auto& g : games) {
    if (g.value("broken", false)) {
      io.out << g["name"].get<std::string>() << " - cannot be played: its card data is broken\n  "
             << g["error"].get<std::string>() << "\n";
      continue;
    }
    const int lo = g["min_seats"], hi = g["max_seats"];
    io.out << g["name"].get<std::string>() << " - " << g["title"].get<std::string>() << " (for "
           << (lo == hi ? std::to_string(lo) : std::to_string(lo) + " to " + std::to_string(hi))
           << " seats)\n";
    io.out << "  " << g["summary"].get<std::string>() << "\n";
    io.out << "  variants:\n";
    bool first = true;
    for (auto& v : g["variants"]) {
      io.out << "    " << v["name"].get<std::string>() << (first ? " (default)" : "") << ": "
             << v["description"].get<std::string>() << "\n";
      first = false;
    }
    io.out << "  options (--option KEY=VALUE):\n";
    for (auto& o : g["options"]) {
      std::string allowed = o["allowed"].empty() ? "" : joined(o["allowed"]);
      if (o.contains("min"))
        allowed += (allowed.empty() ? "" : " or ") + std::string("an integer from ") +
                   std::to_string(o["min"].get<int>()) + " to " +
                   std::to_string(o["max"].get<int>());
      io.out << "    " << o["key"].get<std::string>() << " = " << o["default"].get<std::string>()
             << " (" << allowed << "): " << o["description"].get<std::string>() << "\n";
    }
    io.out << "  starter decks: " << joined(g["starter_decks"]) << "\n";
    for (auto& w : g.value("starter_deck_warnings", nlohmann::json::array())) {
      const std::string file = w["file"];
      io.out << "  " << (w["broken"].get<bool>() ? "broken" : "warning") << ": the starter deck '"
             << w["deck"].get<std::string>() << "'" << (file.empty() ? "" : " (" + file + ")");
      if (w["broken"].get<bool>())
        io.out << " cannot be played at any table size:\n";
      else
        io.out << " is not a legal " << g["name"].get<std::string>() << " deck for "
               << w["seats_text"].get<std::string>() << ":\n";
      for (auto& p : w["problems"])
        io.out << "    [" << p["rule"].get<std::string>() << "] " << p["message"].get<std::string>()
               << "\n";
    }
    io.out << "  agents: " << joined(g["agents"]) << "\n";
  }
  io.out << "agents (a seat's agent spec: NAME[:PARAM=VALUE]..., e.g. ismcts:sims=2000):\n";
  for (const AgentKind& k : agent_kinds()) {
    io.out << "  " << k.name << ": " << k.about << "\n";
    for (const AgentParam& p : k.params) io.out << "    " << param_text(p) << "\n";
  }
  io.out << "card data: " << Registry::instance().loaded_from() << "\n";
  return kExitOk;
}

}  // namespace tt::cli
