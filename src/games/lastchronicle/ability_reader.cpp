// A unit's abilities and the steps of abilities and spells (docs/games/
// lastchronicle-card-format.md): what the schema cannot say, such as which
// steps need which card, is checked here.
#include "games/lastchronicle/card_reader.h"

namespace tt::lastchronicle::detail {

namespace {

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

const std::map<std::string, Tag> kTags = {
    {"activated", Tag::kActivated}, {"auto", Tag::kAuto},     {"static", Tag::kStatic},
    {"attack", Tag::kAttack},       {"defend", Tag::kDefend}, {"retreat", Tag::kRetreat}};

}  // namespace

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

void read_effects(const Reader& r, const json& list, std::vector<Effect>& out, const Place& place,
                  int depth) {
  if (!list.is_array()) r.fail("effects", "must be a list");
  for (auto& e : list) {
    r.only(e, {"do", "amount", "who", "target", "atk", "def", "up_to", "max_cost", "then"},
           "an effect");
    Effect f;
    f.verb = r.pick(e, "do", kVerbs, Verb::kDraw, true);
    f.who = r.pick(e, "who", kWho, Who::kYou);
    f.target = r.pick(e, "target", kTargets, Target::kAny);
    f.amount = static_cast<std::int8_t>(r.integer(e, "amount", 1, 20, 1));
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
        if (place.spell && f.target == Target::kSelf) r.fail("target", "a spell has no 'self'");
        break;
      case Verb::kNegate:
        needs("up_to");
        if (e["up_to"].is_string() && e["up_to"] == "X") {
          if (!place.x_cost) r.fail("up_to", "\"X\" needs x_cost: true on the card");
          f.amount = -1;
        } else {
          f.amount = static_cast<std::int8_t>(r.integer(e, "up_to", 1, 9, 1));
        }
        break;
      case Verb::kTakeControl:
        needs("max_cost");
        f.amount = static_cast<std::int8_t>(r.integer(e, "max_cost", 0, 9, 0));
        break;
      case Verb::kSetRide:
        if (!place.retreat) r.fail("do", "set_ride belongs only in a retreat ability");
        break;
      case Verb::kJudgement: {
        needs("then");
        if (depth > 0) r.fail("then", "a judgement inside a judgement is not supported");
        out.push_back(f);
        const std::size_t at = out.size() - 1;
        read_effects(r, e["then"], out, place, depth + 1);
        if (out.size() == at + 1) r.fail("then", "must not be empty");
        out[at].skip = static_cast<std::uint8_t>(out.size() - 1 - at);
        continue;
      }
      default:
        break;
    }
    out.push_back(f);
  }
}

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
  read_effects(r, a["effects"], ab.effects, Place{false, false, ab.tag == Tag::kRetreat});
  if (ab.effects.empty()) r.fail("effects", "must not be empty");
  // Wiping to ready a unit (itself included) could go on forever unless it costs CA too.
  if (ab.tag == Tag::kActivated && ab.cost_ca == 0)
    for (auto& e : ab.effects)
      if (e.verb == Verb::kReady)
        r.fail("cost", "an activated ability that readies a unit needs a CA cost");
  return ab;
}

}  // namespace tt::lastchronicle::detail
