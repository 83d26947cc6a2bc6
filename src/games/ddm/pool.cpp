#include "games/ddm/pool.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>

#include "core/data_file.h"
#include "core/error.h"

namespace tt::ddm {

using nlohmann::json;

namespace {

const char* kCrestNames[] = {"move", "attack", "defense", "magic", "trap", "summon"};
const char* kTypeNames[] = {"warrior", "beast", "dragon", "spellcaster", "undead"};

Crest parse_crest(const std::string& where, const std::string& s) {
  for (int i = 0; i < 6; ++i)
    if (s == kCrestNames[i]) return static_cast<Crest>(i);
  throw Error(where + ": unknown crest '" + s + "'");
}

Face parse_face(const std::string& where, std::string s) {
  Face f;
  if (!s.empty() && s.back() == '2') {
    f.mult = 2;
    s.pop_back();
  }
  f.crest = parse_crest(where, s);
  if (f.crest == Crest::kSummon && f.mult != 1)
    throw Error(where + ": summon faces have no multiplier");
  return f;
}

StatKind parse_stat(const std::string& where, const std::string& s) {
  if (s == "atk") return StatKind::kAtk;
  if (s == "def") return StatKind::kDef;
  throw Error(where + ": stat is atk or def, not '" + s + "'");
}

Ability parse_ability(const std::string& where, const json& j, bool activated) {
  Ability a;
  a.text = j.value("text", "");
  if (activated) {
    const json& cost = j.at("cost");
    if (!cost.is_object() || cost.empty())
      throw Error(where + ": cost is an object of crest counts");
    int kinds = 0;
    for (auto& [k, v] : cost.items()) {
      const int n = v.get<int>();
      if (n < 1 || n > 10) throw Error(where + ": a cost is 1 to 10 crests");
      if (k == "any") {
        a.any = n;
        a.timing = Timing::kAny;
      } else {
        const Crest c = parse_crest(where, k);
        if (c == Crest::kSummon) throw Error(where + ": summon crests cannot pay");
        a.cost[static_cast<int>(c)] = static_cast<std::uint8_t>(n);
        a.timing = c == Crest::kAttack    ? Timing::kAttack
                   : c == Crest::kDefense ? Timing::kDefense
                   : c == Crest::kTrap    ? Timing::kTrap
                                       : Timing::kMagic;  // magic (or move) crests: own main phase
      }
      ++kinds;
    }
    if (kinds > 1) throw Error(where + ": a cost names one crest kind (or any)");
  }
  static const std::map<std::string, Op> ops = {
      {"boost", Op::kBoost}, {"damage", Op::kDamage}, {"heal", Op::kHeal},
      {"gain", Op::kGain},   {"negate", Op::kNegate}, {"crest", Op::kCrest},
      {"crust", Op::kCrust}, {"absorb", Op::kAbsorb}, {"shield", Op::kShield},
      {"drain", Op::kDrain}, {"stop", Op::kStop}};
  const auto op = ops.find(j.at("op").get<std::string>());
  if (op == ops.end()) throw Error(where + ": unknown op '" + j.at("op").get<std::string>() + "'");
  a.op = op->second;
  a.amount = j.value("amount", 0);
  a.range = j.value("range", a.op == Op::kDamage ? 1 : 0);
  if (a.amount % 10 != 0 && a.op != Op::kCrest && a.op != Op::kDrain)
    throw Error(where + ": amounts are multiples of 10");
  if (j.contains("stat")) a.stat = parse_stat(where, j["stat"].get<std::string>());
  if (j.contains("crest")) a.crest = parse_crest(where, j["crest"].get<std::string>());
  if (a.op == Op::kGain) {
    const std::string k = j.at("keyword").get<std::string>();
    a.keyword = k == "flying" ? kFlying : k == "tunnel" ? kTunnel : k == "ranged" ? kRanged : 0;
    if (!a.keyword) throw Error(where + ": gain flying, tunnel or ranged");
    if (a.keyword == kRanged && a.range < 2) a.range = 2;
  }
  // How long it lasts: stated, or from the cost's crest kind.
  a.duration = a.timing == Timing::kAttack || a.timing == Timing::kDefense ? Duration::kBattle
               : a.timing == Timing::kTrap                                 ? Duration::kChain
                                                                           : Duration::kPermanent;
  if (j.contains("duration")) {
    const std::string d = j["duration"].get<std::string>();
    a.duration = d == "battle" ? Duration::kBattle
                 : d == "turn" ? Duration::kTurn
                 : d == "permanent"
                     ? Duration::kPermanent
                     : throw Error(where + ": duration is battle, turn or permanent");
  } else if (a.timing == Timing::kAny && activated) {
    throw Error(where + ": a number-only cost needs a stated duration");
  }
  a.once_per_turn = j.value("once_per_turn", false);
  return a;
}

// The six squares of a shape as offsets from its monster square, in every
// rotation and mirror image, without duplicates.
Shape parse_shape(const std::string& name, const json& rows) {
  std::vector<Coord> cells;
  Coord m{-1, -1};
  int r = 0;
  for (auto& row : rows) {
    const std::string s = row.get<std::string>();
    for (int c = 0; c < static_cast<int>(s.size()); ++c) {
      if (s[c] == '.') continue;
      if (s[c] != '#' && s[c] != 'M') throw Error("shape " + name + ": use '#', 'M' and '.'");
      const Coord at{static_cast<std::int8_t>(c), static_cast<std::int8_t>(r)};
      cells.push_back(at);
      if (s[c] == 'M') {
        if (m.col >= 0) throw Error("shape " + name + ": one M only");
        m = at;
      }
    }
    ++r;
  }
  if (cells.size() != 6 || m.col < 0) throw Error("shape " + name + ": six squares, one of them M");
  // Edge-connected?
  std::vector<bool> seen(6, false);
  std::vector<int> stack = {0};
  seen[0] = true;
  while (!stack.empty()) {
    const int i = stack.back();
    stack.pop_back();
    for (int k = 0; k < 6; ++k)
      if (!seen[k] && orthogonally_adjacent(cells[i], cells[k])) seen[k] = true, stack.push_back(k);
  }
  if (std::count(seen.begin(), seen.end(), true) != 6)
    throw Error("shape " + name + ": squares must touch edge to edge");
  Shape shape;
  shape.name = name;
  std::set<std::vector<std::pair<int, int>>> distinct;
  for (int mirror = 0; mirror < 2; ++mirror)
    for (int rot = 0; rot < 4; ++rot) {
      Orientation o;
      std::vector<std::pair<int, int>> key;
      for (int i = 0; i < 6; ++i) {
        int x = cells[i].col - m.col, y = cells[i].row - m.row;
        if (mirror) x = -x;
        for (int k = 0; k < rot; ++k) {
          const int t = x;
          x = -y;
          y = t;
        }
        o.cells[i] = {static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)};
        key.push_back({x, y});
      }
      std::sort(key.begin(), key.end());
      if (distinct.insert(key).second) shape.orientations.push_back(o);
    }
  return shape;
}

}  // namespace

