// The state of one game of Genso Suikoden Card Stories: a plain value of
// fixed-size arrays (no heap), so search can copy it cheaply.
// Rule text: "Genso Suikoden Card Stories", the full 2-player rules ("ゲームの流れ", "ルール細則",
// "カード構成").
#pragma once
#include <array>
#include <cassert>
#include <memory>
#include <span>

#include "core/rng.h"
#include "core/state.h"
#include "core/static_vec.h"
#include "games/suikoden/rules.h"

namespace tt::suikoden {

// A physical card in this game, an index into SuikodenState::def_.
using Card = std::uint8_t;
inline constexpr Card kNoCard = 255;
inline constexpr int kMaxCards = 160;
inline constexpr int kPlaces = 4;  // two mission places per player: m0 m1 (seat 0), m2 m3 (seat 1)

enum class Phase : std::uint8_t {
  kMulligan,    // a seat picks up to 3 cards to return, then confirms
  kMain,        // the turn player picks one main-phase action
  kDiscard,     // discarding more cards after the first, or finishing
  kSupport,     // the placer may add a support character to the new mission
  kBattle,      // the acting seat dispatches or passes
  kCounter,     // the other seat may answer a dispatch with a counter from hand
  kCasualties,  // troops battle: a seat discards characters covering the enemy troops
  kStation,     // the clearing seat picks the character that stations
  kDuel,        // both seats pick a card face down at once
  kTrim,        // supply: a seat over its hand limit discards down to it
  kOver,
};
// The phases as views and saved states name them, in Phase's order.
inline constexpr const char* kPhaseNames[] = {"mulligan", "main",    "discard",    "support",
                                              "battle",   "counter", "casualties", "station",
                                              "duel",     "trim",    "over"};

// Action kinds (Action::kind); operands: a = card, b = place.
enum Act : std::uint16_t {
  kMulliganPick,
  kMulliganDone,
  kDiscardCard,
  kDiscardDone,
  kRest,
  kNewMission,
  kContinue,
  kSupportPick,
  kNoSupport,
  kDispatch,
  kRedeploy,
  kPass,
  kCounterUse,
  kCounterDecline,
  kCasualty,
  kStationPick,
  kDuelPick,
  kTrimCard,
};

struct MissionPlace {
  Card card = kNoCard;
  Card support = kNoCard;  // placed by the mission's owner with the new mission
  std::array<StaticVec<Card, 16>, 2> dispatched;  // per seat, in dispatch order
  friend bool operator==(const MissionPlace&, const MissionPlace&) = default;
};

struct Resolved {
  Card card = kNoCard;       // the cleared mission or built facility
  Card stationed = kNoCard;  // the character stationed on it
  friend bool operator==(const Resolved&, const Resolved&) = default;
};

struct PlayerZones {
  StaticVec<Card, 64> deck;  // back() is the top card
  StaticVec<Card, 40> hand;
  StaticVec<Card, kMaxCards> discard;
  StaticVec<Resolved, 24> resolved;
  Card commander = kNoCard;
  std::int8_t mission_vp = 0;
  std::int8_t facilities_built = 0;
  bool decked = false;  // had to draw and could not
  friend bool operator==(const PlayerZones&, const PlayerZones&) = default;
};

// A counter's lasting effect: a character weakened until the battle ends.
struct Weakened {
  Card card = kNoCard;
  Stat stat = Stat::kAtk;
  std::int16_t amount = 0;
  friend bool operator==(const Weakened&, const Weakened&) = default;
};

struct BattleStatus {
  std::int8_t place = -1;
  bool is_new = false;
  bool first_step = false;  // a continued mission's first step may not pass
  std::int8_t passes = 0;   // consecutive passes
  Seat acting = 0;
  Card last_dispatched = kNoCard;
  StaticVec<Weakened, 16> weakened;
  Seat winner = kNoSeat;                   // the clearing seat during stationing
  std::array<std::int32_t, 2> to_cover{};  // troops still to cover by casualties
  std::array<std::int32_t, 2> troops{};    // troops totals when the casualties began
  std::array<Card, 2> duel_card{kNoCard, kNoCard};
  std::array<bool, 2> duel_picked{false, false};
  friend bool operator==(const BattleStatus&, const BattleStatus&) = default;
};

// The names of every character on either field (commanders, supports,
// dispatched characters, characters stationed on resolved missions),
// gathered at most once per question, and only when a card that passes the
// cheaper conditions asks for uniqueness (SuikodenState::unique_ok).
class NamesInPlay {
 public:
  // Every card on the fields, two names at most each.
  static constexpr int kMax = 2 * (2 + 2 * 24 + kPlaces + kPlaces * 2 * 16);
  bool gathered() const { return gathered_; }
  void mark_gathered() { gathered_ = true; }
  void add(const DefFacts& f) {
    for (int n : f.names)
      if (n >= 0) {
        names_[count_++] = n;
        seen_ |= bit(n);
      }
  }
  bool has(int name) const {
    if ((seen_ & bit(name)) == 0) return false;  // the usual answer, without a search
    for (int i = 0; i < count_; ++i)
      if (names_[i] == name) return true;
    return false;
  }

