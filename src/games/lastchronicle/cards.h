// The Last Chronicle Infinity card pool, loaded from data/lastchronicle/
// cards.json (docs/games/lastchronicle-card-format.md). Effects are data: a
// card's abilities are lists of small steps the resolver runs in order.
#pragma once
#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace tt::lastchronicle {

enum Colour : std::uint8_t { kWhite = 1, kOrange = 2, kPurple = 4, kBlack = 8, kBlue = 16 };
using Colours = std::uint8_t;  // a mask of Colour

enum class Rarity : std::uint8_t { kNormal, kLegacy, kChronoRare, kSpecial };
enum class CardType : std::uint8_t { kUnit, kSpell };

// Ability tags of the rule text: 【起動】【自動】【常時】【攻撃】【防御】【撤退】.
enum class Tag : std::uint8_t { kActivated, kAuto, kStatic, kAttack, kDefend, kRetreat };
// What an 【自動】 ability waits for.
enum class When : std::uint8_t { kNone, kPlaced, kDealsDamageToOpponent, kYouDevelop };
// Where a 【常時】 ability works from.
enum class Zone : std::uint8_t { kBattlefield, kRide, kShed };
enum class StaticKind : std::uint8_t { kNone, kRevealTop, kAnthem, kFreeChecks };

enum class Verb : std::uint8_t {
  kDamagePlayer,
  kDamageUnit,
  kDraw,
  kDiscard,
  kSacrifice,
  kGainLife,
  kWipe,
  kReady,
  kModify,
  kNegate,
  kBounce,
  kTakeControl,
  kChronoCheck,
  kDevelop,
  kSetRide,
  kJudgement,
};
// Which player(s) a player effect addresses.
enum class Who : std::uint8_t { kYou, kOpponent, kEachOpponent, kEachPlayer };
// Which unit(s) a unit effect addresses.
enum class Target : std::uint8_t {
  kSelf,
  kAny,
  kOwn,
  kOpponent,
  kEachUnit,
  kEachOpponentUnit,
  kOwnUnits
};

enum class CondKind : std::uint8_t { kNone, kOpponentLifeAtMost, kYourLifeAtMost, kResonance };
struct Condition {
  CondKind kind = CondKind::kNone;
  std::int8_t n = 0;
};

struct Effect {
  Verb verb = Verb::kDraw;
  Who who = Who::kYou;
  Target target = Target::kAny;
  std::int8_t amount =
      0;  // damage, cards, life; negate's "up to" (-1 = X); take_control's max cost
  std::int8_t atk = 0, def = 0;
  std::uint8_t skip = 0;  // judgement: how many following steps are its "then" part
};

struct Ability {
  Tag tag = Tag::kAuto;
  When when = When::kNone;
  Zone zone = Zone::kBattlefield;
  StaticKind stat = StaticKind::kNone;
  std::int8_t stat_atk = 0, stat_def = 0;
  bool cost_wipe = false;
  std::int8_t cost_ca = 0;
  Condition cond;
  std::vector<Effect> effects;  // judgement's "then" steps follow it, flattened
};

struct CardDef {
  std::string id, name, text;
  CardType type = CardType::kUnit;
  Colours colours = 0;
  Rarity rarity = Rarity::kNormal;
  std::int8_t cost = 0;
  bool x_cost = false;
  std::int8_t ca = 0;
  std::int8_t atk = 0, def = 0;
  bool quick = false, haste = false, setup_shed = false;
  std::vector<Ability> abilities;
  // A spell's own steps and condition, as one ability (tag kAuto, unused).
  Ability spell;
  bool is_unit() const { return type == CardType::kUnit; }
};

struct TokenDef {
  std::string id, name;
  std::int8_t ca = 0;
};

struct Pool {
  std::vector<CardDef> cards;
  std::vector<TokenDef> tokens;
  std::vector<std::vector<std::uint8_t>> starting_ca;  // by position in turn order
  const CardDef& operator[](int i) const { return cards[static_cast<std::size_t>(i)]; }
  int find(const std::string& id) const;
  int find_token(const std::string& id) const;
  // Throws tt::Error naming the card and field of every problem; load_file
  // checks the file against its schema first, and names the file on each line.
  static Pool load(const nlohmann::json& j);
  static Pool load_file(const std::string& path);
};

std::string colour_names(Colours c);
std::string rarity_name(Rarity r);

}  // namespace tt::lastchronicle
