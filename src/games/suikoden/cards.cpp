#include "games/suikoden/cards.h"

#include <nlohmann/json.hpp>

#include "core/card_fields.h"
#include "core/data_file.h"
#include "core/error.h"
#include "core/schema_check.h"
#include "games/suikoden/card_rules.h"

namespace tt::suikoden {

using nlohmann::json;

bool Filter::matches(const CardDef& c) const {
  if (cls >= 0 && static_cast<int>(c.cls) != cls) return false;
  if (camp >= 0 && c.camp != camp) return false;
  if (emblem >= 0 && c.emblem != (emblem == 1)) return false;
  if (name >= 0) {
    bool found = false;
    for (int n : c.names) found = found || n == name;
    if (!found) return false;
  }
  return true;
}

namespace {

template <typename E>
E pick(const CardFields& f, const char* field, const std::string& value,
       std::initializer_list<std::pair<const char*, E>> choices) {
  std::string allowed;
  for (auto& [name, e] : choices) {
    if (value == name) return e;
    allowed += (allowed.empty() ? "" : "|") + std::string(name);
  }
  f.fail(field, "'" + value + "' is not one of " + allowed);
}

Stat parse_stat(const CardFields& f, const char* field, const std::string& v) {
  return pick<Stat>(f, field, v,
                    {{"atk", Stat::kAtk}, {"troops", Stat::kTroops}, {"build", Stat::kBuild}});
}

// The largest number a card or effect may print (troops run to thousands).
constexpr int kMaxNumber = 1000000;

class Loader {
 public:
  Pool pool;

  int name_index(const std::string& n) {
    for (std::size_t i = 0; i < pool.names.size(); ++i)
      if (pool.names[i] == n) return static_cast<int>(i);
    pool.names.push_back(n);
    return static_cast<int>(pool.names.size() - 1);
  }

  Filter filter(const CardFields& f, const json& j) {
    Filter filter;
    if (!j.is_object()) f.fail_here("a filter is an object, found " + j.dump());
    if (f.has(j, "class"))
      filter.cls = static_cast<int>(char_class(f, "class", f.text(j["class"], "class")));
    if (f.has(j, "camp")) {
      const std::string camp = f.text(j["camp"], "camp");
      filter.camp = pool.camp_index(camp);
      if (filter.camp < 0) f.fail("camp", "unknown camp '" + camp + "'");
    }
    if (f.has(j, "emblem")) filter.emblem = f.boolean(j, "emblem", false) ? 1 : 0;
    if (f.has(j, "name")) filter.name = name_index(f.text(j["name"], "name"));
    return filter;
  }

  static CharClass char_class(const CardFields& f, const char* field, const std::string& v) {
    return pick<CharClass>(f, field, v,
                           {{"commander", CharClass::kCommander},
                            {"leader", CharClass::kLeader},
                            {"commoner", CharClass::kCommoner},
                            {"free", CharClass::kFree},
                            {"craftsman", CharClass::kCraftsman}});
  }

  Effect effect(const CardFields& f, const json& j) {
    Effect e;
    const std::string kind = f.required_text(j, "kind");
    e.kind = pick<EffectKind>(f, "kind", kind,
                              {{"boost", EffectKind::kBoost},
                               {"cooperation", EffectKind::kCooperation},
                               {"on_dispatch", EffectKind::kOnDispatch},
                               {"counter", EffectKind::kCounter},
                               {"hand_limit", EffectKind::kHandLimit}});
    e.amount = f.integer(j, "amount", -kMaxNumber, kMaxNumber, 0);
    if ((e.kind == EffectKind::kBoost || e.kind == EffectKind::kHandLimit) && e.amount == 0)
      f.fail("amount", "a change of 0 does nothing");
    const auto stat = [&] { return parse_stat(f, "stat", f.required_text(j, "stat")); };
    switch (e.kind) {
      case EffectKind::kBoost:
        e.stat = stat();
        e.to = pick<Scope>(f, "to", f.text(j, "to", "self"),
                           {{"self", Scope::kSelf},
                            {"side", Scope::kSide},
                            {"all", Scope::kAll},
                            {"enemies", Scope::kEnemies}});
        if (f.has(j, "filter")) e.filter = filter(f.in("filter"), j["filter"]);
        break;
      case EffectKind::kCooperation:
        e.stat = stat();
        e.partner = name_index(f.required_text(j, "partner"));
        break;
      case EffectKind::kOnDispatch:
        pick<int>(f, "do", f.required_text(j, "do"), {{"draw", 0}});
        if (e.amount <= 0) f.fail("amount", "on_dispatch draw needs a positive amount");
        break;
      case EffectKind::kCounter:
        pick<int>(f, "trigger", f.text(j, "trigger", "opponent_dispatch"),
                  {{"opponent_dispatch", 0}});
        e.act = pick<CounterDo>(f, "do", f.required_text(j, "do"),
                                {{"weaken", CounterDo::kWeaken},
                                 {"repel", CounterDo::kRepel},
                                 {"draw", CounterDo::kDraw}});
        if (e.act != CounterDo::kDraw) e.stat = stat();
        e.max = f.integer(j, "max", 0, kMaxNumber, 0);
        break;
      case EffectKind::kHandLimit:
        e.to = pick<Scope>(f, "to", f.text(j, "to", "self"),
                           {{"self", Scope::kSelf}, {"opponent", Scope::kOpponent}});
        break;
    }
    return e;
  }