 private:
  static std::uint64_t bit(int name) { return std::uint64_t{1} << (name & 63); }
  std::uint64_t seen_ = 0;
  int count_ = 0;
  bool gathered_ = false;
  int names_[kMax];  // the first count_ are set
};

// What a character needs to come out on one side of a mission (link_need):
// to be a leader when the side has no one there yet, else a link letter
// among `links`.
struct LinkNeed {
  bool leader = true;
  std::uint16_t links = 0;
  bool met_by(const DefFacts& f) const { return leader ? f.leader : (links & f.links) != 0; }
};

// What a hand could bring out on any mission as far as the cards alone go
// (SuikodenState::hand_reach: dispatchable, unique): whether one is a
// leader, and every link letter among them. Which missions they reach then
// depends on each mission's LinkNeed only.
struct HandReach {
  bool leader = false;
  std::uint16_t links = 0;
  bool meets(const LinkNeed& need) const {
    return need.leader ? leader : (need.links & links) != 0;
  }
};

// A card whose boosts may reach a side's characters on a mission
// (SuikodenState::boosters): the scope it reaches them by, whether it is
// one of their fellows there (which never boosts itself), and its row of
// Rules::boost_table for that scope and attack (the other stats' rows follow
// at a stride of Rules::stat_stride()).
struct Booster {
  Card card;
  Scope scope;
  bool fellow;
  const int* atk_row;
};
struct Boosters {
  // Both sides' characters there, a support, a commander, the facilities built.
  std::array<Booster, 2 * decltype(MissionPlace::dispatched)::value_type::capacity() + 2 +
                          decltype(PlayerZones::resolved)::capacity()>
      cards;
  int count = 0;
};

class SuikodenState final : public State {
 public:
  explicit SuikodenState(std::shared_ptr<const Rules> rules);

  // Set-up (rule text "開始準備"): decks are lists of pool indices.
  void start(const std::array<std::vector<int>, 2>& decks, const std::array<int, 2>& commanders,
             std::uint64_t seed);

  // State interface
  std::unique_ptr<State> clone() const override;
  void assign(const State& other) override;
  int num_seats() const override { return 2; }
  bool is_terminal() const override { return phase_ == Phase::kOver; }
  Outcomes outcomes() const override;
  SeatMask pending_seats() const override {
    if (phase_ == Phase::kOver) return 0;
    return phase_ == Phase::kDuel ? duel_pending() : seat_bit(sole_decider());
  }
  Seat to_act() const override {
    if (phase_ == Phase::kOver) return kNoSeat;
    return phase_ == Phase::kDuel ? duel_to_act() : sole_decider();
  }
  std::string prompt(Seat seat) const override;
  void legal_actions(Seat seat, ActionList& out) const override;
  void apply_action(Seat seat, Action action) override;
  std::string action_id(Seat seat, Action action) const override;
  std::string action_label(Seat seat, Action action) const override;
  // Another seat is not told which card was returned at the mulligan or
  // played face down in a duel.
  std::string action_id_for(Seat seat, Action action, Seat viewer) const override;
  std::string action_label_for(Seat seat, Action action, Seat viewer) const override;
  void write_view(Seat viewer, ViewWriter& out) const override;
  void save(nlohmann::json& out) const override;
  std::string describe(const Event& event, Seat viewer) const override;
  LogWeight log_weight(const Event& event) const override;
  double heuristic(Seat seat) const override;
  double heuristic_scale() const override;  // fitted to played games (stats.cpp)
  std::string render(Seat viewer) const override;
  // A concession: the other seat wins at once.
  std::string concede(Seat seat) override;
  // The option a timer takes for a seat that lets its time run out (default_action.cpp).
  Action default_action(Seat seat) const override;
  // What a seat knows (determinize.cpp, observation.cpp; docs/games/suikoden.md
  // "Search and learning").
  void determinize(Seat observer, Rng& rng) override;
  Action observed_action(Seat seat, Action action, Seat viewer) const override;
  std::vector<int> observation_shape() const override;
  void observation(Seat seat, float* out) const override;
  // A card drawn or played, or a turn begun, for a game summary (summary.cpp;
  // docs/games/suikoden.md "Game summary").
  SummaryFact summary_fact(const Event& event) const override;
  const std::string& card_label(Card c) const;  // Rules::labels
  std::string place_label(int p) const;
  // Restores a saved or scenario-described state; throws tt::Error naming
  // the field at fault and changes nothing.
  void load(const nlohmann::json& j);

