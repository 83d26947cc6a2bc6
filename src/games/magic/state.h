// The state of one Magic-style multiplayer game: a plain value sized to its
// table. Objects, players, the battlefield and the turns in progress are
// SizedVecs whose room is set at the deal (the seats, the cards dealt, some
// headroom for tokens), so a duel copies a few kilobytes, not the 61 KB a
// 16-seat table of 1,100 objects would need; the small lists stay inline.
// Rule texts: the comprehensive rules' multiplayer chapter (800-811) and the
// reduced two-player core beneath it (research note, section 2).
#pragma once
#include <array>
#include <iosfwd>
#include <memory>

#include "core/compact_vec.h"
#include "core/priority_round.h"
#include "core/rng.h"
#include "core/sized_vec.h"
#include "core/standings.h"
#include "core/state.h"
#include "core/static_vec.h"
#include "core/turn_order.h"
#include "games/magic/battlefield_subset.h"
#include "games/magic/rules.h"

namespace tt::magic {

using Obj = std::uint16_t;  // an object: an index into MagicState::objs_
inline constexpr Obj kNoObj = 0xFFFF;
inline constexpr int kMaxObjects = 1100;
inline constexpr int kMaxMarkers = 4;

enum class Zone : std::uint8_t {
  kLibrary,
  kHand,
  kBattlefield,
  kGraveyard,
  kExile,
  kStack,
  kAnte,  // 407: playing for ante (option)
  kGone,
};

enum class Step : std::uint8_t {
  kMulligan,  // set-up (103.5)
  kUntap,
  kUpkeep,
  kDraw,
  kMain1,
  kBeginCombat,
  kDeclareAttackers,
  kDeclareBlockers,
  kFirstStrikeDamage,
  kCombatDamage,
  kEndCombat,
  kMain2,
  kEnd,
  kCleanup,
  kOver,
};

// Action kinds (Action::kind). Operands as noted.
enum Act : std::uint16_t {
  kKeep,           // mulligan decision: keep
  kMulligan,       // ... or mulligan
  kBottom,         // a = hand object to put on the bottom
  kPass,           // pass priority
  kPlayLand,       // a = hand object
  kCast,           // a = hand object, b = mode
  kActivate,       // a = permanent, b = ability (255 = deploy)
  kTarget,         // choosing a target: a = kind (0 player, 1 object, 2 stack), b = id
  kCancel,         // give up a half-made cast or activation
  kChoosePlayer,   // a = seat (choose a player / opponent / substitute / active player)
  kOrder,          // a = index of the pending trigger to put on the stack next
  kAttack,         // a = creature, b = seat attacked
  kAttackersDone,  //
  kResetAttack,    // take back this declaration
  kBlock,          // a = blocker, b = attacker
  kBlockersDone,   //
  kResetBlock,     //
  kMode,           // a = mode index (choose-mode by another player)
  kPayLife,        // unless-pays-life: pay
  kDecline,        // ... or not
  kPick,           // a = object (library pick, pile membership toggle, discard)
  kPickDone,       //
  kPile,           // a = 0 or 1 (which pile to keep)
  kAssign,         // dividing combat damage: a = blocker (kNoObj: the player attacked), b = amount
  kAssignDone,     //
  kResetAssign,    // start the division over
};

struct Object {
  std::uint16_t def = 0;
  std::int8_t owner = 0;
  Zone zone = Zone::kLibrary;
  std::int8_t controller = 0;       // cached result of layer 2 (battlefield, stack)
  std::int8_t base_controller = 0;  // who it entered under / who cast it (110.2)
  std::int8_t damage = 0;
  std::int8_t counters = 0;
  std::int8_t chosen = -1;  // "as this enters, choose an opponent"
  std::int8_t enchanted_player = -1;
  bool tapped = false;
  // Copies of its card's types and whether it has abilities to activate
  // (derived from def, never saved): the battlefield scans of every option
  // listing read them here instead of fetching each card's definition.
  std::uint8_t types = 0;
  std::int16_t since = 0;     // turn serial when its controller last changed (302.6)
  std::uint16_t gen = 0;      // zone changes: a moved card is a new object (400.7)
  Obj attached = kNoObj;      // an Aura's creature
  Obj held_by = kNoObj;       // exiled by this permanent ...
  std::uint8_t hold = 0;      // ... until it leaves (1) or for its leave trigger (2)
  bool activates = false;     // see types
  std::int8_t produces = -1;  // a land's colour (see types): counting mana reads it here
  bool triggers = false;      // has triggered abilities (see types): most permanents have none
  std::uint32_t timestamp = 0;
  // Seats that know this card while it stays in a hidden zone: at its place
  // in a library, or in a hand (knowledge.cpp). Cleared by a shuffle and by
  // a public zone.
  SeatMask known = 0;
  // Left the game from a hidden zone (a hand, a library) with its owner
  // (800.4a): its identity stays hidden from every seat (view.cpp).
  bool face_down = false;
  bool aura = false;  // see types
  friend bool operator==(const Object&, const Object&) = default;
};
// The derived fields fill what was padding: a clone copies no more.
static_assert(sizeof(Object) == 32);

struct Target {
  std::uint8_t kind = 0;  // 0 none, 1 player, 2 object, 3 stack item
  std::uint16_t id = 0;
  std::uint16_t gen = 0;
  friend bool operator==(const Target&, const Target&) = default;
};

enum class ItemKind : std::uint8_t { kSpell, kCopy, kActivated, kTriggered, kDelayedReturn };

// An object on the stack: a spell, a copy of one, or an ability.
struct StackItem {
  std::uint16_t id = 0;  // unique per game, for targeting spells
  ItemKind kind = ItemKind::kSpell;
  Obj card = kNoObj;  // the spell's card, or the ability's source
  std::uint16_t def = 0;
  std::int8_t controller = 0;
  std::uint8_t index = 0;  // mode (spells), ability or trigger index
  std::uint8_t targets_n = 0;
  std::array<Target, 3> targets{};
  std::int8_t chosen = -1;   // "choose a player" / the defending player of a trigger
  std::int8_t subject = -1;  // "that player", "its controller"
  Obj subject_obj = kNoObj;  // the creature a trigger is about
  std::uint16_t subject_gen = 0;
  friend bool operator==(const StackItem&, const StackItem&) = default;
};

// A triggered ability waiting to be put on the stack (603.3).
struct PendingTrigger {
  Obj source = kNoObj;
  std::uint16_t def = 0;
  std::uint8_t index = 0;
  std::int8_t controller = 0;
  std::int8_t subject = -1;
  Obj subject_obj = kNoObj;
  std::uint16_t subject_gen = 0;
  bool delayed = false;  // a delayed return (Dusk Flicker): subject_obj is the card
  friend bool operator==(const PendingTrigger&, const PendingTrigger&) = default;
};

// A layer-2 control effect (613): who gains control, from when, until when.
struct ControlEffect {
  Obj obj = kNoObj;
  std::uint16_t gen = 0;
  std::int8_t to = 0;
  bool end_of_turn = false;
  std::uint32_t timestamp = 0;
  friend bool operator==(const ControlEffect&, const ControlEffect&) = default;
};

// Continuous effects on one creature from resolved spells and abilities.
struct Modifier {
  Obj obj = kNoObj;
  std::uint16_t gen = 0;
  std::int8_t power = 0, toughness = 0;
  std::uint16_t keywords = 0;
  bool cant_attack = false, cant_block = false;
  std::int8_t must_attack = -1;  // attacks this player each combat if able
  Duration duration = Duration::kEndOfTurn;
  std::int8_t until = -1;  // kUntilYourNextTurn: that player's next turn (800.4m)
  friend bool operator==(const Modifier&, const Modifier&) = default;
};

struct DelayedReturn {
  Obj card = kNoObj;
  std::uint16_t gen = 0;
  std::int8_t controller = 0;
  friend bool operator==(const DelayedReturn&, const DelayedReturn&) = default;
};

struct Player {
  // Zones copy only the cards in them (CompactVec).
  CompactVec<Obj, 90> library;  // back() is the top
  CompactVec<Obj, 90> hand;
  CompactVec<Obj, 90> graveyard;
  CompactVec<Obj, 90> exile;
  CompactVec<Obj, 90> ante;
  std::int16_t life = 20;
  std::int8_t poison = 0;
  std::int8_t lands_played = 0;
  std::int8_t mulligans = 0;
  std::int8_t to_bottom = 0;  // cards still to put on the bottom after keeping
  bool kept = false;
  bool mulligan_declared = false;  // this round: declared mulligan
  bool drew_from_empty = false;
  bool won = false;
  std::int16_t lost_this_turn = 0;  // life lost this turn (800.4i: survives leaving)
  std::uint16_t in_range = 0;       // 801.2c: recomputed as each turn begins
  friend bool operator==(const Player&, const Player&) = default;
};

struct Attacker {
  Obj obj = kNoObj;
  std::int8_t target = -1;  // the player it attacks (kept after it leaves combat)
  bool removed = false;     // removed from combat (506.4)
  bool blocked = false;
  // Its combat damage as its controller divided it (510.1c, damage_division.cpp):
  // to the player attacked, and in which damage step (1 first strike, 2 regular; 0 none).
  std::int16_t to_player = 0;
  std::uint8_t divided = 0;
  friend bool operator==(const Attacker&, const Attacker&) = default;
};
struct Block {
  Obj blocker = kNoObj;
  Obj attacker = kNoObj;
  std::int16_t assigned = 0;  // the attacker's damage divided to this blocker (510.1c)
  friend bool operator==(const Block&, const Block&) = default;
};

// One turn in progress: Grand Melee runs several at once (807.4), each with
// its own stack (807.5); other variants use one.
struct TurnCtx {
  std::int8_t active = -1;    // the active seat (may have left: 800.4j)
  std::uint16_t actives = 0;  // every active player (a team under 805.4a)
  std::int8_t marker = 0;     // Grand Melee marker number
  bool extra = false;
  bool waiting = false;  // 807.4d: marker held, turn not started
  Step step = Step::kUntap;
  std::int8_t defender = -1;    // single-defender options (506.2a)
  std::uint16_t defending = 0;  // defending players of this combat (802.2)
  std::int8_t declaring = -1;   // the defending player declaring blocks (802.4)
  std::uint16_t declared = 0;   // defending players done declaring
  bool first_strike = false;    // this combat has a first-strike damage step
  std::uint8_t stage = 0;       // 0: the step's turn-based actions are still to do
  bool attackers_declared = false;
  CompactVec<StackItem, 48> stack;
  CompactVec<Attacker, 96> attackers;
  CompactVec<Block, 96> blocks;
  PriorityRound round;
  std::uint16_t team_passed = 0;  // 805.5: members of the holding team who passed
  std::uint8_t designated = 0;    // 807.4e: designated for removal
  friend bool operator==(const TurnCtx&, const TurnCtx&) = default;
};

// What is being decided right now, when it is not plain priority.
enum class Ask : std::uint8_t {
  kNone,
  kMulligan,
  kBottom,
  kOrderTriggers,  // a seat orders its triggers (603.3b)
  kAttackers,
  kBlockers,
  kDefender,        // 506.2a: choose the defending player
  kChooseOpponent,  // as a permanent enters
  kDiscard,         // cleanup: discard to hand size
  kDivide,          // 510.1c: divide an attacker's combat damage among its blockers
};

// Progress of the stack object resolving now, when it waits for a choice.
struct Resolving {
  bool active = false;
  bool begun = false;
  StackItem item;
  std::uint8_t step = 0;
  std::uint8_t inner = 255;  // chosen mode / else list being run
  std::int8_t chooser = -1;  // the player making the choice
  std::uint8_t want = 0;     // the Act kind it waits for
  std::int8_t sub = -1;      // a seat chosen on the way (substitute chooser, opponent)
  std::uint64_t pile = 0;    // split-piles: bit i = revealed card i in pile 1
  std::uint8_t revealed_n = 0;
  std::array<Obj, 8> revealed{};
  friend bool operator==(const Resolving&, const Resolving&) = default;
};

// A cast or activation being put together (601.2): mode and targets. A
// player to choose is chosen as it resolves (608.2d), not here.
struct Casting {
  bool active = false;
  std::int8_t seat = -1;
  Obj obj = kNoObj;  // the card cast, or the ability's source
  StackItem item;    // its targets so far: item.targets_n
  friend bool operator==(const Casting&, const Casting&) = default;
};

class MagicState final : public State {
 public:
  explicit MagicState(std::shared_ptr<const Rules> rules);