namespace {

// An entry's name in problems: its id when it has one, else its place.
std::string entry_name(const char* kind, const json& e, const std::string& place) {
  if (e.is_object() && e.contains("id") && e["id"].is_string())
    return std::string(kind) + " '" + e["id"].get<std::string>() + "'";
  return place;
}

// The list under `key` (an object for dice_sets and shapes), or a problem.
const json* section(const json& j, const char* key, bool object, DataProblems& problems) {
  if (!j.is_object() || !j.contains(key)) {
    problems.add(key, "missing");
    return nullptr;
  }
  const json& v = j[key];
  if (object ? !v.is_object() : !v.is_array()) {
    problems.add(key, object ? "expected an object" : "expected a list");
    return nullptr;
  }
  return &v;
}

}  // namespace

// Every problem in the pool is collected (die by die, set by set, shape by
// shape, piece by piece) and reported in one error.
Pool Pool::from_json(const json& j) {
  Pool p;
  DataProblems problems;
  if (!j.is_object())
    problems.add("pool", "expected an object with dice, dice_sets, shapes, monsters and items");
  if (const json* dice = section(j, "dice", false, problems)) {
    for (std::size_t n = 0; n < dice->size(); ++n) {
      const json& d = (*dice)[n];
      problems.entry(entry_name("die", d, "dice[" + std::to_string(n) + "]"), [&] {
        DieDef die;
        die.id = d.at("id").get<std::string>();
        die.level = d.at("level").get<int>();
        if (die.level < 1 || die.level > 4) throw Error("level 1 to 4");
        const auto& faces = d.at("faces");
        if (!faces.is_array() || faces.size() != 6) throw Error("six faces");
        int summons = 0;
        for (int i = 0; i < 6; ++i) {
          die.faces[i] = parse_face("face " + std::to_string(i), faces[i].get<std::string>());
          summons += die.faces[i].crest == Crest::kSummon;
        }
        if (summons != 5 - die.level) throw Error("a level-N die has 5-N summon faces");
        if (p.die_by_id.count(die.id)) throw Error("appears twice");
        p.die_by_id[die.id] = static_cast<int>(p.dice.size());
        p.dice.push_back(die);
      });
    }
  }
  if (const json* sets = section(j, "dice_sets", true, problems)) {
    for (auto& item : sets->items()) {
      // Named copies: clang 14 cannot capture structured bindings in a lambda.
      const std::string name = item.key();
      const json& ids = item.value();
      problems.entry("dice set " + name, [&] {
        if (!ids.is_array()) throw Error("expected a list of die ids");
        std::vector<int> set;
        std::array<int, 5> per_level{};
        for (auto& id : ids) {
          const int d = p.find_die(id.get<std::string>());
          if (d < 0) throw Error("unknown die '" + id.get<std::string>() + "'");
          set.push_back(d);
          ++per_level[p.dice[d].level];
        }
        if (set.size() != 12 || per_level[1] != 3 || per_level[2] != 3 || per_level[3] != 3 ||
            per_level[4] != 3)
          throw Error("12 dice, three of each level");
        p.dice_sets[name] = set;
      });
    }
  }
  if (const json* shapes = section(j, "shapes", true, problems)) {
    for (auto& item : shapes->items())
      problems.entry("", [&] { p.shapes.push_back(parse_shape(item.key(), item.value())); });
    if (shapes->empty()) problems.add("shapes", "no dungeon shapes");
  }
  auto add = [&](PieceDef def) {
    if (p.piece_by_id.count(def.id)) throw Error("appears twice");
    p.piece_by_id[def.id] = static_cast<int>(p.pieces.size());
    p.pieces.push_back(std::move(def));
  };
  if (const json* monsters = section(j, "monsters", false, problems)) {
    for (std::size_t n = 0; n < monsters->size(); ++n) {
      const json& m = (*monsters)[n];
      const std::string where = entry_name("monster", m, "monsters[" + std::to_string(n) + "]");
      problems.entry(where, [&] {
        PieceDef d;
        d.id = m.at("id").get<std::string>();
        d.name = m.at("name").get<std::string>();
        d.text = m.value("text", "");
        d.level = m.at("level").get<int>();
        if (d.level < 1 || d.level > 4) throw Error("level 1 to 4");
        const std::string type = m.at("type").get<std::string>();
        const auto t = std::find(std::begin(kTypeNames), std::end(kTypeNames), type);
        if (t == std::end(kTypeNames)) throw Error("unknown type '" + type + "'");
        d.type = static_cast<MonsterType>(t - std::begin(kTypeNames));
        d.hp = m.at("hp").get<int>();
        d.atk = m.at("atk").get<int>();
        d.def = m.at("def").get<int>();
        if (d.hp <= 0 || d.hp % 10 || d.atk < 0 || d.atk % 10 || d.def < 0 || d.def % 10)
          throw Error("hp, atk and def are multiples of 10 (hp above 0)");
        for (auto& k : m.value("keywords", json::array())) {
          const std::string kw = k.get<std::string>();
          if (kw == "flying")
            d.keywords |= kFlying;
          else if (kw == "tunnel")
            d.keywords |= kTunnel;
          else
            throw Error("keywords are flying and tunnel");
        }
        d.range = m.value("range", 1);
        d.attacks = m.value("attacks", 1);
        if (d.range < 1 || d.range > 6 || d.attacks < 1 || d.attacks > 4)
          throw Error("range 1-6, attacks 1-4");
        for (auto& a : m.value("aura", json::array())) {
          Aura aura;
          aura.stat = parse_stat("aura", a.at("stat").get<std::string>());
          aura.amount = a.at("amount").get<int>();
          if (a.contains("type")) {
            const auto at = std::find(std::begin(kTypeNames), std::end(kTypeNames),
                                      a["type"].get<std::string>());
            if (at == std::end(kTypeNames)) throw Error("unknown aura type");
            aura.type = static_cast<int>(at - std::begin(kTypeNames));
          }
          d.auras.push_back(aura);
        }
        int i = 0;
        for (auto& a : m.value("on_summon", json::array()))
          d.on_summon.push_back(parse_ability("on_summon " + std::to_string(i++), a, false));
        i = 0;
        for (auto& a : m.value("abilities", json::array()))
          d.abilities.push_back(parse_ability("ability " + std::to_string(i++), a, true));
        if (d.abilities.size() > 8) throw Error("at most 8 abilities");
        add(std::move(d));
      });
    }
  }
  if (const json* items = section(j, "items", false, problems)) {
    for (std::size_t n = 0; n < items->size(); ++n) {
      const json& it = (*items)[n];
      problems.entry(entry_name("item", it, "items[" + std::to_string(n) + "]"), [&] {
        PieceDef d;
        d.is_item = true;
        d.level = 2;  // every item is level 2
        d.id = it.at("id").get<std::string>();
        d.name = it.at("name").get<std::string>();
        d.text = it.value("text", "");
        d.item_effect = parse_ability("effect", it.at("effect"), false);
        d.once = it.value("once", false);
        add(std::move(d));
      });
    }
  }
  problems.throw_if_any("DDM pool");
  return p;
}

Pool Pool::load_file(const std::string& path) {
  const json j = read_data_file(path);
  try {
    return from_json(j);
  } catch (const Error& e) {
    throw Error(path + ": " + e.what());
  }
}

int Pool::find_piece(const std::string& id) const {
  auto it = piece_by_id.find(id);
  return it == piece_by_id.end() ? -1 : it->second;
}

int Pool::find_die(const std::string& id) const {
  auto it = die_by_id.find(id);
  return it == die_by_id.end() ? -1 : it->second;
}

std::string crest_name(Crest c) {
  return kCrestNames[static_cast<int>(c)];
}
std::string type_name(MonsterType t) {
  return kTypeNames[static_cast<int>(t)];
}

}  // namespace tt::ddm
