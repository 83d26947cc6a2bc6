#include "games/lastchronicle/card_facts.h"

namespace tt::lastchronicle {

std::vector<CardFacts> card_facts(const Pool& pool) {
  std::vector<CardFacts> out;
  out.reserve(pool.cards.size());
  for (const CardDef& d : pool.cards) {
    CardFacts f;
    f.cost = d.cost;
    f.ca = d.ca;
    f.atk = d.atk;
    f.def = d.def;
    f.colours = d.colours;
    f.unit = d.is_unit();
    f.quick = d.quick;
    f.haste = d.haste;
    f.x_cost = d.x_cost;
    for (const Ability& a : d.abilities) {
      if (a.tag == Tag::kActivated) f.activated = true;
      if (a.tag != Tag::kStatic) continue;
      const auto z = static_cast<std::size_t>(a.zone);
      f.statics[z] =
          static_cast<std::uint8_t>(f.statics[z] | (1u << static_cast<unsigned>(a.stat)));
      if (a.stat != StaticKind::kAnthem) continue;
      f.anthem_atk[z] = static_cast<std::int16_t>(f.anthem_atk[z] + a.stat_atk);
      f.anthem_def[z] = static_cast<std::int16_t>(f.anthem_def[z] + a.stat_def);
    }
    out.push_back(f);
  }
  return out;
}

}  // namespace tt::lastchronicle
