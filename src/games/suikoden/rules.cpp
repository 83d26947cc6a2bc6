#include "games/suikoden/rules.h"

namespace tt::suikoden {

Rules::Rules(std::shared_ptr<const Pool> p, const Options& o)
    : pool_ptr(std::move(p)), pool(*pool_ptr) {
  link_mode = o.get("link_mode") == "chain" ? LinkMode::kChain : LinkMode::kUnion;
  vp_to_win = o.get_int("vp_to_win");
  hand_size = o.get_int("hand_size");
  mulligan_max = o.get_int("mulligan_max");
  names_counted = pool.names.size() <= static_cast<std::size_t>(kNameSlots);
  facts.reserve(pool.cards.size());
  labels.reserve(pool.cards.size());
  for (const CardDef& d : pool.cards) {
    DefFacts f;
    for (std::size_t i = 0; i < d.names.size() && i < 2; ++i) f.names[i] = d.names[i];
    for (std::size_t i = 0; i < 2; ++i)
      f.name_slots[i] =
          static_cast<std::uint8_t>(names_counted && f.names[i] >= 0 ? f.names[i] : kNameSlots);
    f.links = d.links;
    f.character = d.is_character();
    f.dispatchable = d.is_character() && !d.is_commander();
    f.leader = d.is_leader();
    f.support_character = d.support && d.is_character();
    f.facility = d.type == CardType::kFacility;
    for (const Effect& e : d.effects) {
      f.boost |= e.kind == EffectKind::kBoost;
      f.cooperation |= e.kind == EffectKind::kCooperation;
      f.counter |= e.kind == EffectKind::kCounter;
      f.draws |= e.kind == EffectKind::kOnDispatch;
      if (e.kind == EffectKind::kHandLimit)
        (e.to == Scope::kSelf ? f.hand_limit_self : f.hand_limit_others) += e.amount;
    }
    for (Stat st : {Stat::kAtk, Stat::kTroops, Stat::kBuild})
      f.printed[static_cast<std::size_t>(st)] = d.printed(st);
    facts.push_back(f);
    labels.push_back(card_label(d));
  }
  // The boost table: a row per booster, stat and scope, over every definition.
  const std::size_t defs = pool.cards.size();
  int boosters = 0;
  for (DefFacts& f : facts)
    if (f.boost) f.booster = boosters++;
  boost_table.assign(static_cast<std::size_t>(boosters) * 3 * kBoostScopes * defs, 0);
  for (std::size_t s = 0; s < defs; ++s) {
    if (facts[s].booster < 0) continue;
    for (const Effect& e : pool.cards[s].effects) {
      if (e.kind != EffectKind::kBoost || static_cast<int>(e.to) >= kBoostScopes) continue;
      int* row = boost_table.data() + boost_row_start(facts[s].booster, e.stat, e.to);
      for (std::size_t t = 0; t < defs; ++t)
        if (e.filter.matches(pool.cards[t])) row[t] += e.amount;
    }
  }
}

}  // namespace tt::suikoden
