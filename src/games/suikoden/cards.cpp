#include "games/suikoden/cards.h"

#include <nlohmann/json.hpp>

#include "core/data_file.h"
#include "core/error.h"

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
E pick(const std::string& where, const std::string& value,
       std::initializer_list<std::pair<const char*, E>> choices) {
  std::string allowed;
  for (auto& [name, e] : choices) {
    if (value == name) return e;
    allowed += (allowed.empty() ? "" : "|") + std::string(name);
  }
  throw Error(where + ": '" + value + "' is not one of " + allowed);
}

Stat parse_stat(const std::string& where, const std::string& v) {
  return pick<Stat>(where, v,
                    {{"atk", Stat::kAtk}, {"troops", Stat::kTroops}, {"build", Stat::kBuild}});
}

class Loader {
 public:
  Pool pool;

  int name_index(const std::string& n) {
    for (std::size_t i = 0; i < pool.names.size(); ++i)
      if (pool.names[i] == n) return static_cast<int>(i);
    pool.names.push_back(n);
    return static_cast<int>(pool.names.size() - 1);
  }

  Filter filter(const std::string& where, const json& j) {
    Filter f;
    if (!j.is_object()) throw Error(where + ": filter must be an object");
    if (j.contains("class"))
      f.cls = static_cast<int>(char_class(where, j["class"].get<std::string>()));
    if (j.contains("camp")) {
      f.camp = pool.camp_index(j["camp"].get<std::string>());
      if (f.camp < 0) throw Error(where + ": unknown camp in filter");
    }
    if (j.contains("emblem")) f.emblem = j["emblem"].get<bool>() ? 1 : 0;
    if (j.contains("name")) f.name = name_index(j["name"].get<std::string>());
    return f;
  }

  static CharClass char_class(const std::string& where, const std::string& v) {
    return pick<CharClass>(where, v,
                           {{"commander", CharClass::kCommander},
                            {"leader", CharClass::kLeader},
                            {"commoner", CharClass::kCommoner},
                            {"free", CharClass::kFree},
                            {"craftsman", CharClass::kCraftsman}});
  }

  Effect effect(const std::string& where, const json& j) {
    Effect e;
    const std::string kind = j.at("kind").get<std::string>();
    e.kind = pick<EffectKind>(where, kind,
                              {{"boost", EffectKind::kBoost},
                               {"cooperation", EffectKind::kCooperation},
                               {"on_dispatch", EffectKind::kOnDispatch},
                               {"counter", EffectKind::kCounter},
                               {"hand_limit", EffectKind::kHandLimit}});
    e.amount = j.value("amount", 0);
    switch (e.kind) {
      case EffectKind::kBoost:
        e.stat = parse_stat(where, j.at("stat").get<std::string>());
        e.to = pick<Scope>(where, j.value("to", "self"),
                           {{"self", Scope::kSelf},
                            {"side", Scope::kSide},
                            {"all", Scope::kAll},
                            {"enemies", Scope::kEnemies}});
        if (j.contains("filter")) e.filter = filter(where, j["filter"]);
        break;
      case EffectKind::kCooperation:
        e.stat = parse_stat(where, j.at("stat").get<std::string>());
        e.partner = name_index(j.at("partner").get<std::string>());
        break;
      case EffectKind::kOnDispatch:
        pick<int>(where, j.at("do").get<std::string>(), {{"draw", 0}});
        if (e.amount <= 0) throw Error(where + ": on_dispatch draw needs a positive amount");
        break;
      case EffectKind::kCounter:
        pick<int>(where, j.value("trigger", "opponent_dispatch"), {{"opponent_dispatch", 0}});
        e.act = pick<CounterDo>(where, j.at("do").get<std::string>(),
                                {{"weaken", CounterDo::kWeaken},
                                 {"repel", CounterDo::kRepel},
                                 {"draw", CounterDo::kDraw}});
        if (e.act != CounterDo::kDraw) e.stat = parse_stat(where, j.at("stat").get<std::string>());
        e.max = j.value("max", 0);
        break;
      case EffectKind::kHandLimit:
        e.to = pick<Scope>(where, j.value("to", "self"),
                           {{"self", Scope::kSelf}, {"opponent", Scope::kOpponent}});
        break;
    }
    return e;
  }

