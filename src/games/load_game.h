// A built-in game loaded on its own from a data folder, with some of its
// card data changed: balance studies compare a card with other numbers
// (docs/data-overrides.md). The game is private to the caller: the registry
// never sees it.
#pragma once
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "core/game.h"

namespace tt {

// Game `name` built from <data_dir>/<name> with `overrides` applied: a JSON
// array of {"card": "<id>", "set": {"<field>": <value>, ...}} (optionally
// "in": "<list>"), each merged (RFC 7386) into the one entry with that id
// among the top-level lists of the game's data files. The patched data goes
// through the game's own loader. Throws tt::Error, loading nothing, when the
// overrides are malformed, name no entry or more than one, when the game is
// unknown, or (DataError) when the game's loader refuses the patched data.
std::shared_ptr<const Game> load_game(const std::string& name, const std::string& data_dir,
                                      const nlohmann::json& overrides);

// The built-in games (src/games/registry.cpp), by name in registry order.
std::vector<std::string> builtin_game_names();
// Built-in game `name` loaded from <dir>/<name> (throws as its loader does);
// nullptr when there is no built-in game of that name.
std::shared_ptr<const Game> construct_builtin_game(const std::string& name, const std::string& dir);

}  // namespace tt
