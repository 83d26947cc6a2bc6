// The field as text for a person at a terminal, sized for an 80x24 screen:
// the 13x19 board two characters a square (29 columns, so the options can
// stand beside it), then a line per player. render_details() has the rest:
// every monster's numbers, the seat's dice and reserve.
#include <cctype>

#include "games/ddm/state.h"

namespace tt::ddm {

namespace {
// Faces as letters: S summon, M move, A attack, D defence, G magic, T trap.
constexpr char kFace[] = {'M', 'A', 'D', 'G', 'T', 'S'};
}  // namespace

std::string DdmState::render(Seat viewer) const {
  std::string out = "Round " + std::to_string(round()) + "/" + std::to_string(rules_->turn_limit) +
                    ", seat " + std::to_string(turn_player_) + "'s turn\n";
  // While placing a dungeon piece, '+' marks the squares its monster may go
  // on with the choices made so far.
  std::array<bool, Board::kSquares> spot{};
  if (phase_ == Phase::kPlace && viewer == turn_player_) {
    const Nets& nets = rules_->nets;
    for (int sh = 0; sh + 1 < static_cast<int>(nets.first.size()); ++sh)
      for (int t = 0; t < nets.turns(sh); ++t)
        if ((place_shape_ == kNoStep || place_shape_ == sh) &&
            (place_turn_ == kNoStep || place_turn_ == t))
          placements(turn_player_, sh, t).for_each([&](Coord m) { spot[Board::index(m)] = true; });
  }
  out += "  ";
  for (int c = 0; c < Board::kCols; ++c) out += (c < 10 ? " " : "") + std::to_string(c);
  out += "\n";
  for (int r = 0; r < Board::kRows; ++r) {
    out += (r < 10 ? " " : "") + std::to_string(r) + " ";
    for (int c = 0; c < Board::kCols; ++c) {
      const Coord at{static_cast<std::int8_t>(c), static_cast<std::int8_t>(r)};
      const Square& sq = board_[Board::index(at)];
      std::string cell = ". ";
      if (at == master_square(0) || at == master_square(1)) {
        cell = at == master_square(0) ? "@0" : "@1";
      } else if (sq.piece != kNoPiece) {
        // Seat 0's monsters in capitals, seat 1's in lower case, then the level.
        const PieceDef& d = def(sq.piece);
        const auto letter = static_cast<unsigned char>(d.name[0]);
        cell =
            std::string(1, static_cast<char>(pieces_[sq.piece].owner == 0 ? std::toupper(letter)
                                                                          : std::tolower(letter))) +
            std::to_string(d.level);
      } else if (sq.item != kNoPiece) {
        const Piece& it = pieces_[sq.item];
        cell = (viewer == kReferee || viewer == it.owner || it.revealed) ? "! " : "? ";
      } else if (sq.crust) {
        cell = "# ";
      } else if (spot[Board::index(at)]) {
        cell = "+ ";
      } else if (sq.dungeon >= 0) {
        cell = sq.dungeon == 0 ? "- " : "~ ";
      }
      out += cell;
    }
    out += "\n";
  }
  // A line per player: counters on the master, crests, then the dice picked
  // for a roll in progress (or what the board's marks mean).
  for (Seat s = 0; s < 2; ++s) {
    out += "Seat " + std::to_string(s) + (s == viewer ? " (you)" : "      ") + " hits " +
           std::to_string(master_damage_[s]) + "/" + std::to_string(rules_->dm_counters_lost) + " ";
    static constexpr const char* kShort[] = {"move", "atk", "def", "mag", "trap"};
    for (int k = 0; k < kCrestKinds; ++k)
      out += std::string(" ") + kShort[k] + " " + std::to_string(crests_[s][k]);
    if (s == turn_player_ && picked_) {
      out += "  picked";
      for (int i = 0; i < kDice; ++i)
        if (picked_ & (1u << i)) out += " " + rules_->pool.dice[dice_[s][i]].id;
    } else {
      out += s == 0 ? "  @0 - A-Z" : "  @1 ~ a-z";
    }
    out += "\n";
  }
  return out;
}

std::string DdmState::render_details(Seat viewer) const {
  std::string out = "Monsters on the field (square, name, seat, level, type, HP, ATK, DEF):\n";
  for (int i = 0; i < num_pieces_; ++i) {
    const Piece& pc = pieces_[i];
    const PieceId p = static_cast<PieceId>(i);
    if (pc.where != Where::kField || def(p).is_item) continue;
    const PieceDef& d = def(p);
    out += "  " + pc.pos.str() + " " + d.name + ", seat " + std::to_string(pc.owner) + ", L" +
           std::to_string(d.level) + " " + type_name(d.type) + ", HP " +
           std::to_string(d.hp - pc.damage) + "/" + std::to_string(d.hp) + ", ATK " +
           std::to_string(attack_of(p)) + ", DEF " + std::to_string(defense_of(p)) +
           (pc.moved ? ", moved" : "") + "\n";
  }
  out +=
      "Board: @0/@1 the masters, -/~ their dungeon, capitals seat 0's monsters (letter and\n"
      "level), lower case seat 1's; ! an item (yours or revealed), ? a hidden one; # crust;\n"
      "+ where the net's monster may go\n";
  if (viewer < 0 || viewer > 1) return out;
  out += "Your dice (S summon, M move, A attack, D defence, G magic, T trap; 2 = twice):\n";
  for (int i = 0; i < kDice; ++i) {
    const DieDef& d = rules_->pool.dice[dice_[viewer][i]];
    out += (i % 4 == 0 ? "  " : "   ") + d.id + " [";
    for (const Face& f : d.faces) {
      out += kFace[static_cast<int>(f.crest)];
      if (f.mult > 1) out += '2';
    }
    out += i % 4 == 3 ? "]\n" : "]";
  }
  out += "Your reserve:";
  for (int i = 0; i < num_pieces_; ++i)
    if (pieces_[i].owner == viewer && pieces_[i].where == Where::kReserve)
      out += " " + def(static_cast<PieceId>(i)).name + " (L" +
             std::to_string(def(static_cast<PieceId>(i)).level) + ")";
  return out + "\n";
}

}  // namespace tt::ddm
