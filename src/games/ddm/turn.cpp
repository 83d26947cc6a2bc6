// Turn flow: standby and end-phase trap windows (turn player first), the turn
// counter, and the 30-round limit with its tie-breaks (rule text
// "2.スタンバイフェイズ", "4.エンドフェイズ", "以後繰り返し").
#include "games/ddm/events.h"
#include "games/ddm/state.h"

namespace tt::ddm {

void DdmState::begin_turn() {
  rolls_done_ = 0;
  summoned_ = false;
  summon_levels_ = 0;
  master_attacked_[turn_player_] = false;
  phase_ = Phase::kRoll;
  log(kEvTurn, turn_player_, turn_, round());
}

// A window where the turn player, then the opponent, may use trap abilities.
// Seats with nothing to use are skipped.
void DdmState::open_window(Phase window) {
  phase_ = window;
  window_seat_ = turn_player_;
  if (has_ability_option(window_seat_)) return;
  window_pass();
}

void DdmState::window_pass() {
  if (window_seat_ == turn_player_) {
    window_seat_ = opponent(turn_player_);
    if (has_ability_option(window_seat_)) return;
  }
  if (phase_ == Phase::kStandby) {
    phase_ = Phase::kMain;
  } else {
    end_turn();
  }
}

// Back to where play was when a chain began.
void DdmState::resume() {
  if (phase_ == Phase::kOver) return;
  if (battle_.active) {
    const bool gone =
        (battle_.attacker != kMaster && pieces_[battle_.attacker].where != Where::kField) ||
        pieces_[battle_.defender].where != Where::kField;
    if (gone) return end_battle();  // a battler left the field: the battle ends
    phase_ = resume_;
    if (phase_ == Phase::kAttackWindow) return open_attack_window();
    if (phase_ == Phase::kDefend) return open_defend();
    if (phase_ == Phase::kDefenseWindow) return open_defense_window();
    return;
  }
  if (resume_ == Phase::kStandby || resume_ == Phase::kEnd) return open_window(resume_);
  phase_ = resume_;
}

void DdmState::end_turn() {
  for (int i = 0; i < num_pieces_; ++i) {
    Piece& pc = pieces_[i];
    pc.atk_turn = pc.def_turn = 0;
    pc.kw_turn = 0;
    pc.moved = false;
    pc.attacks = 0;
    pc.used = 0;
  }
  if (turn_ >= 2 * rules_->turn_limit) {
    log(kEvTimeUp, kNoSeat, round());
    decide_by_limit();
    return;
  }
  ++turn_;
  turn_player_ = opponent(turn_player_);
  begin_turn();
}

// After the last round, in order: fewer counters on the dungeon master; more
// monsters on the field; more dungeon; higher total level on the field; a draw.
void DdmState::decide_by_limit() {
  const int keys[4][2] = {
      {-master_damage_[0], -master_damage_[1]},
      {monsters_on_field(0), monsters_on_field(1)},
      {dungeon_squares(0), dungeon_squares(1)},
      {levels_on_field(0), levels_on_field(1)},
  };
  for (int i = 0; i < 4; ++i) {
    if (keys[i][0] == keys[i][1]) continue;
    tie_break_ = static_cast<TieBreak>(i);
    return end_game(keys[i][0] > keys[i][1] ? 0 : 1);
  }
  tie_break_ = TieBreak::kDraw;
  end_game(-1);
}

}  // namespace tt::ddm
