// The state of one game of Last Chronicle Infinity for 2 to 4 players: a
// plain value of fixed-size arrays (no heap), so search can copy it cheaply.
// Rule texts: the official multiplayer guide ("多人数戦ルールガイド") for 3-4
// players, and the base rules reconstructed in the research note.
#pragma once
#include <array>
#include <memory>
#include <span>
#include <utility>

#include "core/priority_round.h"
#include "core/rng.h"
#include "core/standings.h"
#include "core/state.h"
#include "core/static_vec.h"
#include "core/trigger_queue.h"
#include "core/turn_order.h"
#include "games/lastchronicle/rules.h"

namespace tt::lastchronicle {

// A physical card of this game: an index into LcState::def_.
using Card = std::uint8_t;
inline constexpr Card kNoCard = 255;
inline constexpr int kMaxCards = 200;
inline constexpr int kMaxPlayers = 4;
// An option's card as another seat sees it: face down (observed_action).
inline constexpr std::uint16_t kFaceDown = 0xFFFF;

enum class Phase : std::uint8_t {
  kSetupShed,  // each seat secretly sets aside up to one card to set as shed (棄)
  kMulligan,   // the deciding seat picks cards to put on the bottom, then keeps
  kMain,       // the turn player acts
  kName,       // combat preparation: the turn player names the opponent to attack
  kWindow,     // a quick window (window_ says which)
  kAttack,     // the turn player attacks with a unit or ends combat
  kBlock,      // the attacked player blocks with a unit or not
  kOver,
};
enum class Window : std::uint8_t { kNone, kPreparation, kBeforeDamage, kPreEnd };

// Action kinds (Action::kind). Operands: a = card (or seat, index), b, c as noted.
enum Act : std::uint16_t {
  kShed,            // a = card or kNoCard (none)
  kMulliganPick,    // a = card
  kMulliganDone,    //
  kPlace,           // a = unit card (from hand or the leader area)
  kUse,             // a = spell card, b = X
  kActivate,        // a = unit card, b = ability index
  kCheck,           // chrono check with the chronoglyph
  kToCombat,        // main phase -> combat phase
  kName,            // a = seat to attack
  kPass,            // quick window: done acting for now
  kAttackWith,      // a = unit
  kEndCombat,       //
  kBlockWith,       // a = unit
  kNoBlock,         //
  kPayCard,         // a = CA-yard card
  kPayToken,        // a = index in the CA yard's tokens
  kCancel,          // give up a payment in progress
  kChooseOpponent,  // a = seat
  kChooseUnit,      // a = unit card
  kChooseCard,      // a = card in hand (discard)
  kDone,            // stop picking ("up to" choices)
  kYes,             // a "may" step: do it
  kNo,              // ... or not
  kOrder,           // a = index in the trigger queue to resolve next
};

struct Unit {
  Card card = kNoCard;
  bool wiped = false;
  bool fresh = false;  // placed or taken this turn
  std::int8_t damage = 0;
  friend bool operator==(const Unit&, const Unit&) = default;
};

// A lasting effect on a unit until the end of the turn; it ends early when
// the seat that made it leaves the game.
struct Modifier {
  Card card = kNoCard;
  std::int8_t atk = 0, def = 0;
  std::int8_t source = kNoSeat;
  bool negate = false;
  friend bool operator==(const Modifier&, const Modifier&) = default;
};

struct Player {
  StaticVec<Card, 48> deck;  // back() is the top card
  StaticVec<Card, 48> hand;
  StaticVec<Card, 48> ca_yard;
  StaticVec<std::uint8_t, 8> tokens;  // token kinds (pool token index)
  StaticVec<Card, 48> discard;
  StaticVec<Card, 48> removed;  // outside the game, face up
  // Outside the game face down: what left from a hand, a deck or the set-up
  // pick when the player left. Sorted by card, so no order is told.
  StaticVec<Card, 48> removed_hidden;
  StaticVec<Unit, 40> field;  // changed only by LcState::field_add and take_from_field
  // The StaticKinds (bit 1 << kind) the field's units give from the
  // battlefield, negated or not: has_static looks at the units only when set.
  std::uint8_t field_statics = 0;
  Card leader = kNoCard;
  bool leader_home = false;    // the leader sits in the leader area
  bool leader_usable = false;  // ... and may be placed from there
  bool glyph_active = true;    // the chronoglyph
  Card ride = kNoCard, shed = kNoCard;
  Card setup_pick = kNoCard;  // set-up: the face-down card set aside
  bool picked = false;
  std::int8_t life = 20;
  std::int8_t position = 0;  // 0 = first player
  std::int8_t developed = 0;
  std::int8_t damaged_by = kNoSeat;  // who dealt the latest damage (elimination bonus)
  bool decked = false;
  friend bool operator==(const Player&, const Player&) = default;
};

// What the one resolution in progress is (there is no stack: a spell or an
// ability resolves at once, step by step, pausing only for choices).
struct Resolution {
  bool active = false;
  bool spell = false;
  Card card = kNoCard;  // the spell, or the unit whose ability it is
  std::int8_t controller = kNoSeat;
  std::uint8_t ability = 0;
  std::uint8_t step = 0;
  std::uint8_t sub = 0;            // progress inside a step (seats done, picks made)
  std::int8_t opponent = kNoSeat;  // "an opponent": one for the whole resolution
  std::int8_t subject = kNoSeat;   // a trigger's seat (the damaged opponent)
  std::int8_t x = 0;
  std::uint8_t picks = 0;         // units or cards picked so far in this step
  std::int8_t waiting = kNoSeat;  // the seat whose choice the step waits for
  std::uint8_t wait = 0;          // what it chooses: an Act kind
  friend bool operator==(const Resolution&, const Resolution&) = default;
};

struct Trigger {
  Card card = kNoCard;
  std::uint8_t ability = 0;
  std::int8_t subject = kNoSeat;
  friend bool operator==(const Trigger&, const Trigger&) = default;
};

enum class Paying : std::uint8_t { kNone, kPlace, kSpell, kActivate, kCheck };
struct Payment {
  Paying what = Paying::kNone;
  std::int8_t seat = kNoSeat;
  Card card = kNoCard;
  std::uint8_t ability = 0;
  std::int8_t x = 0;
  std::int8_t remaining = 0;
  std::uint64_t cards = 0;  // CA-yard indices chosen so far
  std::uint8_t tokens = 0;  // token indices chosen so far
  friend bool operator==(const Payment&, const Payment&) = default;
};

struct Combat {
  std::int8_t target = kNoSeat;  // the named opponent
  Card attacker = kNoCard;
  Card blocker = kNoCard;
  friend bool operator==(const Combat&, const Combat&) = default;
};

class LcState final : public State {
 public:
  explicit LcState(std::shared_ptr<const Rules> rules);

