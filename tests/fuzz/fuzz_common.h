// Shared by the fuzz targets: the games, a bounded parse, and a short game
// played from whatever state was accepted, so that every accepted state is
// also viewed, saved, restored, rendered and played (a hostile value that
// slips past a loader shows up here, where a view or a rule uses it).
#pragma once
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "core/match.h"

namespace tt::fuzz {

// Registers the games once (data from the source tree or $TABLETOP_DATA).
void init_games();

// The input as JSON, or nothing when it is not JSON or nests too deeply.
std::optional<nlohmann::json> parse(const std::uint8_t* data, std::size_t size);

// Views for every seat and the referee, the log, rendering, a save that is
// restored again, then up to `decisions` decisions picked by `pick`.
void exercise(Match& match, std::uint64_t pick, int decisions);

}  // namespace tt::fuzz