  // Set-up: decks are pool indices per seat.
  void start(const std::vector<std::vector<int>>& decks, std::uint64_t seed);

  // State interface
  std::unique_ptr<State> clone() const override;
  void assign(const State& other) override;
  int num_seats() const override { return order_.seats(); }
  bool is_terminal() const override { return over_; }
  Outcomes outcomes() const override;
  SeatMask pending_seats() const override;
  Seat to_act() const override;
  std::string prompt(Seat seat) const override;
  void legal_actions(Seat seat, ActionList& out) const override;
  void apply_action(Seat seat, Action action) override;
  std::string concede(Seat seat) override;
  // The option a timer takes for a seat that lets its time run out (default_action.cpp).
  Action default_action(Seat seat) const override;
  bool is_undo(Seat, Action a) const override {
    return a.kind == kCancel || a.kind == kResetAttack || a.kind == kResetBlock ||
           a.kind == kResetAssign;
  }
  bool in_game(Seat seat) const override { return seat >= 0 && order_.in_game(seat); }
  std::string action_id(Seat seat, Action action) const override;
  std::string action_label(Seat seat, Action action) const override;
  // Another seat is not told which card a kept hand put on the bottom.
  std::string action_id_for(Seat seat, Action action, Seat viewer) const override;
  std::string action_label_for(Seat seat, Action action, Seat viewer) const override;
  void write_view(Seat viewer, ViewWriter& out) const override;
  void save(nlohmann::json& out) const override;
  std::string describe(const Event& event, Seat viewer) const override;
  LogWeight log_weight(const Event& event) const override;
  double heuristic(Seat seat) const override;
  double heuristic_scale() const override;

