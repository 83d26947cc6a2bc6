// The observation tensor: what a seat sees as a fixed row of numbers, for
// learning agents (docs/games/ddm.md, "Search and learning", lists every
// entry). First 33 planes of the 13 x 19 field, then the scalars. Seat-
// relative: "me" is the observing seat, "opp" the other, and seat 1 sees the
// field turned half round, so every seat has its dungeon master on row 0.
// Nothing hidden is read: the other seat's items only as "an item" until they
// trigger, its reserve only by its size, its summon choice not at all.
#include <algorithm>

#include "core/error.h"
#include "games/ddm/state.h"

namespace tt::ddm {

namespace {

constexpr int kPlaneSize = Board::kSquares;  // 13 columns x 19 rows
constexpr int kPlanes = 33;
constexpr int kPhases = static_cast<int>(Phase::kOver) + 1;
constexpr int kMaxTurns = 8;  // orientations of a shape, at most
constexpr int kDieEntries = 7;

int scalars(int shapes) {
  return kPhases + 2 + 1 + 1 + 1 + 4 + kDice + 6 + 2 * 10 + 5 + shapes + kMaxTurns + 3 + 1 +
         2 * kDice * kDieEntries;
}

float unit(double v) {
  return static_cast<float>(std::clamp(v, 0.0, 1.0));
}

}  // namespace

std::vector<int> DdmState::observation_shape() const {
  return {kPlanes * kPlaneSize + scalars(static_cast<int>(rules_->pool.shapes.size()))};
}

void DdmState::observation(Seat seat, float* out) const {
  if (seat != 0 && seat != 1)
    throw Error("observation: seat " + std::to_string(seat) + " is not at this table");
  const Pool& pool = rules_->pool;
  const int shapes = static_cast<int>(pool.shapes.size());
  std::fill(out, out + kPlanes * kPlaneSize + scalars(shapes), 0.0f);
  const Seat me = seat, opp = opponent(seat);
  // The square's cell in a plane, seen from the seat's end of the table.
  const auto cell = [&](int plane, Coord c) -> float& {
    const Coord r = me == 0 ? c
                            : Coord{static_cast<std::int8_t>(Board::kCols - 1 - c.col),
                                    static_cast<std::int8_t>(Board::kRows - 1 - c.row)};
    return out[plane * kPlaneSize + Board::index(r)];
  };

  for (int i = 0; i < Board::kSquares; ++i) {
    const Coord c = Board::at(i);
    const Square& sq = board_[i];
    if (sq.dungeon >= 0) cell(sq.dungeon == me ? 0 : 1, c) = 1.0f;
    if (sq.crust) cell(2, c) = 1.0f;
    if (sq.piece != kNoPiece) {
      const PieceId p = sq.piece;
      const Piece& pc = pieces_[p];
      const PieceDef& d = def(p);
      const std::uint8_t kw = keywords_of(p);
      cell(pc.owner == me ? 3 : 4, c) = 1.0f;
      cell(5, c) = static_cast<float>(d.level) / 4.0f;
      cell(6, c) = unit((d.hp - pc.damage) / 100.0);
      cell(7, c) = unit(attack_of(p) / 100.0);
      cell(8, c) = unit(defense_of(p) / 100.0);
      cell(9, c) = pc.moved ? 1.0f : 0.0f;
      cell(10, c) = unit((d.attacks - pc.attacks) / 2.0);
      cell(11, c) = kw & kFlying ? 1.0f : 0.0f;
      cell(12, c) = kw & kTunnel ? 1.0f : 0.0f;
      cell(13, c) = kw & kRanged ? 1.0f : 0.0f;
      cell(14, c) = unit(range_of(p) / 10.0);
      cell(15 + static_cast<int>(d.type), c) = 1.0f;  // 15-19: the monster's type
    }
    if (sq.item != kNoPiece) {
      const Piece& it = pieces_[sq.item];
      const bool known = it.owner == me || it.revealed;
      cell(it.owner == me ? 20 : known ? 21 : 22, c) = 1.0f;
      if (known) {
        // 23-27: what a known item does.
        const Op op = def(sq.item).item_effect.op;
        const int kind = op == Op::kHeal     ? 0
                         : op == Op::kDamage ? 1
                         : op == Op::kDrain  ? 2
                         : op == Op::kStop   ? 3
                                             : 4;
        cell(23 + kind, c) = 1.0f;
      }
    }
  }
  if (battle_.active) {
    cell(28, battle_.attacker == kMaster ? master_square(battle_.attacking_seat)
                                         : pieces_[battle_.attacker].pos) = 1.0f;
    cell(29, pieces_[battle_.defender].pos) = 1.0f;
  }
  for (std::size_t k = 0; k < chain_.size(); ++k) {
    float& v = cell(30, pieces_[chain_[k].piece].pos);
    v = std::min(1.0f, v + 1.0f / 16.0f);
  }
  // Where the piece being placed may put its monster, once shape and turn are
  // chosen (the '+' of the board); the other seat's placing too: the net is
  // seen by both.
  if (phase_ == Phase::kPlace && place_shape_ != kNoStep && place_turn_ != kNoStep)
    placements(turn_player_, place_shape_, place_turn_).for_each([&](Coord c) {
      cell(31, c) = 1.0f;
    });
  cell(32, master_square(me)) = 1.0f;  // constant: marks the seat's own end

  float* x = out + kPlanes * kPlaneSize;
  x[static_cast<int>(phase_)] = 1.0f;
  x += kPhases;
  *x++ = turn_player_ == me ? 1.0f : 0.0f;
  *x++ = phase_ != Phase::kOver && deciding() == me ? 1.0f : 0.0f;
  *x++ = unit(static_cast<double>(turn_) / (2.0 * rules_->turn_limit));
  *x++ = static_cast<float>(rolls_done_) / 2.0f;
  *x++ = summoned_ ? 1.0f : 0.0f;
  for (int l = 1; l <= 4; ++l) *x++ = (summon_levels_ >> l) & 1u ? 1.0f : 0.0f;
  for (int i = 0; i < kDice; ++i) *x++ = (picked_ >> i) & 1u ? 1.0f : 0.0f;
  // The crests the last roll showed (x2 faces count two), by kind.
  if (rolls_done_ > 0)
    for (int k = 0; k < 3; ++k) {
      const DieDef& d = pool.dice[dice_[turn_player_][last_roll_die_[k]]];
      const Face f = d.faces[last_roll_face_[k]];
      x[static_cast<int>(f.crest)] += static_cast<float>(f.mult) / 6.0f;
    }
  x += 6;
  for (Seat s : {me, opp}) {
    for (int k = 0; k < kCrestKinds; ++k)
      *x++ = static_cast<float>(crests_[s][k]) / static_cast<float>(kCrestCap);
    *x++ = unit(static_cast<double>(master_damage_[s]) / rules_->dm_counters_lost);
    *x++ = master_attacked_[s] ? 1.0f : 0.0f;
    int reserve = 0;
    for (int i = 0; i < num_pieces_; ++i)
      reserve += pieces_[i].owner == s && pieces_[i].where == Where::kReserve;
    *x++ = unit(reserve / 14.0);
    *x++ = unit(monsters_on_field(s) / 10.0);
    *x++ = unit(dungeon_squares(s) / static_cast<double>(Board::kSquares));
  }
  // The seat's own reserve: monsters by level, and items.
  for (int i = 0; i < num_pieces_; ++i) {
    const PieceId p = static_cast<PieceId>(i);
    if (pieces_[i].owner != me || pieces_[i].where != Where::kReserve) continue;
    if (def(p).is_item)
      x[4] = std::min(1.0f, x[4] + 0.25f);
    else
      x[def(p).level - 1] = std::min(1.0f, x[def(p).level - 1] + 0.1f);
  }
  x += 5;
  if (phase_ == Phase::kPlace && place_shape_ != kNoStep) x[place_shape_] = 1.0f;
  x += shapes;
  if (phase_ == Phase::kPlace && place_turn_ != kNoStep && place_turn_ < kMaxTurns)
    x[place_turn_] = 1.0f;
  x += kMaxTurns;
  *x++ = battle_.active ? 1.0f : 0.0f;
  *x++ = battle_.active && battle_.attacking_seat == me ? 1.0f : 0.0f;
  *x++ = battle_.active && battle_.defended ? 1.0f : 0.0f;
  *x++ = static_cast<float>(chain_.size()) / 16.0f;
  // Both seats' dice (open): per slot, the level and the crests of its faces.
  for (Seat s : {me, opp})
    for (int i = 0; i < kDice; ++i) {
      const DieDef& d = pool.dice[dice_[s][i]];
      *x++ = static_cast<float>(d.level) / 4.0f;
      for (const Face& f : d.faces) x[static_cast<int>(f.crest)] += f.mult / 12.0f;
      x += 6;
    }
}

}  // namespace tt::ddm
