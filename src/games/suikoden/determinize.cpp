// A full state drawn for one seat from what it knows (issue 10; docs/games/suikoden.md,
// "Search and learning").
//
// What a seat cannot see in this game: the order of every deck (its own too),
// the other seat's hand, the other seat's face-down duel card before the
// reveal (rule text "一騎打ちの判定"), and which of its hand cards the other seat
// has picked to return at the mulligan (rule text "マリガン"; how many is seen).
// No rule reveals a card that then stays hidden: nothing searches a deck or
// shows a hand, the mulligan shuffles the returned cards in, and a duel card
// leaves the hand face down and is revealed on the field. So deck lists being
// open, a seat's unseen cards are exactly the cards in those hidden places,
// and no card needs a "known to" mark.
//
// What a seat can read from the phase: the other seat is asked for a support
// character only when it holds one that may come out, for a counter only
// when it holds one usable against the last dispatch, and a continued
// mission's first step (no pass allowed) only when it can dispatch. A deal
// that contradicts that is drawn again.
#include <algorithm>
#include <bit>

#include "core/error.h"
#include "games/suikoden/state.h"

namespace tt::suikoden {

namespace {

// The unseen cards of one pool and the places they go back to. The cards
// are put in order of definition before the shuffle, so the deal depends on
// which cards are unseen, never on which physical copy lay where (copies of
// one definition are interchangeable: options and saves name definitions).
// Fixed arrays: nothing allocates.
class Deal {
 public:
  static constexpr int kMax = 128;  // a deck (64), a hand (40) and a duel card fit

  explicit Deal(const std::array<std::uint16_t, kMaxCards>& defs) : defs_(defs) {}

  void add(Card& place) {
    if (n_ == kMax) throw Error("determinize: more than 128 unseen cards in one pool");
    places_[n_] = &place;
    cards_[n_] = place;
    ++n_;
  }
  // Every unseen card to a uniformly random place (again: a fresh deal).
  void deal(Rng& rng) {
    if (!ordered_) order_by_definition();
    ordered_ = true;
    Rng local = rng;  // kept in registers through the shuffle
    local.shuffle(cards_, cards_ + n_);
    rng = local;
    for (int i = 0; i < n_; ++i) *places_[i] = cards_[i];
  }

 private:
  // A counting sort over the definitions present (a pool of up to 256
  // definitions; a larger one is sorted by comparison).
  void order_by_definition() {
    std::uint64_t present[4] = {};
    std::uint8_t count[256] = {};
    for (int i = 0; i < n_; ++i) {
      const unsigned d = defs_[cards_[i]];
      if (d >= 256) {
        std::sort(cards_, cards_ + n_, [&](Card x, Card y) {
          return defs_[x] != defs_[y] ? defs_[x] < defs_[y] : x < y;
        });
        return;
      }
      present[d >> 6] |= std::uint64_t{1} << (d & 63);
      ++count[d];
    }
    std::uint8_t start[256] = {};
    int at = 0;
    for (int w = 0; w < 4; ++w)
      for (std::uint64_t m = present[w]; m != 0; m &= m - 1) {
        const int d = w * 64 + std::countr_zero(m);
        start[d] = static_cast<std::uint8_t>(at);
        at += count[d];
      }
    Card sorted[kMax];
    for (int i = 0; i < n_; ++i) sorted[start[defs_[cards_[i]]]++] = cards_[i];
    std::copy(sorted, sorted + n_, cards_);
  }

  const std::array<std::uint16_t, kMaxCards>& defs_;
  Card* places_[kMax];
  Card cards_[kMax];
  int n_ = 0;
  bool ordered_ = false;
};

// A hand that agrees with the phase usually comes within a few deals (one
// card in ten of the pool will do in the tests); after this many the last
// deal is kept (a hand-written state may allow none).
constexpr int kMaxRedeals = 1000;

}  // namespace

bool SuikodenState::hand_explains_phase(Seat s) const {
  const auto& hand = players_[s].hand;
  switch (phase_) {
    case Phase::kSupport: {  // asked only with a support character that may come out
      if (s != turn_player_) return true;
      NamesInPlay in_play;
      for (Card c : hand)
        if (facts(c).support_character && unique_ok(c, in_play)) return true;
      return false;
    }
    case Phase::kCounter:  // asked only with a counter usable now
      if (s != deciding_) return true;
      for (Card c : hand)
        if (counter_usable(c, s)) return true;
      return false;
    case Phase::kBattle:  // a continued mission is offered only with a dispatch
      if (!battle_.first_step || s != battle_.acting) return true;
      {
        NamesInPlay in_play;
        return has_dispatch(battle_.place, s, hand_reach({hand.begin(), hand.end()}, in_play));
      }
    default:
      return true;
  }
}

void SuikodenState::determinize(Seat observer, Rng& rng) {
  if (observer != 0 && observer != 1)
    throw Error("determinize: seat " + std::to_string(observer) + " is not at this table");
  const Seat other = static_cast<Seat>(1 - observer);

  // The observer's own deck: its cards are known (the deck list less what it
  // has seen), their order is not.
  {
    Deal own(def_);
    for (Card& c : players_[observer].deck) own.add(c);
    own.deal(rng);
  }

  // The other seat's hand, deck and face-down duel card are one pool.
  Deal hidden(def_);
  PlayerZones& o = players_[other];
  for (Card& c : o.hand) hidden.add(c);
  for (Card& c : o.deck) hidden.add(c);
  if (battle_.duel_card[other] != kNoCard) hidden.add(battle_.duel_card[other]);
  hidden.deal(rng);
  for (int tries = 1; tries < kMaxRedeals && !hand_explains_phase(other); ++tries) hidden.deal(rng);

  // Its mulligan picks so far: as many, now among the cards dealt to its
  // hand (the hand's first ones: the deal made their order random).
  if (phase_ == Phase::kMulligan && deciding_ == other) {
    const std::size_t picked = mulligan_pick_.size();
    mulligan_pick_.clear();
    for (std::size_t i = 0; i < picked; ++i) mulligan_pick_.push_back(o.hand[i]);
  }

  // Chance to come (shuffles after a mulligan) is fresh.
  rng_ = Rng(rng.next());
}

// Identical copies are one option (actions.cpp), so an option naming a card
// is seen by the card's definition; what the other seat returns at the
// mulligan or plays face down is seen only as such a choice.
Action SuikodenState::observed_action(Seat seat, Action a, Seat viewer) const {
  const bool hidden_from_viewer = viewer != seat && viewer != kReferee;
  switch (static_cast<Act>(a.kind)) {
    case kMulliganPick:
    case kDuelPick:
      if (hidden_from_viewer) return Action{a.kind, 0, 0, 1};
      [[fallthrough]];
    case kDiscardCard:
    case kNewMission:
    case kSupportPick:
    case kDispatch:
    case kRedeploy:
    case kCounterUse:
    case kCasualty:
    case kStationPick:
    case kTrimCard:
      if (a.a < num_cards_) a.a = def_[a.a];
      return a;
    default:
      return a;
  }
}

}  // namespace tt::suikoden