  // What a seat knows (determinize.cpp, knowledge.cpp, observation.cpp)
  void determinize(Seat observer, Rng& rng) override;
  Action observed_action(Seat seat, Action action, Seat viewer) const override;
  std::vector<int> observation_shape() const override;
  void observation(Seat seat, float* out) const override;
  // A card drawn or played, or a turn begun, for a game summary (summary.cpp;
  // docs/games/magic.md "Game summary").
  SummaryFact summary_fact(const Event& event) const override;
  // The cards `viewer` knows in hidden zones, in its view: Split Tribute's
  // piles, a player's known library places and hand cards, a search.
  void write_split(ViewWriter& out) const;
  void write_library_known(Seat viewer, Seat s, ViewWriter& out) const;
  void write_hand_known(Seat viewer, Seat s, ViewWriter& out) const;
  void write_searching(Seat viewer, ViewWriter& out) const;
  // The library `seat` is looking through now (a search), or kNoSeat.
  Seat searching(Seat seat) const;
  std::string render(Seat viewer) const override;
  void load(const nlohmann::json& j);
  // A saved state's values beyond indices; throws tt::Error naming the field.
  static void validate(const MagicState& t);

  // The bytes this value holds: itself and the room of its sized lists (what
  // a clone copies at most; it copies only the parts in use).
  std::size_t footprint() const {
    return sizeof(*this) + objs_.capacity() * sizeof(Object) +
           battlefield_.capacity() * sizeof(Obj) + players_.capacity() * sizeof(Player) +
           ctx_.capacity() * sizeof(TurnCtx);
  }

