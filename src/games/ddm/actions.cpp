// The options of each pending decision, and applying the chosen one.
#include <algorithm>
#include <bit>

#include "games/ddm/events.h"
#include "games/ddm/state.h"

namespace tt::ddm {

void DdmState::legal_actions(Seat seat, ActionList& out) const {
  out.clear();
  if (phase_ == Phase::kOver || seat != deciding()) return;
  switch (phase_) {
    case Phase::kRoll:
      list_dice(seat, out);
      return;
    case Phase::kSummon:
      for (int i = 0; i < num_pieces_; ++i) {
        const PieceId p = static_cast<PieceId>(i);
        if (pieces_[i].owner != seat || pieces_[i].where != Where::kReserve ||
            !((summon_levels_ >> def(p).level) & 1u))
          continue;
        const bool dup = std::any_of(out.begin(), out.end(), [&](const Action& a) {
          return pieces_[a.a].def == pieces_[i].def;
        });
        if (!dup) out.push_back({kSummonPick, p, 0, 0});
      }
      out.push_back({kSummonSkip, 0, 0, 0});
      return;
    case Phase::kPlace:
      list_placement_step(seat, out);
      return;
    case Phase::kMain:
      for (std::uint32_t m = on_field_[seat]; m; m &= m - 1)
        list_moves(static_cast<PieceId>(std::countr_zero(m)), out);
      list_attacks(seat, out);
      list_abilities(seat, out);
      out.push_back({kEndMain, 0, 0, 0});
      return;
    case Phase::kAttackWindow:
      list_abilities(seat, out);
      out.push_back({kStrike, 0, 0, 0});
      return;
    case Phase::kDefend:
      if (crests_[seat][static_cast<int>(Crest::kDefense)] > 0) out.push_back({kDefend, 0, 0, 0});
      out.push_back({kTake, 0, 0, 0});
      list_abilities(seat, out);
      return;
    case Phase::kDefenseWindow:
      list_abilities(seat, out);
      out.push_back({kDone, 0, 0, 0});
      return;
    case Phase::kStandby:
    case Phase::kEnd:
    case Phase::kChain:
      list_abilities(seat, out);
      out.push_back({kPass, 0, 0, 0});
      return;
    case Phase::kOver:
      return;
  }
}

void DdmState::apply_action(Seat seat, Action a) {
  switch (static_cast<Act>(a.kind)) {
    case kPickDie:
      pick_die(seat, a.a);
      return;
    case kCancel:
      if (phase_ == Phase::kRoll)
        picked_ = 0;
      else
        cancel_step();
      return;
    case kSummonPick:
      summoning_ = static_cast<PieceId>(a.a);
      place_shape_ = place_turn_ = kNoStep;
      phase_ = Phase::kPlace;
      return;
    case kSummonSkip:
      summon_levels_ = 0;
      after_summon_step();
      return;
    case kShape:
      place_shape_ = static_cast<std::uint8_t>(a.a);
      return;
    case kTurn:
      place_turn_ = static_cast<std::uint8_t>(a.b);
      return;
    case kPlace:
      place(seat, a.a, a.b, Board::at(a.c));
      return;
    case kMove:
      move(static_cast<PieceId>(a.a), Board::at(a.b), a.c == 1);
      return;
    case kAttack:
      declare_attack(seat, static_cast<PieceId>(a.a), Board::at(a.b));
      return;
    case kActivate:
      activate(seat, static_cast<PieceId>(a.a), a.b, a.c);
      return;
    case kEndMain:
      log(kEvEndMain, seat);
      open_window(Phase::kEnd);
      return;
    case kPass:
      log(kEvPass, seat);
      if (phase_ == Phase::kChain) {
        if (chain_.pass(order_))
          finish_chain();
        else
          run_chain();
      } else {
        window_pass();
      }
      return;
    case kStrike:
      open_defend();
      return;
    case kDefend:
      --crests_[seat][static_cast<int>(Crest::kDefense)];  // one defence crest, paid first
      battle_.defended = true;
      log(kEvDefend, seat, battle_.defender);
      open_defense_window();
      return;
    case kTake:
      log(kEvTake, seat, battle_.defender);
      resolve_battle();
      return;
    case kDone:
      resolve_battle();
      return;
  }
}

bool DdmState::is_undo(Seat, Action action) const {
  return action.kind == kCancel;
}

std::string DdmState::prompt(Seat seat) const {
  if (phase_ == Phase::kOver || seat != deciding()) return "";
  switch (phase_) {
    case Phase::kRoll: {
      const int n = std::popcount(picked_);
      return "Dice roll " + std::to_string(rolls_done_ + 1) + " of 2: pick " +
             (n == 0   ? "3 dice"
              : n == 1 ? "2 more dice"
                       : "the third die (it rolls)");
    }
    case Phase::kSummon:
      return "Summon a monster or item?";
    case Phase::kPlace:
      return place_shape_ == kNoStep ? "Dungeon piece: choose its shape"
             : place_turn_ == kNoStep
                 ? "Dungeon piece: choose how shape " + rules_->pool.shapes[place_shape_].name +
                       " is turned"
                 : "Dungeon piece: choose the monster's square (+ on the board; type col,row)";
    case Phase::kStandby:
      return "Standby phase: use a trap ability or pass";
    case Phase::kMain:
      return "Main phase: move, attack, use an ability, or end";
    case Phase::kAttackWindow:
      return "Attacking: use an attack ability, or strike";
    case Phase::kDefend:
      return "You are attacked: defend (1 defence crest) or take it";
    case Phase::kDefenseWindow:
      return "Defending: use a defence ability, or done";
    case Phase::kChain:
      return "Answer with a trap ability, or pass";
    case Phase::kEnd:
      return "End phase: use a trap ability or pass";
    case Phase::kOver:
      return "";
  }
  return "";
}

}  // namespace tt::ddm
