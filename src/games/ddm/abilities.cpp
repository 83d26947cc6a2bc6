// Monster abilities and trap chains (rule text "自分モンスターの効果発動",
// "罠効果のチェーン発動について"): costs paid first and never refunded; the
// cost's crest kind sets when an ability may be used and how long it lasts;
// trap abilities answer any activation, and the chain resolves last-in
// first-out; a monster may not answer its own activation directly.
#include <algorithm>
#include <bit>

#include "games/ddm/events.h"
#include "games/ddm/state.h"

namespace tt::ddm {

bool DdmState::timing_ok(PieceId p, const Ability& a, Seat s) const {
  const Piece& pc = pieces_[p];
  if (pc.owner != s || pc.where != Where::kField || def(p).is_item) return false;
  if (a.once_per_turn && (pc.used & (1u << (&a - def(p).abilities.data())))) return false;
  const bool in_battle = battle_.active && (p == battle_.attacker || p == battle_.defender);
  if ((a.op == Op::kAbsorb || a.op == Op::kShield) && !in_battle) return false;
  if (a.op == Op::kNegate && phase_ != Phase::kChain) return false;
  switch (phase_) {
    case Phase::kChain:
      return a.timing == Timing::kTrap && chain_.top().piece != p && !chain_.full();
    case Phase::kMain:
      return s == turn_player_ &&
             (a.timing == Timing::kMagic || a.timing == Timing::kAny || a.timing == Timing::kTrap);
    case Phase::kAttackWindow:
      return a.timing == Timing::kTrap || (a.timing == Timing::kAttack && p == battle_.attacker);
    case Phase::kDefenseWindow:
      return a.timing == Timing::kTrap || (a.timing == Timing::kDefense && p == battle_.defender);
    case Phase::kDefend:
    case Phase::kStandby:
    case Phase::kEnd:
      return a.timing == Timing::kTrap;
    default:
      return false;
  }
}

bool DdmState::affordable(Seat s, const Ability& a) const {
  int total = 0;
  for (int k = 0; k < kCrestKinds; ++k) {
    if (crests_[s][k] < a.cost[k]) return false;
    total += crests_[s][k] - a.cost[k];
  }
  return total >= a.any;
}

// A number-only cost takes from the fullest pool first (ties: move, magic,
// defence, trap, attack), keeping the scarce crests.
void DdmState::pay(Seat s, const Ability& a) {
  for (int k = 0; k < kCrestKinds; ++k)
    crests_[s][k] = static_cast<std::uint8_t>(crests_[s][k] - a.cost[k]);
  static constexpr int kOrder[] = {0, 3, 2, 4, 1};
  for (int n = 0; n < a.any; ++n) {
    int best = kOrder[0];
    for (int k : kOrder)
      if (crests_[s][k] > crests_[s][best]) best = k;
    --crests_[s][best];
  }
}

bool DdmState::crust_ok(Coord c) const {
  if (!Board::in_bounds(c)) return false;
  const Square& sq = board_[Board::index(c)];
  if (sq.dungeon < 0 || sq.piece != kNoPiece || sq.item != kNoPiece || sq.crust) return false;
  for (Seat s = 0; s < 2; ++s)
    if (c == master_square(s) || orthogonally_adjacent(c, master_square(s)))
      return false;  // never next to a master
  return true;
}

bool DdmState::target_ok(PieceId p, const Ability& a, std::uint16_t target) const {
  if (target == kNoTarget)
    return a.op != Op::kDamage && a.op != Op::kCrust && !a.needs_own_target();
  if (target >= Board::kSquares) return false;
  const Coord t = Board::at(target);
  const Coord from = pieces_[p].pos;
  switch (a.op) {
    case Op::kDamage: {
      const PieceId v = board_[target].piece;
      return v != kNoPiece && pieces_[v].owner != pieces_[p].owner && manhattan(from, t) <= a.range;
    }
    case Op::kHeal: {
      const PieceId v = board_[target].piece;
      return a.range > 0 && v != kNoPiece && pieces_[v].owner == pieces_[p].owner &&
             pieces_[v].damage > 0 && manhattan(from, t) <= a.range;
    }
    case Op::kCrust:
      return orthogonally_adjacent(from, t) && crust_ok(t);
    default:
      return false;
  }
}

// Calls visit(option) for each ability the seat may use now, with each
// target it may take; stops when visit returns true.
template <typename F>
bool DdmState::for_each_ability(Seat s, F visit) const {
  // The timings the phase may allow (timing_ok decides for each ability).
  const auto bit = [](Timing t) { return 1u << static_cast<int>(t); };
  unsigned allowed = bit(Timing::kTrap);
  if (phase_ == Phase::kMain) allowed |= bit(Timing::kMagic) | bit(Timing::kAny);
  if (phase_ == Phase::kAttackWindow) allowed |= bit(Timing::kAttack);
  if (phase_ == Phase::kDefenseWindow) allowed |= bit(Timing::kDefense);
  for (std::uint32_t m = on_field_[s]; m; m &= m - 1) {
    const int i = std::countr_zero(m);
    const PieceId p = static_cast<PieceId>(i);
    if (!(rules_->timings[pieces_[i].def] & allowed)) continue;
    const auto& abilities = def(p).abilities;
    for (std::size_t k = 0; k < abilities.size(); ++k) {
      const Ability& a = abilities[k];
      if (!affordable(s, a) || !timing_ok(p, a, s)) continue;
      if (target_ok(p, a, kNoTarget)) {
        if (visit(Action{kActivate, p, static_cast<std::uint16_t>(k), kNoTarget})) return true;
        continue;
      }
      const auto offer = [&](Coord t) {
        return Board::in_bounds(t) &&
               target_ok(p, a, static_cast<std::uint16_t>(Board::index(t))) &&
               visit(Action{kActivate, p, static_cast<std::uint16_t>(k),
                            static_cast<std::uint16_t>(Board::index(t))});
      };
      // Only the squares a target can be on: a monster (damage: an enemy,
      // heal: an own one) or a square next to the user (crust).
      if (a.op == Op::kDamage || a.op == Op::kHeal) {
        for (std::uint32_t m = on_field_[a.op == Op::kDamage ? opponent(s) : s]; m; m &= m - 1)
          if (offer(pieces_[std::countr_zero(m)].pos)) return true;
        continue;
      }
      const Coord from = pieces_[i].pos;
      const int reach = std::max(1, a.range);
      for (int dc = -reach; dc <= reach; ++dc)
        for (int dr = -reach; dr <= reach; ++dr)
          if (offer({static_cast<std::int8_t>(from.col + dc),
                     static_cast<std::int8_t>(from.row + dr)}))
            return true;
    }
  }
  return false;
}

void DdmState::list_abilities(Seat s, ActionList& out) const {
  for_each_ability(s, [&](Action a) {
    out.push_back(a);
    return false;
  });
}

bool DdmState::has_ability_option(Seat s) const {
  return for_each_ability(s, [](Action) { return true; });
}

void DdmState::activate(Seat s, PieceId p, int ability, std::uint16_t target) {
  const Ability& a = def(p).abilities[ability];
  pay(s, a);  // paid first; not refunded if negated
  if (a.once_per_turn)
    pieces_[p].used = static_cast<std::uint8_t>(pieces_[p].used | (1u << ability));
  log(kEvActivate, s, p, ability, target == kNoTarget ? -1 : target);
  if (phase_ != Phase::kChain) resume_ = phase_;
  chain_.push(Link{p, static_cast<std::uint8_t>(ability), target, static_cast<std::int8_t>(s),
                   false, battle_.active},
              s, order_);
  run_chain();
}

// Offers the seat with priority its answers; seats without any pass at once.
// When everyone has passed in a row, the chain resolves last-in first-out.
void DdmState::run_chain() {
  phase_ = Phase::kChain;
  while (true) {
    if (has_ability_option(chain_.priority())) return;
    if (chain_.pass(order_)) break;
  }
  finish_chain();
}

void DdmState::finish_chain() {
  while (!chain_.empty() && phase_ != Phase::kOver) resolve(chain_.pop());
  chain_.clear();
  if (!battle_.active)
    for (int i = 0; i < num_pieces_; ++i) pieces_[i].kw_chain = 0;  // "until the chain ends"
  resume();
}

void DdmState::resolve(const Link& l) {
  if (l.negated) {
    log(kEvNegated, l.seat, l.piece, l.ability);
    return;
  }
  const Ability& a = def(l.piece).abilities[l.ability];
  log(kEvResolve, l.seat, l.piece, l.ability);
  if (a.op == Op::kNegate) {
    if (!chain_.empty()) chain_.top().negated = true;  // the activation it answered
    return;
  }
  Duration d = a.duration;
  if (d == Duration::kChain && l.in_battle && battle_.active) d = Duration::kBattle;
  apply_effect(l.piece, a, l.target, d, l.seat);
}

void DdmState::apply_effect(PieceId p, const Ability& a, std::uint16_t target, Duration d, Seat s) {
  Piece& me = pieces_[p];
  const bool here = me.where == Where::kField;
  switch (a.op) {
    case Op::kBoost: {
      if (!here) return;
      // A boost that would last only the chain lasts the battle or the turn.
      const bool battle = d == Duration::kBattle || (d == Duration::kChain && battle_.active);
      const bool turn = d == Duration::kTurn || (d == Duration::kChain && !battle_.active);
      auto& stat = a.stat == StatKind::kAtk ? (battle ? me.atk_battle
                                               : turn ? me.atk_turn
                                                      : me.atk_perm)
                                            : (battle ? me.def_battle
                                               : turn ? me.def_turn
                                                      : me.def_perm);
      stat = static_cast<std::int16_t>(stat + a.amount);
      return;
    }
    case Op::kDamage: {
      const PieceId v = target == kNoTarget ? kNoPiece : board_[target].piece;
      if (v == kNoPiece) return;  // the target is gone: the effect does nothing
      pieces_[v].damage = static_cast<std::int16_t>(pieces_[v].damage + a.amount);
      log(kEvDamage, pieces_[v].owner, v, a.amount, pieces_[v].damage);
      if (pieces_[v].damage >= def(v).hp) destroy(v);
      return;
    }
    case Op::kHeal: {
      const PieceId v = target == kNoTarget ? (here ? p : kNoPiece) : board_[target].piece;
      if (v != kNoPiece)
        pieces_[v].damage = static_cast<std::int16_t>(std::max(0, pieces_[v].damage - a.amount));
      return;
    }
    case Op::kGain:
      if (!here) return;
      (d == Duration::kPermanent ? me.kw_perm
       : d == Duration::kTurn    ? me.kw_turn
                                 : me.kw_chain) |= a.keyword;
      if (a.keyword == kRanged)
        me.range_bonus = static_cast<std::uint8_t>(std::max<int>(me.range_bonus, a.range));
      return;
    case Op::kCrest:
      add_crests(s, a.crest, a.amount);
      return;
    case Op::kCrust:
      if (target != kNoTarget && crust_ok(Board::at(target))) {
        board_[target].crust = true;
        log(kEvCrust, s, target);
      }
      return;
    case Op::kAbsorb:
      if (here && battle_.active) {
        const PieceId other = p == battle_.attacker ? battle_.defender : battle_.attacker;
        me.atk_battle =
            static_cast<std::int16_t>(me.atk_battle + (other == kMaster ? 10 : attack_of(other)));
      }
      return;
    case Op::kShield:
      if (here && battle_.active)
        me.shield_battle = static_cast<std::int16_t>(me.shield_battle + a.amount);
      return;
    case Op::kDrain:
      add_crests(opponent(s), a.crest, -a.amount);
      return;
    case Op::kNegate:
    case Op::kStop:
      return;
  }
}

}  // namespace tt::ddm
