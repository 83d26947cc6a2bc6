// The Magic-style pool as people read it (Game::card_catalog): type line,
// mana cost, colours, power/toughness and keywords, tokens included.
#include "core/card_catalog.h"
#include "games/magic/game.h"

namespace tt::magic {

namespace {

// The type line in the usual order: "artifact creature", "land"...
std::string type_line(std::uint8_t types) {
  static constexpr std::pair<TypeBit, const char*> kOrder[] = {
      {kArtifact, "artifact"}, {kEnchantment, "enchantment"}, {kLand, "land"},
      {kCreature, "creature"}, {kInstant, "instant"},         {kSorcery, "sorcery"}};
  std::string s;
  for (auto [bit, word] : kOrder)
    if (types & bit) s += (s.empty() ? "" : " ") + std::string(word);
  return s;
}

std::vector<std::string> colour_list(std::uint8_t colours) {
  static constexpr const char* kNames[kColours] = {"white", "blue", "black", "red", "green"};
  std::vector<std::string> out;
  for (int c = 0; c < kColours; ++c)
    if (colours & (1u << c)) out.emplace_back(kNames[c]);
  return out;
}

// "first-strike" as the rules write it: "first strike".
std::string keyword_words(std::uint16_t bit) {
  std::string s = keyword_name(bit);
  for (char& ch : s)
    if (ch == '-') ch = ' ';
  return s;
}

CatalogCard entry(const CardDef& c) {
  CatalogCard out;
  out.id = c.id;
  out.name = c.name;
  out.kind = type_line(c.types);
  // Lands and tokens have no mana cost (a {0} spell shows its {0}).
  if (!c.is(kLand) && !c.token) out.cost = mana_text(c.cost);
  out.colours = colour_list(c.colours);
  if (c.is(kCreature)) out.stat("P/T", std::to_string(c.power) + "/" + std::to_string(c.toughness));
  out.text = c.text;
  for (std::uint16_t bit = 1; bit != 0 && bit <= kLifelink;
       bit = static_cast<std::uint16_t>(bit << 1))
    if (c.keywords & bit) out.tags.push_back(keyword_words(bit));
  if (c.basic) out.tags.push_back("basic");
  if (c.aura) out.tags.push_back("Aura");
  if (c.curse) out.tags.push_back("Curse");
  out.token = c.token;
  if (out.cost) out.curve = c.cost.total();  // the mana value (X counts 0)
  if (!c.token) out.deck_slots = {"cards"};
  return out;
}

}  // namespace

nlohmann::json MagicGame::card_catalog() const {
  std::vector<CatalogCard> cards;
  for (const CardDef& c : pool().cards) cards.push_back(entry(c));
  return catalog_json(cards);
}

}  // namespace tt::magic
