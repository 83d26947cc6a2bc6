#include "games/lastchronicle/cards.h"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "core/data_file.h"
#include "core/error.h"

namespace tt::lastchronicle {

using nlohmann::json;

namespace {

// Reads one card's fields, naming the card and field in every error.
class Reader {
 public:
  explicit Reader(std::string where) : where_(std::move(where)) {}
  [[noreturn]] void fail(const std::string& field, const std::string& msg) const {
    throw Error(where_ + ", field '" + field + "': " + msg);
  }
  int integer(const json& o, const char* field, int lo, int hi, int fallback) const {
    if (!o.contains(field)) return fallback;
    if (!o[field].is_number_integer()) fail(field, "must be an integer");
    const auto v = o[field].get<std::int64_t>();
    if (v < lo || v > hi)
      fail(field, "must be " + std::to_string(lo) + " to " + std::to_string(hi));
    return static_cast<int>(v);
  }
  template <typename E>
  E pick(const json& o, const char* field, const std::map<std::string, E>& names, E fallback,
         bool required = false) const {
    if (!o.contains(field)) {
      if (required) fail(field, "is required");
      return fallback;
    }
    if (!o[field].is_string()) fail(field, "must be a string");
    auto it = names.find(o[field].get<std::string>());
    if (it == names.end()) {
      std::string known;
      for (auto& [k, v] : names) known += (known.empty() ? "" : ", ") + k;
      fail(field, "'" + o[field].get<std::string>() + "' is not one of " + known);
    }
    return it->second;
  }
  void only(const json& o, const std::set<std::string>& fields, const std::string& what) const {
    if (!o.is_object()) throw Error(where_ + ": " + what + " must be an object");
    for (auto& [k, v] : o.items())
      if (!fields.count(k)) fail(k, "is not a field of " + what);
  }
  const std::string& where() const { return where_; }

