// The observation tensor for learning agents (issue 10): a flat vector of
// what one seat sees, the seat itself first and the others in turn order
// from it. Its layout is documented in docs/games/magic.md ("Search and
// learning"); every entry is read from what the seat's view shows.
#include <algorithm>

#include "games/magic/state.h"

namespace tt::magic {

namespace {

constexpr int kSteps = static_cast<int>(Step::kOver) + 1;
constexpr int kGlobal = kSteps + 4;  // step one-hot, turn, stack, announcing, observer pending
constexpr int kSeatFields = 16;

float clip(double x, double lo = 0.0, double hi = 1.0) {
  return static_cast<float>(std::clamp(x, lo, hi));
}

}  // namespace

std::vector<int> MagicState::observation_shape() const {
  const int cards = static_cast<int>(rules_->pool.size());
  return {kGlobal + num_seats() * (kSeatFields + 2 * cards) + cards};
}

void MagicState::observation(Seat viewer, float* out) const {
  const int n = num_seats();
  const Seat seat = viewer >= 0 && viewer < n ? viewer : 0;  // the referee: from seat 0
  const int cards = static_cast<int>(rules_->pool.size());
  std::fill(out, out + observation_shape()[0], 0.0f);
  const TurnCtx& t = T();
  const Seat holder = t.round.is_open() ? t.round.holder() : kNoSeat;
  const SeatMask pending = pending_seats();
  // Global block.
  out[static_cast<int>(t.step)] = 1.0f;
  out[kSteps] = clip(turn_ / 100.0);
  std::size_t stack = 0;
  for (int k = 0; k < markers_; ++k) stack += ctx_[k].stack.size();
  out[kSteps + 1] = clip(static_cast<double>(stack) / 10.0);
  out[kSteps + 2] = cast_.active && cast_.item.kind == ItemKind::kSpell ? 1.0f : 0.0f;
  out[kSteps + 3] = has_seat(pending, seat) ? 1.0f : 0.0f;
  // One block per seat, the observer first.
  for (int r = 0; r < n; ++r) {
    const Seat s = (seat + r) % n;
    const Player& p = players_[s];
    float* b = out + kGlobal + r * (kSeatFields + 2 * cards);
    b[0] = order_.in_game(s) ? 1.0f : 0.0f;
    b[1] = order_.teammates(s, seat) ? 1.0f : 0.0f;
    b[2] = clip(life(s) / 20.0, -1.0, 3.0);
    b[3] = clip(poison(s) / 10.0, 0.0, 2.0);
    b[4] = clip(static_cast<double>(p.hand.size()) / 10.0);
    b[5] = clip(static_cast<double>(p.library.size()) / 60.0);
    b[6] = clip(static_cast<double>(p.graveyard.size()) / 30.0);
    b[7] = clip(static_cast<double>(p.exile.size()) / 10.0);
    int lands = 0, untapped = 0, creatures = 0, power_sum = 0, toughness_sum = 0, attacking = 0;
    float* field = b + kSeatFields;
    for (Obj o : battlefield_) {
      if (objs_[o].controller != s) continue;
      field[objs_[o].def] += 0.25f;
      if (def(o).is(kLand)) {
        ++lands;
        untapped += !objs_[o].tapped;
      }
      if (def(o).is(kCreature)) {
        ++creatures;
        power_sum += std::max(0, power(o));
        toughness_sum += std::max(0, toughness(o));
      }
    }
    for (auto& a : t.attackers)
      if (!a.removed && objs_[a.obj].controller == s) ++attacking;
    b[8] = clip(untapped / 10.0);
    b[9] = clip(lands / 10.0);
    b[10] = clip(creatures / 10.0);
    b[11] = clip(power_sum / 30.0);
    b[12] = clip(toughness_sum / 30.0);
    b[13] = t.active == s ? 1.0f : 0.0f;
    b[14] = holder == s ? 1.0f : 0.0f;
    b[15] = clip(attacking / 10.0);
    for (int i = 0; i < cards; ++i) field[i] = std::min(field[i], 1.0f);
    float* yard = field + cards;
    for (Obj o : p.graveyard) yard[objs_[o].def] = std::min(1.0f, yard[objs_[o].def] + 0.25f);
  }
  // The observer's own hand, by card.
  float* hand = out + kGlobal + n * (kSeatFields + 2 * cards);
  if (viewer == seat)
    for (Obj o : players_[seat].hand)
      hand[objs_[o].def] = std::min(1.0f, hand[objs_[o].def] + 0.25f);
}

}  // namespace tt::magic
