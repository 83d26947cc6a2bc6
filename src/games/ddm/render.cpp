// The field as a text grid for a person at a terminal: dungeon squares by
// owner, monsters, items (hidden from the opponent), dungeon masters, crusts.
#include "games/ddm/state.h"

namespace tt::ddm {

std::string DdmState::render(Seat viewer) const {
  std::string out = "== Turn " + std::to_string(turn_) + ", round " + std::to_string(round()) +
                    "/" + std::to_string(rules_->turn_limit) + " (seat " +
                    std::to_string(turn_player_) + ") ==\n";
  // While placing a dungeon piece, '+' marks the squares its monster may go on.
  std::array<bool, Board::kSquares> spot{};
  if (phase_ == Phase::kPlace && viewer == turn_player_) {
    const Nets& nets = rules_->nets;
    for (int sh = 0; sh + 1 < static_cast<int>(nets.first.size()); ++sh)
      for (int t = 0; t < nets.turns(sh); ++t)
        if ((place_shape_ == kNoStep || place_shape_ == sh) &&
            (place_turn_ == kNoStep || place_turn_ == t))
          placements(turn_player_, sh, t).for_each([&](Coord m) { spot[Board::index(m)] = true; });
  }
  out += "    ";
  for (int c = 0; c < Board::kCols; ++c) out += (c < 10 ? " " : "") + std::to_string(c) + " ";
  out += "\n";
  for (int r = 0; r < Board::kRows; ++r) {
    out += (r < 10 ? "  " : " ") + std::to_string(r) + " ";
    for (int c = 0; c < Board::kCols; ++c) {
      const Coord at{static_cast<std::int8_t>(c), static_cast<std::int8_t>(r)};
      const Square& sq = board_[Board::index(at)];
      std::string cell = " . ";
      if (at == master_square(0))
        cell = "[M]";
      else if (at == master_square(1))
        cell = "<M>";
      else if (sq.piece != kNoPiece) {
        // Seat 0's monsters in capitals, seat 1's in lower case, then the level.
        const PieceDef& d = def(sq.piece);
        const char letter = static_cast<char>(
            pieces_[sq.piece].owner == 0 ? std::toupper(d.name[0]) : std::tolower(d.name[0]));
        cell = std::string(1, letter) + std::to_string(d.level) + (sq.item != kNoPiece ? "*" : " ");
      } else if (sq.item != kNoPiece) {
        const Piece& it = pieces_[sq.item];
        cell = (viewer == kReferee || viewer == it.owner || it.revealed) ? " ! " : " ? ";
      } else if (sq.crust) {
        cell = " # ";
      } else if (spot[Board::index(at)]) {
        cell = " + ";
      } else if (sq.dungeon >= 0) {
        cell = sq.dungeon == 0 ? " - " : " ~ ";
      }
      out += cell;
    }
    out += "\n";
  }
  out +=
      "  [M]/- seat 0's master/dungeon, <M>/~ seat 1's; letters: monsters (capital: seat 0); !/? "
      "item; # crust; + a square a summoned monster may go on\n";
  for (Seat s = 0; s < 2; ++s) {
    out += "Seat " + std::to_string(s) + (s == viewer ? " (you)" : "") + ": master counters " +
           std::to_string(master_damage_[s]) + "/" + std::to_string(rules_->dm_counters_lost) +
           ", crests";
    for (int k = 0; k < kCrestKinds; ++k)
      out += " " + crest_name(static_cast<Crest>(k)) + " " + std::to_string(crests_[s][k]);
    out += "\n";
  }
  for (int i = 0; i < num_pieces_; ++i) {
    const Piece& pc = pieces_[i];
    const PieceId p = static_cast<PieceId>(i);
    if (pc.where != Where::kField || def(p).is_item) continue;
    out += "   " + pc.pos.str() + " " + def(p).name + " (seat " + std::to_string(pc.owner) + ", L" +
           std::to_string(def(p).level) + " " + type_name(def(p).type) + ") HP " +
           std::to_string(def(p).hp - pc.damage) + "/" + std::to_string(def(p).hp) + " ATK " +
           std::to_string(attack_of(p)) + " DEF " + std::to_string(defense_of(p)) + "\n";
  }
  if (viewer >= 0 && viewer < 2) {
    // Faces: S summon, M move, A attack, D defence, G magic, T trap; 2 = x2.
    out += "Your dice (S summon, M move, A attack, D defence, G magic, T trap):\n";
    static constexpr char kFace[] = {'M', 'A', 'D', 'G', 'T', 'S'};
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
    out += "\n";
  }
  return out;
}

}  // namespace tt::ddm
