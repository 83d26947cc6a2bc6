#include "games/magic/cards.h"

#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "core/data_file.h"
#include "core/error.h"

namespace tt::magic {

using nlohmann::json;

namespace {

template <typename E>
using Names = std::map<std::string, E>;

const Names<TargetKind> kTargetKinds = {
    {"any", TargetKind::kAny},
    {"creature", TargetKind::kCreature},
    {"creature-opponent-controls", TargetKind::kCreatureOpponentControls},
    {"creature-you-control", TargetKind::kCreatureYouControl},
    {"permanent", TargetKind::kPermanent},
    {"nonland-permanent", TargetKind::kNonlandPermanent},
    {"another-nonland-permanent", TargetKind::kAnotherNonlandPermanent},
    {"permanent-you-control", TargetKind::kPermanentYouControl},
    {"player", TargetKind::kPlayer},
    {"opponent", TargetKind::kOpponent},
    {"teammate", TargetKind::kTeammate},
    {"instant-or-sorcery-spell", TargetKind::kInstantOrSorcerySpell}};
const Names<When> kWhens = {{"enters", When::kEnters},
                            {"leaves", When::kLeaves},
                            {"attacks", When::kAttacks},
                            {"blocks", When::kBlocks},
                            {"combat-damage-to-player", When::kCombatDamageToPlayer},
                            {"creature-dies", When::kCreatureDies},
                            {"creature-enters", When::kCreatureEnters},
                            {"your-upkeep", When::kYourUpkeep},
                            {"each-upkeep", When::kEachUpkeep},
                            {"enchanted-player-upkeep", When::kEnchantedPlayerUpkeep},
                            {"enchanted-player-loses", When::kEnchantedPlayerLoses},
                            {"each-combat", When::kEachCombat},
                            {"each-end-step", When::kEachEndStep}};
const Names<StaticKind> kStatics = {{"control-enchanted", StaticKind::kControlEnchanted},
                                    {"enchanted-pt", StaticKind::kEnchantedPt},
                                    {"cant-attack-you", StaticKind::kCantAttackYou},
                                    {"attack-limit", StaticKind::kAttackLimit},
                                    {"block-limit", StaticKind::kBlockLimit}};
const Names<Who> kWhos = {{"you", Who::kYou},
                          {"target", Who::kTarget},
                          {"defending-player", Who::kDefendingPlayer},
                          {"attacking-player", Who::kAttackingPlayer},
                          {"chosen-player", Who::kChosenPlayer},
                          {"chosen", Who::kChosen},
                          {"that-player", Who::kThatPlayer},
                          {"its-controller", Who::kItsController},
                          {"each-opponent", Who::kEachOpponent},
                          {"each-player", Who::kEachPlayer},
                          {"active-player", Who::kActivePlayer},
                          {"an-opponent", Who::kAnOpponent}};
const Names<Verb> kVerbs = {{"damage", Verb::kDamage},
                            {"lose-life", Verb::kLoseLife},
                            {"gain-life", Verb::kGainLife},
                            {"gain-life-per-opponent-creature", Verb::kGainLifePerOpponentCreature},
                            {"draw", Verb::kDraw},
                            {"create-token", Verb::kCreateToken},
                            {"gain-control", Verb::kGainControl},
                            {"give-control", Verb::kGiveControl},
                            {"untap", Verb::kUntap},
                            {"tap", Verb::kTap},
                            {"pump", Verb::kPump},
                            {"grant", Verb::kGrant},
                            {"exile", Verb::kExile},
                            {"return-linked", Verb::kReturnLinked},
                            {"copy-spell", Verb::kCopySpell},
                            {"extra-turn", Verb::kExtraTurn},
                            {"win-game", Verb::kWinGame},
                            {"restrict", Verb::kRestrict},
                            {"must-attack-you", Verb::kMustAttackYou},
                            {"choose-mode", Verb::kChooseMode},
                            {"unless-pays-life", Verb::kUnlessPaysLife},
                            {"add-counter", Verb::kAddCounter},
                            {"poison", Verb::kPoison},
                            {"exchange-life", Verb::kExchangeLife},
                            {"put-from-library", Verb::kPutFromLibrary},
                            {"split-piles", Verb::kSplitPiles}};
const Names<What> kWhats = {{"target", What::kTarget},
                            {"self", What::kSelf},
                            {"creatures-of-defending-player", What::kCreaturesOfDefendingPlayer},
                            {"creatures-of-active-player", What::kCreaturesOfActivePlayer},
                            {"each-creature", What::kEachCreature}};
const Names<DamageTo> kDamageTo = {{"target", DamageTo::kTarget},
                                   {"each-opponent", DamageTo::kEachOpponent},
                                   {"each-creature-and-player", DamageTo::kEachCreatureAndPlayer}};
const Names<Duration> kDurations = {{"end-of-turn", Duration::kEndOfTurn},
                                    {"game", Duration::kGame},
                                    {"your-next-turn", Duration::kUntilYourNextTurn}};
const Names<Return> kReturns = {{"none", Return::kNone},
                                {"until-source-leaves", Return::kUntilSourceLeaves},
                                {"linked", Return::kLinked},
                                {"next-end-step", Return::kNextEndStep}};
const Names<std::uint16_t> kKeywords = {{"flying", kFlying},
                                        {"first-strike", kFirstStrike},
                                        {"double-strike", kDoubleStrike},
                                        {"trample", kTrample},
                                        {"menace", kMenace},
                                        {"vigilance", kVigilance},
                                        {"haste", kHaste},
                                        {"lifelink", kLifelink}};
const Names<std::uint8_t> kTypes = {{"land", kLand},         {"creature", kCreature},
                                    {"artifact", kArtifact}, {"enchantment", kEnchantment},
                                    {"instant", kInstant},   {"sorcery", kSorcery}};

// Reads one card, naming the card and field in every error.
class Reader {
 public:
  explicit Reader(std::string where) : where_(std::move(where)) {}
  [[noreturn]] void fail(const std::string& field, const std::string& msg) const {
    throw Error(where_ + ", field '" + field + "': " + msg);
  }
  void only(const json& o, const std::set<std::string>& fields, const std::string& what) const {
    if (!o.is_object()) throw Error(where_ + ": " + what + " must be an object");
    for (auto& [k, v] : o.items())
      if (!fields.count(k)) fail(k, "is not a field of " + what);
  }
  int integer(const json& o, const char* field, int lo, int hi, int fallback) const {
    if (!o.contains(field)) return fallback;
    if (!o[field].is_number_integer()) fail(field, "must be an integer");
    const auto v = o[field].get<std::int64_t>();
    if (v < lo || v > hi)
      fail(field, "must be " + std::to_string(lo) + " to " + std::to_string(hi));
    return static_cast<int>(v);
  }
  bool boolean(const json& o, const char* field) const {
    if (!o.contains(field)) return false;
    if (!o[field].is_boolean()) fail(field, "must be true or false");
    return o[field].get<bool>();
  }
  std::string string(const json& o, const char* field, bool required) const {
    if (!o.contains(field)) {
      if (required) fail(field, "is required");
      return "";
    }
    if (!o[field].is_string()) fail(field, "must be a string");
    return o[field].get<std::string>();
  }
  template <typename E>
  E pick(const json& o, const char* field, const Names<E>& names, E fallback,
         bool required = false) const {
    if (!o.contains(field)) {
      if (required) fail(field, "is required");
      return fallback;
    }
    return name(o[field], field, names);
  }
  template <typename E>
  E name(const json& v, const char* field, const Names<E>& names) const {
    if (!v.is_string()) fail(field, "must be a string");
    auto it = names.find(v.get<std::string>());
    if (it == names.end()) {
      std::string known;
      for (auto& [k, x] : names) known += (known.empty() ? "" : ", ") + k;
      fail(field, "'" + v.get<std::string>() + "' is not one of " + known);
    }
    return it->second;
  }
  const json& list(const json& o, const char* field) const {
    static const json empty = json::array();
    if (!o.contains(field)) return empty;
    if (!o[field].is_array()) fail(field, "must be a list");
    return o[field];
  }

