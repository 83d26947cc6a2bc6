// Reading the Magic-style card pool after its schema
// (data/schema/magic-cards.schema.json) has checked every field's type,
// range and name: what is left here is turning names into the engine's
// values and the rules between fields the schema cannot say
// (card_checks.cpp), each naming the card and the field.
#include "games/magic/cards.h"

#include <nlohmann/json.hpp>

#include "games/magic/card_checks.h"
#include "games/magic/card_reader.h"

namespace tt::magic {

using nlohmann::json;

namespace {

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

// An ability's targets, as the engine reads them and as the effects'
// references are checked against them.
std::vector<TargetKind> targets(const Reader& r, const json& o, std::vector<std::string>& kinds) {
  std::vector<TargetKind> out;
  const json& list = r.list(o, "targets");
  // A stack item holds at most three targets.
  if (list.size() > 3) r.fail("targets", "at most 3 targets");
  for (std::size_t i = 0; i < list.size(); ++i) {
    out.push_back(
        r.in("targets[" + std::to_string(i) + "]").name(list[i].at("kind"), "kind", kTargetKinds));
    kinds.push_back(list[i].at("kind").get<std::string>());
  }
  return out;
}

struct Context {
  const Names<int>& tokens;
  const Scope& scope;
};

std::vector<Effect> effects(const Reader& r, const json& list, const std::string& field,
                            const Context& ctx, int depth = 0);

Effect effect(const Reader& r, const json& e, const Context& ctx, int depth) {
  Effect x;
  x.verb = r.pick(e, "do", kVerbs, Verb::kDraw);
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
  x.amount = static_cast<std::int8_t>(r.integer(e, "amount", 1, 20, 1));
  if (e.contains("count")) x.amount = static_cast<std::int8_t>(r.integer(e, "count", 1, 10, 1));
  x.power = static_cast<std::int8_t>(r.integer(e, "power", -10, 10, 0));
  x.toughness = static_cast<std::int8_t>(r.integer(e, "toughness", -10, 10, 0));
  if (e.contains("keyword")) x.keyword = r.pick(e, "keyword", kKeywords, std::uint16_t{0});
  x.attack = r.boolean(e, "attack");
  x.block = r.boolean(e, "block");
  if (e.contains("token")) {
    const auto it = ctx.tokens.find(r.string(e, "token"));
    if (it == ctx.tokens.end())
      r.fail("token",
             "'" + e["token"].get<std::string>() + "' is not a token of the pool's \"tokens\"");
    x.token = static_cast<std::int16_t>(it->second);
  }
  if (e.contains("filter")) x.filter = r.pick(e, "filter", kTypes, std::uint8_t{0});
  // Effects nest (choose-mode, unless-pays-life) at most three deep.
  if (depth > 2) r.fail("do", "effects nest at most three deep");
  const json& modes = r.list(e, "modes");
  for (std::size_t m = 0; m < modes.size(); ++m)
    x.modes.push_back(effects(r, modes[m], "modes[" + std::to_string(m) + "]", ctx, depth + 1));
  if (e.contains("else")) x.modes.push_back(effects(r, r.list(e, "else"), "else", ctx, depth + 1));
  // The engine reads these without looking: modes[0] is unless-pays-life's else.
  if (x.verb == Verb::kCreateToken && x.token < 0) r.fail("token", "create-token names a token");
  if (x.verb == Verb::kChooseMode && x.modes.size() < 2)
    r.fail("modes", "choose-mode needs at least two modes");
  if (x.verb == Verb::kUnlessPaysLife && x.modes.size() != 1)
    r.fail("else", "unless-pays-life needs an else list");
  check_effect(r, e, ctx.scope);
  return x;
}

std::vector<Effect> effects(const Reader& r, const json& list, const std::string& field,
                            const Context& ctx, int depth) {
  std::vector<Effect> out;
  if (!list.is_array()) r.fail(field, "must be a list");
  for (std::size_t i = 0; i < list.size(); ++i)
    out.push_back(effect(r.in(field + "[" + std::to_string(i) + "]"), list[i], ctx, depth));
  return out;
}

// Whether a permanent's abilities exile a card "linked" (for return-linked).
bool exiles_linked(const json& c) {
  for (const char* abilities : {"triggers", "activated"})
    for (const json& a : c.value(abilities, json::array()))
      for (const json& e : a.value("effects", json::array()))
        if (e.value("do", "") == "exile" && e.value("return", "") == "linked") return true;
  return false;
}

// A spell's modes: one, or several ("choose one").
void spell(const Reader& r, const json& c, CardDef& d, const Names<int>& tokens) {
  auto mode = [&](const Reader& mr, const json& m) {
    Scope scope{d, {}, nullptr, false, false};
    Mode out;
    out.targets = targets(mr, m, scope.targets);
    out.effects = effects(mr, mr.list(m, "effects"), "effects", Context{tokens, scope});
    if (out.effects.empty()) r.fail("effects", "a spell does something");
    return out;
  };
  if (c.contains("modes")) {
    const json& modes = r.list(c, "modes");
    for (std::size_t m = 0; m < modes.size(); ++m)
      d.modes.push_back(mode(r.in("modes[" + std::to_string(m) + "]"), modes[m]));
  } else {
    d.modes.push_back(mode(r, c));
  }
  // 608.2d: "choose a player" is an instruction of the resolving spell,
  // not a choice made while casting it (601.2c names only targets): it is
  // the first step of every mode.
  if (d.choose_player) {
    Effect choose;
    choose.verb = Verb::kChoosePlayer;
    for (Mode& m : d.modes) m.effects.insert(m.effects.begin(), choose);
  }
}

// A permanent's triggered, activated and static abilities.
void abilities(const Reader& r, const json& c, CardDef& d, const Names<int>& tokens) {
  const bool linked = exiles_linked(c);
  const json& triggers = r.list(c, "triggers");
  for (std::size_t i = 0; i < triggers.size(); ++i) {
    const json& t = triggers[i];
    const Reader tr = r.in("triggers[" + std::to_string(i) + "]");
    const std::string when = r.string(t, "when");
    check_trigger(tr, when, d);
    Scope scope{d, {}, &when, true, linked};
    Trigger out;
    out.when = tr.pick(t, "when", kWhens, When::kEnters);
    if (t.contains("if"))
      out.cond.opponent_lost_life = static_cast<std::int8_t>(
          tr.in("if").integer(t["if"], "opponent_lost_life_this_turn", 1, 20, 0));
    out.targets = targets(tr, t, scope.targets);
    out.effects = effects(tr, tr.list(t, "effects"), "effects", Context{tokens, scope});
    d.triggers.push_back(std::move(out));
  }
  const json& activated = r.list(c, "activated");
  for (std::size_t i = 0; i < activated.size(); ++i) {
    const json& a = activated[i];
    const Reader ar = r.in("activated[" + std::to_string(i) + "]");
    const json& cost = a.at("cost");
    Scope scope{d, {}, nullptr, true, linked};
    Activated out;
    if (cost.contains("mana")) out.mana = parse_mana(ar, ar.string(cost, "mana"), "cost.mana");
    out.tap = ar.in("cost").boolean(cost, "tap");
    out.sacrifice = ar.in("cost").boolean(cost, "sacrifice");
    if (out.mana.empty() && !out.tap && !out.sacrifice)
      ar.fail("cost", "an activated ability without a cost could be used forever");
    out.any_player = ar.boolean(a, "any_player");
    out.sorcery_speed = ar.boolean(a, "sorcery_speed");
    out.targets = targets(ar, a, scope.targets);
    out.effects = effects(ar, ar.list(a, "effects"), "effects", Context{tokens, scope});
    d.activated.push_back(std::move(out));
  }
  const json& statics = r.list(c, "statics");
  for (std::size_t i = 0; i < statics.size(); ++i) {
    const json& s = statics[i];
    const Reader sr = r.in("statics[" + std::to_string(i) + "]");
    Static out;
    out.kind = sr.pick(s, "kind", kStatics, StaticKind::kEnchantedPt);
    out.power = static_cast<std::int8_t>(sr.integer(s, "power", -10, 10, 0));
    out.toughness = static_cast<std::int8_t>(sr.integer(s, "toughness", -10, 10, 0));
    out.count = static_cast<std::int8_t>(
        sr.integer(s, out.kind == StaticKind::kCantAttackYou ? "min_power" : "count", 0, 20, 0));
    if ((out.kind == StaticKind::kControlEnchanted || out.kind == StaticKind::kEnchantedPt) &&
        d.enchant != 1)
      sr.fail("kind", "an enchanted-creature ability needs an Aura that enchants a creature");
    d.statics.push_back(out);
  }
}

}  // namespace

CardDef read_card(const json& c, const Names<int>& tokens, bool token) {
  if (!c.is_object() || !c.contains("id") || !c["id"].is_string())
    throw Error("field 'id': every card needs a string id");
  CardDef d;
  d.id = c["id"].get<std::string>();
  d.token = token;
  const Reader r("card '" + d.id + "'");
  d.name = r.string(c, "name");
  d.text = r.string(c, "text");
  const json& types = r.list(c, "types");
  for (std::size_t i = 0; i < types.size(); ++i)
    d.types |= r.name(types[i], "types[" + std::to_string(i) + "]", kTypes);
  for (const json& s : r.list(c, "subtypes")) {
    d.aura = d.aura || s == "aura";
    d.curse = d.curse || s == "curse";
  }
  d.basic = r.boolean(c, "basic");
  static const std::string kLetters = "WUBRG";
  if (c.contains("produces"))
    d.produces = static_cast<std::int8_t>(kLetters.find(r.string(c, "produces")));
  if (c.contains("cost")) d.cost = parse_mana(r, r.string(c, "cost"), "cost");
  for (int k = 0; k < kColours; ++k)
    if (d.cost.coloured[k]) d.colours = static_cast<std::uint8_t>(d.colours | (1 << k));
  d.power = static_cast<std::int8_t>(r.integer(c, "power", 0, 20, 0));
  d.toughness = static_cast<std::int8_t>(r.integer(c, "toughness", 0, 20, 0));
  for (auto& k : r.list(c, "keywords")) d.keywords |= r.name(k, "keywords", kKeywords);
  const std::string enchant = r.string(c, "enchant");
  d.enchant = enchant == "creature" ? 1 : enchant == "player" ? 2 : 0;
  d.combat_only = c.contains("timing");
  d.pay_half_life = c.contains("additional_cost");
  d.choose_opponent = c.contains("as_enters");
  d.choose_player = c.contains("choose");
  check_aura(r, d);
  if (d.permanent())
    abilities(r, c, d, tokens);
  else
    spell(r, c, d, tokens);
  if (d.permanent() && !d.is(kLand) && d.cost.empty() && !token)
    r.fail("cost", "a nonland card has a mana cost");
  return d;
}

}  // namespace tt::magic
