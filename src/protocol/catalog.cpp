#include "protocol/catalog.h"

#include "core/error.h"
#include "core/registry.h"
#include "protocol/agents.h"

namespace tt::protocol {

using nlohmann::json;

json game_json(const Game& game) {
  json variants = json::array();
  for (auto& v : game.variants())
    variants.push_back(
        {{"name", v.name}, {"description", v.description}, {"settings", v.settings}});
  json options = json::array();
  for (auto& o : game.option_specs()) {
    json option = {{"key", o.key},
                   {"default", o.default_value},
                   {"description", o.description},
                   {"allowed", o.allowed}};
    if (o.numeric()) {  // the integers it takes besides the words
      option["min"] = o.min;
      option["max"] = o.max;
    }
    options.push_back(std::move(option));
  }
  const std::vector<std::string> agents = agents_for(game);
  return {{"name", game.name()},
          {"title", game.title()},
          {"summary", game.summary()},
          {"min_seats", game.min_seats()},
          {"max_seats", game.max_seats()},
          {"variants", variants},
          {"options", options},
          {"starter_decks", game.starter_decks()},
          {"agents", agents},
          {"agent_kinds", agent_kinds_json(agents)}};
}

json games_json() {
  json out = json::array();
  for (auto& g : Registry::instance().games()) out.push_back(game_json(*g));
  for (auto& b : Registry::instance().broken())
    out.push_back({{"name", b.name}, {"broken", true}, {"error", b.error}});
  return out;
}

json cards_json(const std::string& name) {
  const auto game = Registry::instance().get(name);
  json out = game->card_catalog();
  out["game"] = game->name();
  // The starter decks as their files say, for the deck builder's templates;
  // one that cannot be read is left out (`games` reports it).
  out["starter_decks"] = json::object();
  for (const std::string& name : game->starter_decks()) {
    try {
      out["starter_decks"][name] = game->starter_deck(name);
    } catch (const Error&) {
    }
  }
  return out;
}

}  // namespace tt::protocol
