// The games this program knows, described as JSON: title, seat range,
// variants, option specs, starter decks and the agents that can play them
// (names, and each with its parameters: protocol/agents.h).
// Shared by the protocol's `games` command and `tabletop games --json`; and
// a game's card catalogue, shared by the `cards` command and /api/cards/GAME.
#pragma once
#include <nlohmann/json.hpp>

#include "core/game.h"

namespace tt::protocol {

nlohmann::json game_json(const Game& game);
// Every registered game, as an array; a game whose card data could not be
// loaded is an entry {"name", "broken": true, "error"}.
nlohmann::json games_json();
// {"game": name, "cards": [...], "starter_decks": {name: deck}}: the game's
// Game::card_catalog and its starter decks' files. Throws
// DataError for a broken game, tt::Error naming the known games for an
// unknown one (as Registry::get).
nlohmann::json cards_json(const std::string& game);

}  // namespace tt::protocol
