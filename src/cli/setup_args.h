// Turning command-line words into a Setup: game lookup, --option K=V,
// --deck FILE|STARTER (checked before the game starts) and --seats.
#pragma once
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "core/game.h"

namespace tt::cli {

// The registered game; a usage error listing the known ones otherwise, and
// tt::DataError for a game whose card data is broken.
std::shared_ptr<const Game> find_game(const std::string& name);

// "for 2 seats", "for 2 to 4 seats".
std::string seats_text(const Game& game);
// A usage error unless the game is played with this many seats.
void check_seats(const Game& game, int seats);

// A deck argument as the game takes it: a file's JSON, or a starter deck's
// name. Bad input when it is neither, or the file is not JSON.
nlohmann::json load_deck(const Game& game, const std::string& arg);

// The setup for `seats` seats: variant, options, decks (each checked: an
// illegal deck is bad input, listing every problem), seed.
Setup make_setup(const Game& game, const MatchArgs& args, int seats, std::uint64_t seed);

// A JSON file's contents; bad input when unreadable.
nlohmann::json read_json_file(const std::string& path);

// Splits "a,b,c" (empty parts dropped).
std::vector<std::string> split_list(const std::string& text);

}  // namespace tt::cli
