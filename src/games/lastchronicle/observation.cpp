// The observation tensor for learning agents: a flat vector of what one seat
// sees, seats taken from the observer on in turn order (seat-relative), card
// zones as counts over the pool (P cards, T tokens). Every entry is listed in
// docs/games/lastchronicle.md, "Search and learning". It reads only what the
// seat's view shows: its own hand and set-up pick, the cards it knows in
// other hands and in decks (knowledge.cpp), and the public zones.
#include <algorithm>

#include "core/error.h"
#include "games/lastchronicle/state.h"

namespace tt::lastchronicle {

namespace {
constexpr int kSeatScalars = 17;
constexpr int kSeatPlanes = 15;
constexpr int kGlobalScalars = 17;
constexpr int kGlobalPlanes = 5;
}  // namespace

std::vector<int> LcState::observation_shape() const {
  const int P = static_cast<int>(rules_->pool.cards.size());
  const int T = static_cast<int>(rules_->pool.tokens.size());
  return {num_seats() * (kSeatScalars + T + kSeatPlanes * P) + kGlobalScalars + kGlobalPlanes * P};
}

void LcState::observation(Seat seat, float* out) const {
  const int n = num_seats();
  if (seat < 0 || seat >= n) throw Error("observation: no seat " + std::to_string(seat));
  const std::size_t P = rules_->pool.cards.size();
  const std::size_t T = rules_->pool.tokens.size();
  std::fill(out, out + observation_shape()[0], 0.0f);
  const SeatMask pending = pending_seats();
  const bool tops_shown = tops_revealed();
  float* o = out;
  for (int k = 0; k < n; ++k) {
    const Seat s = (seat + k) % n;
    const Player& p = players_[s];
    float* v = o;
    v[0] = order_.in_game(s);
    v[1] = p.life / 20.0f;
    v[2] = static_cast<float>(p.hand.size()) / 10.0f;
    v[3] = static_cast<float>(p.deck.size()) / 40.0f;
    v[4] = p.developed / 5.0f;
    v[5] = p.glyph_active;
    v[6] = p.decked;
    v[7] = p.leader_home;
    v[8] = p.leader_usable;
    v[9] = s == turn_player_;
    v[10] = has_seat(pending, s);
    v[11] = s == combat_.target;
    if (p.position >= 0 && p.position < 4) v[12 + p.position] = 1.0f;
    v[16] = phase_ == Phase::kMulligan && s == deciding_
                ? static_cast<float>(mulligan_pick_.size()) / 4.0f
                : 0.0f;
    float* tokens = v + kSeatScalars;
    for (auto t : p.tokens) tokens[t] += 1.0f;
    float* plane = tokens + T;
    auto at = [&](int i, Card c) -> float& {
      return plane[static_cast<std::size_t>(i) * P + def_[c]];
    };
    for (Card c : p.hand)
      if (s == seat || has_seat(known_[c], seat)) at(0, c) += 1;
    for (std::size_t i = 0; i < p.deck.size(); ++i)
      if (has_seat(known_[p.deck[i]], seat) || (tops_shown && i + 1 == p.deck.size()))
        at(1, p.deck[i]) += 1;
    for (const Unit& u : p.field) {
      at(2, u.card) += 1;
      at(3, u.card) += !u.wiped;
      at(4, u.card) += u.fresh;
      at(5, u.card) += static_cast<float>(atk(u.card)) / 10.0f;
      at(6, u.card) += static_cast<float>(def_value(u.card) - u.damage) / 10.0f;
      at(7, u.card) += negated(u.card);
    }
    for (Card c : p.ca_yard) at(8, c) += 1;
    for (Card c : p.discard) at(9, c) += 1;
    for (Card c : p.removed) at(10, c) += 1;
    if (p.ride != kNoCard) at(11, p.ride) += 1;
    if (p.shed != kNoCard) at(12, p.shed) += 1;
    if (p.leader != kNoCard && p.leader_home) at(13, p.leader) += 1;
    if (s == seat && p.setup_pick != kNoCard) at(14, p.setup_pick) += 1;
    o += kSeatScalars + T + kSeatPlanes * P;
  }
  // The table: phase, window, turn, what is being resolved or paid.
  o[static_cast<int>(phase_)] = 1.0f;
  o[8 + static_cast<int>(window_)] = 1.0f;
  o[12] = static_cast<float>(std::min<int>(turn_, 100)) / 50.0f;
  o[13] = res_.active;
  o[14] = pay_.what != Paying::kNone;
  o[15] = pay_.what != Paying::kNone ? static_cast<float>(pay_.remaining) / 10.0f : 0.0f;
  o[16] = ordering_ == seat;
  float* plane = o + kGlobalScalars;
  auto mark = [&](int i, Card c) {
    if (c != kNoCard) plane[static_cast<std::size_t>(i) * P + def_[c]] += 1;
  };
  if (res_.active) mark(0, res_.card);
  mark(1, combat_.attacker);
  mark(2, combat_.blocker);
  if (pay_.what != Paying::kNone) mark(3, pay_.card);
  if (phase_ == Phase::kMulligan && seat == deciding_)
    for (Card c : mulligan_pick_) mark(4, c);
}

}  // namespace tt::lastchronicle
