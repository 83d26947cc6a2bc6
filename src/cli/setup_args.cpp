#include "cli/setup_args.h"

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "cli/errors.h"
#include "core/registry.h"

namespace tt::cli {

using nlohmann::json;

std::shared_ptr<const Game> find_game(const std::string& name) {
  if (auto g = Registry::instance().find(name)) return g;
  for (auto& broken : Registry::instance().broken())
    if (broken.name == name) (void)Registry::instance().get(name);  // throws its DataError
  std::string known;
  for (auto& g : Registry::instance().games()) known += (known.empty() ? "" : ", ") + g->name();
  usage_error("unknown game '" + name + "' (known: " + known + ")");
}

std::string seats_text(const Game& game) {
  const int lo = game.min_seats(), hi = game.max_seats();
  return "for " + std::to_string(lo) + (lo == hi ? "" : " to " + std::to_string(hi)) + " seats";
}

void check_seats(const Game& game, int seats) {
  if (seats < game.min_seats() || seats > game.max_seats())
    usage_error(game.name() + " is " + seats_text(game) + ", not " + std::to_string(seats));
}

json read_json_file(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec))
    bad_input("cannot read '" + path + "': no such file");
  std::ifstream in(path);
  if (!in) bad_input("cannot open '" + path + "'");
  try {
    return json::parse(in);
  } catch (const json::exception& e) {
    bad_input("'" + path + "' is not valid JSON: " + e.what());
  }
}

json load_deck(const Game& game, const std::string& arg) {
  std::error_code ec;
  if (std::filesystem::is_regular_file(arg, ec)) return read_json_file(arg);
  const auto starters = game.starter_decks();
  if (std::find(starters.begin(), starters.end(), arg) != starters.end()) {
    (void)game.starter_deck(arg);  // a starter deck whose file is broken: DataError, exit 4
    return json(arg);
  }
  std::string known;
  for (auto& s : starters) known += (known.empty() ? "" : ", ") + s;
  bad_input("no deck file or starter deck named '" + arg + "' (starter decks: " + known + ")");
}

namespace {

// "is not a legal ddm deck for 2 seats:" and every problem, one a line.
std::string not_legal(const Game& game, int seats, const std::vector<DeckProblem>& problems,
                      const std::string& hint = "") {
  std::string msg = "is not a legal " + game.name() + " deck for " + std::to_string(seats) +
                    " seats" + hint + ":";
  for (auto& p : problems) msg += "\n  [" + p.rule + "] " + p.message;
  return msg;
}

}  // namespace

Setup make_setup(const Game& game, const MatchArgs& args, int seats, std::uint64_t seed) {
  Setup setup;
  setup.seats = seats;
  setup.seed = seed;
  setup.variant = args.variant;
  for (auto& kv : args.options) {
    const auto eq = kv.find('=');
    if (eq == std::string::npos || eq == 0)
      usage_error("--option wants KEY=VALUE, got '" + kv + "'");
    setup.options[kv.substr(0, eq)] = kv.substr(eq + 1);
  }
  (void)game.resolve_options(setup);  // unknown variant/option: tt::Error, a usage error
  if (args.decks.size() > static_cast<std::size_t>(seats))
    usage_error(std::to_string(args.decks.size()) + " decks given for " + std::to_string(seats) +
                " seats");
  for (std::size_t s = 0; s < args.decks.size(); ++s) {
    json deck = load_deck(game, args.decks[s]);
    auto problems = game.check_deck(deck, setup);
    if (!problems.empty())
      bad_input("the deck for seat " + std::to_string(s) + " (" + args.decks[s] + ") " +
                not_legal(game, seats, problems));
    setup.decks.push_back(std::move(deck));
  }
  // The seats without --deck play the game's choice of starter deck: checked
  // here too, so a broken or illegal one is named before the game starts.
  for (int s = static_cast<int>(args.decks.size()); s < seats; ++s) {
    const json deck = game.default_deck(setup, s);
    const std::string name = deck.is_string() ? deck.get<std::string>() : deck.dump();
    if (deck.is_string() && !name.empty()) (void)game.starter_deck(name);  // broken file: exit 4
    const auto problems = game.check_deck(deck, setup);
    if (problems.empty()) continue;
    const std::string file = deck.is_string() ? game.starter_deck_file(name) : "";
    bad_input("seat " + std::to_string(s) + " has no --deck, so it plays the starter deck '" +
              name + "'" + (file.empty() ? "" : " (" + file + ")") + ", which " +
              not_legal(game, seats, problems, " (give the seat another with --deck)"));
  }
  return setup;
}

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const auto comma = std::min(text.find(',', start), text.size());
    std::string part = text.substr(start, comma - start);
    part.erase(0, part.find_first_not_of(" \t"));
    part.erase(part.find_last_not_of(" \t") + 1);
    if (!part.empty()) out.push_back(part);
    start = comma + 1;
  }
  return out;
}

}  // namespace tt::cli
