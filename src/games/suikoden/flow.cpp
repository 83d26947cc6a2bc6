// Set-up, the supply phase and the change of turn (rule text "ゲームの流れ").
#include <algorithm>

#include "games/suikoden/events.h"
#include "games/suikoden/state.h"

namespace tt::suikoden {

void SuikodenState::start(const std::array<std::vector<int>, 2>& decks,
                          const std::array<int, 2>& commanders, std::uint64_t seed) {
  rng_.reseed(seed);
  for (Seat s = 0; s < 2; ++s) {
    // The commander is placed face up on the field and stays all game.
    if (commanders[s] >= 0) {
      players_[s].commander = add_card(commanders[s], s);
      enter_field(players_[s].commander);
    }
    for (int d : decks[s]) players_[s].deck.push_back(add_card(d, s));
    rng_.shuffle(players_[s].deck.begin(), players_[s].deck.end());
  }
  recount_hand_limits();
  first_player_ = static_cast<Seat>(rng_.below(2));
  log(kEvFirstPlayer, first_player_);
  for (Seat s = 0; s < 2; ++s) draw(s, rules_->hand_size);
  turn_player_ = first_player_;
  deciding_ = first_player_;
  phase_ = rules_->mulligan_max > 0 ? Phase::kMulligan : Phase::kMain;
  if (phase_ == Phase::kMain) begin_turn();
}

// Draws n cards; returns false (drawing what there is) when the deck runs out.
bool SuikodenState::draw(Seat s, int n) {
  auto& p = players_[s];
  for (int i = 0; i < n; ++i) {
    if (p.deck.empty()) return false;
    const Card c = p.deck.back();
    p.deck.pop_back();
    p.hand.push_back(c);
    log(kEvDraw, s, c, 1, 0, seat_bit(s));
  }
  return true;
}

void SuikodenState::begin_turn() {
  phase_ = Phase::kMain;
  log(kEvTurn, turn_player_, turn_);
}

// Supply phase: both players fill their hands to exactly the hand limit,
// turn player first. A player who must draw and cannot loses.
void SuikodenState::supply_phase() {
  if (phase_ == Phase::kOver) return;
  const Seat order[2] = {turn_player_, static_cast<Seat>(1 - turn_player_)};
  // Drawing changes no hand limit: each is read once.
  const int limit[2] = {hand_limit(0), hand_limit(1)};
  for (Seat s : order) {
    const int need = limit[s] - static_cast<int>(players_[s].hand.size());
    if (need > 0 && !draw(s, need)) {
      players_[s].decked = true;
      log(kEvDecked, s);
    }
  }
  if (players_[0].decked || players_[1].decked) {
    end_game(players_[0].decked && players_[1].decked ? -1 : (players_[0].decked ? 1 : 0));
    return;
  }
  for (Seat s : order)
    if (static_cast<int>(players_[s].hand.size()) > limit[s]) {
      phase_ = Phase::kTrim;
      deciding_ = s;
      return;
    }
  finish_supply();
}

void SuikodenState::finish_supply() {
  turn_player_ = static_cast<Seat>(1 - turn_player_);
  ++turn_;
  begin_turn();
}

std::string SuikodenState::concede(Seat seat) {
  if (is_terminal()) return "the game is over";
  if (seat < 0 || seat > 1) return "there is no seat " + std::to_string(seat);
  end_game(1 - seat);
  return {};
}

void SuikodenState::end_game(int winner) {
  winner_ = static_cast<std::int8_t>(winner);
  phase_ = Phase::kOver;
  log(kEvGameOver, winner);
}

void SuikodenState::check_vp_win(Seat s) {
  if (vp(s) >= rules_->vp_to_win) end_game(s);
}

}  // namespace tt::suikoden
