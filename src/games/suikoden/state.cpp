#include "games/suikoden/state.h"

#include <algorithm>

#include "core/error.h"
#include "games/suikoden/events.h"

namespace tt::suikoden {

SuikodenState::SuikodenState(std::shared_ptr<const Rules> rules)
    : rules_(std::move(rules)), defs_(rules_->pool.cards.data()), facts_(rules_->facts.data()) {
  recount_hand_limits();
}

std::unique_ptr<State> SuikodenState::clone() const {
  auto copy = std::make_unique<SuikodenState>(*this);
  copy->detach_log();
  return copy;
}

void SuikodenState::assign(const State& other) {
  assign_same<SuikodenState>(other);
}

Card SuikodenState::add_card(int def, Seat owner) {
  if (num_cards_ >= kMaxCards - 1) throw Error("too many cards in one game");
  def_[num_cards_] = static_cast<std::uint16_t>(def);
  owner_[num_cards_] = static_cast<std::uint8_t>(owner);
  return num_cards_++;
}

// A card leaving play takes its battle marks with it.
void SuikodenState::to_discard(Card c) {
  players_[owner_[c]].discard.push_back(c);
  if (battle_.last_dispatched == c) battle_.last_dispatched = kNoCard;
  for (std::size_t i = 0; i < battle_.weakened.size();) {
    if (battle_.weakened[i].card == c)
      battle_.weakened.erase_at(i);
    else
      ++i;
  }
}

Outcomes SuikodenState::outcomes() const {
  return winner_outcomes(2, winner_);
}

// Both seats may be waited for only in a duel.
SeatMask SuikodenState::duel_pending() const {
  SeatMask m = 0;
  for (Seat s = 0; s < 2; ++s)
    if (!battle_.duel_picked[s]) m |= seat_bit(s);
  return m;
}

// In a duel the turn player's choice is asked first; it stays face down.
Seat SuikodenState::duel_to_act() const {
  const SeatMask m = duel_pending();
  if (m == 0) return kNoSeat;
  if (has_seat(m, turn_player_)) return turn_player_;
  return has_seat(m, 0) ? 0 : 1;
}

int SuikodenState::vp(Seat s) const {
  return players_[s].mission_vp + players_[s].facilities_built / 2;
}

int SuikodenState::count_hand_limit(Seat s) const {
  int limit = rules_->hand_size;
  for (Seat owner = 0; owner < 2; ++owner) {
    auto apply = [&](Card c) {
      limit += owner == s ? facts(c).hand_limit_self : facts(c).hand_limit_others;
    };
    if (players_[owner].commander != kNoCard) apply(players_[owner].commander);
    for (auto& r : players_[owner].resolved)
      if (facts(r.card).facility) apply(r.card);
  }
  return std::max(limit, 1);
}

}  // namespace tt::suikoden
