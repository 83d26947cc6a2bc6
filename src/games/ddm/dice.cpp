// The dice roll phase and summoning (rule text "1.ダイスロールフェイズ",
// "召喚のやりかた、ルール").
#include <algorithm>

#include "games/ddm/events.h"
#include "games/ddm/state.h"

namespace tt::ddm {

// Rolls the three chosen dice: crests go to the pool (x2 adds two), summon
// crests never do; two equal-level summon crests allow a summon of that
// level, three allow that level or the next one up.
void DdmState::roll(Seat s, std::uint16_t mask) {
  std::array<int, 5> summons{};
  int n = 0;
  for (int i = 0; i < kDice; ++i) {
    if (!(mask & (1u << i))) continue;
    const int face = static_cast<int>(rng_.below(6));
    last_roll_die_[n] = static_cast<std::uint8_t>(i);
    last_roll_face_[n++] = static_cast<std::uint8_t>(face);
  }
  log(kEvRoll, s, last_roll_die_[0] * 8 + last_roll_face_[0],
      last_roll_die_[1] * 8 + last_roll_face_[1], last_roll_die_[2] * 8 + last_roll_face_[2]);
  for (int k = 0; k < 3; ++k) {
    const DieDef& die = rules_->pool.dice[dice_[s][last_roll_die_[k]]];
    const Face f = die.faces[last_roll_face_[k]];
    if (f.crest == Crest::kSummon)
      ++summons[die.level];
    else
      add_crests(s, f.crest, f.mult);
  }
  summon_levels_ = 0;
  for (int level = 1; level <= 4; ++level) {
    if (summons[level] >= 2) summon_levels_ |= static_cast<std::uint8_t>(1u << level);
    if (summons[level] == 3 && level < 4)
      summon_levels_ |= static_cast<std::uint8_t>(1u << (level + 1));
  }
  if (summon_levels_) log(kEvSummonLevel, s, summon_levels_);
  ++rolls_done_;
  after_roll();
}

void DdmState::after_roll() {
  if (can_summon_now()) {
    phase_ = Phase::kSummon;
    return;
  }
  summon_levels_ = 0;
  if (rolls_done_ < 2) {
    phase_ = Phase::kRoll;
    return;
  }
  open_window(Phase::kStandby);
}

// At most one summon (monster or item) a turn, of a level the roll allows,
// and only when a dungeon piece fits somewhere.
bool DdmState::can_summon_now() const {
  if (summoned_ || !summon_levels_) return false;
  bool piece = false;
  for (int i = 0; i < num_pieces_ && !piece; ++i)
    piece = pieces_[i].owner == turn_player_ && pieces_[i].where == Where::kReserve &&
            (summon_levels_ >> def(static_cast<PieceId>(i)).level) & 1u;
  return piece && any_placement(turn_player_);
}

namespace {

// Placement (rule text "召喚のやりかた、ルール"): inside the field, over nothing
// (no dungeon, no dungeon master), touching the player's dungeon master or
// own dungeon edge to edge (it may also touch the opponent's).
// Candidate placements: every way to lay a shape so that it covers a free
// square next to the seat's own territory (a piece must touch it), with all
// six squares free. `visit(shape, orientation, m)` returns true to stop.
template <typename F>
void for_each_placement(const Pool& pool, const std::array<Square, Board::kSquares>& board, Seat s,
                        F visit) {
  std::array<bool, Board::kSquares> free{};
  for (int i = 0; i < Board::kSquares; ++i) {
    const Coord c = Board::at(i);
    free[i] = board[i].dungeon < 0 && !(c == master_square(0)) && !(c == master_square(1));
  }
  StaticVec<std::uint8_t, Board::kSquares> front;
  for (int i = 0; i < Board::kSquares; ++i) {
    if (!free[i]) continue;
    for (Coord d : kOrthogonal) {
      const Coord n = Board::at(i) + d;
      if (Board::in_bounds(n) && (n == master_square(s) || board[Board::index(n)].dungeon == s)) {
        front.push_back(static_cast<std::uint8_t>(i));
        break;
      }
    }
  }
  for (int sh = 0; sh < static_cast<int>(pool.shapes.size()); ++sh)
    for (int o = 0; o < static_cast<int>(pool.shapes[sh].orientations.size()); ++o) {
      const auto& cells = pool.shapes[sh].orientations[o].cells;
      std::array<std::uint64_t, 4> tried{};
      for (std::uint8_t f : front)
        for (Coord off : cells) {
          const Coord m{static_cast<std::int8_t>(Board::at(f).col - off.col),
                        static_cast<std::int8_t>(Board::at(f).row - off.row)};
          if (!Board::in_bounds(m)) continue;
          const int mi = Board::index(m);
          if (tried[mi >> 6] & (1ull << (mi & 63))) continue;
          tried[mi >> 6] |= 1ull << (mi & 63);
          bool fits = true;
          for (Coord c : cells) {
            const Coord at = m + c;
            if (!Board::in_bounds(at) || !free[Board::index(at)]) {
              fits = false;
              break;
            }
          }
          if (fits && visit(sh, o, m)) return;
        }
    }
}

}  // namespace

bool DdmState::any_placement(Seat s) const {
  bool found = false;
  for_each_placement(rules_->pool, board_, s, [&](int, int, Coord) { return found = true; });
  return found;
}

void DdmState::list_placements(Seat s, ActionList& out) const {
  for_each_placement(rules_->pool, board_, s, [&](int sh, int o, Coord m) {
    out.push_back({kPlace, static_cast<std::uint16_t>(sh), static_cast<std::uint16_t>(o),
                   static_cast<std::uint16_t>(Board::index(m))});
    return false;
  });
}

void DdmState::place(Seat s, int shape, int orient, Coord m) {
  for (Coord off : rules_->pool.shapes[shape].orientations[orient].cells)
    board_[Board::index(m + off)].dungeon = static_cast<std::int8_t>(s);
  const PieceId p = summoning_;
  pieces_[p].where = Where::kField;
  pieces_[p].pos = m;
  (def(p).is_item ? board_[Board::index(m)].item : board_[Board::index(m)].piece) = p;
  summoned_ = true;
  summoning_ = kNoPiece;
  summon_levels_ = 0;
  log(kEvPiecePlaced, s, shape, Board::index(m));
  // Items stay hidden from the opponent until triggered.
  log(kEvSummon, s, p, Board::index(m), 0, def(p).is_item ? seat_bit(s) : kAllSeats);
  for (auto& a : def(p).on_summon) apply_effect(p, a, kNoTarget, a.duration, s);
  if (phase_ == Phase::kOver) return;
  if (rolls_done_ < 2) {
    phase_ = Phase::kRoll;
  } else {
    open_window(Phase::kStandby);
  }
}

}  // namespace tt::ddm
