// The Suikoden pool as people read it (Game::card_catalog): characters with
// their class, camp and printed numbers, missions with how they are cleared,
// facilities with what builds and blocks them.
#include "core/card_catalog.h"
#include "games/suikoden/game.h"

namespace tt::suikoden {

namespace {

const char* type_word(CardType t) {
  switch (t) {
    case CardType::kCharacter:
      return "character";
    case CardType::kMission:
      return "mission";
    case CardType::kFacility:
      return "facility";
  }
  return "?";
}

// The stat as the card texts say it ("+1 attack", "2000 troops").
std::string stat_word(Stat s) {
  return s == Stat::kAtk ? "attack" : stat_name(s);
}

void add_character(const CardDef& c, const Pool& pool, CatalogCard& out) {
  out.stat("Attack", c.atk);
  out.stat("Troops", c.troops);
  out.stat("Build", c.build);
  if (c.links) out.stat("Links", links_string(c.links));
  out.tags.push_back(class_name(c.cls));
  if (c.camp >= 0) out.tags.push_back(pool.camp_names[static_cast<std::size_t>(c.camp)]);
  if (c.is_pair()) out.tags.push_back("pair");
  if (c.emblem) out.tags.push_back("emblem");
  if (c.support) out.tags.push_back("support");
}

void add_mission(const CardDef& c, CatalogCard& out) {
  out.stat("Battle", battle_name(c.battle));
  if (c.battle == Battle::kDuel)
    out.stat("Duel on", stat_word(c.duel_stat));
  else
    out.stat("To clear", c.target);
  out.stat("VP to placer", c.vp_placer);
  out.stat("VP to opponent", c.vp_opponent);
}

}  // namespace

nlohmann::json SuikodenGame::card_catalog() const {
  const Pool& p = pool();
  std::vector<CatalogCard> cards;
  for (const CardDef& c : p.cards) {
    CatalogCard& out = cards.emplace_back();
    out.id = c.id;
    out.name = c.name;
    out.kind = type_word(c.type);
    out.text = c.text;
    // A commander leads the deck from outside it; every other card goes in.
    out.deck_slots = {c.is_commander() ? "commander" : "cards"};
    if (c.is_character()) {
      add_character(c, p, out);
    } else if (c.type == CardType::kMission) {
      add_mission(c, out);
    } else {
      out.stat("Build", c.target);
      out.stat("Block", c.block);
    }
  }
  return catalog_json(cards);
}

}  // namespace tt::suikoden
