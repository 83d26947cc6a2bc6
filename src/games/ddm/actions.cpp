// The options of each pending decision, and applying the chosen one.
#include <algorithm>

#include "games/ddm/events.h"
#include "games/ddm/state.h"

namespace tt::ddm {

void DdmState::legal_actions(Seat seat, ActionList& out) const {
  out.clear();
  if (phase_ == Phase::kOver || seat != deciding()) return;
  switch (phase_) {
    case Phase::kRoll: {
      // Any 3 of the 12 dice; identical dice are one option: a triple counts
      // only when each die's earlier identical twins are in it too.
      std::array<int, kDice> twin{};
      for (int x = 0; x < kDice; ++x) {
        twin[x] = -1;
        for (int y = x - 1; y >= 0 && twin[x] < 0; --y)
          if (dice_[seat][y] == dice_[seat][x]) twin[x] = y;
      }
      for (int i = 0; i < kDice; ++i)
        for (int j = i + 1; j < kDice; ++j)
          for (int k = j + 1; k < kDice; ++k) {
            auto in = [&](int x) { return x < 0 || x == i || x == j || x == k; };
            if (!in(twin[i]) || !in(twin[j]) || !in(twin[k])) continue;
            out.push_back(
                {kRoll, static_cast<std::uint16_t>((1u << i) | (1u << j) | (1u << k)), 0, 0});
          }
      return;
    }
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
      list_placements(seat, out);
      return;
    case Phase::kMain:
      for (int i = 0; i < num_pieces_; ++i)
        if (pieces_[i].owner == seat) list_moves(static_cast<PieceId>(i), out);
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
    case kRoll:
      roll(seat, a.a);
      return;
    case kSummonPick:
      summoning_ = static_cast<PieceId>(a.a);
      phase_ = Phase::kPlace;
      return;
    case kSummonSkip:
      summon_levels_ = 0;
      if (rolls_done_ < 2)
        phase_ = Phase::kRoll;
      else
        open_window(Phase::kStandby);
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

std::string DdmState::prompt(Seat seat) const {
  if (phase_ == Phase::kOver || seat != deciding()) return "";
  switch (phase_) {
    case Phase::kRoll:
      return "Dice roll " + std::to_string(rolls_done_ + 1) + " of 2: choose 3 dice";
    case Phase::kSummon:
      return "Summon a monster or item?";
    case Phase::kPlace:
      return "Place the dungeon piece (shape, turn, square of the monster)";
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
