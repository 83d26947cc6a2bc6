// Card definitions of Genso Suikoden Card Stories, loaded from data files
// (docs/games/suikoden-card-format.md). Immutable once loaded.
#pragma once
#include <cstdint>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace tt::suikoden {

enum class CardType : std::uint8_t { kCharacter, kMission, kFacility };
enum class CharClass : std::uint8_t { kCommander, kLeader, kCommoner, kFree, kCraftsman };
// How a mission is cleared. Facilities always use kFacility.
enum class Battle : std::uint8_t { kAttack, kTroops, kDuel, kFacility };
enum class Stat : std::uint8_t { kAtk, kTroops, kBuild };
enum class EffectKind : std::uint8_t { kBoost, kCooperation, kOnDispatch, kCounter, kHandLimit };
// Whom a continuous effect reaches (see the card format doc).
enum class Scope : std::uint8_t { kSelf, kSide, kAll, kEnemies, kOpponent };
enum class CounterDo : std::uint8_t { kWeaken, kRepel, kDraw };

struct CardDef;

// Conditions on a character; an unset field (-1) always holds.
struct Filter {
  int cls = -1;
  int camp = -1;
  int emblem = -1;
  int name = -1;  // index into Pool::names
  bool matches(const CardDef& c) const;
};

struct Effect {
  EffectKind kind = EffectKind::kBoost;
  Stat stat = Stat::kAtk;
  Scope to = Scope::kSelf;
  CounterDo act = CounterDo::kWeaken;
  int amount = 0;
  int max = 0;       // repel: printed stat at most this
  int partner = -1;  // cooperation: index into Pool::names of a card's full name
  Filter filter;
};

struct CardDef {
  std::string id;
  std::string name;
  std::string text;
  CardType type = CardType::kCharacter;
  // Characters
  CharClass cls = CharClass::kCommoner;
  int camp = -1;            // -1: unaffiliated
  int full_name = -1;       // index into Pool::names of `name`
  std::vector<int> names;   // one name, or both names of a pair card
  std::uint16_t links = 0;  // bit i = link letter 'A' + i
  int atk = 0, troops = 0, build = 0;
  bool emblem = false;
  bool support = false;
  // Missions and facilities
  Battle battle = Battle::kAttack;
  int target = 0;  // attack/troops clear condition, or facility build condition
  int block = 0;   // facility block condition (attack)
  Stat duel_stat = Stat::kAtk;
  int vp_placer = 0, vp_opponent = 0;
  std::vector<Effect> effects;

  bool is_character() const { return type == CardType::kCharacter; }
  bool is_pair() const { return names.size() > 1; }
  bool is_leader() const { return is_character() && cls == CharClass::kLeader; }
  bool is_commander() const { return is_character() && cls == CharClass::kCommander; }
  int printed(Stat s) const { return s == Stat::kAtk ? atk : s == Stat::kTroops ? troops : build; }
};

struct Pool {
  std::vector<std::string> camp_ids;
  std::vector<std::string> camp_names;
  std::vector<std::string> names;  // character names and pair card full names
  std::vector<CardDef> cards;
  std::map<std::string, int> by_id;

  // Throws tt::Error naming the card and field at fault.
  static Pool from_json(const nlohmann::json& j);
  static Pool load_file(const std::string& path);
  // -1 when unknown.
  int find(const std::string& id) const;
  const CardDef& operator[](int i) const { return cards[static_cast<std::size_t>(i)]; }
  int camp_index(const std::string& id) const;
};

std::string stat_name(Stat s);
std::string links_string(std::uint16_t links);
// A card as the views and option labels name it: its name and what it does in brief.
std::string card_label(const CardDef& d);
std::string class_name(CharClass c);
std::string battle_name(Battle b);

}  // namespace tt::suikoden
