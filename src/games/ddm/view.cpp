// Views: what a seat may see, written through a view writer
// (core/view_writer.h) in key order. The saved form is saved.cpp.
#include <algorithm>
#include <array>
#include <string_view>
#include <utility>

#include "core/view_writer.h"
#include "games/ddm/state.h"

namespace tt::ddm {

namespace {

const char* kPhaseNames[] = {"roll",   "summon",  "place", "standby", "main", "attack",
                             "defend", "defense", "chain", "end",     "over"};

// A seat's crests by name, names in alphabetical order.
void write_crests(ViewWriter& out, const Crests& c) {
  static const std::array<int, kCrestKinds> kByName = [] {
    std::array<int, kCrestKinds> order{};
    for (int k = 0; k < kCrestKinds; ++k) order[k] = k;
    std::sort(order.begin(), order.end(), [](int a, int b) {
      return crest_name(static_cast<Crest>(a)) < crest_name(static_cast<Crest>(b));
    });
    return order;
  }();
  out.begin_object();
  for (int k : kByName) out.field(crest_name(static_cast<Crest>(k)), c[k]);
  out.end_object();
}

template <typename T>
void write_pair(ViewWriter& out, std::string_view key, T first, T second) {
  out.key(key).begin_array();
  out.value(first);
  out.value(second);
  out.end_array();
}

}  // namespace

const char* phase_name(Phase p) {
  return kPhaseNames[static_cast<int>(p)];
}

void write_keywords(ViewWriter& out, std::uint8_t kw) {
  out.begin_array();
  if (kw & kFlying) out.string("flying");
  if (kw & kTunnel) out.string("tunnel");
  if (kw & kRanged) out.string("ranged");
  out.end_array();
}

// Keys are written in alphabetical order (core/view_writer.h).
void DdmState::write_view(Seat viewer, ViewWriter& out) const {
  out.begin_object();
  out.key("battle");
  write_battle(out);
  out.key("chain").begin_array();
  for (std::size_t i = 0; i < chain_.size(); ++i) write_link(out, chain_[i]);
  out.end_array();
  write_dungeon(out);  // "crust" and "dungeon"
  out.key("field");
  write_field(viewer, out);
  out.field("game", "ddm");
  out.key("last_attack");
  write_last_attack(out);
  out.key("pending").begin_array();
  if (phase_ != Phase::kOver) out.value(deciding());
  out.end_array();
  out.field("phase", kPhaseNames[static_cast<int>(phase_)]);
  out.key("picked").begin_array();  // die slots picked for the roll in progress
  for (int i = 0; i < kDice; ++i)
    if (picked_ & (1u << i)) out.value(i);
  out.end_array();
  out.key("placing");
  write_placing(out);
  out.key("players").begin_array();
  for (Seat s = 0; s < 2; ++s) write_player(viewer, s, out);
  out.end_array();
  out.key("rolled");
  write_rolled(out);
  out.field("rolls_done", rolls_done_);
  out.field("round", round());
  out.key("summon_levels").begin_array();
  for (int l = 1; l <= 4; ++l)
    if (summon_levels_ & (1u << l)) out.value(l);
  out.end_array();
  out.key("tie_break");
  write_tie_break(out);
  out.field("turn", turn_);
  out.field("turn_limit", rules_->turn_limit);
  out.field("turn_player", turn_player_);
  out.key("winner");
  if (phase_ == Phase::kOver && winner_ >= 0)
    out.value(winner_);
  else
    out.null();
  out.end_object();
}

// The battle in progress (attacker and defender by square), or null.
void DdmState::write_battle(ViewWriter& out) const {
  if (!battle_.active) return out.null();
  out.begin_object();
  out.field("attacker", battle_.attacker == kMaster ? std::string("master")
                                                    : pieces_[battle_.attacker].pos.str());
  out.field("attacking_seat", battle_.attacking_seat);
  out.field("defended", battle_.defended);
  out.field("defender", pieces_[battle_.defender].pos.str());
  out.end_object();
}

void DdmState::write_link(ViewWriter& out, const Link& l) const {
  out.begin_object();
  out.field("ability", l.ability);
  out.field("in_battle", l.in_battle);
  out.field("negated", l.negated);
  out.field("piece", pieces_[l.piece].pos.str());
  out.field("seat", l.seat);
  out.key("target");
  if (l.target == kNoTarget)
    out.null();
  else
    out.string(Board::at(l.target).str());
  out.end_object();
}

// "crust": the squares with a crust ("col,row"); "dungeon": one text per
// row, a digit per square of a seat's dungeon, '.' where there is none.
void DdmState::write_dungeon(ViewWriter& out) const {
  auto square = [&](int c, int r) -> const Square& {
    return board_[Board::index({static_cast<std::int8_t>(c), static_cast<std::int8_t>(r)})];
  };
  out.key("crust").begin_array();
  for (int r = 0; r < Board::kRows; ++r)
    for (int c = 0; c < Board::kCols; ++c)
      if (square(c, r).crust)
        out.string(Coord{static_cast<std::int8_t>(c), static_cast<std::int8_t>(r)}.str());
  out.end_array();
  out.key("dungeon").begin_array();
  for (int r = 0; r < Board::kRows; ++r) {
    std::array<char, Board::kCols> row;
    for (int c = 0; c < Board::kCols; ++c) {
      const Square& sq = square(c, r);
      row[c] = sq.dungeon < 0 ? '.' : static_cast<char>('0' + sq.dungeon);
    }
    out.string(std::string_view(row.data(), row.size()));
  }
  out.end_array();
}

// The pieces on the field. An item is hidden from the opponent until it
// triggers. Its number would name it (a seat's pieces are numbered in its
// set's order, and sets are open), so a hidden item shows only its square,
// after the other pieces, in square order (determinize.cpp deals hidden
// items to those squares).
void DdmState::write_field(Seat viewer, ViewWriter& out) const {
  const auto hidden = [&](const Piece& pc, PieceId p) {
    return def(p).is_item && viewer != kReferee && viewer != pc.owner && !pc.revealed;
  };
  out.begin_array();
  for (int i = 0; i < num_pieces_; ++i) {
    const Piece& pc = pieces_[i];
    const PieceId p = static_cast<PieceId>(i);
    if (pc.where == Where::kField && !hidden(pc, p)) write_piece(out, p);
  }
  for (int i = 0; i < Board::kSquares; ++i) {
    const PieceId p = board_[i].item;
    if (p == kNoPiece || !hidden(pieces_[p], p)) continue;
    out.begin_object();
    out.field("kind", "item");
    out.field("owner", pieces_[p].owner);
    out.field("revealed", false);
    out.field("square", Board::at(i).str());
    out.end_object();
  }
  out.end_array();
}

// A piece on the field that the viewer may see. "piece" is its number for
// the whole game: it never shifts.
void DdmState::write_piece(ViewWriter& out, PieceId p) const {
  const Piece& pc = pieces_[p];
  const PieceDef& d = def(p);
  out.begin_object();
  if (d.is_item) {
    out.field("id", d.id);
    out.field("kind", "item");
    out.field("owner", pc.owner);
    out.field("piece", static_cast<int>(p));
    out.field("revealed", pc.revealed);
  } else {
    out.field("atk", attack_of(p));
    out.field("attacks", pc.attacks);
    out.field("damage", pc.damage);
    out.field("def", defense_of(p));
    out.field("hp", d.hp);
    out.field("id", d.id);
    write_keywords(out.key("keywords"), keywords_of(p));
    out.field("kind", "monster");
    out.field("level", d.level);
    out.field("moved", pc.moved);
    out.field("name", d.name);
    out.field("owner", pc.owner);
    out.field("piece", static_cast<int>(p));
  }
  out.field("square", pc.pos.str());
  out.end_object();
}

// The last attack: attacker, target and what it did. Both battlers are
// monsters (or dungeon masters) on the field, so both players may know them.
void DdmState::write_last_attack(ViewWriter& out) const {
  const LastAttack& l = last_attack_;
  if (l.seat < 0) return out.null();
  const auto who = [&](PieceId p) {
    return p == kMaster || p == kNoPiece ? std::string_view("master") : std::string_view(def(p).id);
  };
  out.begin_object();
  out.field("attacker", who(l.attacker));
  out.field("damage", l.damage);
  out.field("defended", l.defended);
  out.field("defender", who(l.defender));
  out.field("destroyed", l.destroyed);
  out.field("seat", l.seat);
  out.field("target", Board::at(l.target).str());
  out.end_object();
}

// While a summoned piece is being placed: its shape and turn so far, else null.
void DdmState::write_placing(ViewWriter& out) const {
  if (phase_ != Phase::kPlace) return out.null();
  out.begin_object();
  out.key("shape");
  if (place_shape_ == kNoStep)
    out.null();
  else
    out.string(rules_->pool.shapes[place_shape_].name);
  out.field_or_null("turn", place_turn_, kNoStep);
  out.end_object();
}

void DdmState::write_player(Seat viewer, Seat s, ViewWriter& out) const {
  const bool own = viewer == kReferee || viewer == s;
  out.begin_object();
  write_crests(out.key("crests"), crests_[s]);
  out.key("dice").begin_array();
  for (auto d : dice_[s]) out.string(rules_->pool.dice[d].id);
  out.end_array();
  out.field("dungeon_squares", dungeon_squares(s));
  // Pieces gone from play; a seat's own items, and revealed ones, by id.
  out.key("gone").begin_array();
  for (int i = 0; i < num_pieces_; ++i) {
    const PieceId p = static_cast<PieceId>(i);
    if (pieces_[i].owner == s && pieces_[i].where == Where::kGone &&
        (!def(p).is_item || pieces_[i].revealed || own))
      out.string(def(p).id);
  }
  out.end_array();
  out.key("master").begin_object();
  out.field("damage", master_damage_[s]);
  out.field("square", master_square(s).str());
  out.end_object();
  out.field("monsters_on_field", monsters_on_field(s));
  int reserve_size = 0;
  if (own) out.key("reserve").begin_array();  // only the seat sees its reserve
  for (int i = 0; i < num_pieces_; ++i) {
    if (pieces_[i].owner != s || pieces_[i].where != Where::kReserve) continue;
    ++reserve_size;
    if (own) out.string(def(static_cast<PieceId>(i)).id);
  }
  if (own) out.end_array();
  out.field("reserve_size", reserve_size);
  out.field("seat", s);
  out.end_object();
}

// The dice of the last roll and the crests they showed, seen by both.
void DdmState::write_rolled(ViewWriter& out) const {
  out.begin_array();
  if (turn_ > 0 && rolls_done_ > 0)
    for (int k = 0; k < 3; ++k) {
      const DieDef& d = rules_->pool.dice[dice_[turn_player_][last_roll_die_[k]]];
      const Face f = d.faces[last_roll_face_[k]];
      out.begin_object();
      out.field("crest", crest_name(f.crest));
      out.field("die", d.id);
      out.field("gained", last_roll_gain_[k]);
      out.field("level", d.level);
      out.field("times", f.mult);
      out.end_object();
    }
  out.end_array();
}

// Why a game at the round limit ended as it did, or null.
void DdmState::write_tie_break(ViewWriter& out) const {
  static const char* kTieBreaks[] = {"master_damage", "monsters", "dungeon", "levels", "draw"};
  if (tie_break_ == TieBreak::kNone) return out.null();
  out.begin_object();
  write_pair(out, "dungeon", dungeon_squares(0), dungeon_squares(1));
  write_pair(out, "levels", levels_on_field(0), levels_on_field(1));
  write_pair(out, "master_damage", master_damage_[0], master_damage_[1]);
  write_pair(out, "monsters", monsters_on_field(0), monsters_on_field(1));
  out.field("rule", kTieBreaks[static_cast<int>(tie_break_)]);
  out.end_object();
}

}  // namespace tt::ddm