  CardDef card(const CardFields& f, const json& j) {
    CardDef c;
    c.id = f.required_text(j, "id");
    for (char ch : c.id)
      if (!(std::islower(static_cast<unsigned char>(ch)) ||
            std::isdigit(static_cast<unsigned char>(ch)) || ch == '-'))
        f.fail("id", "ids use lowercase letters, digits and '-'");
    c.name = f.required_text(j, "name");
    c.text = f.text(j, "text", "");
    c.type = pick<CardType>(f, "type", f.required_text(j, "type"),
                            {{"character", CardType::kCharacter},
                             {"mission", CardType::kMission},
                             {"facility", CardType::kFacility}});
    if (c.type == CardType::kCharacter) {
      c.cls = char_class(f, "class", f.required_text(j, "class"));
      if (f.has(j, "camp")) {
        const std::string camp = f.text(j["camp"], "camp");
        c.camp = pool.camp_index(camp);
        if (c.camp < 0) f.fail("camp", "unknown camp '" + camp + "'");
      }
      const bool affiliated = c.cls == CharClass::kCommander || c.cls == CharClass::kLeader ||
                              c.cls == CharClass::kCommoner;
      if (affiliated && c.camp < 0) f.fail("camp", "commanders, leaders and commoners have a camp");
      if (!affiliated && c.camp >= 0) f.fail("camp", "free and craftsman characters have no camp");
      c.full_name = name_index(c.name);
      if (f.has(j, "names")) {
        std::vector<std::string> halves;
        for (auto& n : f.list(j, "names")) halves.push_back(f.text(n, "names"));
        if (halves.size() != 2) f.fail("names", "a pair card has exactly two names");
        if (halves[0] == halves[1]) f.fail("names", "a pair card names two different characters");
        if (c.name != halves[0] + " & " + halves[1])
          f.fail("name", "a pair card's name is '" + halves[0] + " & " + halves[1] + "'");
        for (auto& n : halves) c.names.push_back(name_index(n));
      } else {
        c.names.push_back(c.full_name);
      }
      for (char l : f.text(j, "links", "")) {
        if (l < 'A' || l > 'I') f.fail("links", "link letters are A to I");
        if (c.links & (1u << (l - 'A'))) f.fail("links", "each link letter at most once");
        c.links = static_cast<std::uint16_t>(c.links | (1u << (l - 'A')));
      }
      if (c.cls != CharClass::kCommander && c.links == 0)
        f.fail("links", "a character needs a link letter");
      c.atk = f.integer(j, "atk", 0, kMaxNumber, 0);
      c.troops = f.integer(j, "troops", 0, kMaxNumber, 0);
      c.build = f.integer(j, "build", 0, kMaxNumber, 0);
      if (c.troops % 100 != 0) f.fail("troops", "troops come in hundreds");
      c.emblem = f.boolean(j, "emblem", false);
      c.support = f.boolean(j, "support", false);
    } else if (c.type == CardType::kMission) {
      c.battle = pick<Battle>(
          f, "battle", f.required_text(j, "battle"),
          {{"attack", Battle::kAttack}, {"troops", Battle::kTroops}, {"duel", Battle::kDuel}});
      c.target = f.integer(j, "target", 0, kMaxNumber, 0);
      if (c.battle != Battle::kDuel && c.target <= 0) f.fail("target", "needs a positive target");
      if (c.battle == Battle::kTroops && c.target % 100 != 0)
        f.fail("target", "troops targets come in hundreds");
      if (c.battle == Battle::kDuel)
        c.duel_stat = parse_stat(f, "duel_stat", f.required_text(j, "duel_stat"));
      const json& vp = f.required(j, "vp");
      if (!vp.is_array() || vp.size() != 2) f.fail("vp", "vp is [placer, opponent]");
      c.vp_placer = f.integer(vp[0], "vp", -99, 99);
      c.vp_opponent = f.integer(vp[1], "vp", -99, 99);
    } else {
      c.battle = Battle::kFacility;
      c.target = f.required_integer(j, "build", 1, kMaxNumber);
      c.block = f.required_integer(j, "block", 1, kMaxNumber);
    }
    const json& effects = f.list(j, "effects");
    for (std::size_t i = 0; i < effects.size(); ++i) {
      c.effects.push_back(effect(f.in("effects", i), effects[i]));
      check_effect_place(f.in("effects", i), c, c.effects.back());
    }
    return c;
  }
};

}  // namespace

// Every problem in the pool is collected (camp by camp, card by card) and
// reported in one error.
Pool Pool::from_json(const json& j) {
  Loader l;
  DataProblems problems;
  auto list = [&](const char* key) -> const json* {
    if (!j.is_object() || !j.contains(key) || !j[key].is_array()) {
      problems.add(key, "expected a list");
      return nullptr;
    }
    return &j[key];
  };
  if (const json* camps = list("camps"))
    for (std::size_t i = 0; i < camps->size(); ++i)
      problems.entry("camps[" + std::to_string(i) + "]", [&] {
        const json& camp = (*camps)[i];
        const CardFields f("camps[" + std::to_string(i) + "]");
        const std::string id = f.required_text(camp, "id");
        const std::string name = f.text(camp, "name", id);
        l.pool.camp_ids.push_back(id);
        l.pool.camp_names.push_back(name);
      });
  if (const json* cards = list("cards"))
    for (std::size_t i = 0; i < cards->size(); ++i) {
      const json& cj = (*cards)[i];
      const std::string where = cj.is_object() && cj.contains("id") && cj["id"].is_string()
                                    ? "card '" + cj["id"].get<std::string>() + "'"
                                    : "cards[" + std::to_string(i) + "]";
      problems.entry(where, [&] {
        const CardFields f(where);
        if (!cj.is_object()) f.fail_here("expected an object, found " + cj.dump());
        CardDef c = l.card(f, cj);
        if (l.pool.by_id.count(c.id)) f.fail("id", "appears twice");
        l.pool.by_id[c.id] = static_cast<int>(l.pool.cards.size());
        l.pool.cards.push_back(std::move(c));
      });
    }
  check_pool_rules(l.pool, problems);
  problems.throw_if_any("card pool");
  return std::move(l.pool);
}

Pool Pool::load_file(const std::string& path) {
  const json j = read_data_file(path);
  // Every structural problem first, each by its JSON pointer; the loader then
  // checks what a schema cannot say (names and camps between cards, effect places).
  check_schema(j, "suikoden-cards", path);
  try {
    return from_json(j);
  } catch (const Error& e) {
    // Every problem line names the file, so that each stands alone
    // (`tabletop check-data` prints one a line).
    std::string what = e.what();
    for (auto at = what.find("\n  - "); at != std::string::npos; at = what.find("\n  - ", at + 1))
      what.insert(at + 5, path + ": ");
    throw Error(path + ": " + what);
  }
}

int Pool::find(const std::string& id) const {
  auto it = by_id.find(id);
  return it == by_id.end() ? -1 : it->second;
}

int Pool::camp_index(const std::string& id) const {
  for (std::size_t i = 0; i < camp_ids.size(); ++i)
    if (camp_ids[i] == id) return static_cast<int>(i);
  return -1;
}

std::string stat_name(Stat s) {
  return s == Stat::kAtk ? "atk" : s == Stat::kTroops ? "troops" : "build";
}

std::string links_string(std::uint16_t links) {
  std::string s;
  for (int i = 0; i < 9; ++i)
    if (links & (1u << i)) s += static_cast<char>('A' + i);
  return s;
}

std::string card_label(const CardDef& d) {
  std::string s = d.name;
  if (d.is_character() && !d.is_commander())
    s += " (" + class_name(d.cls) + ", " + links_string(d.links) + ", atk " +
         std::to_string(d.atk) + " / troops " + std::to_string(d.troops) + " / build " +
         std::to_string(d.build) + ")";
  else if (d.type == CardType::kMission)
    s += " (" + battle_name(d.battle) +
         (d.battle == Battle::kDuel ? " on " + stat_name(d.duel_stat)
                                    : " " + std::to_string(d.target)) +
         ", VP " + std::to_string(d.vp_placer) + "/" + std::to_string(d.vp_opponent) + ")";
  else if (d.type == CardType::kFacility)
    s += " (facility, build " + std::to_string(d.target) + ", block " + std::to_string(d.block) +
         ")";
  return s;
}

std::string class_name(CharClass c) {
  switch (c) {
    case CharClass::kCommander:
      return "commander";
    case CharClass::kLeader:
      return "leader";
    case CharClass::kCommoner:
      return "commoner";
    case CharClass::kFree:
      return "free";
    case CharClass::kCraftsman:
      return "craftsman";
  }
  return "?";
}

std::string battle_name(Battle b) {
  switch (b) {
    case Battle::kAttack:
      return "attack";
    case Battle::kTroops:
      return "troops";
    case Battle::kDuel:
      return "duel";
    case Battle::kFacility:
      return "facility";
  }
  return "?";
}

}  // namespace tt::suikoden
