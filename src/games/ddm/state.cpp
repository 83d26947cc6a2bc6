#include "games/ddm/state.h"

#include <algorithm>

#include "core/error.h"
#include "games/ddm/events.h"

namespace tt::ddm {

DdmState::DdmState(std::shared_ptr<const Rules> rules) : rules_(std::move(rules)) {}

std::unique_ptr<State> DdmState::clone() const {
  auto copy = std::make_unique<DdmState>(*this);
  copy->detach_log();
  return copy;
}

void DdmState::assign(const State& other) {
  assign_same<DdmState>(other);
}

void DdmState::start(const std::array<std::vector<int>, 2>& dice,
                     const std::array<std::vector<int>, 2>& pieces, std::uint64_t seed) {
  rng_.reseed(seed);
  for (Seat s = 0; s < 2; ++s) {
    if (dice[s].size() != kDice) throw Error("a player has exactly 12 dice");
    for (int i = 0; i < kDice; ++i) dice_[s][i] = static_cast<std::uint16_t>(dice[s][i]);
    for (int d : pieces[s]) {
      if (num_pieces_ >= kMaxPieces) throw Error("too many pieces");
      Piece p;
      p.def = static_cast<std::uint16_t>(d);
      p.owner = static_cast<std::int8_t>(s);
      // Every monster and item of the set starts in its owner's reserve, the
      // hand it summons from (rule text "召喚のやりかた、ルール").
      log(kEvReserve, s, num_pieces_, 0, 0, seat_bit(s));
      pieces_[num_pieces_++] = p;
    }
  }
  // The custom rule leaves the first player to any method: the engine draws it.
  rebuild_field_bits();
  find_twins();
  turn_player_ = static_cast<Seat>(rng_.below(2));
  log(kEvFirstPlayer, turn_player_);
  begin_turn();
}

Seat DdmState::deciding() const {
  switch (phase_) {
    case Phase::kStandby:
    case Phase::kEnd:
      return window_seat_;
    case Phase::kAttackWindow:
      return battle_.attacking_seat;
    case Phase::kDefend:
    case Phase::kDefenseWindow:
      return opponent(battle_.attacking_seat);
    case Phase::kChain:
      return chain_.priority();
    default:
      return turn_player_;
  }
}

Outcomes DdmState::outcomes() const {
  return winner_outcomes(2, winner_);
}

// Crest pools hold at most 10 of each kind; the excess is lost.
void DdmState::add_crests(Seat s, Crest c, int n) {
  auto& pool = crests_[s][static_cast<int>(c)];
  const int before = pool;
  pool = static_cast<std::uint8_t>(std::clamp(before + n, 0, kCrestCap));
  if (pool != before) log(kEvCrests, s, static_cast<int>(c), pool - before);
}

std::string DdmState::concede(Seat seat) {
  if (is_terminal()) return "the game is over";
  if (seat < 0 || seat > 1) return "there is no seat " + std::to_string(seat);
  end_game(1 - seat);
  return {};
}

void DdmState::end_game(int winner) {
  winner_ = static_cast<std::int8_t>(winner);
  phase_ = Phase::kOver;
  // What was under way ends with the game (a concession may come at any
  // moment): dice half picked, a chain that will never resolve.
  picked_ = 0;
  chain_.clear();
  log(kEvGameOver, winner);
}

int DdmState::dungeon_squares(Seat s) const {
  int n = 0;
  for (auto& sq : board_) n += sq.dungeon == s;
  return n;
}

int DdmState::monsters_on_field(Seat s) const {
  int n = 0;
  for (int i = 0; i < num_pieces_; ++i)
    n += pieces_[i].owner == s && pieces_[i].where == Where::kField &&
         !def(static_cast<PieceId>(i)).is_item;
  return n;
}

int DdmState::levels_on_field(Seat s) const {
  int n = 0;
  for (int i = 0; i < num_pieces_; ++i)
    if (pieces_[i].owner == s && pieces_[i].where == Where::kField &&
        !def(static_cast<PieceId>(i)).is_item)
      n += def(static_cast<PieceId>(i)).level;
  return n;
}

// Material, damage to masters, crests and closeness to the enemy master.
// A battle in progress counts with its likely result (the defender guards
// when it has a defence crest), and a piece being summoned counts as placed,
// so one step of lookahead sees what an attack or a summon is worth.
double DdmState::heuristic(Seat seat) const {
  if (phase_ == Phase::kOver) return winner_ == seat ? 1e6 : (winner_ == -1 ? 0 : -1e6);
  int expected_hit = 0;
  if (battle_.active) {
    const int atk = battle_.attacker == kMaster ? 10 : attack_of(battle_.attacker);
    const bool guard =
        battle_.defended ||
        crests_[opponent(battle_.attacking_seat)][static_cast<int>(Crest::kDefense)] > 0;
    expected_hit = std::max(0, (guard ? atk - defense_of(battle_.defender) : atk) -
                                   pieces_[battle_.defender].shield_battle);
  }
  double score = 0;
  for (Seat s = 0; s < 2; ++s) {
    const double sign = s == seat ? 1 : -1;
    double mine = -400.0 * master_damage_[s];
    for (int k = 0; k < kCrestKinds; ++k)
      mine += (k == static_cast<int>(Crest::kAttack) ? 4.0 : 2.0) * crests_[s][k];
    for (int i = 0; i < num_pieces_; ++i) {
      const Piece& p = pieces_[i];
      const PieceId id = static_cast<PieceId>(i);
      const bool placing = phase_ == Phase::kPlace && id == summoning_;
      if (p.owner != s || def(id).is_item || (p.where != Where::kField && !placing)) continue;
      const PieceDef& d = def(id);
      const int damage = p.damage + (battle_.active && id == battle_.defender ? expected_hit : 0);
      if (damage >= d.hp) continue;  // as good as destroyed
      const Coord at = placing ? master_square(s) : p.pos;
      const int dist = manhattan(at, master_square(opponent(s)));
      mine += 40.0 * d.level + 1.0 * (d.hp - damage) + 0.5 * attack_of(id);
      mine += 4.0 * (20 - dist) + (dist <= range_of(id) ? 60.0 : 0.0);
    }
    mine += 0.5 * dungeon_squares(s);
    score += sign * mine;
  }
  return score;
}

// Fitted to played games (docs/games/ddm.md, "Search and learning"): the
// scale that makes 1 / (1 + exp(-heuristic / scale)) predict the seat's win
// best.
double DdmState::heuristic_scale() const {
  return 180.0;
}

}  // namespace tt::ddm
