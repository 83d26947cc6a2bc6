#include "games/magic/card_checks.h"

#include <set>

namespace tt::magic {

using nlohmann::json;

namespace {

// What a reference to a target needs the target to be.
enum class Want { kPlayer, kObject, kCreature, kSpell, kDamageable, kYourPermanent };

bool fits(const std::string& kind, Want want) {
  static const std::set<std::string> kPlayers = {"player", "opponent", "teammate"};
  static const std::set<std::string> kCreatures = {"creature", "creature-opponent-controls",
                                                   "creature-you-control"};
  switch (want) {
    case Want::kPlayer:
      return kPlayers.count(kind) || kind == "any";
    case Want::kObject:
      return !kPlayers.count(kind) && kind != "any" && kind != "instant-or-sorcery-spell";
    case Want::kCreature:
      return kCreatures.count(kind) > 0;
    case Want::kSpell:
      return kind == "instant-or-sorcery-spell";
    case Want::kDamageable:
      return kind == "any" || kPlayers.count(kind) || kCreatures.count(kind);
    case Want::kYourPermanent:
      return kind == "permanent-you-control" || kind == "creature-you-control";
  }
  return false;
}

const char* wanted(Want want) {
  switch (want) {
    case Want::kPlayer:
      return "a player";
    case Want::kObject:
      return "a permanent";
    case Want::kCreature:
      return "a creature";
    case Want::kSpell:
      return "a spell";
    case Want::kDamageable:
      return "a creature or a player";
    case Want::kYourPermanent:
      return "a permanent you control";
  }
  return "";
}

void target(const Reader& r, const Scope& s, const std::string& field, int index, Want want) {
  const auto n = s.targets.size();
  if (static_cast<std::size_t>(index) >= n)
    r.fail(field, "names target " + std::to_string(index) + ", but the ability has " +
                      std::to_string(n) + " target(s)");
  const std::string& kind = s.targets[static_cast<std::size_t>(index)];
  if (!fits(kind, want))
    r.fail(field, std::string("needs ") + wanted(want) + " target; target " +
                      std::to_string(index) + " is '" + kind + "'");
}

bool when_is(const Scope& s, std::initializer_list<const char*> events) {
  if (!s.when) return false;
  for (const char* e : events)
    if (*s.when == e) return true;
  return false;
}

// A player an effect names: `who`, `chooser`, `with` or `from`.
void player(const Reader& r, const Scope& s, const std::string& field, const std::string& who,
            int index) {
  if (who == "target") {
    target(r, s, field, index, Want::kPlayer);
  } else if (who == "chosen-player" && !s.card.choose_opponent) {
    r.fail(field, "chosen-player needs \"as_enters\": \"choose-opponent\" on the card");
  } else if (who == "chosen" && !s.card.choose_player) {
    r.fail(field, "chosen needs \"choose\": \"player\" on the card");
  } else if (who == "that-player" &&
             !when_is(s, {"combat-damage-to-player", "each-upkeep", "enchanted-player-upkeep"})) {
    r.fail(field,
           "that-player needs a trigger about a player (combat-damage-to-player, each-upkeep, "
           "enchanted-player-upkeep)");
  } else if (who == "its-controller" && !when_is(s, {"creature-dies", "creature-enters"})) {
    r.fail(field, "its-controller needs a creature-dies or creature-enters trigger");
  } else if (who == "attacking-player" && !when_is(s, {"blocks"})) {
    r.fail(field, "attacking-player needs a blocks trigger");
  } else if (who == "defending-player" && !when_is(s, {"attacks"}) && !s.card.combat_only) {
    r.fail(field, "defending-player needs an attacks trigger or \"timing\": \"combat\"");
  }
}

void object(const Reader& r, const Scope& s, const std::string& verb, const json& e) {
  const std::string what = e.value("what", "");
  if (what == "target") {
    Want want = Want::kObject;
    if (verb == "copy-spell") want = Want::kSpell;
    if (verb == "restrict" || verb == "must-attack-you" || verb == "pump" || verb == "grant")
      want = Want::kCreature;
    if (verb == "give-control") want = Want::kYourPermanent;
    target(r, s, "what", e.value("what_index", 0), want);
  } else if (what == "self") {
    if (!s.permanent) r.fail("what", "self needs a permanent (a spell has no \"this permanent\")");
    if ((verb == "pump" || verb == "grant") && !s.card.is(kCreature))
      r.fail("what", verb + " self needs a creature");
  } else if (what == "creatures-of-defending-player") {
    player(r, s, "what", "defending-player", 0);
  }
}

}  // namespace

void check_effect(const Reader& r, const json& e, const Scope& s) {
  const std::string verb = e.value("do", "");
  if (e.contains("who")) player(r, s, "who", e["who"].get<std::string>(), e.value("who_index", 0));
  if (e.contains("chooser") && e["chooser"] != "an-opponent")  // split-piles: an opponent
    player(r, s, "chooser", e["chooser"].get<std::string>(), 0);
  for (const char* field : {"with", "from"})
    if (e.contains(field)) target(r, s, field, 0, Want::kPlayer);
  if (e.contains("what")) object(r, s, verb, e);
  if (verb == "damage" && e.value("to", "") == "target") target(r, s, "to", 0, Want::kDamageable);
  const std::string ret = e.value("return", "none");
  if ((ret == "until-source-leaves" || ret == "linked") && !s.permanent)
    r.fail("return", ret + " needs a permanent source");
  if (verb == "return-linked" && !(s.permanent && s.linked_exile))
    r.fail("do", "return-linked needs an exile with \"return\": \"linked\" on the same permanent");
}

void check_trigger(const Reader& r, const std::string& when, const CardDef& card) {
  if ((when == "attacks" || when == "blocks" || when == "combat-damage-to-player") &&
      !card.is(kCreature))
    r.fail("when", when + " needs a creature");
  if (when.rfind("enchanted-player", 0) == 0 && card.enchant != 2)
    r.fail("when", when + " needs an Aura that enchants a player");
}

void check_aura(const Reader& r, const CardDef& card) {
  if (card.aura && !card.is(kEnchantment)) r.fail("subtypes", "an Aura is an enchantment");
}

}  // namespace tt::magic