  // Set-up (guide "ゲームの準備"): decks are pool indices, leader -1 for none.
  void start(const std::vector<std::vector<int>>& decks, const std::vector<int>& leaders,
             std::uint64_t seed);

  // State interface
  std::unique_ptr<State> clone() const override;
  void assign(const State& other) override;
  int num_seats() const override { return order_.seats(); }
  bool is_terminal() const override { return phase_ == Phase::kOver; }
  Outcomes outcomes() const override { return standings_.outcomes(num_seats()); }
  SeatMask pending_seats() const override;
  Seat to_act() const override;
  std::string prompt(Seat seat) const override;
  void legal_actions(Seat seat, ActionList& out) const override;
  void apply_action(Seat seat, Action action) override;
  std::string concede(Seat seat) override;
  // The option a timer takes for a seat that lets its time run out (default_action.cpp).
  Action default_action(Seat seat) const override;
  bool is_undo(Seat, Action a) const override { return a.kind == kCancel; }
  bool in_game(Seat seat) const override { return seat >= 0 && order_.in_game(seat); }
  std::string action_id(Seat seat, Action action) const override;
  std::string action_label(Seat seat, Action action) const override;
  // Another seat is not told which card was put on the bottom at the
  // mulligan or set aside face down as shed.
  std::string action_id_for(Seat seat, Action action, Seat viewer) const override;
  std::string action_label_for(Seat seat, Action action, Seat viewer) const override;
  void write_view(Seat viewer, ViewWriter& out) const override;
  void save(nlohmann::json& out) const override;
  std::string describe(const Event& event, Seat viewer) const override;
  LogWeight log_weight(const Event& event) const override;
  double heuristic(Seat seat) const override;
  double heuristic_scale() const override;
  std::string render(Seat viewer) const override;

