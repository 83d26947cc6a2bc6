// One card of the Last Chronicle pool (docs/games/lastchronicle-card-format.md),
// and the names of colours and rarities.
#include "games/lastchronicle/cards.h"

#include <algorithm>

#include "games/lastchronicle/card_reader.h"

namespace tt::lastchronicle {

namespace {

const std::map<std::string, Colour> kColours = {{"white", kWhite},
                                                {"orange", kOrange},
                                                {"purple", kPurple},
                                                {"black", kBlack},
                                                {"blue", kBlue}};

}  // namespace

namespace detail {

bool is_id(const std::string& id) {
  const auto id_char = [](char ch) {
    return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-';
  };
  return !id.empty() && id.size() <= kMaxIdLength && id[0] != '-' &&
         std::all_of(id.begin(), id.end(), id_char);
}

bool blank(const std::string& s) {
  return s.find_first_not_of(" \t\r\n") == std::string::npos;
}

CardDef read_card(const json& c, int index) {
  const std::string id =
      c.is_object() && c.contains("id") && c["id"].is_string() ? c["id"].get<std::string>() : "";
  Reader r(id.empty() ? "card #" + std::to_string(index) : "card '" + id + "'");
  r.only(c,
         {"id", "name", "type", "colours", "rarity", "cost", "x_cost", "ca", "atk", "def",
          "keywords", "abilities", "effects", "if", "text"},
         "a card");
  if (!is_id(id)) r.fail("id", kIdRule);
  CardDef d;
  d.id = id;
  if (!c.contains("name") || !c["name"].is_string() || blank(c["name"].get<std::string>()))
    r.fail("name", "must be a non-empty string");
  d.name = c["name"];
  if (c.contains("text") && (!c["text"].is_string() || blank(c["text"].get<std::string>())))
    r.fail("text", "must be a non-empty string");
  d.text = c.value("text", "");
  d.type = r.pick(
      c, "type",
      std::map<std::string, CardType>{{"unit", CardType::kUnit}, {"spell", CardType::kSpell}},
      CardType::kUnit, true);
  d.rarity = r.pick(c, "rarity",
                    std::map<std::string, Rarity>{{"normal", Rarity::kNormal},
                                                  {"legacy", Rarity::kLegacy},
                                                  {"chrono_rare", Rarity::kChronoRare},
                                                  {"special", Rarity::kSpecial}},
                    Rarity::kNormal, true);
  if (c.contains("colours")) {
    if (!c["colours"].is_array()) r.fail("colours", "must be a list");
    for (auto& col : c["colours"]) {
      if (!col.is_string() || !kColours.count(col.get<std::string>()))
        r.fail("colours", "'" + col.dump() + "' is not white, orange, purple, black or blue");
      d.colours |= kColours.at(col.get<std::string>());
    }
  }
  d.cost = static_cast<std::int8_t>(r.integer(c, "cost", 0, 9, 0));
  d.ca = static_cast<std::int8_t>(r.integer(c, "ca", 0, 4, 0));
  if (c.contains("x_cost")) {
    if (!c["x_cost"].is_boolean()) r.fail("x_cost", "must be true or false");
    d.x_cost = c["x_cost"];
    if (d.x_cost && d.is_unit()) r.fail("x_cost", "only spells have an X cost");
  }
  if (d.is_unit()) {
    if (!c.contains("atk") || !c.contains("def")) r.fail("atk", "a unit needs atk and def");
    d.atk = static_cast<std::int8_t>(r.integer(c, "atk", 0, 9, 0));
    d.def = static_cast<std::int8_t>(r.integer(c, "def", 1, 9, 1));
    if (c.contains("effects") || c.contains("if"))
      r.fail("effects", "a unit's effects go in abilities");
  } else {
    if (c.contains("atk") || c.contains("def")) r.fail("atk", "a spell has no atk or def");
    if (c.contains("abilities")) r.fail("abilities", "a spell's steps go in effects");
    if (!c.contains("effects")) r.fail("effects", "a spell needs effects");
    read_effects(r, c["effects"], d.spell.effects, Place{true, d.x_cost, false});
    if (d.spell.effects.empty()) r.fail("effects", "must not be empty");
    if (c.contains("if")) d.spell.cond = read_condition(r, c["if"]);
  }
  if (c.contains("keywords")) {
    if (!c["keywords"].is_array()) r.fail("keywords", "must be a list");
    for (auto& k : c["keywords"]) {
      const std::string w = k.is_string() ? k.get<std::string>() : k.dump();
      if (w == "quick")
        d.quick = true;
      else if (w == "haste" && d.is_unit())
        d.haste = true;
      else if (w == "setup_shed" && d.is_unit())
        d.setup_shed = true;
      else
        r.fail("keywords", "'" + w + "' is not quick, haste (units) or setup_shed (units)");
    }
  }
  if (c.contains("abilities")) {
    if (!c["abilities"].is_array()) r.fail("abilities", "must be a list");
    for (auto& a : c["abilities"]) d.abilities.push_back(read_ability(r, a));
    if (d.abilities.size() > 8) r.fail("abilities", "at most 8");
  }
  return d;
}

}  // namespace detail

std::string colour_names(Colours c) {
  std::string s;
  for (auto& [name, bit] : kColours)
    if (c & bit) s += (s.empty() ? "" : "/") + name;
  return s.empty() ? "colourless" : s;
}

std::string rarity_name(Rarity r) {
  switch (r) {
    case Rarity::kNormal:
      return "normal";
    case Rarity::kLegacy:
      return "legacy";
    case Rarity::kChronoRare:
      return "chrono rare";
    case Rarity::kSpecial:
      return "special";
  }
  return "?";
}

}  // namespace tt::lastchronicle
