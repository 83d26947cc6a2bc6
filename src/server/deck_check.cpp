// Checking a deck before a table is made (`check_deck`): the game's own deck
// rules (Game::check_deck), every broken rule named, so a player sees what to
// change before creating the table rather than a refused `create`. And the
// `games` catalogue as the lobby reads it.
#include "core/error.h"
#include "core/registry.h"
#include "protocol/catalog.h"
#include "protocol/fields.h"
#include "protocol/setup_json.h"
#include "server/server_impl.h"

namespace tt::server {

using nlohmann::json;
using protocol::field;
using protocol::int_field;
using protocol::string_field;

json Server::Impl::cmd_check_deck(const json& request) {
  auto game = Registry::instance().get(string_field(request, "game"));
  const json* deck = field(request, "deck");
  if (!deck || !(deck->is_object() || deck->is_string()))
    throw Error("\"deck\" must be a deck object or a starter deck's name");
  // The table the deck is for: its variant, options and number of seats.
  json setup_fields = {{"game", game->name()}};
  for (const char* key : {"variant", "options"})
    if (const json* v = field(request, key)) setup_fields[key] = *v;
  Setup setup = protocol::strict_setup(setup_fields);
  setup.seats =
      field(request, "seats")
          ? static_cast<int>(int_field(request, "seats", game->min_seats(), game->max_seats()))
          : game->default_seats(setup.variant);
  json problems = json::array();
  try {
    for (const DeckProblem& p : game->check_deck(*deck, setup))
      problems.push_back({{"rule", p.rule}, {"message", p.message}});
  } catch (const Error& e) {
    // Not a deck at all (an unknown starter, a malformed list).
    problems.push_back({{"rule", "deck"}, {"message", e.what()}});
  }
  return {{"game", game->name()}, {"legal", problems.empty()}, {"problems", problems}};
}

json Server::Impl::cmd_games() {
  json games = protocol::games_json();
  for (json& g : games) {
    if (g.value("broken", false)) continue;
    auto game = Registry::instance().get(g["name"].get<std::string>());
    for (json& v : g["variants"]) v["seats"] = game->default_seats(v["name"].get<std::string>());
  }
  return {{"games", games}};
}

}  // namespace tt::server