  // Read access for views, tests and agents.
  const Rules& rules() const { return *rules_; }
  const CardDef& def(Obj o) const { return defs_[objs_[o].def]; }
  const Object& obj(Obj o) const { return objs_[o]; }
  const Player& player(Seat s) const { return players_[s]; }
  const TurnCtx& turn() const { return ctx_[cur_]; }
  Seat planar_controller() const { return planar_; }
  int life(Seat s) const;
  int poison(Seat s) const;
  int power(Obj o) const;
  int toughness(Obj o) const;
  std::uint16_t keywords(Obj o) const;
  bool in_range(Seat viewer, Seat other) const;
  std::string ref(Obj o) const;  // "card-id#n": stable within a game
  // The terminal table's pieces (render.cpp).
  std::string permanent_text(Obj x, Seat controller) const;
  std::string seat_text(Seat s, Seat viewer) const;
  void render_seat(std::ostream& o, Seat s, Seat viewer) const;
  std::string targets_text(const StackItem& it) const;
  // A stack object's targets and chosen player as everyone sees them (601.2c:
  // targets are announced): {"player": N}, {"ref": "x#1", "gone": bool} or
  // {"stack": id}.
  void write_targets(const StackItem& it, ViewWriter& out) const;
  // The view's pieces (view.cpp), keys in order (core/view_writer.h).
  void write_player(Seat viewer, Seat s, ViewWriter& out) const;
  void write_left_game(Seat s, bool face_down, ViewWriter& out) const;
  void write_permanent(Obj o, ViewWriter& out) const;
  void write_stack(ViewWriter& out) const;
  void write_stack_item(const StackItem& it, int marker, bool resolving, ViewWriter& out) const;
  void write_casting(ViewWriter& out) const;
  void write_combat(ViewWriter& out) const;
  void write_markers(ViewWriter& out) const;

 private:
  friend class Loader;
  TurnCtx& T() { return ctx_[cur_]; }
  const TurnCtx& T() const { return ctx_[cur_]; }

