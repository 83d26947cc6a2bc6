// Placing a summoned piece's dungeon net (rule text "召喚のやりかた、ルール"):
// inside the field, over nothing (no dungeon, no dungeon master), touching
// the player's own dungeon or dungeon master edge to edge (it may touch the
// opponent's too). The player chooses in three steps: the shape, the way it
// is turned, then the square of the monster; each step lists only choices
// that lead to at least one legal placement, and can be taken back.
#include "games/ddm/events.h"
#include "games/ddm/state.h"

namespace tt::ddm {

void DdmState::rebuild_field_bits() {
  free_ = {};
  own_ = {};
  for (int i = 0; i < Board::kSquares; ++i) {
    const Coord c = Board::at(i);
    const bool master = c == master_square(0) || c == master_square(1);
    if (board_[i].dungeon >= 0)
      own_[board_[i].dungeon].set(c);
    else if (!master)
      free_.set(c);
  }
  own_[0].set(master_square(0));
  own_[1].set(master_square(1));
}

FieldBits DdmState::front(Seat s) const {
  const FieldBits& o = own_[s];
  return free_ & (o.shifted(1) | o.shifted(-1) | o.shifted(FieldBits::kStride) |
                  o.shifted(-FieldBits::kStride));
}

FieldBits DdmState::placements(Seat s, int shape, int turn) const {
  return fits(rules_->nets.at(shape, turn), free_, front(s));
}

bool DdmState::any_placement(Seat s) const {
  const FieldBits f = front(s);
  if (!f.any()) return false;
  for (const Net& n : rules_->nets.all)
    if (fits(n, free_, f).any()) return true;
  return false;
}

void DdmState::list_placement_step(Seat s, ActionList& out) const {
  const auto u16 = [](int v) { return static_cast<std::uint16_t>(v); };
  const FieldBits f = front(s);
  const Nets& nets = rules_->nets;
  if (place_shape_ == kNoStep) {
    const NetFit fit(nets, free_, f);
    for (int sh = 0; sh + 1 < static_cast<int>(nets.first.size()); ++sh)
      for (int t = 0; t < nets.turns(sh); ++t)
        if (fit.at(nets.at(sh, t)).any()) {
          out.push_back({kShape, u16(sh), 0, 0});
          break;
        }
  } else if (place_turn_ == kNoStep) {
    const NetFit fit(nets, free_, f);
    for (int t = 0; t < nets.turns(place_shape_); ++t)
      if (fit.at(nets.at(place_shape_, t)).any()) out.push_back({kTurn, place_shape_, u16(t), 0});
  } else {
    fits(nets.at(place_shape_, place_turn_), free_, f).for_each([&](Coord m) {
      out.push_back({kPlace, place_shape_, place_turn_, u16(Board::index(m))});
    });
  }
  out.push_back({kCancel, 0, 0, 0});
}

// Taking back a step: the turn, then the shape, then the choice of piece
// (back to the summon decision, where the player may also not summon).
void DdmState::cancel_step() {
  if (place_turn_ != kNoStep) {
    place_turn_ = kNoStep;
  } else if (place_shape_ != kNoStep) {
    place_shape_ = kNoStep;
  } else {
    summoning_ = kNoPiece;
    phase_ = Phase::kSummon;
  }
}

void DdmState::place(Seat s, int shape, int orient, Coord m) {
  for (Coord off : rules_->pool.shapes[shape].orientations[orient].cells) {
    board_[Board::index(m + off)].dungeon = static_cast<std::int8_t>(s);
    free_.reset(m + off);
    own_[s].set(m + off);
  }
  const PieceId p = summoning_;
  pieces_[p].where = Where::kField;
  if (!def(p).is_item) on_field_[s] |= 1u << p;
  pieces_[p].pos = m;
  (def(p).is_item ? board_[Board::index(m)].item : board_[Board::index(m)].piece) = p;
  summoned_ = true;
  summoning_ = kNoPiece;
  summon_levels_ = 0;
  place_shape_ = place_turn_ = kNoStep;
  log(kEvPiecePlaced, s, shape, Board::index(m));
  // Items stay hidden from the opponent until triggered.
  log(kEvSummon, s, p, Board::index(m), 0, def(p).is_item ? seat_bit(s) : kAllSeats);
  for (auto& a : def(p).on_summon) apply_effect(p, a, kNoTarget, a.duration, s);
  if (phase_ == Phase::kOver) return;
  after_summon_step();
}

// After a summon or its refusal: the second roll, or the standby phase.
void DdmState::after_summon_step() {
  if (rolls_done_ < 2)
    phase_ = Phase::kRoll;
  else
    open_window(Phase::kStandby);
}

}  // namespace tt::ddm