  // What a seat knows (determinize.cpp, knowledge.cpp, observation.cpp;
  // docs/games/lastchronicle.md "Search and learning").
  void determinize(Seat observer, Rng& rng) override;
  // A card set aside face down, or put back at the mulligan, is one option
  // to the others ("shed:face-down", "return:card-K").
  Action observed_action(Seat seat, Action action, Seat viewer) const override;
  std::vector<int> observation_shape() const override;
  void observation(Seat seat, float* out) const override;
  // A card drawn or played, or a turn begun, for a game summary (summary.cpp;
  // docs/games/lastchronicle.md "Game summary").
  SummaryFact summary_fact(const Event& event) const override;
  // The seats that know where card c is while it lies in a hidden zone (a
  // hand or a deck); meaningless once it is in a public zone.
  SeatMask known_to(Card c) const { return known_[c]; }
  void load(const nlohmann::json& j);

  // Read access for views, tests and agents.
  const Rules& rules() const { return *rules_; }
  const CardDef& def(Card c) const { return rules_->pool[def_[c]]; }
  const CardFacts& facts(Card c) const { return rules_->facts[def_[c]]; }
  Seat owner(Card c) const { return owner_[c]; }
  const Player& player(Seat s) const { return players_[s]; }
  Phase phase() const { return phase_; }
  Seat turn_player() const { return turn_player_; }
  int atk(Card c) const;
  int def_value(Card c) const;  // DEF after modifiers, before damage
  bool negated(Card c) const {
    for (auto& m : mods_)
      if (m.card == c && m.negate) return true;
    return false;
  }
  std::pair<int, int> bonuses(Card c) const;        // +ATK, +DEF from modifiers and anthems
  Seat controller(Card c) const;                    // whose battlefield holds it, or kNoSeat
  std::string card_ref(Card c, Seat viewer) const;  // "id" for own cards, "id@seat" otherwise

 private:
  friend class Loader;
  // cards and zones (zones.cpp)
  Card add_card(int def, Seat owner);
  const Unit* unit(Card c) const;
  Unit* unit(Card c);
  bool is_leader(Card c) const { return players_[owner_[c]].leader == c && rules_->multiplayer; }
  void leader_home(Card c);  // the leader rule: back to the leader area, unusable
  Unit take_from_field(Card c, bool triggers);
  void field_add(Seat s, const Unit& u);  // onto s's battlefield
  void to_discard(Card c);                // from anywhere but the battlefield
  void leave_field(Card c);               // battlefield -> discard (retreat triggers)
  void discard_from_hand(Seat s, Card c);
  bool draw(Seat s, int n);
  void chrono_check_card(Seat s);
  void develop(Seat s);
  void gain_life(Seat s, int n);
  void damage_player(Seat to, int n, Seat by);
  void damage_unit(Card c, int n, Seat by);
  void state_checks();
  void leave_game(Seat s, int moment, bool batch = false);
  void remove_owned(Seat s);

  // turn flow (turn.cpp)
  void begin_turn();
  void end_phase();
  void open_window(Window w);
  void window_closed();
  bool advance_flow();
  void settle();
  void finish_setup();
  void next_mulligan();
  void game_over();

  // using cards, paying (play.cpp)
  int card_value(Seat s, std::size_t ca_index, Colours colours) const;
  // What a seat's unspent CA-yard cards and tokens can pay, read once for
  // all the options of a decision: value(colours) of what is paid for.
  struct Purse {
    int base = 0;                    // their CA
    int bonus = 0;                   // the same-colour bonus of each card sharing a colour
    StaticVec<Colours, 48> colours;  // the cards'
    int value(Colours paid_for) const {
      int n = base;
      for (Colours c : colours) n += (c & paid_for) ? bonus : 0;
      return n;
    }
  };
  Purse purse(Seat s) const;
  int spell_cost(Card c, int x) const { return def(c).cost + x; }
  bool can_activate(Seat s, Card c, int ability, const Purse& purse) const;
  bool can_check(Seat s, const Purse& purse) const;
  int check_cost(Seat s) const;
  void quick_actions(Seat s, bool quick_only, ActionList& out) const;
  void begin_payment(Paying what, Seat s, Card c, int ability, int x, int cost);
  void pay(Seat s, Action a);
  void complete(const Payment& p);
  void place_unit(Seat s, Card c);
  void use_spell(Seat s, Card c, int x);
  void activate(Seat s, Card c, int ability);
  void chrono_check(Seat s);

  // combat (combat.cpp)
  bool can_attack(Seat s, const Unit& u) const;
  void name_target(Seat target);
  void attack_with(Card c);
  void block_with(Card c);
  void combat_damage();
  void end_combat();