  // objects and zones (zones.cpp)
  Obj new_object(int def, Seat owner, Zone zone);
  // Room for `n` objects in all (and on the battlefield); allocates only when
  // there is not room already.
  void reserve_objects(std::size_t n);
  void remove_from_zone(Obj o);
  void put(Obj o, Zone z, bool bottom = false);
  void move(Obj o, Zone z);  // a zone change (new object, triggers, 400.7)
  void enter_battlefield(Obj o, Seat controller);
  void leave_battlefield(Obj o, Zone to);
  // Cards `source` exiled come back under their owners' control: hold 1 "until
  // it leaves" (610.3), hold 2 its linked leave trigger; owners in `skip` don't.
  void return_exiled(Obj source, std::uint8_t hold, SeatMask skip = 0);
  bool draw(Seat s);
  void shuffle(Seat s);  // also forgets what anyone knew of the library's order
  // Every seat at the table (a card revealed to all of them).
  SeatMask everyone() const { return static_cast<SeatMask>((1u << num_seats()) - 1); }
  CompactVec<Obj, 90>* owner_zone(Obj o);
  bool is_creature(Obj o) const {
    return def(o).is(kCreature) && objs_[o].zone == Zone::kBattlefield;
  }
  bool sick(Obj o) const;
  // The cheap half of can_attack_now: an untapped creature of the active
  // team (what the option listings check before the costlier rest).
  bool may_attack(Obj o) const {
    const Object& x = objs_[o];
    return (x.types & kCreature) && !x.tapped && has_seat(T().actives, x.controller);
  }
  // Whether o is an Aura that changes power or toughness (most states have
  // none, and then power and toughness skip the battlefield scan).
  bool pt_aura(Obj o) const {
    for (auto& st : def(o).statics)
      if (st.kind == StaticKind::kEnchantedPt) return true;
    return false;
  }
  bool restrictor(Obj o) const {
    for (auto& st : def(o).statics)
      if (st.kind == StaticKind::kCantAttackYou || st.kind == StaticKind::kAttackLimit ||
          st.kind == StaticKind::kBlockLimit)
        return true;
    return false;
  }

  // control and continuous effects (control.cpp)
  void recompute_control();
  void add_control(Obj o, Seat to, bool end_of_turn);
  void lose_life(Seat s, int n);
  void gain_life(Seat s, int n);
  void set_life(Seat s, int v);
  void damage_player(Seat s, int n, Obj source);
  void damage_creature(Obj o, int n, Obj source);
  void end_turn_effects();
  void next_turn_begins(Seat s);
  bool restricted(Obj o, bool Modifier::*flag) const;
  bool cant_attack(Obj o) const { return restricted(o, &Modifier::cant_attack); }
  bool cant_block(Obj o) const { return restricted(o, &Modifier::cant_block); }
  Seat must_attack(Obj o) const;
  bool any_must_attack() const;  // whether any effect makes a creature attack (most turns: none)

  // range of influence (range.cpp)
  // Recomputes every player's range; true when one changed.
  bool refresh_ranges();
  bool obj_in_range(Seat viewer, Obj o) const;
  SeatMask opponents_in_range(Seat s) const;
  bool opponents(Seat a, Seat b) const { return !order_.teammates(a, b); }
  bool active_player(Seat s) const { return has_seat(T().actives, s); }

  // the turn (turn.cpp)
  void advance();
  void advance_one();
  // Grand Melee turn markers (807.4)
  void start_markers();
  void pass_marker();
  void start_waiting_markers();
  void remove_marker(int k);
  void reduce_markers(SeatMask leavers);
  bool holds_marker(Seat s, int except) const;
  void begin_step();
  void end_step();
  void next_step();
  void begin_turn(Seat s, bool extra);
  void end_turn();
  SeatMask team_of(Seat s) const;
  void mulligan_round();

  // priority, the stack, triggers, state-based actions (stack.cpp)
  void open_priority();
  bool give_priority();
  bool state_based_actions();
  bool stack_triggers();
  void trigger(When w, Obj source, Seat subject = -1, Obj subject_obj = kNoObj);
  void trigger_all(When w, Seat subject = -1, Obj subject_obj = kNoObj);
  void push_trigger(const PendingTrigger& t);
  void stack_trigger(std::size_t index);
  void destroy_batch(const StaticVec<Obj, 64>& dying);
  bool pass_priority(Seat s);
  bool pass_idle_seats();
  // idle.cpp: whether seat s (holding priority) could do anything, answered
  // from idle_ when nothing changed since it was last found idle.
  bool may_act(Seat s);
  // Something may have given a seat a priority option it lacked (idle.cpp).
  void changed() { ++changes_; }
  // Something may have become a legal target: only answers whose look
  // reached a spell's or ability's targets are forgotten (idle.cpp).
  void new_target() { ++targets_; }
  void acted(Seat s);
  void resolve_top();
  SeatMask priority_seats() const;
  bool has_actions(Seat s) const;
  // Priority options beyond passing into `out`; with none, whether there is
  // one, and (when `reads` is given) what refused the options (idle.cpp).
  struct OptionReads {
    bool targets = false;  // some option was refused no earlier than at its targets
    bool combat = false;   // an instant was refused for being "cast only during combat"
  };
  bool priority_options(Seat s, ActionList* out, OptionReads* reads = nullptr) const;

