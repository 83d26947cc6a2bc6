// Attacks and defence (rule text "自分モンスターの攻撃", "敵モンスターの守備",
// "ダンジョンマスターへの攻撃", "ダンジョンマスターの攻撃").
#include <algorithm>
#include <bit>

#include "games/ddm/events.h"
#include "games/ddm/state.h"

namespace tt::ddm {

namespace {

int aura_bonus(const DdmState& st, PieceId p, StatKind stat, int num_pieces) {
  int sum = 0;
  const PieceDef& me = st.def(p);
  for (int i = 0; i < num_pieces; ++i) {
    const Piece& src = st.piece(static_cast<PieceId>(i));
    if (src.owner != st.piece(p).owner || src.where != Where::kField) continue;
    for (auto& a : st.def(static_cast<PieceId>(i)).auras)
      if (a.stat == stat && (a.type < 0 || a.type == static_cast<int>(me.type))) sum += a.amount;
  }
  return sum;
}

}  // namespace

int DdmState::attack_of(PieceId p) const {
  const Piece& pc = pieces_[p];
  return std::max(0, def(p).atk + pc.atk_perm + pc.atk_turn + pc.atk_battle +
                         aura_bonus(*this, p, StatKind::kAtk, num_pieces_));
}

int DdmState::defense_of(PieceId p) const {
  const Piece& pc = pieces_[p];
  return std::max(0, def(p).def + pc.def_perm + pc.def_turn + pc.def_battle +
                         aura_bonus(*this, p, StatKind::kDef, num_pieces_));
}

std::uint8_t DdmState::keywords_of(PieceId p) const {
  const Piece& pc = pieces_[p];
  return static_cast<std::uint8_t>(def(p).keywords | pc.kw_perm | pc.kw_turn | pc.kw_chain);
}

int DdmState::range_of(PieceId p) const {
  return std::max(def(p).range,
                  keywords_of(p) & kRanged ? static_cast<int>(pieces_[p].range_bonus) : 1);
}

// A target along a row or column within range (1: orthogonally adjacent);
// a flying monster can only be attacked by a flyer. A dungeon master attacks
// adjacent monsters only, and is never the target of a second attack of a
// multi-attack monster (rule text: "デューカーツインソードの連続攻撃も不可").
bool DdmState::can_target(PieceId attacker, Seat s, Coord from, Coord target) const {
  if (!Board::in_bounds(target)) return false;
  const bool master_target = target == master_square(opponent(s));
  const PieceId victim = board_[Board::index(target)].piece;
  if (!master_target && (victim == kNoPiece || pieces_[victim].owner == s)) return false;
  if (attacker == kMaster)
    return !master_target && orthogonally_adjacent(from, target) &&
           !(keywords_of(victim) & kFlying);
  // A dungeon master is immune to continuous attack: only a monster's first
  // attack of the turn may target it.
  if (master_target && pieces_[attacker].attacks > 0) return false;
  const int dist = manhattan(from, target);
  if (dist < 1 || dist > range_of(attacker) || (from.col != target.col && from.row != target.row))
    return false;
  return master_target || !(keywords_of(victim) & kFlying) || (keywords_of(attacker) & kFlying);
}

void DdmState::list_attacks(Seat s, ActionList& out) const {
  if (crests_[s][static_cast<int>(Crest::kAttack)] < 1) return;
  // Targets lie along the attacker's row or column (can_target says which).
  auto targets = [&](PieceId a, Coord from, int reach) {
    for (Coord d : kOrthogonal)
      for (int k = 1; k <= reach; ++k) {
        const Coord t{static_cast<std::int8_t>(from.col + d.col * k),
                      static_cast<std::int8_t>(from.row + d.row * k)};
        if (!Board::in_bounds(t)) break;
        if (can_target(a, s, from, t))
          out.push_back({kAttack, a, static_cast<std::uint16_t>(Board::index(t)), 0});
      }
  };
  for (std::uint32_t m = on_field_[s]; m; m &= m - 1) {
    const PieceId p = static_cast<PieceId>(std::countr_zero(m));
    if (pieces_[p].attacks < def(p).attacks) targets(p, pieces_[p].pos, range_of(p));
  }
  if (!master_attacked_[s]) targets(kMaster, master_square(s), 1);
}

void DdmState::declare_attack(Seat s, PieceId attacker, Coord target) {
  --crests_[s][static_cast<int>(Crest::kAttack)];  // one attack crest, paid first
  if (attacker == kMaster)
    master_attacked_[s] = true;
  else
    ++pieces_[attacker].attacks;
  log(kEvAttack, s, attacker, Board::index(target));
  last_attack_ = LastAttack{attacker, static_cast<std::int8_t>(s), kNoPiece,
                            static_cast<std::uint8_t>(Board::index(target))};
  if (target == master_square(opponent(s))) {
    // A dungeon master cannot defend and takes one counter from any attack
    // by a monster with attack above 0, whatever its strength.
    if (attack_of(attacker) > 0) {
      last_attack_.damage = 1;
      hit_master(opponent(s));
    }
    return;
  }
  battle_ = Battle{attacker, s, board_[Board::index(target)].piece, false, true};
  last_attack_.defender = battle_.defender;
  open_attack_window();
}

void DdmState::open_attack_window() {
  phase_ = Phase::kAttackWindow;
  if (battle_.attacker != kMaster && has_ability_option(battle_.attacking_seat)) return;
  open_defend();
}

void DdmState::open_defend() {
  phase_ = Phase::kDefend;
  const Seat d = opponent(battle_.attacking_seat);
  if (crests_[d][static_cast<int>(Crest::kDefense)] > 0 || has_ability_option(d)) return;
  log(kEvTake, d, battle_.defender);
  resolve_battle();
}

void DdmState::open_defense_window() {
  phase_ = Phase::kDefenseWindow;
  if (has_ability_option(opponent(battle_.attacking_seat))) return;
  resolve_battle();
}

// Unguarded: the full attack. Guarded: attack minus defence. Shields lower it.
void DdmState::resolve_battle() {
  const PieceId d = battle_.defender;
  const int atk = battle_.attacker == kMaster ? 10 : attack_of(battle_.attacker);
  int damage = battle_.defended ? std::max(0, atk - defense_of(d)) : atk;
  damage = std::max(0, damage - pieces_[d].shield_battle);
  last_attack_.damage = static_cast<std::int16_t>(damage);
  last_attack_.defended = battle_.defended;
  if (damage > 0) {
    pieces_[d].damage = static_cast<std::int16_t>(pieces_[d].damage + damage);
    log(kEvDamage, pieces_[d].owner, d, damage, pieces_[d].damage);
    if (pieces_[d].damage >= def(d).hp) {
      last_attack_.destroyed = true;
      destroy(d);
    }
  }
  end_battle();
}

// Effects lasting "the battle" end with it.
void DdmState::end_battle() {
  for (int i = 0; i < num_pieces_; ++i) {
    Piece& pc = pieces_[i];
    pc.atk_battle = pc.def_battle = pc.shield_battle = 0;
    pc.kw_chain = 0;
  }
  battle_ = Battle{};
  if (phase_ != Phase::kOver) phase_ = Phase::kMain;
}

void DdmState::destroy(PieceId p) {
  Piece& pc = pieces_[p];
  if (board_[Board::index(pc.pos)].piece == p) board_[Board::index(pc.pos)].piece = kNoPiece;
  pc.where = Where::kGone;
  on_field_[pc.owner] &= ~(1u << p);
  log(kEvDestroyed, pc.owner, p);
}

void DdmState::hit_master(Seat s) {
  ++master_damage_[s];
  log(kEvMasterHit, s, master_damage_[s]);
  if (master_damage_[s] >= rules_->dm_counters_lost) end_game(opponent(s));
}

}  // namespace tt::ddm
