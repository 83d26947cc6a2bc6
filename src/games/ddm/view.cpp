// Views (what a seat may see) and the saved form. The saved form is also the
// "state" block of a DDM scenario (docs/scenario-format.md): pieces are listed
// with where they are, the dungeon is drawn as 19 rows of 13 characters.
#include <bit>
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "games/ddm/state.h"

namespace tt::ddm {

using nlohmann::json;

namespace {

const char* kPhaseNames[] = {"roll",   "summon",  "place", "standby", "main", "attack",
                             "defend", "defense", "chain", "end",     "over"};
const char* kWhereNames[] = {"reserve", "field", "gone"};

json crest_json(const Crests& c) {
  json j = json::object();
  for (int k = 0; k < kCrestKinds; ++k) j[crest_name(static_cast<Crest>(k))] = c[k];
  return j;
}

json keywords_json(std::uint8_t kw) {
  json a = json::array();
  if (kw & kFlying) a.push_back("flying");
  if (kw & kTunnel) a.push_back("tunnel");
  if (kw & kRanged) a.push_back("ranged");
  return a;
}

std::uint8_t keywords_from(const json& a) {
  std::uint8_t kw = 0;
  for (auto& k : a) {
    const std::string s = k.get<std::string>();
    kw |= s == "flying"   ? kFlying
          : s == "tunnel" ? kTunnel
          : s == "ranged" ? kRanged
                          : throw Error("unknown keyword " + s);
  }
  return kw;
}

}  // namespace

void DdmState::view(Seat viewer, json& out) const {
  const bool referee = viewer == kReferee;
  out = json::object();
  out["game"] = "ddm";
  out["turn"] = turn_;
  out["round"] = round();
  out["turn_limit"] = rules_->turn_limit;
  out["turn_player"] = turn_player_;
  out["phase"] = kPhaseNames[static_cast<int>(phase_)];
  out["pending"] = phase_ == Phase::kOver ? json::array() : json::array({deciding()});
  out["winner"] = phase_ == Phase::kOver && winner_ >= 0 ? json(winner_) : json(nullptr);
  out["rolls_done"] = rolls_done_;
  json levels = json::array();
  for (int l = 1; l <= 4; ++l)
    if (summon_levels_ & (1u << l)) levels.push_back(l);
  out["summon_levels"] = levels;
  json picked = json::array();
  for (int i = 0; i < kDice; ++i)
    if (picked_ & (1u << i)) picked.push_back(i);
  out["picked"] = picked;  // die slots picked for the roll in progress
  // The dice of the last roll and the crests they showed, seen by both.
  json rolled = json::array();
  if (turn_ > 0 && rolls_done_ > 0)
    for (int k = 0; k < 3; ++k) {
      const DieDef& d = rules_->pool.dice[dice_[turn_player_][last_roll_die_[k]]];
      const Face f = d.faces[last_roll_face_[k]];
      rolled.push_back({{"die", d.id},
                        {"crest", crest_name(f.crest)},
                        {"times", f.mult},
                        {"level", d.level},
                        {"gained", last_roll_gain_[k]}});
    }
  out["rolled"] = rolled;
  const Pool& pool = rules_->pool;
  out["placing"] =
      phase_ == Phase::kPlace
          ? json{{"shape",
                  place_shape_ == kNoStep ? json(nullptr) : json(pool.shapes[place_shape_].name)},
                 {"turn", place_turn_ == kNoStep ? json(nullptr) : json(place_turn_)}}
          : json(nullptr);
  json players = json::array();
  for (Seat s = 0; s < 2; ++s) {
    json dice = json::array();
    for (auto d : dice_[s]) dice.push_back(rules_->pool.dice[d].id);
    json pj = {{"seat", s},
               {"master", {{"square", master_square(s).str()}, {"damage", master_damage_[s]}}},
               {"crests", crest_json(crests_[s])},
               {"dice", dice},
               {"dungeon_squares", dungeon_squares(s)},
               {"monsters_on_field", monsters_on_field(s)}};
    json reserve = json::array(), gone = json::array();
    int reserve_size = 0;
    for (int i = 0; i < num_pieces_; ++i) {
      if (pieces_[i].owner != s) continue;
      if (pieces_[i].where == Where::kReserve) {
        ++reserve_size;
        if (referee || viewer == s) reserve.push_back(def(static_cast<PieceId>(i)).id);
      }
      if (pieces_[i].where == Where::kGone &&
          (!def(static_cast<PieceId>(i)).is_item || pieces_[i].revealed || referee || viewer == s))
        gone.push_back(def(static_cast<PieceId>(i)).id);
    }
    pj["reserve_size"] = reserve_size;
    if (referee || viewer == s) pj["reserve"] = reserve;
    pj["gone"] = gone;
    players.push_back(pj);
  }
  out["players"] = players;
  json field = json::array();
  // An item is hidden from the opponent until it triggers. Its number would
  // name it (a seat's pieces are numbered in its set's order, and sets are
  // open), so a hidden item shows only its square, after the other pieces, in
  // square order (determinize.cpp deals hidden items to those squares).
  const auto hidden = [&](const Piece& pc, PieceId p) {
    return def(p).is_item && !referee && viewer != pc.owner && !pc.revealed;
  };
  for (int i = 0; i < num_pieces_; ++i) {
    const Piece& pc = pieces_[i];
    const PieceId p = static_cast<PieceId>(i);
    if (pc.where != Where::kField || hidden(pc, p)) continue;
    const PieceDef& d = def(p);
    // "piece" is the piece's number for the whole game: it never shifts.
    json pj = {{"piece", i}, {"square", pc.pos.str()}, {"owner", pc.owner}};
    if (d.is_item) {
      pj["kind"] = "item";
      pj["id"] = d.id;
      pj["revealed"] = pc.revealed;
    } else {
      pj["kind"] = "monster";
      pj["id"] = d.id;
      pj["name"] = d.name;
      pj["level"] = d.level;
      pj["hp"] = d.hp;
      pj["damage"] = pc.damage;
      pj["atk"] = attack_of(p);
      pj["def"] = defense_of(p);
      pj["keywords"] = keywords_json(keywords_of(p));
      pj["moved"] = pc.moved;
      pj["attacks"] = pc.attacks;
    }
    field.push_back(pj);
  }
  for (int i = 0; i < Board::kSquares; ++i) {
    const PieceId p = board_[i].item;
    if (p != kNoPiece && hidden(pieces_[p], p))
      field.push_back({{"square", Board::at(i).str()},
                       {"owner", pieces_[p].owner},
                       {"kind", "item"},
                       {"revealed", false}});
  }
  out["field"] = field;
  json rows = json::array(), crust = json::array();
  for (int r = 0; r < Board::kRows; ++r) {
    std::string row;
    for (int c = 0; c < Board::kCols; ++c) {
      const Square& sq =
          board_[Board::index({static_cast<std::int8_t>(c), static_cast<std::int8_t>(r)})];
      row += sq.dungeon < 0 ? '.' : static_cast<char>('0' + sq.dungeon);
      if (sq.crust) crust.push_back(std::to_string(c) + "," + std::to_string(r));
    }
    rows.push_back(row);
  }
  out["dungeon"] = rows;
  out["crust"] = crust;
  out["battle"] = battle_.active
                      ? json{{"attacker", battle_.attacker == kMaster
                                              ? json("master")
                                              : json(pieces_[battle_.attacker].pos.str())},
                             {"attacking_seat", battle_.attacking_seat},
                             {"defender", pieces_[battle_.defender].pos.str()},
                             {"defended", battle_.defended}}
                      : json(nullptr);
  json chain = json::array();
  for (std::size_t i = 0; i < chain_.size(); ++i) {
    const Link& l = chain_[i];
    chain.push_back(
        {{"piece", pieces_[l.piece].pos.str()},
         {"ability", l.ability},
         {"seat", l.seat},
         {"target", l.target == kNoTarget ? json(nullptr) : json(Board::at(l.target).str())},
         {"negated", l.negated},
         {"in_battle", l.in_battle}});
  }
  out["chain"] = chain;
  out["last_attack"] = last_attack_json();
  static const char* kTieBreaks[] = {"master_damage", "monsters", "dungeon", "levels", "draw"};
  out["tie_break"] = tie_break_ == TieBreak::kNone
                         ? json(nullptr)
                         : json{{"rule", kTieBreaks[static_cast<int>(tie_break_)]},
                                {"master_damage", master_damage_},
                                {"monsters", {monsters_on_field(0), monsters_on_field(1)}},
                                {"dungeon", {dungeon_squares(0), dungeon_squares(1)}},
                                {"levels", {levels_on_field(0), levels_on_field(1)}}};
}

// The last attack: attacker, target and what it did. Both battlers are
// monsters (or dungeon masters) on the field, so both players may know them.
json DdmState::last_attack_json() const {
  const LastAttack& l = last_attack_;
  if (l.seat < 0) return nullptr;
  const auto who = [&](PieceId p) {
    return p == kMaster || p == kNoPiece ? json("master") : json(def(p).id);
  };
  return {{"seat", l.seat},
          {"attacker", who(l.attacker)},
          {"defender", who(l.defender)},
          {"target", Board::at(l.target).str()},
          {"damage", l.damage},
          {"defended", l.defended},
          {"destroyed", l.destroyed}};
}

void DdmState::save(json& out) const {
  view(kReferee, out);
  json pieces = json::array();
  for (int i = 0; i < num_pieces_; ++i) {
    const Piece& pc = pieces_[i];
    pieces.push_back(
        {{"id", def(static_cast<PieceId>(i)).id},
         {"owner", pc.owner},
         {"where", kWhereNames[static_cast<int>(pc.where)]},
         {"square", pc.pos.str()},
         {"damage", pc.damage},
         {"revealed", pc.revealed},
         {"moved", pc.moved},
         {"attacks", pc.attacks},
         {"used", pc.used},
         {"mods",
          {pc.atk_perm, pc.def_perm, pc.atk_turn, pc.def_turn, pc.atk_battle, pc.def_battle,
           pc.shield_battle}},
         {"kw", {keywords_json(pc.kw_perm), keywords_json(pc.kw_turn), keywords_json(pc.kw_chain)}},
         {"range_bonus", pc.range_bonus}});
  }
  out["pieces"] = pieces;
  out.erase("field");
  for (Seat s = 0; s < 2; ++s) {
    out["players"][s]["master_attacked"] = master_attacked_[s];
    out["players"][s].erase("reserve");
  }
  out["summoned"] = summoned_;
  out["summoning"] = summoning_ == kNoPiece ? json(nullptr) : json(summoning_);
  out["resume"] = kPhaseNames[static_cast<int>(resume_)];
  out["window_seat"] = window_seat_;
  out["chain_priority"] = chain_.priority();
  out["chain_passes"] = chain_.passes();
  out["last_roll"] = {last_roll_die_, last_roll_face_, last_roll_gain_};
  out["last_attack"] =
      last_attack_.seat < 0 ? json(nullptr) : json{last_attack_.seat,     last_attack_.attacker,
                                                   last_attack_.defender, last_attack_.target,
                                                   last_attack_.damage,   last_attack_.defended,
                                                   last_attack_.destroyed};
  out["tie_break"] = static_cast<int>(tie_break_);
  out["rng"] = rng_to_json(rng_);
  out["winner"] = winner_ == -2 ? json(nullptr) : json(winner_);
}

namespace {

// A whole number from a state block, refused with the field's name when it
// is not one or lies outside [lo, hi].
int ranged(const json& v, const std::string& field, int lo, int hi) {
  if (!v.is_number_integer())
    throw Error("state." + field + ": expected a whole number, got " + v.dump());
  const auto n = v.get<std::int64_t>();
  if (n < lo || n > hi)
    throw Error("state." + field + ": " + std::to_string(n) + " is not in " + std::to_string(lo) +
                ".." + std::to_string(hi));
  return static_cast<int>(n);
}

int ranged_at(const json& obj, const char* key, int fallback, const std::string& field, int lo,
              int hi) {
  return obj.contains(key) ? ranged(obj[key], field, lo, hi) : fallback;
}

}  // namespace

// The saved last attack: [seat, attacker, defender, target, damage, defended,
// destroyed], pieces by number (254 a dungeon master, 255 none).
void DdmState::load_last_attack(const json& a) {
  last_attack_ = LastAttack{};
  if (a.is_null()) return;
  if (!a.is_array() || a.size() != 7 || !a[5].is_boolean() || !a[6].is_boolean())
    throw Error(
        "state.last_attack: [seat, attacker, defender, target, damage, defended, destroyed]");
  const auto piece = [&](const json& v, PieceId none, const char* field) {
    const int p = ranged(v, std::string("last_attack.") + field, 0, 255);
    if (p != none && p >= num_pieces_)
      throw Error(std::string("state.last_attack.") + field + ": no piece " + std::to_string(p));
    return static_cast<PieceId>(p);
  };
  last_attack_.seat = static_cast<std::int8_t>(ranged(a[0], "last_attack.seat", 0, 1));
  last_attack_.attacker = piece(a[1], kMaster, "attacker");
  last_attack_.defender = piece(a[2], kNoPiece, "defender");
  last_attack_.target =
      static_cast<std::uint8_t>(ranged(a[3], "last_attack.target", 0, Board::kSquares - 1));
  last_attack_.damage = static_cast<std::int16_t>(ranged(a[4], "last_attack.damage", 0, 999));
  last_attack_.defended = a[5].get<bool>();
  last_attack_.destroyed = a[6].get<bool>();
}

void DdmState::load(const json& j) {
  if (!j.is_object()) throw Error("a DDM state must be a JSON object");
  const Pool& pool = rules_->pool;
  auto phase_of = [](const std::string& n) {
    for (int i = 0; i <= static_cast<int>(Phase::kOver); ++i)
      if (n == kPhaseNames[i]) return static_cast<Phase>(i);
    throw Error("unknown phase '" + n + "'");
  };
  auto coord = [](const json& v) {
    Coord c;
    if (!v.is_string() || !parse_coord(v.get<std::string>(), c) || !Board::in_bounds(c))
      throw Error("bad square " + v.dump() + " (expected \"col,row\" inside 13x19)");
    return c;
  };
  // A whole number first: a float out of int's range is undefined behaviour
  // to convert (engine_fuzz under clang's UBSan: "turn_player": 1e30).
  auto seat = [](const json& v) {
    if (!v.is_number_integer() || v.get<std::int64_t>() < 0 || v.get<std::int64_t>() > 1)
      throw Error("seats are 0 or 1, got " + v.dump());
    return static_cast<int>(v.get<std::int64_t>());
  };
  try {
    phase_ = phase_of(j.value("phase", "main"));
    turn_ = static_cast<std::int16_t>(ranged_at(j, "turn", 1, "turn", 1, 2 * rules_->turn_limit));
    turn_player_ = seat(j.value("turn_player", json(0)));
    rolls_done_ = static_cast<std::uint8_t>(
        ranged_at(j, "rolls_done", phase_ == Phase::kRoll ? 0 : 2, "rolls_done", 0, 2));
    if (phase_ == Phase::kRoll && rolls_done_ == 2)
      throw Error("state.rolls_done: both rolls are done, so the phase cannot be roll");
    picked_ = 0;
    for (auto& d : j.value("picked", json::array())) {
      const int slot = ranged(d, "picked[]", 0, kDice - 1);
      if (picked_ & (1u << slot)) throw Error("state.picked: die slot picked twice");
      picked_ = static_cast<std::uint16_t>(picked_ | (1u << slot));
    }
    if (std::popcount(picked_) > 2 || (picked_ && phase_ != Phase::kRoll))
      throw Error("state.picked: at most 2 dice, and only in the roll phase");
    summoned_ = j.value("summoned", false);
    summon_levels_ = 0;
    for (auto& l : j.value("summon_levels", json::array()))
      summon_levels_ |= static_cast<std::uint8_t>(1u << ranged(l, "summon_levels[]", 1, 4));
    const json players = j.value("players", json::array());
    for (Seat s = 0; s < 2; ++s) {
      const json pj = s < static_cast<Seat>(players.size()) ? players[s] : json::object();
      const json dice = pj.value("dice", json("standard"));
      std::vector<int> ids;
      if (dice.is_string()) {
        auto it = pool.dice_sets.find(dice.get<std::string>());
        if (it == pool.dice_sets.end()) throw Error("unknown dice set " + dice.dump());
        ids = it->second;
      } else {
        for (auto& d : dice) {
          const int id = pool.find_die(d.get<std::string>());
          if (id < 0) throw Error("unknown die " + d.dump());
          ids.push_back(id);
        }
      }
      if (ids.size() != kDice) throw Error("a player has 12 dice");
      for (int i = 0; i < kDice; ++i) dice_[s][i] = static_cast<std::uint16_t>(ids[i]);
      crests_[s] = {};
      const json crests = pj.value("crests", json::object());
      for (auto& [k, v] : crests.items()) {
        int idx = -1;
        for (int c = 0; c < kCrestKinds; ++c)
          if (crest_name(static_cast<Crest>(c)) == k) idx = c;
        if (idx < 0 || !v.is_number_integer() || v.get<std::int64_t>() < 0 ||
            v.get<std::int64_t>() > kCrestCap)
          throw Error("bad crest count " + k);
        crests_[s][idx] = static_cast<std::uint8_t>(v.get<std::int64_t>());
      }
      const json master = pj.value("master", json::object());
      const std::string who = "players[" + std::to_string(s) + "].";
      master_damage_[s] = static_cast<std::uint8_t>(
          master.contains("damage")
              ? ranged(master["damage"], who + "master.damage", 0, rules_->dm_counters_lost)
              : ranged_at(pj, "master_damage", 0, who + "master_damage", 0,
                          rules_->dm_counters_lost));
      master_attacked_[s] = pj.value("master_attacked", false);
    }
    board_ = {};
    const json rows = j.value("dungeon", json::array());
    if (!rows.empty() && rows.size() != Board::kRows) throw Error("dungeon has 19 rows");
    for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
      const std::string row = rows[r].get<std::string>();
      if (row.size() != Board::kCols) throw Error("each dungeon row has 13 characters");
      for (int c = 0; c < Board::kCols; ++c) {
        if (row[c] != '.' && row[c] != '0' && row[c] != '1')
          throw Error("dungeon rows use '.', '0' and '1'");
        board_[r * Board::kCols + c].dungeon =
            static_cast<std::int8_t>(row[c] == '.' ? -1 : row[c] - '0');
      }
    }
    for (auto& c : j.value("crust", json::array())) board_[Board::index(coord(c))].crust = true;
    rebuild_field_bits();
    find_twins();
    num_pieces_ = 0;
    for (auto& pj : j.value("pieces", json::array())) {
      if (num_pieces_ >= kMaxPieces) throw Error("too many pieces");
      Piece pc;
      const int d = pool.find_piece(pj.at("id").get<std::string>());
      if (d < 0) throw Error("unknown piece " + pj.at("id").dump());
      pc.def = static_cast<std::uint16_t>(d);
      pc.owner = static_cast<std::int8_t>(seat(pj.value("owner", json(0))));
      const std::string where = pj.value("where", "field");
      pc.where = where == "reserve" ? Where::kReserve
                 : where == "gone"  ? Where::kGone
                 : where == "field" ? Where::kField
                                    : throw Error("where is reserve, field or gone");
      const std::string at = "pieces[" + std::to_string(num_pieces_) + "].";
      if (pj.contains("square")) pc.pos = coord(pj["square"]);
      if (pc.where == Where::kField && !pj.contains("square"))
        throw Error("state." + at + "square: a piece on the field needs its square");
      pc.damage = static_cast<std::int16_t>(ranged_at(pj, "damage", 0, at + "damage", 0, 999));
      pc.revealed = pj.value("revealed", false);
      pc.moved = pj.value("moved", false);
      pc.attacks = static_cast<std::uint8_t>(ranged_at(pj, "attacks", 0, at + "attacks", 0, 99));
      pc.used = static_cast<std::uint8_t>(ranged_at(pj, "used", 0, at + "used", 0, 255));
      if (pj.contains("mods")) {
        if (!pj["mods"].is_array() || pj["mods"].size() != 7)
          throw Error("state." + at + "mods: a list of 7 whole numbers");
        std::array<int, 7> m{};
        for (int k = 0; k < 7; ++k) m[k] = ranged(pj["mods"][k], at + "mods[]", -999, 999);
        pc.atk_perm = static_cast<std::int16_t>(m[0]);
        pc.def_perm = static_cast<std::int16_t>(m[1]);
        pc.atk_turn = static_cast<std::int16_t>(m[2]);
        pc.def_turn = static_cast<std::int16_t>(m[3]);
        pc.atk_battle = static_cast<std::int16_t>(m[4]);
        pc.def_battle = static_cast<std::int16_t>(m[5]);
        pc.shield_battle = static_cast<std::int16_t>(m[6]);
      }
      if (pj.contains("kw")) {
        pc.kw_perm = keywords_from(pj["kw"].at(0));
        pc.kw_turn = keywords_from(pj["kw"].at(1));
        pc.kw_chain = keywords_from(pj["kw"].at(2));
      }
      pc.range_bonus =
          static_cast<std::uint8_t>(ranged_at(pj, "range_bonus", 0, at + "range_bonus", 0, 18));
      const PieceId id = num_pieces_++;
      pieces_[id] = pc;
      if (pc.where == Where::kField) {
        Square& sq = board_[Board::index(pc.pos)];
        if (pc.pos == master_square(0) || pc.pos == master_square(1))
          throw Error("a piece on a dungeon master's square");
        if (sq.dungeon < 0) throw Error("piece at " + pc.pos.str() + " is not on a dungeon square");
        PieceId& slot = pool.pieces[d].is_item ? sq.item : sq.piece;
        if (slot != kNoPiece) throw Error("two pieces on " + pc.pos.str());
        slot = id;
      }
    }
    on_field_ = {};
    for (int i = 0; i < num_pieces_; ++i)
      if (pieces_[i].where == Where::kField && !def(static_cast<PieceId>(i)).is_item)
        on_field_[pieces_[i].owner] |= 1u << i;
    auto piece_at = [&](const json& v) -> PieceId {
      const Coord c = coord(v);
      const PieceId p = board_[Board::index(c)].piece;
      if (p == kNoPiece) throw Error("no monster on " + c.str());
      return p;
    };
    battle_ = Battle{};
    if (j.contains("battle") && !j["battle"].is_null()) {
      const json& b = j["battle"];
      battle_.active = true;
      battle_.attacking_seat = seat(b.value("attacking_seat", json(turn_player_)));
      battle_.attacker =
          b.value("attacker", json("master")) == "master" ? kMaster : piece_at(b["attacker"]);
      battle_.defender = piece_at(b.at("defender"));
      battle_.defended = b.value("defended", false);
      if (pieces_[battle_.defender].owner == battle_.attacking_seat ||
          (battle_.attacker != kMaster &&
           pieces_[battle_.attacker].owner != battle_.attacking_seat))
        throw Error("state.battle: the attacker is the attacking seat's, the defender the other's");
    }
    chain_.clear();
    for (auto& l : j.value("chain", json::array())) {
      if (chain_.full()) throw Error("state.chain: more links than a chain holds");
      Link link;
      link.piece = piece_at(l.at("piece"));
      link.ability = static_cast<std::uint8_t>(
          ranged_at(l, "ability", 0, "chain[].ability", 0,
                    static_cast<int>(def(link.piece).abilities.size()) - 1));
      link.target = l.contains("target") && !l["target"].is_null()
                        ? static_cast<std::uint16_t>(Board::index(coord(l["target"])))
                        : kNoTarget;
      link.seat = static_cast<std::int8_t>(seat(l.value("seat", json(pieces_[link.piece].owner))));
      link.negated = l.value("negated", false);
      link.in_battle = l.value("in_battle", false);
      chain_.push(link, link.seat, order_);
    }
    chain_.restore(ranged_at(j, "chain_priority", chain_.empty() ? 0 : 1 - chain_.top().seat,
                             "chain_priority", 0, 1),
                   ranged_at(j, "chain_passes", 0, "chain_passes", 0, 1));
    if (phase_ == Phase::kChain && chain_.empty()) throw Error("phase chain needs a chain");
    // A chain resolves whole before any other phase goes on (abilities.cpp finish_chain).
    if (phase_ != Phase::kChain && !chain_.empty())
      throw Error("state.chain: a chain only in phase chain");
    if ((phase_ == Phase::kAttackWindow || phase_ == Phase::kDefend ||
         phase_ == Phase::kDefenseWindow) &&
        !battle_.active)
      throw Error("a battle phase needs a battle");
    summoning_ = j.contains("summoning") && !j["summoning"].is_null()
                     ? static_cast<PieceId>(ranged(j["summoning"], "summoning", 0, num_pieces_ - 1))
                     : kNoPiece;
    if (phase_ == Phase::kPlace &&
        (summoning_ == kNoPiece || pieces_[summoning_].where != Where::kReserve ||
         pieces_[summoning_].owner != turn_player_))
      throw Error(
          "phase place needs \"summoning\": the index of a reserve piece of the turn player");
    if (phase_ != Phase::kPlace) summoning_ = kNoPiece;
    place_shape_ = place_turn_ = kNoStep;
    const json placing = j.value("placing", json(nullptr));
    if (phase_ == Phase::kPlace && placing.is_object()) {
      const json shape = placing.value("shape", json(nullptr));
      if (!shape.is_null()) {
        for (std::size_t k = 0; k < pool.shapes.size(); ++k)
          if (shape.is_string() && pool.shapes[k].name == shape.get<std::string>())
            place_shape_ = static_cast<std::uint8_t>(k);
        if (place_shape_ == kNoStep)
          throw Error("state.placing.shape: unknown shape " + shape.dump());
        const json turn = placing.value("turn", json(nullptr));
        if (!turn.is_null())
          place_turn_ = static_cast<std::uint8_t>(
              ranged(turn, "placing.turn", 0,
                     static_cast<int>(pool.shapes[place_shape_].orientations.size()) - 1));
      }
    }
    resume_ = phase_of(j.value("resume", "main"));
    window_seat_ = seat(j.value("window_seat", json(turn_player_)));
    if (j.contains("last_roll")) {
      const json& lr = j["last_roll"];
      const auto three = [&](std::size_t i) {
        return lr.size() > i && lr[i].is_array() && lr[i].size() == 3;
      };
      if (!lr.is_array() || lr.size() < 2 || lr.size() > 3 || !three(0) || !three(1) ||
          (lr.size() == 3 && !three(2)))
        throw Error("state.last_roll: [[3 die slots], [3 faces], optional [3 crests gained]]");
      for (int k = 0; k < 3; ++k) {
        last_roll_die_[k] =
            static_cast<std::uint8_t>(ranged(lr[0][k], "last_roll[0][]", 0, kDice - 1));
        last_roll_face_[k] = static_cast<std::uint8_t>(ranged(lr[1][k], "last_roll[1][]", 0, 5));
        last_roll_gain_[k] = static_cast<std::uint8_t>(
            lr.size() == 3 ? ranged(lr[2][k], "last_roll[2][]", 0, 2) : 0);
      }
    }
    load_last_attack(j.value("last_attack", json(nullptr)));
    tie_break_ = static_cast<TieBreak>(ranged_at(j, "tie_break", -1, "tie_break", -1, 4));
    // Die faces are the generator's next below(6) draws, die by die in
    // slot order: "rng": {"seed": 5, "next": [5, 5, 0]} fixes a roll.
    if (j.contains("rng")) rng_ = rng_from_json(j["rng"]);
    winner_ = static_cast<std::int8_t>(
        j.contains("winner") && !j["winner"].is_null() ? ranged(j["winner"], "winner", -1, 1) : -2);
    if (phase_ == Phase::kOver && winner_ == -2) winner_ = -1;
  } catch (const json::exception& e) {
    throw Error(std::string("bad DDM state: ") + e.what());
  } catch (const std::invalid_argument& e) {
    throw Error(std::string("bad DDM state: ") + e.what());
  } catch (const std::out_of_range& e) {
    throw Error(std::string("bad DDM state: ") + e.what());
  }
}

}  // namespace tt::ddm
