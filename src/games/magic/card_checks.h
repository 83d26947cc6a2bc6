// The rules of the card format a schema cannot say: references from an
// effect to its ability's targets, to the event of its trigger and to other
// fields of the card (docs/games/magic-card-format.md). The schema
// (data/schema/magic-cards.schema.json) has checked every field's type,
// range and name before these run.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "games/magic/card_reader.h"
#include "games/magic/cards.h"

namespace tt::magic {

// What the effects of one ability (or of a spell's mode) may refer to.
struct Scope {
  const CardDef& card;                // read up to its abilities
  std::vector<std::string> targets;   // the ability's target kinds, in order
  const std::string* when = nullptr;  // a trigger's event
  bool permanent = false;             // an ability of a permanent, not a spell
  bool linked_exile = false;          // the permanent exiles with return "linked"
};

// One effect step `e` (read by `r`) against its scope: throws naming the field.
void check_effect(const Reader& r, const nlohmann::json& e, const Scope& s);
// A trigger's event against its card: attacks, blocks and combat damage
// belong to creatures, the enchanted player's events to a Curse-like Aura.
void check_trigger(const Reader& r, const std::string& when, const CardDef& card);
// An Aura is an enchantment; the enchanted creature's statics need an Aura
// that enchants a creature.
void check_aura(const Reader& r, const CardDef& card);

}  // namespace tt::magic
