// The Magic-style card pool: checked against its schema
// (data/schema/magic-cards.schema.json) first, then read card by card, with
// every problem the schema cannot see (references, unique ids and names)
// reported together, each naming the file, the card and the field.
#include <nlohmann/json.hpp>
#include <set>

#include "core/data_file.h"
#include "core/error.h"
#include "core/schema_check.h"
#include "games/magic/card_reader.h"
#include "games/magic/cards.h"

namespace tt::magic {

using nlohmann::json;

int Pool::find(const std::string& id) const {
  for (std::size_t i = 0; i < cards.size(); ++i)
    if (cards[i].id == id) return static_cast<int>(i);
  return -1;
}

Pool Pool::load(const json& j, const std::string& file) {
  check_schema(j, "magic-cards", file);
  std::vector<std::string> problems;
  Pool p;
  const json& list = j.at("cards");
  const json tokens = j.value("tokens", json::array());
  Names<int> token_ids;
  for (std::size_t i = 0; i < tokens.size(); ++i)
    token_ids[tokens[i].at("id").get<std::string>()] =
        static_cast<int>(list.size()) + static_cast<int>(i);
  std::set<std::string> ids, names;
  // Every card is read, and every problem reported together.
  auto each = [&](const json& cards, bool token) {
    for (const json& c : cards) {
      try {
        CardDef d = read_card(c, token_ids, token);
        const std::string where = "card '" + d.id + "'";
        if (!ids.insert(d.id).second) throw Error(where + ", field 'id': defined twice");
        if (!names.insert(d.name).second)
          throw Error(where + ", field 'name': '" + d.name + "' is used twice");
        p.cards.push_back(std::move(d));
      } catch (const std::exception& e) {
        problems.push_back(file + ": " + e.what());
      }
    }
  };
  each(list, false);
  p.first_token = static_cast<int>(p.cards.size());
  each(tokens, true);
  // Card indexes are 16-bit in saved states.
  if (p.cards.size() > 1000) problems.push_back(file + ": a pool holds at most 1000 cards");
  if (problems.size() == 1) throw DataError(problems.front());
  if (!problems.empty()) {
    std::string text = file + ": " + std::to_string(problems.size()) + " problems";
    for (const std::string& line : problems) text += "\n  - " + line;
    throw DataError(text);
  }
  return p;
}

Pool Pool::load_file(const std::string& path) {
  return load(read_data_file(path), path);
}

std::string mana_text(const ManaCost& m) {
  std::string s;
  if (m.generic || m.empty()) s += "{" + std::to_string(m.generic) + "}";
  static const char* kLetters = "WUBRG";
  for (int k = 0; k < kColours; ++k)
    for (int i = 0; i < m.coloured[k]; ++i) s += std::string("{") + kLetters[k] + "}";
  return s;
}

const char* keyword_name(std::uint16_t k) {
  for (auto& [name, bit] : kKeywords)
    if (bit == k) return name.c_str();
  return "?";
}

}  // namespace tt::magic