 private:
  std::string where_;
};

ManaCost parse_mana(const Reader& r, const std::string& text, const char* field) {
  ManaCost m;
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] != '{') r.fail(field, "mana symbols are written {2}, {W}, {U}, {B}, {R}, {G}");
    const auto close = text.find('}', i);
    if (close == std::string::npos) r.fail(field, "unclosed mana symbol");
    const std::string sym = text.substr(i + 1, close - i - 1);
    static const std::string kLetters = "WUBRG";
    if (sym.size() == 1 && kLetters.find(sym[0]) != std::string::npos) {
      ++m.coloured[kLetters.find(sym[0])];
    } else if (!sym.empty() && sym.size() <= 2 &&
               sym.find_first_not_of("0123456789") == std::string::npos) {
      m.generic = static_cast<std::uint8_t>(m.generic + std::stoi(sym));
    } else {
      r.fail(field, "unknown mana symbol {" + sym + "}");
    }
    i = close + 1;
  }
  return m;
}

std::vector<TargetKind> targets(const Reader& r, const json& o) {
  std::vector<TargetKind> out;
  for (auto& t : r.list(o, "targets")) {
    r.only(t, {"kind"}, "a target");
    out.push_back(r.pick(t, "kind", kTargetKinds, TargetKind::kAny, true));
  }
  if (out.size() > 3) r.fail("targets", "at most 3 targets");
  return out;
}

