// Reading a saved DDM state: the "state" block of a scenario, a record's
// start or a stored table (docs/scenario-format.md). Every field is type- and
// range-checked and refused with its path ("state.pieces[0].revealed:
// expected true or false"), never with a bare JSON type error.
#include <bit>
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/load_fields.h"
#include "games/ddm/state.h"

namespace tt::ddm {

using nlohmann::json;

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

// An object of a state block (an entry of a list), refused naming its path.
const json& object_at(const json& v, const std::string& path) {
  if (!v.is_object()) load::fail(path, "expected an object, found " + v.dump());
  return v;
}

// A seat, 0 or 1; a whole number first: a float out of int's range is
// undefined behaviour to convert (engine_fuzz under clang's UBSan:
// "turn_player": 1e30).
int seat(const json& v, const std::string& path) {
  if (!v.is_number_integer() || v.get<std::int64_t>() < 0 || v.get<std::int64_t>() > 1)
    load::fail(path, "seats are 0 or 1, got " + v.dump());
  return static_cast<int>(v.get<std::int64_t>());
}
int seat_at(const json& o, const char* key, const std::string& path, int fallback) {
  const json* v = load::find(o, key);
  return v ? seat(*v, load::at(path, key)) : fallback;
}

Phase phase_at(const json& o, const char* key, Phase fallback) {
  const std::string path = load::at("state", key);
  const std::string name = load::text(o, key, "state", phase_name(fallback));
  for (int i = 0; i <= static_cast<int>(Phase::kOver); ++i)
    if (name == phase_name(static_cast<Phase>(i))) return static_cast<Phase>(i);
  load::fail(path, "unknown phase '" + name + "'");
}

Coord square_at(const json& v, const std::string& path) {
  Coord c;
  if (!v.is_string() || !parse_coord(v.get<std::string>(), c) || !Board::in_bounds(c))
    load::fail(path, "bad square " + v.dump() + " (expected \"col,row\" inside 13x19)");
  return c;
}

std::uint8_t keywords_from(const json& a, const std::string& path) {
  if (!a.is_array()) load::fail(path, "expected a list, found " + a.dump());
  static const std::uint8_t bits[] = {kFlying, kTunnel, kRanged};
  std::uint8_t kw = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    kw |= bits[load::one_of(a[i], load::at(path, i), {"flying", "tunnel", "ranged"})];
  return kw;
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
  try {
    phase_ = phase_at(j, "phase", Phase::kMain);
    turn_ = static_cast<std::int16_t>(ranged_at(j, "turn", 1, "turn", 1, 2 * rules_->turn_limit));
    turn_player_ = seat_at(j, "turn_player", "state", 0);
    rolls_done_ = static_cast<std::uint8_t>(
        ranged_at(j, "rolls_done", phase_ == Phase::kRoll ? 0 : 2, "rolls_done", 0, 2));
    if (phase_ == Phase::kRoll && rolls_done_ == 2)
      throw Error("state.rolls_done: both rolls are done, so the phase cannot be roll");
    picked_ = 0;
    for (auto& d : load::list(j, "picked", "state", kDice)) {
      const int slot = ranged(d, "picked[]", 0, kDice - 1);
      if (picked_ & (1u << slot)) throw Error("state.picked: die slot picked twice");
      picked_ = static_cast<std::uint16_t>(picked_ | (1u << slot));
    }
    if (std::popcount(picked_) > 2 || (picked_ && phase_ != Phase::kRoll))
      throw Error("state.picked: at most 2 dice, and only in the roll phase");
    summoned_ = load::boolean(j, "summoned", "state", false);
    summon_levels_ = 0;
    for (auto& l : load::list(j, "summon_levels", "state", 4))
      summon_levels_ |= static_cast<std::uint8_t>(1u << ranged(l, "summon_levels[]", 1, 4));
    const json& players = load::list(j, "players", "state", 2);
    for (Seat s = 0; s < 2; ++s) {
      const std::string path = load::at("state.players", static_cast<std::size_t>(s));
      const json& pj =
          s < static_cast<Seat>(players.size()) ? object_at(players[s], path) : json::object();
      const json* dice = load::find(pj, "dice");
      const std::string dice_path = load::at(path, "dice");
      std::vector<int> ids;
      if (!dice || dice->is_string()) {
        const std::string name = dice ? dice->get<std::string>() : "standard";
        auto it = pool.dice_sets.find(name);
        if (it == pool.dice_sets.end()) load::fail(dice_path, "unknown dice set '" + name + "'");
        ids = it->second;
      } else if (dice->is_array()) {
        for (std::size_t i = 0; i < dice->size(); ++i) {
          const std::string id = load::text((*dice)[i], load::at(dice_path, i));
          if (pool.find_die(id) < 0) load::fail(load::at(dice_path, i), "unknown die '" + id + "'");
          ids.push_back(pool.find_die(id));
        }
      } else {
        load::fail(dice_path, "a dice-set name or a list of 12 die ids, found " + dice->dump());
      }
      if (ids.size() != kDice) load::fail(dice_path, "a player has 12 dice");
      for (int i = 0; i < kDice; ++i) dice_[s][i] = static_cast<std::uint16_t>(ids[i]);
      crests_[s] = {};
      for (auto& [k, v] : load::object(pj, "crests", path).items()) {
        int idx = -1;
        for (int c = 0; c < kCrestKinds; ++c)
          if (crest_name(static_cast<Crest>(c)) == k) idx = c;
        if (idx < 0 || !v.is_number_integer() || v.get<std::int64_t>() < 0 ||
            v.get<std::int64_t>() > kCrestCap)
          load::fail(load::at(load::at(path, "crests"), k.c_str()),
                     "bad crest count " + k +
                         " (0 to 10 of move, attack, defense, magic, trap), got " + v.dump());
        crests_[s][idx] = static_cast<std::uint8_t>(v.get<std::int64_t>());
      }
      const json& master = load::object(pj, "master", path);
      const std::string who = "players[" + std::to_string(s) + "].";
      master_damage_[s] = static_cast<std::uint8_t>(
          master.contains("damage")
              ? ranged(master["damage"], who + "master.damage", 0, rules_->dm_counters_lost)
              : ranged_at(pj, "master_damage", 0, who + "master_damage", 0,
                          rules_->dm_counters_lost));
      master_attacked_[s] = load::boolean(pj, "master_attacked", path, false);
    }
    board_ = {};
    const json& rows = load::list(j, "dungeon", "state", Board::kRows);
    if (!rows.empty() && rows.size() != Board::kRows) throw Error("state.dungeon: 19 rows");
    for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
      const std::string row = load::text(rows[r], load::at("state.dungeon", r));
      if (row.size() != Board::kCols) throw Error("each dungeon row has 13 characters");
      for (int c = 0; c < Board::kCols; ++c) {
        if (row[c] != '.' && row[c] != '0' && row[c] != '1')
          throw Error("dungeon rows use '.', '0' and '1'");
        board_[r * Board::kCols + c].dungeon =
            static_cast<std::int8_t>(row[c] == '.' ? -1 : row[c] - '0');
      }
    }
    const json& crust = load::list(j, "crust", "state", Board::kSquares);
    for (std::size_t i = 0; i < crust.size(); ++i)
      board_[Board::index(square_at(crust[i], load::at("state.crust", i)))].crust = true;
    rebuild_field_bits();
    find_twins();
    num_pieces_ = 0;
    const json& piece_list = load::list(j, "pieces", "state", kMaxPieces);
    for (std::size_t n = 0; n < piece_list.size(); ++n) {
      const std::string path = load::at("state.pieces", n);
      const json& pj = object_at(piece_list[n], path);
      Piece pc;
      const json* piece_id = load::find(pj, "id");
      if (!piece_id) load::fail(load::at(path, "id"), "is required");
      const int d = pool.find_piece(load::text(*piece_id, load::at(path, "id")));
      if (d < 0) load::fail(load::at(path, "id"), "unknown piece " + piece_id->dump());
      pc.def = static_cast<std::uint16_t>(d);
      pc.owner = static_cast<std::int8_t>(seat_at(pj, "owner", path, 0));
      // In the order of Where: reserve, field, gone.
      pc.where = static_cast<Where>(load::one_of(pj, "where", path, {"reserve", "field", "gone"},
                                                 static_cast<int>(Where::kField)));
      const std::string at = "pieces[" + std::to_string(num_pieces_) + "].";
      if (pj.contains("square")) pc.pos = square_at(pj["square"], load::at(path, "square"));
      if (pc.where == Where::kField && !pj.contains("square"))
        throw Error("state." + at + "square: a piece on the field needs its square");
      pc.damage = static_cast<std::int16_t>(ranged_at(pj, "damage", 0, at + "damage", 0, 999));
      pc.revealed = load::boolean(pj, "revealed", path, false);
      pc.moved = load::boolean(pj, "moved", path, false);
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
      if (const json* kw = load::find(pj, "kw")) {
        const std::string kw_path = load::at(path, "kw");
        if (!kw->is_array() || kw->size() != 3)
          load::fail(kw_path,
                     "expected a list of 3 keyword lists (lasting, this turn, this chain)");
        pc.kw_perm = keywords_from((*kw)[0], load::at(kw_path, std::size_t{0}));
        pc.kw_turn = keywords_from((*kw)[1], load::at(kw_path, 1));
        pc.kw_chain = keywords_from((*kw)[2], load::at(kw_path, 2));
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
    auto piece_at = [&](const json& v, const std::string& path) -> PieceId {
      const Coord c = square_at(v, path);
      const PieceId p = board_[Board::index(c)].piece;
      if (p == kNoPiece) load::fail(path, "no monster on " + c.str());
      return p;
    };
    battle_ = Battle{};
    if (j.contains("battle") && !j["battle"].is_null()) {
      const json& b = object_at(j["battle"], "state.battle");
      battle_.active = true;
      battle_.attacking_seat = seat_at(b, "attacking_seat", "state.battle", turn_player_);
      const json* attacker = load::find(b, "attacker");
      battle_.attacker = !attacker || *attacker == "master"
                             ? kMaster
                             : piece_at(*attacker, "state.battle.attacker");
      const json* defender = load::find(b, "defender");
      if (!defender) load::fail("state.battle.defender", "is required");
      battle_.defender = piece_at(*defender, "state.battle.defender");
      battle_.defended = load::boolean(b, "defended", "state.battle", false);
      if (pieces_[battle_.defender].owner == battle_.attacking_seat ||
          (battle_.attacker != kMaster &&
           pieces_[battle_.attacker].owner != battle_.attacking_seat))
        throw Error("state.battle: the attacker is the attacking seat's, the defender the other's");
    }
    chain_.clear();
    const json& links = load::list(j, "chain", "state", 1000);
    for (std::size_t n = 0; n < links.size(); ++n) {
      if (chain_.full()) throw Error("state.chain: more links than a chain holds");
      const std::string path = load::at("state.chain", n);
      const json& l = object_at(links[n], path);
      Link link;
      const json* piece = load::find(l, "piece");
      if (!piece) load::fail(load::at(path, "piece"), "is required");
      link.piece = piece_at(*piece, load::at(path, "piece"));
      link.ability = static_cast<std::uint8_t>(
          ranged_at(l, "ability", 0, "chain[].ability", 0,
                    static_cast<int>(def(link.piece).abilities.size()) - 1));
      link.target = l.contains("target") && !l["target"].is_null()
                        ? static_cast<std::uint16_t>(
                              Board::index(square_at(l["target"], load::at(path, "target"))))
                        : kNoTarget;
      link.seat = static_cast<std::int8_t>(seat_at(l, "seat", path, pieces_[link.piece].owner));
      link.negated = load::boolean(l, "negated", path, false);
      link.in_battle = load::boolean(l, "in_battle", path, false);
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
    resume_ = phase_at(j, "resume", Phase::kMain);
    window_seat_ = seat_at(j, "window_seat", "state", turn_player_);
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
