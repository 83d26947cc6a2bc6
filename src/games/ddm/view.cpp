// Views (what a seat may see) and the saved form. The saved form is also the
// "state" block of a DDM scenario (docs/scenario-format.md): pieces are listed
// with where they are, the dungeon is drawn as 19 rows of 13 characters.
#include <nlohmann/json.hpp>
#include <utility>

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

}  // namespace

const char* phase_name(Phase p) {
  return kPhaseNames[static_cast<int>(p)];
}

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
  out["summon_levels"] = std::move(levels);
  json picked = json::array();
  for (int i = 0; i < kDice; ++i)
    if (picked_ & (1u << i)) picked.push_back(i);
  out["picked"] = std::move(picked);  // die slots picked for the roll in progress
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
  out["rolled"] = std::move(rolled);
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
               {"dice", std::move(dice)},
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
    if (referee || viewer == s) pj["reserve"] = std::move(reserve);
    pj["gone"] = std::move(gone);
    players.push_back(std::move(pj));
  }
  out["players"] = std::move(players);
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
    field.push_back(std::move(pj));
  }
  for (int i = 0; i < Board::kSquares; ++i) {
    const PieceId p = board_[i].item;
    if (p != kNoPiece && hidden(pieces_[p], p))
      field.push_back({{"square", Board::at(i).str()},
                       {"owner", pieces_[p].owner},
                       {"kind", "item"},
                       {"revealed", false}});
  }
  out["field"] = std::move(field);
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
  out["dungeon"] = std::move(rows);
  out["crust"] = std::move(crust);
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
  out["chain"] = std::move(chain);
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

}  // namespace tt::ddm
