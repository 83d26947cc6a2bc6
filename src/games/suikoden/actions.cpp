// The options of each pending decision, and applying the chosen one.
// Identical copies of a card are one option: the first copy is used.
#include <algorithm>

#include "core/text.h"
#include "games/suikoden/casualties.h"
#include "games/suikoden/events.h"
#include "games/suikoden/state.h"

namespace tt::suikoden {

namespace {

// The definitions met so far in one list of at most N cards: a bit each for
// the first 256 definitions (every pool of ours), a short list for others.
// Which cards pass and which repeat is anyone's guess, so neither is a branch.
template <std::size_t N>
class DefsSeen {
 public:
  // Whether `d` is wanted and new; marks it met when wanted.
  bool first(std::uint16_t d, bool wanted = true) {
    if (d < 256) [[likely]] {
      const std::uint64_t bit = std::uint64_t{wanted} << (d & 63);
      const bool fresh = wanted & ((bits_[d >> 6] & bit) == 0);
      bits_[d >> 6] |= bit;
      return fresh;
    }
    if (!wanted || std::find(others_, others_ + count_, d) != others_ + count_) return false;
    others_[count_++] = d;
    return true;
  }

 private:
  std::uint64_t bits_[4] = {};
  std::uint16_t others_[N];
  std::size_t count_ = 0;
};

// Adds {kind, card, place} for each card passing `ok`, once per card definition.
template <typename Cards, typename Ok>
void per_def(const SuikodenState& st, ActionList& out, std::uint16_t kind, const Cards& cards,
             std::uint16_t place, Ok ok) {
  DefsSeen<Cards::capacity()> added;  // the definitions offered so far
  for (Card c : cards)
    if (added.first(st.definition(c), ok(c))) out.push_back({kind, c, place, 0});
}

// The first copy of each definition among `cards`, in their order: the cards
// options name. Every condition an option asks of a card depends on its
// definition only, so filtering these equals filtering all then keeping firsts.
template <typename Cards>
int first_copies(const SuikodenState& st, const Cards& cards, Card* out) {
  DefsSeen<Cards::capacity()> seen;
  int count = 0;
  for (Card c : cards) {
    out[count] = c;
    count += seen.first(st.definition(c));
  }
  return count;
}

}  // namespace

void SuikodenState::legal_actions(Seat seat, ActionList& out) const {
  out.clear();
  if (!has_seat(pending_seats(), seat)) return;
  const auto& hand = players_[seat].hand;
  auto any = [](Card) { return true; };
  switch (phase_) {
    case Phase::kMulligan:
      if (static_cast<int>(mulligan_pick_.size()) < rules_->mulligan_max)
        per_def(*this, out, kMulliganPick, hand, 0,
                [&](Card c) { return !mulligan_pick_.contains(c); });
      out.push_back({kMulliganDone, 0, 0, 0});
      return;
    case Phase::kMain: {
      constexpr std::size_t kHand = decltype(PlayerZones::hand)::capacity();
      Card firsts[kHand], missions[kHand];
      const int n = first_copies(*this, hand, firsts);
      int m = 0;
      for (int i = 0; i < n; ++i) {
        out.push_back({kDiscardCard, firsts[i], 0, 0});
        missions[m] = firsts[i];
        m += !facts(firsts[i]).character;
      }
      for (std::uint16_t p = static_cast<std::uint16_t>(seat * 2); p < seat * 2 + 2; ++p)
        if (places_[p].card == kNoCard)
          for (int i = 0; i < m; ++i) out.push_back({kNewMission, missions[i], p, 0});
      // What the hand can bring out is the same for every mission: asked once.
      HandReach reach;
      bool reached = false;
      for (std::uint16_t p = 0; p < kPlaces; ++p) {
        if (places_[p].card == kNoCard) continue;
        if (!reached) {
          NamesInPlay in_play;
          reach = hand_reach({firsts, static_cast<std::size_t>(n)}, in_play);
          reached = true;
        }
        if (has_dispatch(p, seat, reach)) out.push_back({kContinue, 0, p, 0});
      }
      if (out.empty()) out.push_back({kRest, 0, 0, 0});
      return;
    }
    case Phase::kDiscard:
      per_def(*this, out, kDiscardCard, hand, 0, any);
      out.push_back({kDiscardDone, 0, 0, 0});
      return;
    case Phase::kSupport: {
      NamesInPlay in_play;
      per_def(*this, out, kSupportPick, hand, static_cast<std::uint16_t>(battle_.place),
              [&](Card c) { return facts(c).support_character && unique_ok(c, in_play); });
      out.push_back({kNoSupport, 0, 0, 0});
      return;
    }
    case Phase::kBattle: {
      const auto p = static_cast<std::uint16_t>(battle_.place);
      NamesInPlay in_play;
      const LinkNeed need = link_need(p, seat);
      per_def(*this, out, kDispatch, hand, p,
              [&](Card c) { return can_dispatch(c, need, in_play); });
      const Card support = places_[p].support;
      if (support != kNoCard && owner_of_place(p) == seat && need.met_by(facts(support)))
        out.push_back({kRedeploy, support, p, 0});
      if (!battle_.first_step) out.push_back({kPass, 0, 0, 0});
      return;
    }
    case Phase::kCounter:
      per_def(*this, out, kCounterUse, hand, 0, [&](Card c) { return counter_usable(c, seat); });
      out.push_back({kCounterDecline, 0, 0, 0});
      return;
    case Phase::kCasualties:
      per_def(*this, out, kCasualty, places_[battle_.place].dispatched[seat], 0,
              [&](Card c) { return may_lose(*this, seat, c); });
      return;
    case Phase::kStation:
      per_def(*this, out, kStationPick, places_[battle_.place].dispatched[seat], 0,
              [&](Card c) { return !def(c).is_pair(); });
      return;
    case Phase::kDuel:
      per_def(*this, out, kDuelPick, hand, 0, any);
      return;
    case Phase::kTrim:
      per_def(*this, out, kTrimCard, hand, 0, any);
      return;
    case Phase::kOver:
      return;
  }
}

void SuikodenState::apply_action(Seat seat, Action a) {
  const Card c = static_cast<Card>(a.a);
  auto& me = players_[seat];
  switch (static_cast<Act>(a.kind)) {
    case kMulliganPick:
      mulligan_pick_.push_back(c);
      return;
    case kMulliganDone: {
      // Return the picked cards, shuffle, and refill to the hand size.
      for (Card r : mulligan_pick_) {
        me.hand.remove(r);
        me.deck.push_back(r);
      }
      log(kEvMulligan, seat, static_cast<int>(mulligan_pick_.size()));
      if (!mulligan_pick_.empty()) {
        rng_.shuffle(me.deck.begin(), me.deck.end());
        draw(seat, rules_->hand_size - static_cast<int>(me.hand.size()));
      }
      mulligan_pick_.clear();
      if (seat == first_player_) {
        deciding_ = static_cast<Seat>(1 - seat);
      } else {
        begin_turn();
      }
      return;
    }
    case kDiscardCard:
      me.hand.remove(c);
      to_discard(c);
      log(kEvDiscard, seat, c);
      phase_ = Phase::kDiscard;
      deciding_ = seat;
      if (me.hand.empty()) supply_phase();
      return;
    case kDiscardDone:
    case kRest:
      supply_phase();
      return;
    case kNewMission:
      me.hand.remove(c);
      places_[a.b].card = c;
      log(kEvNewMission, seat, c, a.b);
      battle_ = BattleStatus{};
      battle_.place = static_cast<std::int8_t>(a.b);
      if (def(c).battle != Battle::kDuel) {
        NamesInPlay in_play;
        for (Card h : me.hand)
          if (facts(h).support_character && unique_ok(h, in_play)) {
            phase_ = Phase::kSupport;  // a support character can be added
            return;
          }
      }
      start_battle(a.b, true);
      return;
    case kSupportPick:
      me.hand.remove(c);
      places_[a.b].support = c;
      enter_field(c);
      log(kEvSupport, seat, c, a.b, places_[a.b].card);
      start_battle(a.b, true);
      return;
    case kNoSupport:
      start_battle(battle_.place, true);
      return;
    case kContinue:
      log(kEvContinue, seat, 0, a.b, places_[a.b].card);
      start_battle(a.b, false);
      return;
    case kDispatch:
      dispatch(seat, c, false);
      return;
    case kRedeploy:
      dispatch(seat, c, true);
      return;
    case kPass:
      ++battle_.passes;
      log(kEvPass, seat);
      after_step();
      return;
    case kCounterUse:
      use_counter(seat, c);
      return;
    case kCounterDecline:
      after_step();
      return;
    case kCasualty:
      take_casualty(seat, c);
      return;
    case kStationPick:
      station(c);
      return;
    case kDuelPick:
      pick_duel_card(seat, c);
      return;
    case kTrimCard:
      me.hand.remove(c);
      to_discard(c);
      log(kEvTrim, seat, c);
      if (static_cast<int>(me.hand.size()) > hand_limit(seat)) return;
      if (seat == turn_player_ &&
          static_cast<int>(players_[1 - seat].hand.size()) > hand_limit(1 - seat)) {
        deciding_ = static_cast<Seat>(1 - seat);
        return;
      }
      finish_supply();
      return;
  }
}

std::string SuikodenState::prompt(Seat seat) const {
  if (!has_seat(pending_seats(), seat)) return "";
  switch (phase_) {
    case Phase::kMulligan:
      return "Mulligan: pick up to " + plural(rules_->mulligan_max, "card") +
             " to return, then confirm";
    case Phase::kMain:
      return "Main phase: discard, place a new mission, or continue one";
    case Phase::kDiscard:
      return "Discard more cards, or finish";
    case Phase::kSupport:
      return "Add a support character to the new mission?";
    case Phase::kBattle:
      return "Battle: dispatch a character or pass";
    case Phase::kCounter:
      return "Answer that dispatch with a counter ability?";
    case Phase::kCasualties:
      return "Troops battle: lose characters whose printed troops add up to " +
             std::to_string(battle_.to_cover[seat]) + " (the enemy has " +
             std::to_string(battle_.troops[1 - seat]) + " troops)";
    case Phase::kStation:
      return "Mission cleared: choose the character that stations";
    case Phase::kDuel:
      return "Duel: choose a card to play face down";
    case Phase::kTrim:
      return "Hand over the limit: discard a card";
    case Phase::kOver:
      return "";
  }
  return "";
}

}  // namespace tt::suikoden
