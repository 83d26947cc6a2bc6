// The Magic-style card pool, loaded from data/magic/cards.json
// (docs/games/magic-card-format.md). Behaviour is data: every ability is a
// list of effect steps, each one of the C++ primitives in effects.cpp.
#pragma once
#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace tt::magic {

// Colours of mana: W U B R G, then generic.
enum Colour : std::uint8_t { kW, kU, kB, kR, kG, kColours };
struct ManaCost {
  std::uint8_t generic = 0;
  std::uint8_t coloured[kColours]{};
  int total() const {
    int t = generic;
    for (auto c : coloured) t += c;
    return t;
  }
  bool empty() const { return total() == 0; }
};

enum TypeBit : std::uint8_t {
  kLand = 1,
  kCreature = 2,
  kArtifact = 4,
  kEnchantment = 8,
  kInstant = 16,
  kSorcery = 32,
};

enum Keyword : std::uint16_t {
  kFlying = 1,
  kFirstStrike = 2,
  kDoubleStrike = 4,
  kTrample = 8,
  kMenace = 16,
  kVigilance = 32,
  kHaste = 64,
  kLifelink = 128,
};

enum class TargetKind : std::uint8_t {
  kAny,
  kCreature,
  kCreatureOpponentControls,
  kCreatureYouControl,
  kPermanent,
  kNonlandPermanent,
  kAnotherNonlandPermanent,
  kPermanentYouControl,
  kPlayer,
  kOpponent,
  kTeammate,
  kInstantOrSorcerySpell,
};

enum class When : std::uint8_t {
  kEnters,
  kLeaves,
  kAttacks,
  kBlocks,
  kCombatDamageToPlayer,
  kCreatureDies,
  kCreatureEnters,
  kYourUpkeep,
  kEachUpkeep,
  kEnchantedPlayerUpkeep,
  kEnchantedPlayerLoses,
  kEachCombat,
  kEachEndStep,  // the last: MagicState::watching_ has room up to it
};

enum class StaticKind : std::uint8_t {
  kControlEnchanted,
  kEnchantedPt,
  kCantAttackYou,
  kAttackLimit,
  kBlockLimit,
};

// Who an effect names (docs/games/magic-card-format.md, EFFECT).
enum class Who : std::uint8_t {
  kYou,
  kTarget,
  kDefendingPlayer,
  kAttackingPlayer,
  kChosenPlayer,  // chosen as it entered
  kChosen,        // chosen on casting ("choose a player")
  kThatPlayer,
  kItsController,
  kEachOpponent,
  kEachPlayer,
  kActivePlayer,
  kAnOpponent,
};

enum class Verb : std::uint8_t {
  kDamage,
  kLoseLife,
  kGainLife,
  kGainLifePerOpponentCreature,
  kDraw,
  kCreateToken,
  kGainControl,
  kGiveControl,
  kUntap,
  kTap,
  kPump,
  kGrant,
  kExile,
  kReturnLinked,
  kCopySpell,
  kExtraTurn,
  kWinGame,
  kRestrict,
  kMustAttackYou,
  kChooseMode,
  kUnlessPaysLife,
  kAddCounter,
  kPoison,
  kExchangeLife,
  kPutFromLibrary,
  kSplitPiles,
  // Not written in card data: the first step of a spell with "choose":
  // "player", whose controller chooses as it resolves (608.2d).
  kChoosePlayer,
};

// What an object effect addresses.
enum class What : std::uint8_t {
  kTarget,
  kSelf,
  kCreaturesOfDefendingPlayer,
  kCreaturesOfActivePlayer,
  kEachCreature,
};
enum class DamageTo : std::uint8_t { kTarget, kEachOpponent, kEachCreatureAndPlayer };
enum class Duration : std::uint8_t { kEndOfTurn, kGame, kUntilYourNextTurn };
enum class Return : std::uint8_t { kNone, kUntilSourceLeaves, kLinked, kNextEndStep };

struct Effect {
  Verb verb = Verb::kDraw;
  Who who = Who::kYou;
  std::uint8_t who_index = 0;  // which target, when who is kTarget
  What what = What::kTarget;
  std::uint8_t what_index = 0;
  DamageTo to = DamageTo::kTarget;
  Duration duration = Duration::kEndOfTurn;
  Return ret = Return::kNone;
  std::int8_t amount = 0;
  std::int8_t power = 0, toughness = 0;
  std::uint16_t keyword = 0;
  bool attack = false, block = false;      // restrict
  std::int16_t token = -1;                 // pool token index
  std::uint8_t filter = 0;                 // put-from-library: type bits
  std::vector<std::vector<Effect>> modes;  // choose-mode; unless-pays-life's else is modes[0]
};

struct Condition {
  std::int8_t opponent_lost_life = 0;  // 0: none
};

struct Trigger {
  When when = When::kEnters;
  Condition cond;
  std::vector<TargetKind> targets;
  std::vector<Effect> effects;
};

struct Activated {
  ManaCost mana;
  bool tap = false, sacrifice = false;
  bool any_player = false;
  bool sorcery_speed = false;
  bool deploy = false;  // 804.2, added to every creature by the rules, not by data
  std::vector<TargetKind> targets;
  std::vector<Effect> effects;
};

struct Static {
  StaticKind kind = StaticKind::kEnchantedPt;
  std::int8_t power = 0, toughness = 0;
  std::int8_t count = 0;  // min power, or a limit
};

struct Mode {
  std::vector<TargetKind> targets;
  std::vector<Effect> effects;
};

struct CardDef {
  std::string id, name, text;
  std::uint8_t types = 0;
  bool aura = false, curse = false, basic = false, token = false;
  std::int8_t produces = -1;  // a land's colour
  ManaCost cost;
  std::uint8_t colours = 0;  // bit per Colour
  std::int8_t power = 0, toughness = 0;
  std::uint16_t keywords = 0;
  std::int8_t enchant = 0;  // 1 creature, 2 player
  bool combat_only = false;
  bool pay_half_life = false;
  bool choose_player = false;    // "choose a player" as it resolves (608.2d)
  bool choose_opponent = false;  // "as this enters, choose an opponent"
  std::vector<Mode> modes;       // a spell: one mode, or several ("choose one")
  std::vector<Trigger> triggers;
  std::vector<Activated> activated;
  std::vector<Static> statics;

  bool is(TypeBit t) const { return types & t; }
  bool permanent() const { return !(types & (kInstant | kSorcery)); }
};

struct Pool {
  std::vector<CardDef> cards;  // tokens last, flagged `token`
  int first_token = 0;
  const CardDef& operator[](int i) const { return cards[static_cast<std::size_t>(i)]; }
  int find(const std::string& id) const;  // -1 when unknown
  int size() const { return static_cast<int>(cards.size()); }
  // Checks `j` against the schema magic-cards, then what the schema cannot
  // say. Throws tt::DataError listing every problem, one a line, each naming
  // `file` and the field (by JSON pointer, or by card and field).
  static Pool load(const nlohmann::json& j, const std::string& file = "cards.json");
  static Pool load_file(const std::string& path);
};

std::string mana_text(const ManaCost& m);
const char* keyword_name(std::uint16_t k);

}  // namespace tt::magic