  // casting and activating (cast.cpp)
  // Untapped lands by colour: a seat's mana (every land makes one colour).
  struct Mana {
    std::uint16_t have[kColours]{};
    int total = 0;
    friend bool operator==(const Mana&, const Mana&) = default;
  };
  // The seat's untapped lands, kept up to date (untapped_); a debug build
  // checks them against a count of the battlefield at every question.
  Mana mana_of(Seat s) const;
  Mana count_mana(Seat s) const;  // the battlefield scan
  // Adds o to (+1) or takes it from (-1) its controller's untapped lands,
  // when it is one: called around every change of zone, tapping or control.
  void count_land(Obj o, int delta) {
    const Object& x = objs_[o];
    if (x.zone != Zone::kBattlefield || x.tapped || !(x.types & kLand) || x.produces < 0) return;
    Mana& m = untapped_[static_cast<std::size_t>(x.controller)];
    m.have[x.produces] = static_cast<std::uint16_t>(m.have[x.produces] + delta);
    m.total += delta;
  }
  // count_land, and the permanents with abilities to activate: around every
  // change of zone or control of a permanent.
  void count_controlled(Obj o, int delta) {
    const Object& x = objs_[o];
    if (x.zone != Zone::kBattlefield) return;
    count_land(o, delta);
    if (!x.activates) return;
    auto& n = activators_of_[static_cast<std::size_t>(x.controller)];
    n = static_cast<std::uint16_t>(n + delta);
    if (open_abilities(o)) open_activators_ = static_cast<std::uint16_t>(open_activators_ + delta);
  }
  // Whether another player than its controller may activate one of o's
  // abilities (801.6).
  bool open_abilities(Obj o) const {
    for (auto& a : def(o).activated)
      if (a.any_player) return true;
    return false;
  }
  void set_tapped(Obj o, bool tapped) {
    if (objs_[o].tapped == tapped) return;
    // Untapping gives its controller mana or an ability to {T}, or everyone
    // in range one anyone may activate (idle.cpp); tapping takes options away only.
    if (!tapped) {
      if (objs_[o].activates && open_abilities(o))
        changed();
      else
        idle_[static_cast<std::size_t>(objs_[o].controller)] = 0;
    }
    count_land(o, -1);
    objs_[o].tapped = tapped;
    count_land(o, +1);
  }
  // untapped_, activators_of_, open_activators_, activators_ and bodies_ from
  // the battlefield (load).
  void recount_controlled();
  // o's triggered abilities join (+1) or leave (-1) watching_.
  void watch(Obj o, int delta) {
    if (!objs_[o].triggers) return;
    for (auto& t : def(o).triggers) {
      auto& n = watching_[static_cast<std::size_t>(t.when)];
      n = static_cast<std::uint16_t>(n + delta);
    }
  }
  // Whether o is walked by the state-based actions and the combat listings
  // (bodies_): a creature or an Aura.
  bool body(Obj o) const { return (objs_[o].types & kCreature) || objs_[o].aura; }
  // o joined the battlefield (after its place in battlefield_) or left it
  // (after it left battlefield_): the battlefield subsets follow.
  void subsets_entered(Obj o) {
    if (objs_[o].activates) activators_.entered(o);
    if (body(o)) bodies_.entered(o);
  }
  void subsets_left(Obj o) {
    if (objs_[o].activates)
      activators_.left(o, battlefield_, [&](Obj p) { return objs_[p].activates; });
    if (body(o)) bodies_.left(o, battlefield_, [&](Obj p) { return body(p); });
  }
  // The battlefield's creatures and Auras in battlefield order (or, past
  // bodies_' room, the whole battlefield: callers check the kind).
  std::span<const Obj> bodies() const { return bodies_.of(battlefield_); }
  static bool affordable(const Mana& m, const ManaCost& cost);
  // Whether s may cast (activate) it now; `reads` as for priority_options.
  bool can_cast(Seat s, Obj card, int mode, const Mana& mana, OptionReads* reads = nullptr) const;
  bool can_activate(Seat s, Obj o, int index, const Mana& mana, OptionReads* reads = nullptr) const;
  bool can_pay(Seat s, const ManaCost& m) const { return affordable(mana_of(s), m); }
  void pay(Seat s, const ManaCost& m);
  void begin_cast(Seat s, Obj card, int mode);
  void begin_activate(Seat s, Obj o, int index);
  void casting_options(Seat s, ActionList& out) const;
  void casting_choose(Seat s, Action a);
  void finish_cast();
  // One kEvTarget per target of `it`, as announced (601.2c): public.
  void log_targets(const StackItem& it) const;
  bool target_legal(Seat s, TargetKind k, const Target& t, Obj source) const;
  void target_options(Seat s, TargetKind k, Obj source, ActionList& out) const;
  bool any_target(Seat s, TargetKind k, Obj source) const;
  std::span<const Obj> target_candidates(TargetKind k) const;
  const std::vector<TargetKind>& item_targets(const StackItem& it) const;
  const std::vector<Effect>& item_effects(const StackItem& it) const;

