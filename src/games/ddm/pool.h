// Dungeon Dice Monsters components loaded from data (docs/games/ddm-data-format.md):
// dice, dungeon shapes, monsters and items. Immutable once loaded.
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "core/grid.h"

namespace tt::ddm {

// Crest kinds a pool can hold, in this order; summon crests are never stored.
enum class Crest : std::uint8_t { kMove, kAttack, kDefense, kMagic, kTrap, kSummon };
inline constexpr int kCrestKinds = 5;
inline constexpr int kCrestCap = 10;
using Crests = std::array<std::uint8_t, kCrestKinds>;

struct Face {
  Crest crest = Crest::kMove;
  std::uint8_t mult = 1;
};

struct DieDef {
  std::string id;
  int level = 1;
  std::array<Face, 6> faces{};
};

enum class MonsterType : std::uint8_t { kWarrior, kBeast, kDragon, kSpellcaster, kUndead };
inline constexpr int kTypes = 5;

enum Keyword : std::uint8_t { kFlying = 1, kTunnel = 2, kRanged = 4 };

// When an ability may be used, from the crest kind of its cost.
enum class Timing : std::uint8_t { kAttack, kDefense, kMagic, kTrap, kAny };
enum class Duration : std::uint8_t { kBattle, kTurn, kPermanent, kChain };
enum class Op : std::uint8_t {
  kBoost,
  kDamage,
  kHeal,
  kGain,
  kNegate,
  kCrest,
  kCrust,
  kAbsorb,
  kShield,
  kDrain,
  kStop
};
enum class StatKind : std::uint8_t { kAtk, kDef };

struct Ability {
  Crests cost{};
  int any = 0;  // number-only cost: that many crests of any kinds
  Timing timing = Timing::kMagic;
  Op op = Op::kBoost;
  StatKind stat = StatKind::kAtk;
  int amount = 0;
  int range = 0;
  std::uint8_t keyword = 0;
  Duration duration = Duration::kPermanent;
  bool once_per_turn = false;
  Crest crest = Crest::kMove;
  std::string text;
  bool needs_enemy_target() const { return op == Op::kDamage; }
  bool needs_own_target() const { return op == Op::kHeal && range > 0; }
};

struct Aura {
  StatKind stat = StatKind::kAtk;
  int amount = 0;
  int type = -1;  // -1: every type
};

// A monster or an item (items: is_item, level 2, no stats, one effect).
struct PieceDef {
  std::string id, name, text;
  bool is_item = false;
  int level = 1;
  MonsterType type = MonsterType::kWarrior;
  int hp = 0, atk = 0, def = 0;
  std::uint8_t keywords = 0;
  int range = 1;
  int attacks = 1;
  std::vector<Aura> auras;
  std::vector<Ability> on_summon;
  std::vector<Ability> abilities;
  Ability item_effect;  // items only
  bool once = false;    // items only: removed after triggering
};

// One placement of a dungeon shape: the six offsets from the monster square.
struct Orientation {
  std::array<Coord, 6> cells{};
};

struct Shape {
  std::string name;
  std::vector<Orientation> orientations;  // distinct rotations and mirror images
};

struct Pool {
  std::vector<DieDef> dice;
  std::map<std::string, std::vector<int>> dice_sets;
  std::vector<Shape> shapes;
  std::vector<PieceDef> pieces;
  std::map<std::string, int> die_by_id, piece_by_id;

  static Pool from_json(const nlohmann::json& j);  // throws tt::Error
  static Pool load_file(const std::string& path);
  int find_piece(const std::string& id) const;
  int find_die(const std::string& id) const;
};

std::string crest_name(Crest c);
std::string type_name(MonsterType t);

}  // namespace tt::ddm
