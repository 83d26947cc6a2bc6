// The observation tensor: what a seat sees as a fixed row of numbers, for
// learning agents (docs/games/suikoden.md, "Search and learning", lists every
// entry). Seat-relative: "me" is the observing seat, "opp" the other; places
// in the order m(me) m'(me) m(opp) m'(opp). Cards are counted by definition
// (one block of pool-size entries per zone), so the shape depends only on the
// card pool. Everything here is in the seat's view; nothing hidden is read
// (the other hand and the decks only by their sizes).
#include <algorithm>

#include "games/suikoden/state.h"

namespace tt::suikoden {

namespace {

constexpr int kPhases = 11;
// The scalar entries before the card blocks (see the docs table).
constexpr int kScalars = kPhases + 18 + 19 + kPlaces * 2 * 3;
// Card blocks: hand, 2 discards, 2 resolved, 2 stationed, 2 commanders,
// mulligan picks, duel card, last dispatched, 3 weakened stats, and per place
// the mission, the support and each side's dispatched characters.
constexpr int kBlocks = 1 + 2 + 2 + 2 + 2 + 1 + 1 + 1 + 3 + kPlaces * 4;

}  // namespace

std::vector<int> SuikodenState::observation_shape() const {
  return {kScalars + kBlocks * static_cast<int>(rules_->pool.cards.size())};
}

void SuikodenState::observation(Seat seat, float* out) const {
  if (seat != 0 && seat != 1)
    throw Error("observation: seat " + std::to_string(seat) + " is not at this table");
  const int n = static_cast<int>(rules_->pool.cards.size());
  std::fill(out, out + kScalars + kBlocks * n, 0.0f);
  const Seat me = seat;
  const Seat opp = static_cast<Seat>(1 - seat);
  const Seat sides[2] = {me, opp};
  const SeatMask pending = pending_seats();
  auto rel_place = [&](int p) { return (p - 2 * me + kPlaces) % kPlaces; };
  auto flag = [](bool b) { return b ? 1.0f : 0.0f; };

  float* x = out;
  x[static_cast<int>(phase_)] = 1.0f;
  x += kPhases;
  *x++ = flag(turn_player_ == me);
  *x++ = flag(first_player_ == me);
  *x++ = flag(has_seat(pending, me));
  *x++ = flag(has_seat(pending, opp));
  *x++ = static_cast<float>(std::min(turn_, std::int16_t{200})) / 200.0f;
  *x++ = static_cast<float>(mulligan_pick_.size());
  for (Seat s : sides) {
    const PlayerZones& p = players_[s];
    *x++ = std::min(1.0f, static_cast<float>(vp(s)) / static_cast<float>(rules_->vp_to_win));
    *x++ = static_cast<float>(p.facilities_built);
    *x++ = static_cast<float>(p.hand.size());
    *x++ = static_cast<float>(hand_limit(s));
    *x++ = static_cast<float>(p.deck.size());
    *x++ = flag(p.decked);
  }
  // The battle (all 0 outside one).
  const bool in_battle = battle_.place >= 0 && phase_ != Phase::kMain;
  if (in_battle) {
    x[rel_place(battle_.place)] = 1.0f;
    x[4] = flag(battle_.is_new);
    x[5] = flag(battle_.first_step);
    x[6] = static_cast<float>(battle_.passes);
    for (int i = 0; i < 2; ++i) {
      const Seat s = sides[i];
      x[7 + i] = flag(battle_.acting == s);
      x[9 + i] = flag(battle_.winner == s);
      x[11 + i] = static_cast<float>(battle_.to_cover[s]);
      x[13 + i] = static_cast<float>(battle_.troops[s]);
      x[15 + i] = flag(battle_.duel_picked[s]);
      x[17 + i] = flag(battle_.duel_card[s] != kNoCard);
    }
  }
  x += 19;
  // Each place's totals: me then opp, atk troops build.
  for (int p = 0; p < kPlaces; ++p) {
    float* t = x + rel_place(p) * 6;
    if (places_[p].card == kNoCard) continue;
    for (int i = 0; i < 2; ++i)
      for (Stat st : {Stat::kAtk, Stat::kTroops, Stat::kBuild})
        t[i * 3 + static_cast<int>(st)] = static_cast<float>(total(p, sides[i], st));
  }
  x += kPlaces * 6;

  // Card blocks, counted by definition.
  auto count = [&](float* block, Card c) {
    if (c != kNoCard) block[def_[c]] += 1.0f;
  };
  auto next_block = [&] {
    float* b = x;
    x += n;
    return b;
  };
  float* hand = next_block();
  for (Card c : players_[me].hand) count(hand, c);
  for (Seat s : sides) {
    float* b = next_block();
    for (Card c : players_[s].discard) count(b, c);
  }
  for (Seat s : sides) {
    float* b = next_block();
    for (auto& r : players_[s].resolved) count(b, r.card);
  }
  for (Seat s : sides) {
    float* b = next_block();
    for (auto& r : players_[s].resolved) count(b, r.stationed);
  }
  for (Seat s : sides) count(next_block(), players_[s].commander);
  float* picks = next_block();
  if (phase_ == Phase::kMulligan && deciding_ == me)
    for (Card c : mulligan_pick_) count(picks, c);
  float* duel = next_block();
  if (in_battle) count(duel, battle_.duel_card[me]);
  float* last = next_block();
  if (in_battle) count(last, battle_.last_dispatched);
  float* weakened[3] = {next_block(), next_block(), next_block()};
  if (in_battle)
    for (auto& w : battle_.weakened)
      weakened[static_cast<int>(w.stat)][def_[w.card]] += static_cast<float>(w.amount);
  float* place_blocks = x;
  for (int p = 0; p < kPlaces; ++p) {
    float* b = place_blocks + rel_place(p) * 4 * n;
    const MissionPlace& mp = places_[p];
    count(b, mp.card);
    count(b + n, mp.support);
    for (int i = 0; i < 2; ++i)
      for (Card c : mp.dispatched[sides[i]]) count(b + (2 + i) * n, c);
  }
}

}  // namespace tt::suikoden