 private:
  std::string where_;
};

const std::map<std::string, Who> kWho = {{"you", Who::kYou},
                                         {"opponent", Who::kOpponent},
                                         {"each_opponent", Who::kEachOpponent},
                                         {"each_player", Who::kEachPlayer}};
const std::map<std::string, Target> kTargets = {{"self", Target::kSelf},
                                                {"any", Target::kAny},
                                                {"own", Target::kOwn},
                                                {"opponent", Target::kOpponent},
                                                {"each_unit", Target::kEachUnit},
                                                {"each_opponent_unit", Target::kEachOpponentUnit},
                                                {"own_units", Target::kOwnUnits}};
const std::map<std::string, Verb> kVerbs = {{"damage_player", Verb::kDamagePlayer},
                                            {"damage_unit", Verb::kDamageUnit},
                                            {"draw", Verb::kDraw},
                                            {"discard", Verb::kDiscard},
                                            {"sacrifice", Verb::kSacrifice},
                                            {"gain_life", Verb::kGainLife},
                                            {"wipe", Verb::kWipe},
                                            {"ready", Verb::kReady},
                                            {"modify", Verb::kModify},
                                            {"negate", Verb::kNegate},
                                            {"bounce", Verb::kBounce},
                                            {"take_control", Verb::kTakeControl},
                                            {"chrono_check", Verb::kChronoCheck},
                                            {"develop", Verb::kDevelop},
                                            {"set_ride", Verb::kSetRide},
                                            {"judgement", Verb::kJudgement}};

Condition read_condition(const Reader& r, const json& c) {
  r.only(c, {"opponent_life_at_most", "your_life_at_most", "resonance"}, "a condition");
  if (c.size() != 1) r.fail("if", "a condition has exactly one key");
  Condition out;
  if (c.contains("opponent_life_at_most")) out.kind = CondKind::kOpponentLifeAtMost;
  if (c.contains("your_life_at_most")) out.kind = CondKind::kYourLifeAtMost;
  if (c.contains("resonance")) out.kind = CondKind::kResonance;
  out.n = static_cast<std::int8_t>(r.integer(c, c.begin().key().c_str(), 0, 40, 0));
  return out;
}

void read_effects(const Reader& r, const json& list, std::vector<Effect>& out, bool spell,
                  int depth = 0) {
  if (!list.is_array()) r.fail("effects", "must be a list");
  for (auto& e : list) {
    r.only(e, {"do", "amount", "who", "target", "atk", "def", "up_to", "max_cost", "then"},
           "an effect");
    Effect f;
    f.verb = r.pick(e, "do", kVerbs, Verb::kDraw, true);
    f.who = r.pick(e, "who", kWho, Who::kYou);
    f.target = r.pick(e, "target", kTargets, Target::kAny);
    f.amount = static_cast<std::int8_t>(r.integer(e, "amount", 0, 20, 1));
    f.atk = static_cast<std::int8_t>(r.integer(e, "atk", -9, 9, 0));
    f.def = static_cast<std::int8_t>(r.integer(e, "def", -9, 9, 0));
    auto needs = [&](const char* field) {
      if (!e.contains(field))
        r.fail(field, std::string("is required for '") + e["do"].get<std::string>() + "'");
    };
    switch (f.verb) {
      case Verb::kDamagePlayer:
      case Verb::kDiscard:
      case Verb::kSacrifice:
        needs("who");
        if (f.who == Who::kEachPlayer && f.verb != Verb::kDamagePlayer)
          r.fail("who", "each_player is not allowed here");
        break;
      case Verb::kDraw:
        needs("who");
        break;
      case Verb::kDamageUnit:
      case Verb::kWipe:
      case Verb::kReady:
      case Verb::kModify:
      case Verb::kBounce:
        needs("target");
        if (spell && f.target == Target::kSelf) r.fail("target", "a spell has no 'self'");
        break;
      case Verb::kNegate:
        needs("up_to");
        if (e["up_to"].is_string() && e["up_to"] == "X")
          f.amount = -1;
        else
          f.amount = static_cast<std::int8_t>(r.integer(e, "up_to", 1, 9, 1));
        break;
      case Verb::kTakeControl:
        needs("max_cost");
        f.amount = static_cast<std::int8_t>(r.integer(e, "max_cost", 0, 9, 0));
        break;
      case Verb::kJudgement: {
        needs("then");
        if (depth > 0) r.fail("then", "a judgement inside a judgement is not supported");
        out.push_back(f);
        const std::size_t at = out.size() - 1;
        read_effects(r, e["then"], out, spell, depth + 1);
        out[at].skip = static_cast<std::uint8_t>(out.size() - 1 - at);
        continue;
      }
      default:
        break;
    }
    out.push_back(f);
  }
}

const std::map<std::string, Tag> kTags = {
    {"activated", Tag::kActivated}, {"auto", Tag::kAuto},     {"static", Tag::kStatic},
    {"attack", Tag::kAttack},       {"defend", Tag::kDefend}, {"retreat", Tag::kRetreat}};

Ability read_ability(const Reader& r, const json& a) {
  r.only(a, {"tag", "when", "while", "static", "cost", "if", "effects"}, "an ability");
  Ability ab;
  ab.tag = r.pick(a, "tag", kTags, Tag::kAuto, true);
  if (ab.tag == Tag::kAuto)
    ab.when = r.pick(
        a, "when",
        std::map<std::string, When>{{"placed", When::kPlaced},
                                    {"deals_damage_to_opponent", When::kDealsDamageToOpponent},
                                    {"you_develop", When::kYouDevelop}},
        When::kNone, true);
  else if (a.contains("when"))
    r.fail("when", "only an auto ability has 'when'");
  if (ab.tag == Tag::kStatic) {
    ab.zone = r.pick(
        a, "while",
        std::map<std::string, Zone>{
            {"battlefield", Zone::kBattlefield}, {"ride", Zone::kRide}, {"shed", Zone::kShed}},
        Zone::kBattlefield);
    if (!a.contains("static")) r.fail("static", "is required for a static ability");
    const json& s = a["static"];
    r.only(s, {"kind", "atk", "def"}, "a static");
    ab.stat = r.pick(s, "kind",
                     std::map<std::string, StaticKind>{{"reveal_top", StaticKind::kRevealTop},
                                                       {"anthem", StaticKind::kAnthem},
                                                       {"free_checks", StaticKind::kFreeChecks}},
                     StaticKind::kNone, true);
    ab.stat_atk = static_cast<std::int8_t>(r.integer(s, "atk", -9, 9, 0));
    ab.stat_def = static_cast<std::int8_t>(r.integer(s, "def", -9, 9, 0));
    if (a.contains("effects") || a.contains("cost") || a.contains("if"))
      r.fail("static", "a static ability has no effects, cost or condition");
    return ab;
  }
  if (a.contains("while")) r.fail("while", "only a static ability has 'while'");
  if (a.contains("cost")) {
    if (ab.tag != Tag::kActivated) r.fail("cost", "only an activated ability has a cost");
    r.only(a["cost"], {"wipe", "ca"}, "a cost");
    if (a["cost"].contains("wipe") && !a["cost"]["wipe"].is_boolean())
      r.fail("cost", "wipe must be true or false");
    ab.cost_wipe = a["cost"].value("wipe", false);
    ab.cost_ca = static_cast<std::int8_t>(r.integer(a["cost"], "ca", 0, 9, 0));
  }
  // An activated ability without a cost could be used forever.
  if (ab.tag == Tag::kActivated && !ab.cost_wipe && ab.cost_ca == 0)
    r.fail("cost", "an activated ability needs a cost (wipe and/or ca)");
  if (a.contains("if")) ab.cond = read_condition(r, a["if"]);
  if (!a.contains("effects")) r.fail("effects", "is required");
  read_effects(r, a["effects"], ab.effects, false);
  if (ab.effects.empty()) r.fail("effects", "must not be empty");
  // Wiping to ready a unit (itself included) could go on forever unless it costs CA too.
  if (ab.tag == Tag::kActivated && ab.cost_ca == 0)
    for (auto& e : ab.effects)
      if (e.verb == Verb::kReady)
        r.fail("cost", "an activated ability that readies a unit needs a CA cost");
  return ab;
}

const std::map<std::string, Colour> kColours = {{"white", kWhite},
                                                {"orange", kOrange},
                                                {"purple", kPurple},
                                                {"black", kBlack},
                                                {"blue", kBlue}};

CardDef read_card(const json& c, int index) {
  const std::string id =
      c.is_object() && c.contains("id") && c["id"].is_string() ? c["id"].get<std::string>() : "";
  Reader r(id.empty() ? "card #" + std::to_string(index) : "card '" + id + "'");
  r.only(c,
         {"id", "name", "type", "colours", "rarity", "cost", "x_cost", "ca", "atk", "def",
          "keywords", "abilities", "effects", "if", "text"},
         "a card");
  const auto id_char = [](char ch) {
    return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-';
  };
  if (id.empty() || id[0] == '-' || !std::all_of(id.begin(), id.end(), id_char))
    r.fail("id", "must use a-z, 0-9 and '-'");
  CardDef d;
  d.id = id;
  if (!c.contains("name") || !c["name"].is_string() || c["name"].get<std::string>().empty())
    r.fail("name", "must be a non-empty string");
  d.name = c["name"];
  if (c.contains("text") && !c["text"].is_string()) r.fail("text", "must be a string");
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
    read_effects(r, c["effects"], d.spell.effects, true);
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
      else if (w == "setup_shed")
        d.setup_shed = true;
      else
        r.fail("keywords", "'" + w + "' is not quick, haste (units) or setup_shed");
    }
  }
  if (c.contains("abilities")) {
    if (!c["abilities"].is_array()) r.fail("abilities", "must be a list");
    for (auto& a : c["abilities"]) d.abilities.push_back(read_ability(r, a));
    if (d.abilities.size() > 8) r.fail("abilities", "at most 8");
  }
  return d;
}

}  // namespace

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