  // resolving (effects.cpp)
  bool run(Resolving& r);
  bool step(Resolving& r, const Effect& e);
  void resolution_options(Seat s, ActionList& out) const;
  void resolution_choose(Seat s, Action a);
  SeatMask who(const Resolving& r, Who w, int index) const;
  Seat one(const Resolving& r, Who w, int index) const;
  Obj target_obj(const StackItem& it, int index) const;
  bool target_ok(const StackItem& it, int index) const;
  Seat substitute_chooser(Seat controller, Seat original) const;
  // "Choose a player": those still in the game (800.4a) and in range (801.5a).
  SeatMask choosable_players(Seat chooser) const;
  void win_game(Seat s);
  void copy_spell(const StackItem& it, Seat controller);

  // combat (combat.cpp)
  SeatMask attackable(Seat attacker_controller) const;
  bool can_attack_now(Obj o, Seat target) const;
  // can_attack_now in two halves: what does not depend on the player
  // attacked, then what does (so the options ask the first once per creature).
  bool able_to_attack(Obj o) const;
  bool may_attack_player(Obj o, Seat target) const;
  // The attacks that may be declared now into `out`; with no list, only
  // whether there is one.
  bool attack_choices(ActionList* out) const;
  void attack_options(Seat s, ActionList& out) const;
  bool attack_declaration_legal() const;
  void declare_attackers_done();
  bool block_choices(Seat s, ActionList* out) const;
  void block_options(Seat s, ActionList& out) const;
  bool block_declaration_legal(Seat defender) const;
  bool can_block_attacker(Obj blocker, Obj attacker) const;
  // block_completion.cpp: whether this defending player's declaration, with
  // `extra` added, can still be finished into a legal one of at most `limit` blockers.
  bool blocks_completable(Seat defender, Block extra, int limit) const;
  void next_blocker();
  void combat_damage(bool first);
  bool deals_damage_now(Obj o, bool first) const;
  // Dividing an attacker's combat damage (damage_division.cpp; 510.1c,
  // 702.19c, 802.5): the attacker being divided now (an index into the
  // attackers, or -1), the next one to ask about, its options and choices.
  int dividing() const;
  bool needs_division(const Attacker& a, bool first) const;
  bool next_division();
  int lethal_need(const Block& b) const;
  int division_left(const Attacker& a) const;
  bool may_assign_player(const Attacker& a) const;
  void division_options(Seat s, ActionList& out) const;
  void assign_damage(Seat s, Action a);
  // The automatic division (assumption 5): lethal damage to each blocker in
  // declaration order, the rest to the last one or, with trample, to the player.
  void automatic_division(const Attacker& a, StaticVec<std::int16_t, 96>& to_blocks,
                          int& to_player) const;
  Action division_default() const;
  std::string assign_label(Action a) const;  // ids.cpp
  void remove_from_combat(Obj o);
  Seat defending_player_of(Obj attacker) const;
  Seat attacks_chooser() const;   // who declares attackers for the active team
  Seat defender_chooser() const;  // who chooses the defending player (506.2a, 800.4h)

  // leaving the game (leave.cpp, 800.4); reason as kEvLeaves logs it
  void leave_game(SeatMask leavers, int reason = 0);
  // mandatory loops (loop.cpp, 104.4b, 801.16): an object its controller
  // put on the stack; past the turn's limit, the loop's draw.
  void stacked(Seat controller);
  void loop_draw();
  void check_game_over();

