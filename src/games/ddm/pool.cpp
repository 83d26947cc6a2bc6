#include "games/ddm/pool.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>

#include "core/card_fields.h"
#include "core/data_file.h"
#include "core/error.h"
#include "core/schema_check.h"

namespace tt::ddm {

using nlohmann::json;

namespace {

const char* kCrestNames[] = {"move", "attack", "defense", "magic", "trap", "summon"};
const char* kTypeNames[] = {"warrior", "beast", "dragon", "spellcaster", "undead"};

Crest parse_crest(const CardFields& f, const char* field, const std::string& s) {
  for (int i = 0; i < 6; ++i)
    if (s == kCrestNames[i]) return static_cast<Crest>(i);
  f.fail(field, "unknown crest '" + s + "' (move, attack, defense, magic, trap, summon)");
}

Face parse_face(const CardFields& f, const char* field, std::string s) {
  Face face;
  if (!s.empty() && s.back() == '2') {
    face.mult = 2;
    s.pop_back();
  }
  face.crest = parse_crest(f, field, s);
  if (face.crest == Crest::kSummon && face.mult != 1)
    f.fail(field, "summon faces have no multiplier");
  return face;
}

StatKind parse_stat(const CardFields& f, const char* field, const std::string& s) {
  if (s == "atk") return StatKind::kAtk;
  if (s == "def") return StatKind::kDef;
  f.fail(field, "stat is atk or def, not '" + s + "'");
}

// An op that answers an activation or acts in a battle needs a cost whose
// crest kind opens that window (docs/games/ddm-data-format.md, "when").
void check_timing(const CardFields& f, const Ability& a) {
  if (a.op == Op::kNegate && a.timing != Timing::kTrap)
    f.fail("cost", "negate answers an activation, so only a trap cost can pay it");
  if ((a.op == Op::kAbsorb || a.op == Op::kShield) && a.timing != Timing::kAttack &&
      a.timing != Timing::kDefense && a.timing != Timing::kTrap)
    f.fail("cost", std::string(a.op == Op::kAbsorb ? "absorb" : "shield") +
                       " acts in a battle, so its cost is attack, defense or trap crests");
}

// `f` names the ability ("monster 'x', field 'abilities[0].cost'").
Ability parse_ability(const CardFields& f, const json& j, bool activated) {
  if (!j.is_object()) f.fail_here("expected an object, found " + j.dump());
  Ability a;
  a.text = f.text(j, "text", "");
  if (activated) {
    const json& cost = f.required(j, "cost");
    if (!cost.is_object() || cost.empty()) f.fail("cost", "cost is an object of crest counts");
    const CardFields c = f.in("cost");
    int kinds = 0;
    for (auto& [k, v] : cost.items()) {
      const int n = c.integer(v, k.c_str(), 1, 10);
      if (k == "any") {
        a.any = n;
        a.timing = Timing::kAny;
      } else {
        const Crest crest = parse_crest(f, "cost", k);
        if (crest == Crest::kSummon) f.fail("cost", "summon crests cannot pay");
        a.cost[static_cast<int>(crest)] = static_cast<std::uint8_t>(n);
        a.timing = crest == Crest::kAttack    ? Timing::kAttack
                   : crest == Crest::kDefense ? Timing::kDefense
                   : crest == Crest::kTrap
                       ? Timing::kTrap
                       : Timing::kMagic;  // magic (or move) crests: own main phase
      }
      ++kinds;
    }
    if (kinds > 1) f.fail("cost", "a cost names one crest kind (or any)");
  }
  static const std::map<std::string, Op> ops = {
      {"boost", Op::kBoost}, {"damage", Op::kDamage}, {"heal", Op::kHeal},
      {"gain", Op::kGain},   {"negate", Op::kNegate}, {"crest", Op::kCrest},
      {"crust", Op::kCrust}, {"absorb", Op::kAbsorb}, {"shield", Op::kShield},
      {"drain", Op::kDrain}, {"stop", Op::kStop}};
  const std::string op_name = f.required_text(j, "op");
  const auto op = ops.find(op_name);
  if (op == ops.end()) f.fail("op", "unknown op '" + op_name + "'");
  a.op = op->second;
  a.amount = f.integer(j, "amount", -990, 990, 0);
  a.range = f.integer(j, "range", 0, 26, a.op == Op::kDamage ? 1 : 0);
  if (a.amount % 10 != 0 && a.op != Op::kCrest && a.op != Op::kDrain)
    f.fail("amount", "amounts are multiples of 10");
  if (f.has(j, "stat")) a.stat = parse_stat(f, "stat", f.text(j["stat"], "stat"));
  if (f.has(j, "crest")) a.crest = parse_crest(f, "crest", f.text(j["crest"], "crest"));
  if (a.op == Op::kGain) {
    const std::string k = f.required_text(j, "keyword");
    a.keyword = k == "flying" ? kFlying : k == "tunnel" ? kTunnel : k == "ranged" ? kRanged : 0;
    if (!a.keyword) f.fail("keyword", "gain flying, tunnel or ranged");
    if (a.keyword == kRanged && a.range < 2) a.range = 2;
  }
  // How long it lasts: stated, or from the cost's crest kind.
  a.duration = a.timing == Timing::kAttack || a.timing == Timing::kDefense ? Duration::kBattle
               : a.timing == Timing::kTrap                                 ? Duration::kChain
                                                                           : Duration::kPermanent;
  if (f.has(j, "duration")) {
    const std::string d = f.text(j["duration"], "duration");
    if (d == "battle")
      a.duration = Duration::kBattle;
    else if (d == "turn")
      a.duration = Duration::kTurn;
    else if (d == "permanent")
      a.duration = Duration::kPermanent;
    else
      f.fail("duration", "duration is battle, turn or permanent");
  } else if (a.timing == Timing::kAny && activated) {
    f.fail("duration", "a number-only cost needs a stated duration");
  }
  a.once_per_turn = f.boolean(j, "once_per_turn", false);
  if (activated) check_timing(f, a);
  return a;
}

// The six squares of a shape as offsets from its monster square, in every
// rotation and mirror image, without duplicates.
Shape parse_shape(const std::string& name, const json& rows) {
  std::vector<Coord> cells;
  Coord m{-1, -1};
  int r = 0;
  if (!rows.is_array())
    throw Error("shape " + name + ": expected a list of rows, found " + rows.dump());
  for (auto& row : rows) {
    if (!row.is_string())
      throw Error("shape " + name + ", row " + std::to_string(r) + ": expected a string, found " +
                  row.dump());
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
      const std::string where = entry_name("die", d, "dice[" + std::to_string(n) + "]");
      problems.entry(where, [&] {
        const CardFields f(where);
        DieDef die;
        die.id = f.required_text(d, "id");
        die.level = f.required_integer(d, "level", 1, 4);
        const json& faces = f.required(d, "faces");
        if (!faces.is_array() || faces.size() != 6)
          f.fail("faces", "a die has six faces, found " + faces.dump());
        int summons = 0;
        for (int i = 0; i < 6; ++i) {
          const std::string face = "faces[" + std::to_string(i) + "]";
          die.faces[i] = parse_face(f, face.c_str(), f.text(faces[i], face.c_str()));
          summons += die.faces[i].crest == Crest::kSummon;
        }
        if (summons != 5 - die.level) f.fail("faces", "a level-N die has 5-N summon faces");
        if (p.die_by_id.count(die.id)) f.fail("id", "appears twice");
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
          const int d = id.is_string() ? p.find_die(id.get<std::string>()) : -1;
          if (d < 0) throw Error("unknown die " + id.dump());
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
  auto add = [&](const CardFields& f, PieceDef def) {
    if (p.piece_by_id.count(def.id)) f.fail("id", "appears twice");
    p.piece_by_id[def.id] = static_cast<int>(p.pieces.size());
    p.pieces.push_back(std::move(def));
  };
  auto type_of = [](const CardFields& f, const char* field, const std::string& type) {
    const auto t = std::find(std::begin(kTypeNames), std::end(kTypeNames), type);
    if (t == std::end(kTypeNames))
      f.fail(field, "unknown type '" + type + "' (warrior, beast, dragon, spellcaster, undead)");
    return static_cast<int>(t - std::begin(kTypeNames));
  };
  if (const json* monsters = section(j, "monsters", false, problems)) {
    for (std::size_t n = 0; n < monsters->size(); ++n) {
      const json& m = (*monsters)[n];
      const std::string where = entry_name("monster", m, "monsters[" + std::to_string(n) + "]");
      problems.entry(where, [&] {
        const CardFields f(where);
        PieceDef d;
        d.id = f.required_text(m, "id");
        d.name = f.required_text(m, "name");
        d.text = f.text(m, "text", "");
        d.level = f.required_integer(m, "level", 1, 4);
        d.type = static_cast<MonsterType>(type_of(f, "type", f.required_text(m, "type")));
        d.hp = f.required_integer(m, "hp", 10, 9990);
        d.atk = f.required_integer(m, "atk", 0, 9990);
        d.def = f.required_integer(m, "def", 0, 9990);
        for (const char* stat : {"hp", "atk", "def"})
          if (m[stat].get<int>() % 10) f.fail(stat, "hp, atk and def are multiples of 10");
        for (auto& k : f.list(m, "keywords")) {
          const std::string kw = f.text(k, "keywords");
          if (kw == "flying")
            d.keywords |= kFlying;
          else if (kw == "tunnel")
            d.keywords |= kTunnel;
          else
            f.fail("keywords", "keywords are flying and tunnel, not '" + kw + "'");
        }
        d.range = f.integer(m, "range", 1, 6, 1);
        d.attacks = f.integer(m, "attacks", 1, 4, 1);
        const json& auras = f.list(m, "aura");
        for (std::size_t i = 0; i < auras.size(); ++i) {
          const CardFields af = f.in("aura", i);
          const json& a = auras[i];
          Aura aura;
          aura.stat = parse_stat(af, "stat", af.required_text(a, "stat"));
          aura.amount = af.required_integer(a, "amount", -990, 990);
          if (aura.amount % 10 != 0) af.fail("amount", "amounts are multiples of 10");
          if (af.has(a, "type")) aura.type = type_of(af, "type", af.text(a["type"], "type"));
          d.auras.push_back(aura);
        }
        const json& on_summon = f.list(m, "on_summon");
        for (std::size_t i = 0; i < on_summon.size(); ++i)
          d.on_summon.push_back(parse_ability(f.in("on_summon", i), on_summon[i], false));
        const json& abilities = f.list(m, "abilities");
        if (abilities.size() > 8) f.fail("abilities", "at most 8 abilities");
        for (std::size_t i = 0; i < abilities.size(); ++i)
          d.abilities.push_back(parse_ability(f.in("abilities", i), abilities[i], true));
        add(f, std::move(d));
      });
    }
  }
  if (const json* items = section(j, "items", false, problems)) {
    for (std::size_t n = 0; n < items->size(); ++n) {
      const json& it = (*items)[n];
      const std::string where = entry_name("item", it, "items[" + std::to_string(n) + "]");
      problems.entry(where, [&] {
        const CardFields f(where);
        PieceDef d;
        d.is_item = true;
        d.level = 2;  // every item is level 2
        d.id = f.required_text(it, "id");
        d.name = f.required_text(it, "name");
        d.text = f.text(it, "text", "");
        d.item_effect = parse_ability(f.in("effect"), f.required(it, "effect"), false);
        d.once = f.boolean(it, "once", false);
        add(f, std::move(d));
      });
    }
  }
  problems.throw_if_any("DDM pool");
  return p;
}

Pool Pool::load_file(const std::string& path) {
  const json j = read_data_file(path);
  // Every structural problem first, each by its JSON pointer; the loader then
  // checks what a schema cannot say (dice sets, shapes, steps of 10, timing).
  check_schema(j, "ddm-pool", path);
  try {
    return from_json(j);
  } catch (const Error& e) {
    // Every problem line names the file, so that each stands alone
    // (`tabletop check-data` prints one a line).
    std::string what = e.what();
    for (auto at = what.find("\n  - "); at != std::string::npos; at = what.find("\n  - ", at + 1))
      what.insert(at + 5, path + ": ");
    throw Error(path + ": " + what);
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