// Every problem in the pool is collected (token by token, card by card) and
// reported in one error.
Pool Pool::load(const json& j) {
  if (!j.is_object()) throw Error("the pool must be an object with tokens, starting_ca and cards");
  DataProblems problems;
  for (auto& [k, v] : j.items())
    if (k != "tokens" && k != "starting_ca" && k != "cards")
      problems.add("pool", "unknown field '" + k + "'");
  Pool p;
  if (!j.contains("tokens") || !j["tokens"].is_array()) {
    problems.add("pool", "tokens must be a list");
  } else {
    for (auto& t : j["tokens"]) {
      const std::string name = "token " + (t.is_object() && t.contains("id") && t["id"].is_string()
                                               ? t["id"].get<std::string>()
                                               : std::string("?"));
      problems.entry(name, [&] {
        Reader r(name);
        r.only(t, {"id", "name", "ca"}, "a token");
        if (!t.contains("id") || !t["id"].is_string()) r.fail("id", "must be a string");
        if (!t.contains("name") || !t["name"].is_string()) r.fail("name", "must be a string");
        p.tokens.push_back(
            {t["id"], t["name"], static_cast<std::int8_t>(r.integer(t, "ca", 1, 9, 1))});
      });
    }
  }
  if (!j.contains("starting_ca") || !j["starting_ca"].is_array() || j["starting_ca"].size() > 8) {
    problems.add("pool", "starting_ca must be a list (one entry per position, at most 8)");
  } else {
    for (std::size_t n = 0; n < j["starting_ca"].size(); ++n) {
      const json& pos = j["starting_ca"][n];
      problems.entry("starting_ca[" + std::to_string(n) + "]", [&] {
        if (!pos.is_array()) throw Error("a list of token ids");
        std::vector<std::uint8_t> ids;
        for (auto& t : pos) {
          const int k = t.is_string() ? p.find_token(t.get<std::string>()) : -1;
          if (k < 0 || ids.size() >= 4) throw Error("unknown token " + t.dump());
          ids.push_back(static_cast<std::uint8_t>(k));
        }
        p.starting_ca.push_back(ids);
      });
    }
  }
  if (!j.contains("cards") || !j["cards"].is_array() || j["cards"].empty()) {
    problems.add("pool", "cards must be a non-empty list");
  } else if (j["cards"].size() > 4000) {
    problems.add("pool", "too many cards");
  } else {
    std::set<std::string> ids, names;
    int i = 0;
    for (auto& c : j["cards"]) {
      const int index = i++;
      const std::string where = c.is_object() && c.contains("id") && c["id"].is_string()
                                    ? "card '" + c["id"].get<std::string>() + "'"
                                    : "card #" + std::to_string(index);
      problems.entry(where, [&] {
        CardDef d = read_card(c, index);
        if (!ids.insert(d.id).second) throw Error("card '" + d.id + "', field 'id': appears twice");
        if (!names.insert(d.name).second)
          throw Error("card '" + d.id + "', field 'name': '" + d.name + "' appears twice");
        p.cards.push_back(std::move(d));
      });
    }
  }
  problems.throw_if_any("card pool");
  return p;
}

Pool Pool::load_file(const std::string& path) {
  const json j = read_data_file(path);
  try {
    return load(j);
  } catch (const Error& e) {
    throw Error(path + ": " + e.what());
  }
}

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