  std::shared_ptr<const Rules> rules_;
  // rules_->pool's cards (a copy shares them with its rules): def() is one
  // load away, not four.
  const CardDef* defs_;
  // The objects (size num_objs_), room for the cards dealt and some tokens
  // (reserve_objects); the battlefield has the same room.
  SizedVec<Object> objs_;
  std::uint16_t num_objs_ = 0;
  SizedVec<Player> players_;  // one per seat
  std::array<std::int16_t, kMaxSeats> team_life_{};
  std::array<std::int8_t, kMaxSeats> team_poison_{};
  std::array<std::int16_t, kMaxSeats> turn_began_{};  // serial of each seat's latest turn
  StaticVec<Obj, 8> entering_;  // permanents whose controller chooses an opponent as they enter
  SizedVec<Obj> battlefield_;
  CompactVec<ControlEffect, 48> controls_;
  CompactVec<Modifier, 64> mods_;
  CompactVec<PendingTrigger, 32> pending_;
  StaticVec<DelayedReturn, 8> delayed_;
  StaticVec<std::int8_t, 8> extra_turns_;
  SizedVec<TurnCtx> ctx_;  // one per turn marker the table can have (807.4), else one
  std::uint8_t markers_ = 1;
  std::uint8_t cur_ = 0;
  TurnOrder order_;
  Standings standings_;
  Casting cast_;
  Resolving res_;
  Ask ask_ = Ask::kNone;
  std::int8_t asked_ = -1;  // the seat a non-priority decision waits for
  Rng rng_;
  std::uint32_t timestamp_ = 1;
  std::uint16_t stack_ids_ = 1;
  std::int16_t turn_ = 0;    // turns taken so far (the serial of the current turn)
  std::int16_t moment_ = 0;  // leaving moments (Standings)
  SeatMask conceded_ = 0;
  std::int8_t planar_ = -1;        // Planechase option: the planar controller (901.6)
  std::uint16_t pt_auras_ = 0;     // P/T-changing Auras on the battlefield
  std::uint16_t restrictors_ = 0;  // permanents with attack or block restrictions
  // Each seat's untapped lands by colour (derived: not saved; recounted on
  // load), so that the check before every priority counts no lands.
  std::array<Mana, kMaxSeats> untapped_{};
  // Permanents with abilities to activate, by controller, and those whose
  // abilities anyone in range may activate (derived like untapped_).
  std::array<std::uint16_t, kMaxSeats> activators_of_{};
  std::uint16_t open_activators_ = 0;
  // The permanents with abilities to activate (most have none), and the
  // creatures and Auras, in battlefield order (battlefield_subset.h).
  // Derived like untapped_.
  BattlefieldSubset<32> activators_;
  BattlefieldSubset<48> bodies_;
  // The triggered abilities of the permanents on the battlefield, by kind
  // (When): trigger_all looks at the battlefield only when one could
  // trigger. Derived like untapped_.
  std::array<std::uint16_t, static_cast<std::size_t>(When::kEachEndStep) + 1> watching_{};
  // Something that state-based actions look at has changed since the last
  // check (derived: not saved; a restored state checks again).
  bool sba_dirty_ = true;
  // Only a player's life, poison or a draw from an empty library changed
  // since the last check: the battlefield needs no look (derived like sba_dirty_).
  bool sba_players_ = true;
  // The check before a seat's priority outside its main phase, remembered
  // (idle.cpp; derived: not saved, a restored state asks again): changes_
  // counts the changes that can give a seat an option it lacked (idle.cpp
  // lists them); idle_[s] is the key (changes_ and whether it is a combat
  // step) under which seat s was last found with nothing to do, 0 for none.
  std::uint32_t changes_ = 1;
  std::array<std::uint32_t, kMaxSeats> idle_{};
  // targets_ counts the changes that can only add a legal target (a
  // permanent entering, a spell on the stack); idle_targets_[s] is its value
  // when seat s was found idle after a look that reached some targets, 0
  // when the look refused every option before its targets.
  std::uint32_t targets_ = 1;
  std::array<std::uint32_t, kMaxSeats> idle_targets_{};
  // Seats whose hand was looked at since a card was last put into it
  // (hand_seen_), and of those the ones whose hand held no instant
  // (no_instant_; a card leaving keeps that true). idle.cpp; derived like
  // idle_. hand_changed clears both bits of the owner.
  SeatMask hand_seen_ = 0;
  SeatMask no_instant_ = 0;
  void hand_changed(Seat owner) {
    idle_[static_cast<std::size_t>(owner)] = 0;
    hand_seen_ = static_cast<SeatMask>(hand_seen_ & ~seat_bit(owner));
    no_instant_ = static_cast<SeatMask>(no_instant_ & ~seat_bit(owner));
  }
  // Per turn marker: the objects put on the stack since its turn began and
  // the seats that controlled them (loop.cpp; saved).
  std::array<std::uint16_t, kMaxMarkers> loop_stacked_{};
  std::array<SeatMask, kMaxMarkers> loop_stackers_{};
  std::int8_t starting_ = 0;
  std::int8_t deciding_ = -1;  // mulligans: whose declaration is next
  bool over_ = false;
  bool quiet_ = false;            // a batch of simultaneous deaths: triggers already fired
  bool trigger_casting_ = false;  // cast_ holds a trigger being put on the stack
};

}  // namespace tt::magic