  // continuous effects: modifiers, anthems, statics (continuous.cpp)
  bool has_static(Seat s, StaticKind k) const;
  bool tops_revealed() const;
  Card dying_unit() const;  // the first unit in seat order with DEF 0 or less, or kNoCard
  std::pair<int, int> mod_bonuses(Card c) const;  // +ATK, +DEF from modifiers alone
  // +ATK, +DEF the anthems of seat s's battlefield, ride and shed give each of
  // its units; a unit's own anthem is taken off again (anthem_of).
  std::pair<int, int> anthems(Seat s) const;
  std::pair<int, int> anthem_of(Card c) const;  // what a unit's own anthem gives the others

  // resolving abilities and spells (effects.cpp)
  const Ability& ability_of(const Resolution& r) const;
  void start_trigger(std::size_t queue_index);
  void queue_triggers(Card c, Tag tag, When when = When::kNone, Seat subject = kNoSeat);
  void queue_develop_triggers(Seat s);
  bool condition_holds(const Condition& c, Seat s, Card source) const;
  bool run_resolution();       // false: waiting for a choice
  bool step(const Effect& e);  // one step; false: waiting for a choice
  SeatMask addressed(const Effect& e) const;
  bool wait_for(Seat s, Act kind);
  void choices(Seat s, ActionList& out) const;
  void choose(Seat s, Action a);
  void unit_targets(Target t, Seat s, ActionList& out, std::uint16_t kind) const;
  bool has_unit_target(Target t, Seat s) const;
  void step_done();
  void affect_unit(const Effect& e, Card c, Seat by);

  // knowledge (knowledge.cpp)
  SeatMask everyone() const { return static_cast<SeatMask>((1u << num_seats()) - 1); }
  void reveal_top(Seat s);    // every seat sees the top card of s's deck (judgement)
  void note_revealed_tops();  // after each decision: tops shown by reveal_top statics
  void write_hand_known(Seat viewer, Seat s, ViewWriter& out) const;
  void write_deck_known(Seat viewer, Seat s, ViewWriter& out) const;
  // The parts of a view (view.cpp).
  void write_card(ViewWriter& out, Card c) const;   // its id, or null
  void write_owner(ViewWriter& out, Card c) const;  // its owner, or null
  void write_zone(ViewWriter& out, std::span<const Card> cards) const;
  void write_player(Seat viewer, Seat s, ViewWriter& out) const;
  void write_combat(ViewWriter& out) const;
  void write_payment(ViewWriter& out) const;
  void write_resolving(ViewWriter& out) const;
  // determinize.cpp: s's cards the observer does not know, dealt anew
  void deal_unseen(Seat observer, Seat s, bool tops_shown, Rng& rng);

  std::shared_ptr<const Rules> rules_;
  std::array<std::uint16_t, kMaxCards> def_{};
  std::array<std::int8_t, kMaxCards> owner_{};
  // Per card, the seats that know where it is in a hidden zone: a card put
  // on the bottom at the mulligan (its owner), a deck top revealed
  // (everyone), a unit returned to its owner's hand (everyone).
  std::array<SeatMask, kMaxCards> known_{};
  std::uint8_t num_cards_ = 0;
  // The StaticKinds (bit 1 << kind) some card of this game gives from some
  // zone: has_static need not look when none does.
  std::uint8_t statics_in_game_ = 0;
  bool anthem_lowers_def_ = false;  // some card of this game has an anthem of -DEF
  std::array<Player, kMaxPlayers> players_;
  TurnOrder order_;
  PriorityRound round_;
  Standings standings_;
  TriggerQueue<Trigger, 32> triggers_;
  StaticVec<Modifier, 48> mods_;
  StaticVec<std::int8_t, 8> bonus_;  // seats owed an elimination bonus; front goes first
  std::int8_t bonus_step_ = 0;
  Resolution res_;
  Payment pay_;
  Combat combat_;
  StaticVec<Card, 16> mulligan_pick_;
  Rng rng_;
  std::int16_t turn_ = 0;
  std::int16_t moment_ = 0;  // counts eliminations (shared by simultaneous ones)
  std::int8_t turn_player_ = 0;
  std::int8_t first_player_ = 0;
  std::int8_t deciding_ = 0;        // mulligan
  std::int8_t ordering_ = kNoSeat;  // a seat choosing which of its triggers goes first
  Phase phase_ = Phase::kSetupShed;
  Window window_ = Window::kNone;
  bool jump_to_end_ = false;  // the turn player left: finish pending abilities, then end phase
};

}  // namespace tt::lastchronicle
