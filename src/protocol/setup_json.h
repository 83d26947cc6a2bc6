// Strict reading of setups and records from untrusted JSON. The core's
// setup_from_json is lenient (it converts numbers with a plain cast); these
// checks run first so a huge or mistyped value is refused, not truncated.
#pragma once
#include <nlohmann/json.hpp>

#include "core/game.h"

namespace tt::protocol {

// Reads seats, variant, options, decks and seed from `obj` (other fields are
// ignored). Throws tt::Error naming the bad field.
Setup strict_setup(const nlohmann::json& obj);

// Checks a record's shape (format, game, setup, decisions) before it is
// replayed. Throws tt::Error naming the problem.
void check_record_shape(const nlohmann::json& record);

}  // namespace tt::protocol
