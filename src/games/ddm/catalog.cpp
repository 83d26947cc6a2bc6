// The Dungeon Dice Monsters pieces as people read them (Game::card_catalog):
// monsters with level, type and numbers, and the dungeon's items. Dice are
// components, not cards, and are left out.
#include "core/card_catalog.h"
#include "games/ddm/game.h"

namespace tt::ddm {

namespace {

void add_keywords(std::uint8_t keywords, std::vector<std::string>& tags) {
  if (keywords & kFlying) tags.push_back("flying");
  if (keywords & kTunnel) tags.push_back("tunnel");
  if (keywords & kRanged) tags.push_back("ranged");
}

// The piece's own text, then each ability's text on its own line.
std::string full_text(const PieceDef& d) {
  std::string text = d.text;
  for (const auto* list : {&d.on_summon, &d.abilities})
    for (const Ability& a : *list)
      if (!a.text.empty()) text += (text.empty() ? "" : "\n") + a.text;
  return text;
}

}  // namespace

nlohmann::json DdmGame::card_catalog() const {
  std::vector<CatalogCard> cards;
  for (const PieceDef& d : pool().pieces) {
    CatalogCard& out = cards.emplace_back();
    out.id = d.id;
    out.name = d.name;
    out.kind = d.is_item ? "item" : "monster";
    out.text = full_text(d);
    out.stat("Level", d.level);
    out.curve = d.level;
    out.deck_slots = {d.is_item ? "items" : "monsters"};
    if (d.is_item) {
      if (d.once) out.tags.push_back("single use");
      continue;
    }
    out.stat("HP", d.hp);
    out.stat("ATK", d.atk);
    out.stat("DEF", d.def);
    if (d.range > 1) out.stat("Range", d.range);
    if (d.attacks > 1) out.stat("Attacks", d.attacks);
    out.tags.push_back(type_name(d.type));
    add_keywords(d.keywords, out.tags);
  }
  nlohmann::json out = catalog_json(cards);
  // A set's dice are named by a dice set (the deck file's "dice").
  out["dice_sets"] = nlohmann::json::array();
  for (const auto& [name, dice] : pool().dice_sets) out["dice_sets"].push_back(name);
  return out;
}

}  // namespace tt::ddm
