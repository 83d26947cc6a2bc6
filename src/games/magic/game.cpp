#include "games/magic/game.h"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>

#include "core/deck_verdict.h"
#include "core/error.h"
#include "core/schema_check.h"
#include "games/magic/rules.h"
#include "games/magic/state.h"

namespace tt::magic {

using nlohmann::json;

namespace {
// Deck file names are ids: lower-case words joined by single hyphens.
bool is_id(const std::string& s) {
  bool dash = true;  // no leading dash
  for (char c : s) {
    if (c == '-' && dash) return false;
    if (c != '-' && !((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) return false;
    dash = c == '-';
  }
  return !s.empty() && !dash;
}
}  // namespace

MagicGame::MagicGame(const std::string& data_dir) {
  const std::string dir = data_dir + "/magic";
  pool_ = std::make_shared<const Pool>(Pool::load_file(dir + "/cards.json"));
  starters_ = StarterDecks(dir + "/decks");
  for (auto& name : starters_.names()) {
    std::vector<DeckProblem> problems = check_deck(json(name), Setup{});
    starter_legal_.push_back(problems.empty());
    std::vector<int> cards;
    if (problems.empty()) cards = parse(json(name), problems);
    starter_cards_.push_back(std::move(cards));
  }
}

std::string MagicGame::summary() const {
  return "2 to 16 players cast spells, attack and leave the game under the comprehensive "
         "rules' multiplayer chapter: Free-for-All, Grand Melee, Team vs. Team, Emperor, "
         "Two-Headed Giant and Alternating Teams.";
}

std::vector<OptionSpec> MagicGame::option_specs() const {
  return {
      {"mode",
       "free-for-all",
       "the variant's rules (806-811)",
       {"duel", "free-for-all", "grand-melee", "team-vs-team", "emperor", "two-headed-giant",
        "alternating-teams"}},
      {"attack",
       "default",
       "whom creatures attack: multiple (802), left / right (803), chosen (one defending player, "
       "506.2a); default = the variant's",
       {"default", "multiple", "left", "right", "chosen"}},
      {"range",
       "default",
       "range of influence (801): unlimited or a seat distance; default = the variant's",
       {"default", "unlimited", "1", "2", "3", "4"}},
      {"deploy", "default", "deploy creatures (804)", {"default", "on", "off"}},
      {"shared_turns", "default", "shared team turns (805)", {"default", "on", "off"}},
      {"team_size",
       "default",
       "players per team (2; 3 in Emperor)",
       {"default", "2", "3", "4", "5"}},
      {"starting_life",
       "default",
       "life at the start (20; 30 per Two-Headed Giant team); at most what a saved game holds",
       {"default"},
       1,
       10000},
      {"ante",
       "off",
       "play for ante (407.2): each player antes a random card of its deck; the winner becomes its "
       "owner; a departed player's ante stays (800.4n)",
       {"on", "off"}},
      {"planechase",
       "off",
       "keep a planar controller (901.6, the active player; 800.4p when it leaves); the reduced "
       "core "
       "has no plane cards",
       {"on", "off"}},
      {"priority_stops",
       "actionable",
       "actionable: a player with nothing to cast or activate passes without being asked; all: "
       "every priority is a decision",
       {"actionable", "all"}},
      {"loop_limit",
       "1000",
       "objects one turn may put on the stack before it is judged a mandatory loop: a draw for "
       "the players in it (104.4b, 801.16)",
       {},
       1,
       30000},
  };
}

std::vector<Variant> MagicGame::variants() const {
  return {
      {"ffa",
       "806 Free-for-All, attack multiple players",
       {{"mode", "free-for-all"}, {"attack", "multiple"}}},
      {"ffa-left", "806 Free-for-All, attack left", {{"mode", "free-for-all"}, {"attack", "left"}}},
      {"ffa-right",
       "806 Free-for-All, attack right",
       {{"mode", "free-for-all"}, {"attack", "right"}}},
      {"ffa-range-1",
       "806 Free-for-All with range of influence 1",
       {{"mode", "free-for-all"}, {"attack", "multiple"}, {"range", "1"}}},
      {"grand-melee",
       "807 Grand Melee: range 1, attack left, turn markers",
       {{"mode", "grand-melee"}}},
      {"team-vs-team", "808 Team vs. Team, attack multiple players", {{"mode", "team-vs-team"}}},
      {"emperor", "809 Emperor: teams of three, deploy, ranges 2 and 1", {{"mode", "emperor"}}},
      {"2hg", "810 Two-Headed Giant: shared life and turns", {{"mode", "two-headed-giant"}}},
      {"alternating-teams", "811 Alternating Teams, range 2", {{"mode", "alternating-teams"}}},
      {"duel", "two players (no multiplayer rules)", {{"mode", "duel"}}},
  };
}

// A table the variant is meant for: four for most, six for Emperor (two
// teams of three) and Alternating Teams, ten for Grand Melee (807.1).
int MagicGame::default_seats(const std::string& variant) const {
  if (variant == "duel") return 2;
  if (variant == "emperor" || variant == "alternating-teams") return 6;
  if (variant == "grand-melee") return 10;
  return 4;
}

std::vector<std::string> MagicGame::starter_decks() const {
  return starters_.names();
}

json MagicGame::starter_deck(const std::string& name) const {
  return starters_.get(name, "deck");
}

std::vector<int> MagicGame::parse(const json& raw, std::vector<DeckProblem>& problems) const {
  std::vector<int> cards;
  if (!raw.is_string() && !raw.is_object()) {
    problems.push_back(
        {"format", "a deck is a starter deck's name or an object with \"cards\": {id: count}"});
    return cards;
  }
  const json& deck = raw.is_string() ? starter_deck(raw.get<std::string>()) : raw;
  const std::string file = raw.is_string() ? starter_deck_file(raw.get<std::string>()) : "deck";
  // The schema (data/schema/magic-deck.schema.json) first: the deck's form;
  // then the deck rules for every entry of a well-formed count.
  add_deck_form_problems(deck, "magic-deck", file, problems);
  if (!deck.is_object() || !deck.contains("cards") || !deck["cards"].is_object()) return cards;
  // A starter deck is listed to players by its file name and its name.
  if (raw.is_string() && !is_id(raw.get<std::string>()))
    problems.push_back({"format", file + ": a deck's file name is an id (a-z, 0-9, single -)"});
  if (raw.is_string() && !deck.contains("name"))
    problems.push_back({"format", file + ": a starter deck has a \"name\""});
  for (auto& [id, count] : deck["cards"].items()) {
    if (!count.is_number_integer() || count.get<long long>() < 1 || count.get<long long>() > 250)
      continue;  // named by the schema
    const std::string at = file + ":" + (json::json_pointer("/cards") / id).to_string() + ": ";
    const int idx = pool_->find(id);
    if (idx < 0 || (*pool_)[idx].token) {
      problems.push_back({"deck building: cards",
                          at + "unknown card '" + id + "'" + (idx < 0 ? "" : " (a token)")});
      continue;
    }
    const int n = count.get<int>();
    if (n > 4 && !(*pool_)[idx].basic)
      problems.push_back({"deck building: four copies",
                          at + "'" + id + "' appears " + std::to_string(n) + " times; at most 4"});
    if (cards.size() + static_cast<std::size_t>(n) > 250) {
      problems.push_back({"format", "a deck holds at most 250 cards"});
      break;
    }
    for (int i = 0; i < n; ++i) cards.push_back(idx);
  }
  return cards;
}

// Constructed deck rules: at least 60 cards, at most four copies of any
// card but basic lands (tournament rules, outside the CR: 800.3).
std::vector<DeckProblem> MagicGame::check_deck(const json& raw, const Setup&) const {
  std::vector<DeckProblem> problems;
  try {
    const auto cards = parse(raw, problems);
    if (cards.size() < 60)
      problems.push_back({"deck building: 60 cards",
                          "the deck has " + std::to_string(cards.size()) + " cards; at least 60"});
  } catch (const Error& e) {  // an unknown starter deck
    problems.push_back({"format", e.what()});
  }
  return problems;
}

namespace {
std::shared_ptr<const Rules> make_rules(const MagicGame& g, std::shared_ptr<const Pool> pool,
                                        const Setup& setup) {
  if (setup.seats < 2 || setup.seats > 16) throw Error("the magic game is for 2 to 16 players");
  Options o = g.resolve_options(setup);
  return std::make_shared<const Rules>(std::move(pool), o, setup.seats);
}
}  // namespace

std::shared_ptr<const PreparedSetup> MagicGame::prepare(const Setup& setup) const {
  auto rules = make_rules(*this, pool_, setup);
  std::vector<std::vector<int>> decks;
  for (Seat s = 0; s < setup.seats; ++s) {
    const json named = s < static_cast<Seat>(setup.decks.size()) && !setup.decks[s].is_null()
                           ? setup.decks[s]
                           : default_deck(setup, s);
    if (named.is_string()) {
      const auto& names = starters_.names();
      const auto it = std::find(names.begin(), names.end(), named.get<std::string>());
      const auto i = static_cast<std::size_t>(it - names.begin());
      if (it != names.end() && starter_legal_[i]) {
        decks.push_back(starter_cards_[i]);
        continue;
      }
    }
    std::vector<DeckProblem> ignored;  // legal_deck has refused any deck with problems
    decks.push_back(parse(legal_deck(setup, s), ignored));
  }
  return std::make_shared<const PreparedStart<MagicState, std::vector<std::vector<int>>>>(
      MagicState(std::move(rules)), std::move(decks));
}

std::unique_ptr<State> MagicGame::restore(const json& j, const Setup& setup) const {
  auto state = std::make_unique<MagicState>(make_rules(*this, pool_, setup));
  state->load(with_seeded_rng(j, setup));
  return state;
}

}  // namespace tt::magic
