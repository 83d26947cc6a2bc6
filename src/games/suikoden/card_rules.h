// The rules of a Suikoden card pool that no field alone says: where each
// effect kind may stand, and what cards and filters may name
// (docs/games/suikoden-card-format.md). Used by the loader (cards.cpp).
#pragma once
#include "core/card_fields.h"
#include "core/data_file.h"
#include "games/suikoden/cards.h"

namespace tt::suikoden {

// The effect `e` (fields named by `f`, "effects[1]") may stand on card `c`.
void check_effect_place(const CardFields& f, const CardDef& c, const Effect& e);

// Between cards: camp ids once, partners and filter names that exist, and
// no mission or facility sharing its name with another card.
void check_pool_rules(const Pool& pool, DataProblems& problems);

}  // namespace tt::suikoden