  // Read access for rules, tests and views.
  const Rules& rules() const { return *rules_; }
  const CardDef& def(Card c) const { return defs_[def_[c]]; }
  const DefFacts& facts(Card c) const { return facts_[def_[c]]; }
  std::uint16_t definition(Card c) const { return def_[c]; }  // its index in the pool
  int vp(Seat s) const;
  int hand_limit(Seat s) const {
    assert(hand_limits_[s] == count_hand_limit(s));  // every test's game checks it
    return hand_limits_[s];
  }
  // Current value of a character's stat on its mission, all modifiers included.
  int stat_of(Card c, Stat s, int place, Seat side) const;
  int stat_of(Card c, Stat s, int place, Seat side, const Boosters& boosters) const;
  Boosters boosters(int place, Seat side) const;
  // A side's total on a mission (support characters count 0).
  int total(int place, Seat side, Stat s) const;
  Phase phase() const { return phase_; }
  const PlayerZones& player(Seat s) const { return players_[s]; }
  const MissionPlace& place(int p) const { return places_[p]; }
  const BattleStatus& battle() const { return battle_; }
  Seat turn_player() const { return turn_player_; }
  int turn() const { return turn_; }

 private:
  friend class StateLoader;
  static Seat owner_of_place(int p) { return p / 2; }
  // The one seat any decision but a duel's waits for: picked without a jump
  // per phase, since the phase of the next decision is anyone's guess.
  Seat sole_decider() const {
    const Seat seats[4] = {deciding_, turn_player_, battle_.acting, battle_.winner};
    // By Phase: 0 the deciding seat, 1 the turn player, 2 the acting seat, 3 the winner.
    static constexpr std::uint8_t kWhose[] = {0, 1, 0, 1, 2, 0, 0, 3, 0, 0, 0};
    static_assert(std::size(kWhose) == static_cast<std::size_t>(Phase::kOver) + 1);
    return seats[kWhose[static_cast<std::size_t>(phase_)]];
  }
  SeatMask duel_pending() const;
  Seat duel_to_act() const;
  Card add_card(int def, Seat owner);
  void load_into(const nlohmann::json& j);  // load() on a fresh state
  void to_discard(Card c);

  // Set-up and turn flow (flow.cpp)
  bool draw(Seat s, int n);
  void begin_turn();
  void supply_phase();
  void finish_supply();
  void end_game(int winner);  // seat, or -1 for a draw
  void check_vp_win(Seat s);

  // Uniqueness and links (placement.cpp)
  void gather_names(NamesInPlay& in_play) const;
  // Keep names_on_field_ up to date as a card enters or leaves the fields
  // (commander, support, dispatched or stationed), or count them afresh.
  void enter_field(Card c);
  void leave_field(Card c);
  void recount_names();
  // The hand limits change only as a commander comes or a facility is built
  // (or a state is loaded); the supply phase asks them every turn.
  int count_hand_limit(Seat s) const;
  void recount_hand_limits() { hand_limits_ = {count_hand_limit(0), count_hand_limit(1)}; }
  bool unique_ok(Card c, NamesInPlay& in_play) const;  // gathers in_play on first use
  LinkNeed link_need(int place, Seat side) const;
  bool can_dispatch(Card c, const LinkNeed& need, NamesInPlay& in_play) const;
  bool can_station(int place, Seat side) const;
  HandReach hand_reach(std::span<const Card> hand, NamesInPlay& in_play) const;
  // Whether `side` may dispatch on `place` from a hand that reaches `reach`
  // (its hand, or the first copies of its hand) or by redeploying its support.
  bool has_dispatch(int place, Seat side, const HandReach& reach) const;