std::vector<Effect> effects(const Reader& r, const json& list, const Names<int>& tokens,
                            int depth = 0);

Effect effect(const Reader& r, const json& e, const Names<int>& tokens, int depth) {
  r.only(e, {"do",       "who",    "who_index", "what",   "what_index", "to",
             "duration", "until",  "return",    "amount", "power",      "toughness",
             "keyword",  "attack", "block",     "token",  "count",      "filter",
             "modes",    "else",   "counter",   "with",   "from",       "chooser"},
         "an effect");
  Effect x;
  x.verb = r.pick(e, "do", kVerbs, Verb::kDraw, true);
  x.who = r.pick(e, "who", kWhos, Who::kYou);
  if (e.contains("chooser")) x.who = r.pick(e, "chooser", kWhos, Who::kYou);
  if (e.contains("with") || e.contains("from")) x.who = Who::kTarget;
  x.who_index = static_cast<std::uint8_t>(r.integer(e, "who_index", 0, 2, 0));
  x.what = r.pick(e, "what", kWhats, What::kTarget);
  x.what_index = static_cast<std::uint8_t>(r.integer(e, "what_index", 0, 2, 0));
  x.to = r.pick(e, "to", kDamageTo, DamageTo::kTarget);
  x.duration = r.pick(e, "duration", kDurations, Duration::kEndOfTurn);
  if (e.contains("until")) x.duration = r.pick(e, "until", kDurations, Duration::kEndOfTurn);
  x.ret = r.pick(e, "return", kReturns, Return::kNone);
  x.amount = static_cast<std::int8_t>(r.integer(e, "amount", 0, 20, 1));
  if (e.contains("count")) x.amount = static_cast<std::int8_t>(r.integer(e, "count", 1, 10, 1));
  x.power = static_cast<std::int8_t>(r.integer(e, "power", -10, 10, 0));
  x.toughness = static_cast<std::int8_t>(r.integer(e, "toughness", -10, 10, 0));
  if (e.contains("keyword")) x.keyword = r.pick(e, "keyword", kKeywords, std::uint16_t{0});
  x.attack = r.boolean(e, "attack");
  x.block = r.boolean(e, "block");
  if (e.contains("counter")) (void)r.string(e, "counter", true);
  if (e.contains("token")) x.token = static_cast<std::int16_t>(r.pick(e, "token", tokens, 0));
  if (e.contains("filter")) x.filter = r.pick(e, "filter", kTypes, std::uint8_t{0});
  if (depth > 2) r.fail("modes", "effects nest at most three deep");
  for (auto& m : r.list(e, "modes")) {
    if (!m.is_array()) r.fail("modes", "each mode is a list of effects");
    x.modes.push_back(effects(r, m, tokens, depth + 1));
  }
  if (e.contains("else")) x.modes.push_back(effects(r, r.list(e, "else"), tokens, depth + 1));
  switch (x.verb) {
    case Verb::kCreateToken:
      if (x.token < 0) r.fail("token", "create-token names a token");
      break;
    case Verb::kChooseMode:
      if (x.modes.size() < 2) r.fail("modes", "choose-mode needs at least two modes");
      break;
    case Verb::kUnlessPaysLife:
      if (x.modes.size() != 1) r.fail("else", "unless-pays-life needs an else list");
      break;
    case Verb::kGrant:
      if (!x.keyword) r.fail("keyword", "grant names a keyword");
      break;
    default:
      break;
  }
  return x;
}

