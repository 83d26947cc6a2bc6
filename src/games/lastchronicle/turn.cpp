// Set-up and the turn: active, draw, main, combat, pre-end and end phases,
// the quick windows, and the loop that carries the game forward between
// decisions. Multiplayer guide: "ゲームの準備", "ターンの進め方", "クイックの行動".
#include "core/opponents.h"
#include "games/lastchronicle/events.h"
#include "games/lastchronicle/state.h"

namespace tt::lastchronicle {

void LcState::start(const std::vector<std::vector<int>>& decks, const std::vector<int>& leaders,
                    std::uint64_t seed) {
  rng_.reseed(seed);
  order_ = TurnOrder(static_cast<int>(decks.size()));
  for (Seat s = 0; s < num_seats(); ++s) {
    Player& p = players_[s];
    p.life = static_cast<std::int8_t>(rules_->starting_life);
    p.glyph_active = true;
    for (int d : decks[s]) p.deck.push_back(add_card(d, s));
    if (leaders[s] >= 0) {
      const Card l = add_card(leaders[s], s);
      if (rules_->multiplayer) {
        // The leader starts face up in the leader area, ready to be used.
        p.leader = l;
        p.leader_home = true;
        p.leader_usable = true;
      } else {
        p.deck.push_back(l);  // base rules: just one more card of the deck
      }
    }
    // Seats with no card that may be set as shed have nothing to choose.
    p.picked = true;
    for (Card c : p.deck)
      if (def(c).setup_shed) p.picked = false;
  }
  phase_ = Phase::kSetupShed;
  settle();
  note_revealed_tops();
}

void LcState::finish_setup() {
  const int n = num_seats();
  for (Seat s = 0; s < n; ++s) {
    Player& p = players_[s];
    for (std::size_t i = p.deck.size(); i > 1; --i)
      std::swap(p.deck[i - 1], p.deck[rng_.below(static_cast<std::uint32_t>(i))]);
  }
  // The cards set aside face down are revealed and set on the chronoglyph.
  for (Seat s = 0; s < n; ++s) {
    Player& p = players_[s];
    if (p.setup_pick == kNoCard || !order_.in_game(s)) continue;
    p.shed = p.setup_pick;
    p.setup_pick = kNoCard;
    log(kEvShedSet, s, p.shed);
  }
  // A random first player among those still in the game; clockwise from there.
  const in_turn_order playing(order_.active(), 0, order_);
  first_player_ = playing.begin()[rng_.below(static_cast<std::uint32_t>(playing.size()))];
  log(kEvFirstPlayer, first_player_);
  // Positions count the players still in the game, clockwise from the first;
  // a seat that already left takes none (it is placed after them all).
  int position = 0;
  for (int i = 0; i < n; ++i) {
    const Seat s = (first_player_ + i) % n;
    Player& p = players_[s];
    if (!order_.in_game(s)) {
      p.position = static_cast<std::int8_t>(n - 1);
      continue;
    }
    const int k = position++;
    p.position = static_cast<std::int8_t>(k);
    // Starting CA tokens by position (multiplayer only; none for the first).
    if (rules_->multiplayer && k < static_cast<int>(rules_->pool.starting_ca.size())) {
      int total = 0;
      for (auto t : rules_->pool.starting_ca[static_cast<std::size_t>(k)]) {
        p.tokens.push_back(t);
        total += rules_->pool.tokens[t].ca;
      }
      if (!p.tokens.empty()) log(kEvTokens, s, static_cast<int>(p.tokens.size()), total);
    }
  }
  for (int k = 0; k < n; ++k)
    if (order_.in_game((first_player_ + k) % n))
      draw((first_player_ + k) % n, rules_->opening_hand);
  phase_ = Phase::kMulligan;
  deciding_ = first_player_;
  mulligan_pick_.clear();
}

// One mulligan each, in turn order from the first player; then turn 1.
void LcState::next_mulligan() {
  mulligan_pick_.clear();
  const Seat next = order_.next(deciding_);
  if (next == kNoSeat || players_[next].position <= players_[deciding_].position) {
    turn_player_ = order_.in_game(first_player_) ? first_player_ : next;
    begin_turn();
    return;
  }
  deciding_ = static_cast<std::int8_t>(next);
}

void LcState::begin_turn() {
  ++turn_;
  log(kEvTurn, turn_player_, turn_);
  // Active phase: the turn player readies its units and its chronoglyph (in
  // the two-player rules both chronoglyphs are readied).
  for (Seat s = 0; s < num_seats(); ++s)
    for (auto& u : players_[s].field) u.fresh = false;
  Player& p = players_[turn_player_];
  for (auto& u : p.field) u.wiped = false;
  p.glyph_active = true;
  if (!rules_->multiplayer)
    for (Seat s = 0; s < num_seats(); ++s)
      if (order_.in_game(s)) players_[s].glyph_active = true;
  // Draw phase: the first player skips it on turn 1 unless the rules say so.
  if (turn_ > 1 || rules_->first_player_draws) draw(turn_player_, 1);
  phase_ = Phase::kMain;
  window_ = Window::kNone;
}

void LcState::end_phase() {
  log(kEvEndPhase, turn_player_);
  for (Seat s = 0; s < num_seats(); ++s)
    for (auto& u : players_[s].field) u.damage = 0;
  mods_.clear();
  combat_ = Combat{};
  round_.close();
  window_ = Window::kNone;
  jump_to_end_ = false;
  // Multiplayer: the turn player readies its chronoglyph again.
  if (rules_->multiplayer && order_.in_game(turn_player_))
    players_[turn_player_].glyph_active = true;
  turn_player_ = static_cast<std::int8_t>(order_.next(turn_player_));
  begin_turn();
}

void LcState::open_window(Window w) {
  window_ = w;
  phase_ = Phase::kWindow;
  const Seat first = order_.in_game(turn_player_) ? turn_player_ : order_.next(turn_player_);
  round_.open(order_.active(), first, RoundRule::kFullRounds);
  log(kEvWindow, -1, static_cast<int>(w));
}

void LcState::window_closed() {
  const Window w = window_;
  window_ = Window::kNone;
  switch (w) {
    case Window::kPreparation:
      phase_ = Phase::kAttack;
      break;
    case Window::kBeforeDamage:
      combat_damage();
      break;
    case Window::kPreEnd:
    case Window::kNone:
      end_phase();
      break;
  }
}

void LcState::game_over() {
  phase_ = Phase::kOver;
  round_.close();
  res_ = Resolution{};
  pay_ = Payment{};
  triggers_.clear();
  bonus_.clear();
  Seat winner = -1;
  if (order_.remaining() == 1)
    for (Seat s = 0; s < num_seats(); ++s)
      if (order_.in_game(s)) winner = s;
  log(kEvGameOver, winner);
}

// Carries the game on when no decision is due. Returns false when a seat
// must decide.
bool LcState::advance_flow() {
  switch (phase_) {
    case Phase::kSetupShed:
      for (Seat s = 0; s < num_seats(); ++s)
        if (order_.in_game(s) && !players_[s].picked) return false;
      finish_setup();
      return true;
    case Phase::kName: {
      const Seat only = only_seat(opponent_candidates(order_, turn_player_));
      if (only == kNoSeat) return false;
      name_target(only);
      return true;
    }
    case Phase::kWindow:
      if (round_.is_open()) return false;
      window_closed();
      return true;
    case Phase::kAttack:
      for (auto& u : players_[turn_player_].field)
        if (can_attack(turn_player_, u)) return false;
      end_combat();
      return true;
    case Phase::kBlock:
      for (auto& u : players_[combat_.target].field)
        if (!u.wiped) return false;
      log(kEvNoBlock, combat_.target);
      open_window(Window::kBeforeDamage);
      return true;
    default:
      return false;
  }
}

// The order of business after every decision: rule checks, the resolution in
// progress, waiting triggers (seat by seat from the turn player), elimination
// bonuses, the jump to the end phase when the turn player left, then the turn.
void LcState::settle() {
  for (int guard = 0; guard < 100000; ++guard) {
    if (phase_ == Phase::kOver) return;
    if (!res_.active) state_checks();
    if (phase_ == Phase::kOver) return;
    if (pay_.what != Paying::kNone) return;
    if (res_.active) {
      if (!run_resolution()) return;
      continue;
    }
    if (!triggers_.empty()) {
      const Seat s = triggers_.next_seat(order_, turn_player_);
      if (triggers_.count(s) > 1) {
        ordering_ = static_cast<std::int8_t>(s);
        return;
      }
      ordering_ = kNoSeat;
      start_trigger(static_cast<std::size_t>(triggers_.index_of(s, 0)));
      continue;
    }
    ordering_ = kNoSeat;
    if (!bonus_.empty()) {
      // The elimination bonus, one part at a time, triggers resolving between.
      const Seat s = bonus_[0];
      log(kEvBonus, s, bonus_step_);
      switch (bonus_step_) {
        case 0:
          gain_life(s, rules_->bonus_life);
          break;
        case 1:
          draw(s, 1);
          break;
        case 2:
          chrono_check_card(s);
          break;
        default:
          develop(s);
          break;
      }
      if (++bonus_step_ == 4) {
        bonus_step_ = 0;
        bonus_.erase_at(0);
      }
      continue;
    }
    if (jump_to_end_) {
      end_phase();
      continue;
    }
    if (!advance_flow()) return;
  }
}

}  // namespace tt::lastchronicle
