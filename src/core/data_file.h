// Reading a game's JSON data files (card pools, starter decks): every
// error names the file, and nothing half-read is returned.
#pragma once
#include <nlohmann/json_fwd.hpp>
#include <string>

namespace tt {

// The parsed file. Throws tt::Error naming the path when it cannot be read
// or is not JSON.
nlohmann::json read_data_file(const std::string& path);

}  // namespace tt
