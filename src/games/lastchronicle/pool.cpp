// The Last Chronicle pool file: its form is checked against data/schema/
// lastchronicle-cards.schema.json first; then the cards are read one by one,
// and what ties entries together (unique ids and names, known tokens, one
// special card) is checked here.
#include <nlohmann/json.hpp>
#include <set>

#include "core/data_file.h"
#include "core/error.h"
#include "core/schema_check.h"
#include "games/lastchronicle/card_reader.h"

namespace tt::lastchronicle {

using detail::read_card;
using detail::Reader;
using nlohmann::json;

int Pool::find(const std::string& id) const {
  for (std::size_t i = 0; i < cards.size(); ++i)
    if (cards[i].id == id) return static_cast<int>(i);
  return -1;
}

int Pool::find_token(const std::string& id) const {
  for (std::size_t i = 0; i < tokens.size(); ++i)
    if (tokens[i].id == id) return static_cast<int>(i);
  return -1;
}

namespace {

constexpr std::size_t kMaxTokens = 16;  // a player's tokens are kept as small indices

void read_tokens(const json& j, Pool& p, DataProblems& problems) {
  if (!j.contains("tokens") || !j["tokens"].is_array()) {
    problems.add("pool", "tokens must be a list");
    return;
  }
  if (j["tokens"].size() > kMaxTokens) {
    problems.add("pool", "at most " + std::to_string(kMaxTokens) + " tokens");
    return;
  }
  for (auto& t : j["tokens"]) {
    const std::string name = "token " + (t.is_object() && t.contains("id") && t["id"].is_string()
                                             ? t["id"].get<std::string>()
                                             : std::string("?"));
    problems.entry(name, [&] {
      Reader r(name);
      r.only(t, {"id", "name", "ca"}, "a token");
      if (!t.contains("id") || !t["id"].is_string() || !detail::is_id(t["id"]))
        r.fail("id", detail::kIdRule);
      if (!t.contains("name") || !t["name"].is_string() || detail::blank(t["name"]))
        r.fail("name", "must be a non-empty string");
      if (p.find_token(t["id"]) >= 0) r.fail("id", "appears twice");
      p.tokens.push_back(
          {t["id"], t["name"], static_cast<std::int8_t>(r.integer(t, "ca", 1, 9, 1))});
    });
  }
}

void read_starting_ca(const json& j, Pool& p, DataProblems& problems) {
  if (!j.contains("starting_ca") || !j["starting_ca"].is_array() || j["starting_ca"].size() > 8) {
    problems.add("pool", "starting_ca must be a list (one entry per position, at most 8)");
    return;
  }
  for (std::size_t n = 0; n < j["starting_ca"].size(); ++n) {
    const json& pos = j["starting_ca"][n];
    problems.entry("starting_ca[" + std::to_string(n) + "]", [&] {
      if (!pos.is_array()) throw Error("a list of token ids");
      if (pos.size() > 4) throw Error("at most 4 tokens");
      std::vector<std::uint8_t> ids;
      for (auto& t : pos) {
        const int k = t.is_string() ? p.find_token(t.get<std::string>()) : -1;
        if (k < 0) throw Error("unknown token " + t.dump());
        ids.push_back(static_cast<std::uint8_t>(k));
      }
      p.starting_ca.push_back(ids);
    });
  }
}

void read_cards(const json& j, Pool& p, DataProblems& problems) {
  if (!j.contains("cards") || !j["cards"].is_array() || j["cards"].empty()) {
    problems.add("pool", "cards must be a non-empty list");
    return;
  }
  if (j["cards"].size() > 4000) {
    problems.add("pool", "too many cards");
    return;
  }
  std::set<std::string> ids, names;
  std::string special;  // the id of the special card, once met
  int i = 0;
  for (auto& c : j["cards"]) {
    const int index = i++;
    const std::string where = c.is_object() && c.contains("id") && c["id"].is_string()
                                  ? "card '" + c["id"].get<std::string>() + "'"
                                  : "card #" + std::to_string(index);
    problems.entry(where, [&] {
      CardDef d = read_card(c, index);
      const std::string field = "card '" + d.id + "', field ";
      if (!ids.insert(d.id).second) throw Error(field + "'id': appears twice");
      if (p.find_token(d.id) >= 0) throw Error(field + "'id': is also a token's id");
      if (!names.insert(d.name).second)
        throw Error(field + "'name': '" + d.name + "' appears twice");
      // The multiplayer guide's one special card, which may never lead.
      if (d.rarity == Rarity::kSpecial) {
        if (!special.empty())
          throw Error(field + "'rarity': only one card may be special, and '" + special + "' is");
        special = d.id;
      }
      p.cards.push_back(std::move(d));
    });
  }
}

// Every problem in the pool, token by token and card by card.
Pool read_pool(const json& j, DataProblems& problems) {
  Pool p;
  if (!j.is_object()) {
    problems.add("pool", "must be an object with tokens, starting_ca and cards");
    return p;
  }
  for (auto& [k, v] : j.items())
    if (k == "$schema" ? !v.is_string() : k != "tokens" && k != "starting_ca" && k != "cards")
      problems.add("pool",
                   k == "$schema" ? "$schema must be a string" : "unknown field '" + k + "'");
  read_tokens(j, p, problems);
  read_starting_ca(j, p, problems);
  read_cards(j, p, problems);
  return p;
}

}  // namespace

Pool Pool::load(const json& j) {
  DataProblems problems;
  Pool p = read_pool(j, problems);
  problems.throw_if_any("card pool");
  return p;
}

// The schema names every structural problem by its JSON pointer; the loader
// then checks what ties the cards together and what their steps mean, one
// line a problem, each naming the file, the card and the field.
Pool Pool::load_file(const std::string& path) {
  const json j = read_data_file(path);
  check_schema(j, "lastchronicle-cards", path);
  DataProblems problems;
  Pool p = read_pool(j, problems);
  std::string text;
  for (const std::string& problem : problems.list())
    text += (text.empty() ? "" : "\n") + path + ": " + problem;
  if (!text.empty()) throw DataError(text);
  return p;
}

}  // namespace tt::lastchronicle
