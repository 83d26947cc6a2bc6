#include "games/suikoden/card_rules.h"

#include <map>
#include <set>

namespace tt::suikoden {

void check_effect_place(const CardFields& f, const CardDef& c, const Effect& e) {
  const bool commander = c.is_commander();
  const bool in_deck = c.is_character() && !commander;  // dispatched from hand
  const bool everywhere = commander || c.type == CardType::kFacility;
  switch (e.kind) {
    case EffectKind::kBoost:
      if (c.type == CardType::kMission) f.fail_here("missions have no effects");
      if (everywhere && e.to != Scope::kAll)
        f.fail("to", "commanders and facilities boost with to: all");
      if (in_deck && e.to == Scope::kAll)
        f.fail("to", "to: all is for commanders and built facilities");
      break;
    case EffectKind::kCooperation:
      if (!in_deck) f.fail("kind", "cooperation belongs on characters that are dispatched");
      if (e.partner == c.full_name)
        f.fail("partner", "a character cannot cooperate with its own name");
      break;
    case EffectKind::kOnDispatch:
      if (!in_deck) f.fail("kind", "on_dispatch belongs on characters that are dispatched");
      break;
    case EffectKind::kCounter:
      if (!in_deck) f.fail("kind", "counter belongs on characters in the deck");
      break;
    case EffectKind::kHandLimit:
      if (!everywhere) f.fail("kind", "hand_limit works on commanders and facilities");
      break;
  }
}

void check_pool_rules(const Pool& pool, DataProblems& problems) {
  std::set<std::string> camps;
  for (std::size_t i = 0; i < pool.camp_ids.size(); ++i)
    if (!camps.insert(pool.camp_ids[i]).second)
      problems.add("camps[" + std::to_string(i) + "], field 'id'",
                   "camp '" + pool.camp_ids[i] + "' appears twice");
  // Who a partner or a filter can name: full card names, and character names
  // (both halves of a pair).
  std::set<int> card_names, character_names;
  std::map<std::string, int> cards_named;
  for (const CardDef& c : pool.cards) {
    ++cards_named[c.name];
    if (!c.is_character()) continue;
    card_names.insert(c.full_name);
    character_names.insert(c.names.begin(), c.names.end());
  }
  for (const CardDef& c : pool.cards) {
    const std::string where = "card '" + c.id + "'";
    if (!c.is_character() && cards_named[c.name] > 1)
      problems.add(
          where + ", field 'name'",
          "'" + c.name + "' is shared with another card (only characters may share names)");
    for (std::size_t i = 0; i < c.effects.size(); ++i) {
      const Effect& e = c.effects[i];
      const std::string field = where + ", field 'effects[" + std::to_string(i) + "].";
      if (e.kind == EffectKind::kCooperation && !card_names.count(e.partner))
        problems.add(field + "partner'",
                     "cooperation partner '" + pool.names[e.partner] + "' is no card");
      if (e.filter.name >= 0 && !character_names.count(e.filter.name))
        problems.add(field + "filter.name'",
                     "'" + pool.names[e.filter.name] + "' is no character name of the pool");
    }
  }
}

}  // namespace tt::suikoden
