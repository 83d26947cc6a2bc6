#include "core/card_catalog.h"

namespace tt {

using nlohmann::json;

json CatalogCard::to_json() const {
  json pairs = json::array();
  for (const auto& [label, value] : stats) pairs.push_back(json::array({label, value}));
  return {{"id", id},
          {"name", name},
          {"kind", kind},
          {"cost", cost ? json(*cost) : json(nullptr)},
          {"colours", colours},
          {"stats", std::move(pairs)},
          {"text", text},
          {"tags", tags},
          {"token", token},
          {"deck_slots", deck_slots},
          {"curve", curve ? json(*curve) : json(nullptr)}};
}

json catalog_json(const std::vector<CatalogCard>& cards) {
  json out = json::array();
  for (const CatalogCard& c : cards) out.push_back(c.to_json());
  return {{"cards", std::move(out)}};
}

}  // namespace tt