std::vector<Effect> effects(const Reader& r, const json& list, const Names<int>& tokens,
                            int depth) {
  std::vector<Effect> out;
  for (auto& e : list) out.push_back(effect(r, e, tokens, depth));
  return out;
}

CardDef card(const json& c, const Names<int>& tokens, bool token) {
  if (!c.is_object() || !c.contains("id") || !c["id"].is_string())
    throw Error("field 'id': every card needs a string id");
  const std::string id = c["id"].get<std::string>();
  Reader r("card '" + id + "'");
  r.only(c, {"id",        "name",     "types",    "subtypes",
             "basic",     "produces", "cost",     "power",
             "toughness", "keywords", "enchant",  "targets",
             "modes",     "effects",  "timing",   "additional_cost",
             "as_enters", "choose",   "triggers", "activated",
             "statics",   "text"},
         "a card");
  for (char ch : id)
    if (!((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-'))
      r.fail("id", "ids use a-z, 0-9 and -");
  CardDef d;
  d.id = id;
  d.token = token;
  d.name = r.string(c, "name", true);
  d.text = r.string(c, "text", false);
  for (auto& t : r.list(c, "types")) d.types |= r.name(t, "types", kTypes);
  if (!d.types) r.fail("types", "a card has at least one type");
  for (auto& t : r.list(c, "subtypes")) {
    const std::string s = t.is_string() ? t.get<std::string>() : "";
    if (s == "aura")
      d.aura = true;
    else if (s == "curse")
      d.curse = true;
    else
      r.fail("subtypes", "subtypes are aura and curse");
  }
  d.basic = r.boolean(c, "basic");
  if (c.contains("produces")) {
    const std::string p = r.string(c, "produces", true);
    static const std::string kLetters = "WUBRG";
    if (p.size() != 1 || kLetters.find(p[0]) == std::string::npos)
      r.fail("produces", "one of W U B R G");
    d.produces = static_cast<std::int8_t>(kLetters.find(p[0]));
  }
  if (d.is(kLand) && d.produces < 0) r.fail("produces", "a land says what mana it produces");
  if (c.contains("cost")) d.cost = parse_mana(r, r.string(c, "cost", true), "cost");
  for (int k = 0; k < kColours; ++k)
    if (d.cost.coloured[k]) d.colours = static_cast<std::uint8_t>(d.colours | (1 << k));
  if (d.is(kCreature)) {
    if (!c.contains("power") || !c.contains("toughness"))
      r.fail("power", "a creature has power and toughness");
    d.power = static_cast<std::int8_t>(r.integer(c, "power", 0, 20, 0));
    d.toughness = static_cast<std::int8_t>(r.integer(c, "toughness", 0, 20, 0));
  }
  for (auto& k : r.list(c, "keywords")) d.keywords |= r.name(k, "keywords", kKeywords);
  if (c.contains("enchant")) {
    const std::string e = r.string(c, "enchant", true);
    if (e == "creature")
      d.enchant = 1;
    else if (e == "player")
      d.enchant = 2;
    else
      r.fail("enchant", "creature or player");
  }
  if (d.aura != (d.enchant != 0))
    r.fail("enchant", "an Aura (and only an Aura) says what it enchants");
  if (c.contains("timing")) {
    if (r.string(c, "timing", true) != "combat") r.fail("timing", "only \"combat\"");
    d.combat_only = true;
  }
  if (c.contains("additional_cost")) {
    r.only(c["additional_cost"], {"pay_half_life"}, "additional_cost");
    d.pay_half_life = r.boolean(c["additional_cost"], "pay_half_life");
  }
  if (c.contains("as_enters")) {
    if (r.string(c, "as_enters", true) != "choose-opponent")
      r.fail("as_enters", "only \"choose-opponent\"");
    d.choose_opponent = true;
  }
  if (c.contains("choose")) {
    if (r.string(c, "choose", true) != "player") r.fail("choose", "only \"player\"");
    d.choose_player = true;
    if (d.permanent()) r.fail("choose", "only an instant or a sorcery chooses a player");
  }
  const bool spell = !d.permanent();
  if (spell) {
    if (c.contains("modes")) {
      for (auto& m : r.list(c, "modes")) {
        r.only(m, {"targets", "effects"}, "a mode");
        d.modes.push_back({targets(r, m), effects(r, r.list(m, "effects"), tokens)});
      }
      if (d.modes.size() < 2) r.fail("modes", "a modal spell has at least two modes");
    } else {
      d.modes.push_back({targets(r, c), effects(r, r.list(c, "effects"), tokens)});
    }
    if (d.modes[0].effects.empty()) r.fail("effects", "a spell does something");
    // 608.2d: "choose a player" is an instruction of the resolving spell,
    // not a choice made while casting it (601.2c names only targets): it is
    // the first step of every mode.
    if (d.choose_player) {
      Effect choose;
      choose.verb = Verb::kChoosePlayer;
      for (Mode& m : d.modes) m.effects.insert(m.effects.begin(), choose);
    }
  } else if (c.contains("effects") || c.contains("modes") || c.contains("targets")) {
    r.fail("effects", "permanents act through triggers, activated and statics");
  }
  for (auto& t : r.list(c, "triggers")) {
    r.only(t, {"when", "if", "effects", "targets"}, "a trigger");
    Trigger tr;
    tr.when = r.pick(t, "when", kWhens, When::kEnters, true);
    if (t.contains("if")) {
      r.only(t["if"], {"opponent_lost_life_this_turn"}, "a condition");
      tr.cond.opponent_lost_life =
          static_cast<std::int8_t>(r.integer(t["if"], "opponent_lost_life_this_turn", 1, 20, 0));
    }
    tr.targets = targets(r, t);
    tr.effects = effects(r, r.list(t, "effects"), tokens);
    if (tr.effects.empty()) r.fail("triggers", "a trigger does something");
    d.triggers.push_back(std::move(tr));
  }
  for (auto& a : r.list(c, "activated")) {
    r.only(a, {"cost", "any_player", "sorcery_speed", "targets", "effects"},
           "an activated ability");
    Activated ab;
    if (!a.contains("cost")) r.fail("activated", "an activated ability has a cost");
    r.only(a["cost"], {"mana", "tap", "sacrifice"}, "a cost");
    if (a["cost"].contains("mana"))
      ab.mana = parse_mana(r, r.string(a["cost"], "mana", true), "cost.mana");
    ab.tap = r.boolean(a["cost"], "tap");
    ab.sacrifice = r.boolean(a["cost"], "sacrifice");
    if (ab.mana.empty() && !ab.tap && !ab.sacrifice)
      r.fail("cost", "an activated ability without a cost could be used forever");
    ab.any_player = r.boolean(a, "any_player");
    ab.sorcery_speed = r.boolean(a, "sorcery_speed");
    ab.targets = targets(r, a);
    ab.effects = effects(r, r.list(a, "effects"), tokens);
    d.activated.push_back(std::move(ab));
  }
  for (auto& s : r.list(c, "statics")) {
    r.only(s, {"kind", "power", "toughness", "min_power", "count"}, "a static ability");
    Static st;
    st.kind = r.pick(s, "kind", kStatics, StaticKind::kEnchantedPt, true);
    st.power = static_cast<std::int8_t>(r.integer(s, "power", -10, 10, 0));
    st.toughness = static_cast<std::int8_t>(r.integer(s, "toughness", -10, 10, 0));
    st.count = static_cast<std::int8_t>(
        r.integer(s, st.kind == StaticKind::kCantAttackYou ? "min_power" : "count", 0, 20, 0));
    if ((st.kind == StaticKind::kControlEnchanted || st.kind == StaticKind::kEnchantedPt) &&
        !d.aura)
      r.fail("statics", "only an Aura has an enchanted-creature static ability");
    d.statics.push_back(st);
  }
  if (!spell && !d.is(kLand) && d.cost.empty() && !token)
    r.fail("cost", "a nonland card has a mana cost");
  return d;
}

}  // namespace

int Pool::find(const std::string& id) const {
  for (std::size_t i = 0; i < cards.size(); ++i)
    if (cards[i].id == id) return static_cast<int>(i);
  return -1;
}

Pool Pool::load(const json& j) {
  if (!j.is_object() || !j.contains("cards") || !j["cards"].is_array())
    throw Error("the pool is an object with a \"cards\" list");
  DataProblems problems;
  for (auto& [k, v] : j.items()) {
    if (k == "$schema" && !v.is_string())
      problems.add("pool", "\"$schema\" is the schema's path, a string");
    else if (k != "$schema" && k != "cards" && k != "tokens")
      problems.add("pool", "unknown field '" + k + "'");
  }
  Pool p;
  Names<int> token_ids;
  json tokens = j.value("tokens", json::array());
  if (!tokens.is_array()) {
    problems.add("pool", "\"tokens\" must be a list");
    tokens = json::array();
  }
  const int n_cards = static_cast<int>(j["cards"].size());
  for (std::size_t i = 0; i < tokens.size(); ++i)
    if (tokens[i].is_object() && tokens[i].contains("id") && tokens[i]["id"].is_string())
      token_ids[tokens[i]["id"].get<std::string>()] = n_cards + static_cast<int>(i);
  std::set<std::string> ids, names;
  auto add = [&](const json& c, bool token) {
    CardDef d = card(c, token_ids, token);
    if (!ids.insert(d.id).second) throw Error("card '" + d.id + "', field 'id': defined twice");
    if (!names.insert(d.name).second)
      throw Error("card '" + d.id + "', field 'name': '" + d.name + "' is used twice");
    p.cards.push_back(std::move(d));
  };
  // Every card is read, and every problem reported together.
  auto each = [&](const json& list, bool token) {
    for (std::size_t i = 0; i < list.size(); ++i) {
      const json& c = list[i];
      const std::string where = c.is_object() && c.contains("id") && c["id"].is_string()
                                    ? "card '" + c["id"].get<std::string>() + "'"
                                    : (token ? "tokens[" : "cards[") + std::to_string(i) + "]";
      problems.entry(where, [&] { add(c, token); });
    }
  };
  each(j["cards"], false);
  p.first_token = static_cast<int>(p.cards.size());
  each(tokens, true);
  if (p.cards.size() > 1000) problems.add("pool", "a pool holds at most 1000 cards");
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
