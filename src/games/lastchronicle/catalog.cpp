// The Last Chronicle pool as people read it (Game::card_catalog): units and
// spells with cost, colours, rarity and CA, and the CA tokens of the
// multiplayer guide's set-up.
#include "core/card_catalog.h"
#include "games/lastchronicle/game.h"

namespace tt::lastchronicle {

namespace {

// The printed cost; an X spell pays X on top of it.
std::string cost_text(const CardDef& c) {
  if (!c.x_cost) return std::to_string(c.cost);
  return c.cost ? std::to_string(c.cost) + "+X" : "X";
}

std::vector<std::string> colour_list(Colours colours) {
  std::vector<std::string> out;
  for (Colour c : {kWhite, kOrange, kPurple, kBlack, kBlue})
    if (colours & c) out.push_back(colour_names(c));
  return out;
}

CatalogCard card_entry(const CardDef& c) {
  CatalogCard out;
  out.id = c.id;
  out.name = c.name;
  out.kind = c.is_unit() ? "unit" : "spell";
  out.cost = cost_text(c);
  out.curve = c.cost;
  // A multiplayer deck's leader is a legacy unit (not a chrono rare nor the
  // special card: rarities of their own).
  out.deck_slots = {"cards"};
  if (c.is_unit() && c.rarity == Rarity::kLegacy) out.deck_slots.push_back("leader");
  out.colours = colour_list(c.colours);
  if (c.is_unit()) {
    out.stat("ATK", c.atk);
    out.stat("DEF", c.def);
  }
  out.stat("CA", c.ca);
  out.text = c.text;
  out.tags.push_back(rarity_name(c.rarity));
  if (c.quick) out.tags.push_back("quick");
  if (c.haste) out.tags.push_back("haste");
  if (c.setup_shed) out.tags.push_back("shed at set-up");
  return out;
}

// Tokens carry no printed text: say what they are for.
CatalogCard token_entry(const TokenDef& t) {
  CatalogCard out;
  out.id = t.id;
  out.name = t.name;
  out.kind = "CA token";
  out.stat("CA", t.ca);
  out.text = "Pays " + std::to_string(t.ca) +
             " CA toward a CA cost, with no same-colour bonus, then leaves the game. In a "
             "multiplayer game the later players start with CA tokens.";
  out.token = true;
  return out;
}

}  // namespace

nlohmann::json LcGame::card_catalog() const {
  std::vector<CatalogCard> cards;
  for (const CardDef& c : pool().cards) cards.push_back(card_entry(c));
  for (const TokenDef& t : pool().tokens) cards.push_back(token_entry(t));
  return catalog_json(cards);
}

}  // namespace tt::lastchronicle