  CardDef card(const json& j) {
    CardDef c;
    c.id = j.at("id").get<std::string>();
    const std::string where = "card '" + c.id + "'";
    for (char ch : c.id)
      if (!(std::islower(static_cast<unsigned char>(ch)) ||
            std::isdigit(static_cast<unsigned char>(ch)) || ch == '-'))
        throw Error(where + ": ids use lowercase letters, digits and '-'");
    c.name = j.at("name").get<std::string>();
    c.text = j.value("text", "");
    c.type = pick<CardType>(where, j.at("type").get<std::string>(),
                            {{"character", CardType::kCharacter},
                             {"mission", CardType::kMission},
                             {"facility", CardType::kFacility}});
    if (c.type == CardType::kCharacter) {
      c.cls = char_class(where, j.at("class").get<std::string>());
      if (j.contains("camp")) {
        c.camp = pool.camp_index(j["camp"].get<std::string>());
        if (c.camp < 0)
          throw Error(where + ": unknown camp '" + j["camp"].get<std::string>() + "'");
      }
      const bool affiliated = c.cls == CharClass::kCommander || c.cls == CharClass::kLeader ||
                              c.cls == CharClass::kCommoner;
      if (affiliated && c.camp < 0)
        throw Error(where + ": commanders, leaders and commoners have a camp");
      if (!affiliated && c.camp >= 0)
        throw Error(where + ": free and craftsman characters have no camp");
      c.full_name = name_index(c.name);
      if (j.contains("names")) {
        for (auto& n : j["names"]) c.names.push_back(name_index(n.get<std::string>()));
        if (c.names.size() != 2) throw Error(where + ": a pair card has exactly two names");
      } else {
        c.names.push_back(c.full_name);
      }
      for (char l : j.value("links", std::string())) {
        if (l < 'A' || l > 'I') throw Error(where + ": link letters are A to I");
        c.links = static_cast<std::uint16_t>(c.links | (1u << (l - 'A')));
      }
      if (c.cls != CharClass::kCommander && c.links == 0)
        throw Error(where + ": a character needs a link letter");
      c.atk = j.value("atk", 0);
      c.troops = j.value("troops", 0);
      c.build = j.value("build", 0);
      c.emblem = j.value("emblem", false);
      c.support = j.value("support", false);
    } else if (c.type == CardType::kMission) {
      c.battle = pick<Battle>(
          where, j.at("battle").get<std::string>(),
          {{"attack", Battle::kAttack}, {"troops", Battle::kTroops}, {"duel", Battle::kDuel}});
      c.target = j.value("target", 0);
      if (c.battle != Battle::kDuel && c.target <= 0)
        throw Error(where + ": needs a positive target");
      if (c.battle == Battle::kDuel)
        c.duel_stat = parse_stat(where, j.at("duel_stat").get<std::string>());
      const auto vp = j.at("vp");
      if (!vp.is_array() || vp.size() != 2) throw Error(where + ": vp is [placer, opponent]");
      c.vp_placer = vp[0].get<int>();
      c.vp_opponent = vp[1].get<int>();
    } else {
      c.battle = Battle::kFacility;
      c.target = j.at("build").get<int>();
      c.block = j.at("block").get<int>();
      if (c.target <= 0 || c.block <= 0) throw Error(where + ": build and block must be positive");
    }
    if (j.contains("effects")) {
      int i = 0;
      for (auto& e : j["effects"])
        c.effects.push_back(effect(where + " effect " + std::to_string(i++), e));
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
        const std::string id = camp.at("id").get<std::string>();
        const std::string name = camp.value("name", id);
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
        CardDef c = l.card(cj);
        if (l.pool.by_id.count(c.id)) throw Error("id appears twice");
        l.pool.by_id[c.id] = static_cast<int>(l.pool.cards.size());
        l.pool.cards.push_back(std::move(c));
      });
    }
  // A cooperation partner must name a card of the pool.
  for (auto& c : l.pool.cards)
    for (auto& e : c.effects)
      if (e.kind == EffectKind::kCooperation) {
        bool known = false;
        for (auto& other : l.pool.cards) known = known || other.full_name == e.partner;
        if (!known)
          problems.add("card '" + c.id + "'",
                       "cooperation partner '" + l.pool.names[e.partner] + "' is no card");
      }
  problems.throw_if_any("card pool");
  return std::move(l.pool);
}

Pool Pool::load_file(const std::string& path) {
  const json j = read_data_file(path);
  try {
    return from_json(j);
  } catch (const Error& e) {
    throw Error(path + ": " + e.what());
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