  // The parts of a view (view.cpp).
  void write_card(ViewWriter& out, Card c) const;  // its id, or null
  void write_zone(ViewWriter& out, std::span<const Card> cards) const;
  void write_cards_seen(Seat viewer, ViewWriter& out) const;
  void write_player(Seat viewer, Seat s, ViewWriter& out) const;
  void write_mission(int p, ViewWriter& out) const;
  void write_battle(Seat viewer, ViewWriter& out) const;

  // Whether a seat's hand holds what its pending decision shows it holds
  // (determinize.cpp).
  bool hand_explains_phase(Seat s) const;

  // Battles (battle.cpp, troops.cpp, duel.cpp, stationing.cpp)
  void start_battle(int place, bool is_new);
  void dispatch(Seat s, Card c, bool from_support);
  void after_step();
  void judge_attack();
  void judge_facility();
  void begin_casualties();
  void next_casualty_seat(Seat done);
  bool owes_casualties(Seat s) const;
  void lose_zero_troops(Seat s);
  void take_casualty(Seat s, Card c);
  void judge_troops_survivors();
  void resolve_duel();
  void pick_duel_card(Seat s, Card c);
  int duel_value(Seat s, Card c, Stat stat) const;
  void clear_mission(Seat winner);
  void fail_mission();
  void leave_unresolved();
  void station(Card c);
  void end_battle();
  void discard_from_place(int place, Seat side);
  void use_counter(Seat s, Card c);
  bool counter_usable(Card c, Seat s) const;

  std::shared_ptr<const Rules> rules_;
  const CardDef* defs_;    // rules_->pool.cards, read at every rule
  const DefFacts* facts_;  // rules_->facts
  std::array<std::uint16_t, kMaxCards> def_{};
  std::array<std::uint8_t, kMaxCards> owner_{};  // the seat whose deck the card came from
  std::uint8_t num_cards_ = 0;
  // How many cards on the fields bear each name (when Rules::names_counted):
  // uniqueness is asked at almost every decision, cards enter play far less.
  std::array<std::uint8_t, kNameSlots + 1> names_on_field_{};  // the last: no name, always 0
  std::array<int, 2> hand_limits_{};                           // count_hand_limit, kept up to date
  std::array<PlayerZones, 2> players_;
  std::array<MissionPlace, kPlaces> places_;
  BattleStatus battle_;
  StaticVec<Card, 8> mulligan_pick_;
  Rng rng_;
  std::int16_t turn_ = 1;
  Seat turn_player_ = 0;
  Seat first_player_ = 0;
  Seat deciding_ = 0;  // the seat deciding in mulligan, discard, trim and counter phases
  Phase phase_ = Phase::kMulligan;
  std::int8_t winner_ = -2;  // -2 none yet, -1 draw, else the winning seat
};

// Asked of every hand card at most decisions, so defined here to be inlined.

// A pair card is both of its characters, so either name blocks it.
inline bool SuikodenState::unique_ok(Card c, NamesInPlay& in_play) const {
  if (rules_->names_counted) {
    const auto& slots = facts(c).name_slots;
    const bool ok = (names_on_field_[slots[0]] | names_on_field_[slots[1]]) == 0;
#ifndef NDEBUG  // the counts agree with the fields (every test's game checks it)
    if (!in_play.gathered()) gather_names(in_play);
    bool gathered_ok = true;
    for (int n : facts(c).names)
      if (n >= 0 && in_play.has(n)) gathered_ok = false;
    assert(ok == gathered_ok);
#endif
    return ok;
  }
  if (!in_play.gathered()) gather_names(in_play);
  for (int n : facts(c).names)
    if (n >= 0 && in_play.has(n)) return false;
  return true;
}

inline bool SuikodenState::can_dispatch(Card c, const LinkNeed& need, NamesInPlay& in_play) const {
  const DefFacts& f = facts(c);
  return f.dispatchable & need.met_by(f) & unique_ok(c, in_play);  // a guess to a branch each
}

}  // namespace tt::suikoden
