// The state of one game of Dungeon Dice Monsters under the custom rule set:
// a plain value (board, pieces, crest pools, chain), no heap.
// Rule text: "Dungeon Dice Monsters: LifeLife custom rule" (it wins wherever it speaks).
#pragma once
#include <array>
#include <memory>

#include "core/chain.h"
#include "core/grid.h"
#include "core/rng.h"
#include "core/state.h"
#include "core/static_vec.h"
#include "core/turn_order.h"
#include "games/ddm/field_bits.h"
#include "games/ddm/rules.h"

namespace tt::ddm {

using Board = GridShape<13, 19>;
using PieceId = std::uint8_t;
inline constexpr PieceId kNoPiece = 255;
inline constexpr PieceId kMaster = 254;  // a dungeon master as attacker
inline constexpr int kMaxPieces = 28;    // 10 monsters + 4 items per player
inline constexpr int kDice = 12;
inline constexpr std::uint16_t kNoTarget = 0xFFFF;

// The centre square of each player's back row.
inline constexpr Coord master_square(Seat s) {
  return s == 0 ? Coord{6, 0} : Coord{6, 18};
}

enum class Phase : std::uint8_t {
  kRoll,           // pick 3 dice to roll, one at a time
  kSummon,         // summon a monster or item of a rolled level, or not
  kPlace,          // place its dungeon piece: shape, then turn, then square
  kStandby,        // trap window, turn player first
  kMain,           // move, attack, activate, or end the main phase
  kAttackWindow,   // the attacker may use attack abilities (and traps)
  kDefend,         // the defender defends, takes it, or uses traps
  kDefenseWindow,  // the defender may use defence abilities (and traps)
  kChain,          // answering the chain with trap abilities, or passing
  kEnd,            // end-phase trap window
  kOver,
};
// The phase's name in views and saved states ("main"; view.cpp).
const char* phase_name(Phase p);
// A piece's keywords (flying, tunnel, ranged) as a list (view.cpp).
void write_keywords(ViewWriter& out, std::uint8_t keywords);

enum Act : std::uint16_t {
  kPickDie,  // a: die slot; the third pick rolls
  kCancel,   // takes back the dice picked, or the last placement step
  kSummonPick,
  kSummonSkip,
  kShape,  // a: shape
  kTurn,   // a: shape, b: turn (orientation)
  kPlace,  // a: shape, b: turn, c: square of the monster
  kMove,
  kAttack,
  kActivate,
  kEndMain,
  kPass,
  kStrike,
  kDefend,
  kTake,
  kDone,
};

enum class Where : std::uint8_t { kReserve, kField, kGone };

struct Square {
  std::int8_t dungeon = -1;  // owner seat of the dungeon square, -1 none
  PieceId piece = kNoPiece;  // monster on it
  PieceId item = kNoPiece;   // item on it (a monster may stand on an item)
  bool crust = false;
  friend bool operator==(const Square&, const Square&) = default;
};

struct Piece {
  std::uint16_t def = 0;
  std::int8_t owner = 0;
  Where where = Where::kReserve;
  Coord pos{};
  std::int16_t damage = 0;
  bool revealed = false;     // items: shown to both once triggered
  bool moved = false;        // moved this turn
  std::uint8_t attacks = 0;  // attacks made this turn
  std::uint8_t used = 0;     // once-per-turn abilities used (bit per ability)
  // Stat changes by how long they last.
  std::int16_t atk_perm = 0, def_perm = 0, atk_turn = 0, def_turn = 0, atk_battle = 0,
               def_battle = 0;
  std::int16_t shield_battle = 0;
  std::uint8_t kw_perm = 0, kw_turn = 0, kw_chain = 0;
  std::uint8_t range_bonus = 0;  // from gained ranged attack
  friend bool operator==(const Piece&, const Piece&) = default;
};

// One activation on the chain.
struct Link {
  PieceId piece = kNoPiece;
  std::uint8_t ability = 0;
  std::uint16_t target = kNoTarget;  // square index, when the ability targets
  std::int8_t seat = 0;
  bool negated = false;
  bool in_battle = false;
  friend bool operator==(const Link&, const Link&) = default;
};

struct Battle {
  PieceId attacker = kNoPiece;  // kMaster: a dungeon master attacks
  Seat attacking_seat = 0;
  PieceId defender = kNoPiece;
  bool defended = false;
  bool active = false;
  friend bool operator==(const Battle&, const Battle&) = default;
};

// What the last attack did, shown to both players until the next one.
struct LastAttack {
  PieceId attacker = kNoPiece;  // kMaster: a dungeon master attacked
  std::int8_t seat = -1;        // the attacking seat; -1: no attack yet
  PieceId defender = kNoPiece;  // kNoPiece: the target was a dungeon master
  std::uint8_t target = 0;      // square index of the target
  std::int16_t damage = 0;      // damage dealt (counters, for a dungeon master)
  bool defended = false;
  bool destroyed = false;
  friend bool operator==(const LastAttack&, const LastAttack&) = default;
};

// How a game that reached the round limit was decided (turn.cpp
// decide_by_limit): the first tie-break whose values differ, or a draw.
enum class TieBreak : std::int8_t {
  kNone = -1,
  kMasterDamage,
  kMonsters,
  kDungeon,
  kLevels,
  kDraw
};

class DdmState final : public State {
 public:
  explicit DdmState(std::shared_ptr<const Rules> rules);
  // Set-up: dice are pool die indices (12 per seat); pieces are pool piece
  // indices (monsters then items) per seat.
  void start(const std::array<std::vector<int>, 2>& dice,
             const std::array<std::vector<int>, 2>& pieces, std::uint64_t seed);

  std::unique_ptr<State> clone() const override;
  void assign(const State& other) override;
  int num_seats() const override { return 2; }
  bool is_terminal() const override { return phase_ == Phase::kOver; }
  Outcomes outcomes() const override;
  SeatMask pending_seats() const override {
    return phase_ == Phase::kOver ? 0 : seat_bit(deciding());
  }
  Seat to_act() const override { return phase_ == Phase::kOver ? kNoSeat : deciding(); }
  std::string prompt(Seat seat) const override;
  void legal_actions(Seat seat, ActionList& out) const override;
  void apply_action(Seat seat, Action action) override;
  std::string action_id(Seat seat, Action action) const override;
  std::string action_label(Seat seat, Action action) const override;
  void write_view(Seat viewer, ViewWriter& out) const override;
  void save(nlohmann::json& out) const override;
  std::string describe(const Event& event, Seat viewer) const override;
  LogWeight log_weight(const Event& event) const override;
  std::string render(Seat viewer) const override;
  std::string render_details(Seat viewer) const override;
  // A concession: the other seat wins at once.
  std::string concede(Seat seat) override;
  // The option a timer takes for a seat that lets its time run out (default_action.cpp).
  Action default_action(Seat seat) const override;
  bool is_undo(Seat seat, Action action) const override;
  std::string action_id_for(Seat seat, Action action, Seat viewer) const override;
  std::string action_label_for(Seat seat, Action action, Seat viewer) const override;
  double heuristic(Seat seat) const override;
  double heuristic_scale() const override;
  // What a seat knows (determinize.cpp, observation.cpp; docs/games/ddm.md,
  // "Search and learning").
  void determinize(Seat observer, Rng& rng) override;
  Action observed_action(Seat seat, Action action, Seat viewer) const override;
  std::vector<int> observation_shape() const override;
  void observation(Seat seat, float* out) const override;
  // A card drawn or played, or a turn begun, for a game summary (summary.cpp;
  // docs/games/ddm.md "Game summary").
  SummaryFact summary_fact(const Event& event) const override;
  void load(const nlohmann::json& j);
  // The last attack, read back from a saved state (view.cpp).
  // Why a game at the round limit ended as it did (describe.cpp), "" otherwise.
  std::string tie_break_text() const;
  void load_last_attack(const nlohmann::json& a);

  // Read access for tests, views and agents.
  const Rules& rules() const { return *rules_; }
  const PieceDef& def(PieceId p) const { return rules_->pool.pieces[pieces_[p].def]; }
  const Piece& piece(PieceId p) const { return pieces_[p]; }
  const Square& square(Coord c) const { return board_[Board::index(c)]; }
  const Crests& crests(Seat s) const { return crests_[s]; }
  int master_damage(Seat s) const { return master_damage_[s]; }
  Phase phase() const { return phase_; }
  int round() const { return (turn_ + 1) / 2; }
  Seat turn_player() const { return turn_player_; }
  int attack_of(PieceId p) const;
  int defense_of(PieceId p) const;
  std::uint8_t keywords_of(PieceId p) const;
  int range_of(PieceId p) const;
  int dungeon_squares(Seat s) const;
  int monsters_on_field(Seat s) const;
  int levels_on_field(Seat s) const;
  // The dice picked so far for the roll in progress (bit per die slot).
  std::uint16_t dice_picked() const { return picked_; }
  // Where the piece being summoned may go with the shape and turn chosen.
  FieldBits placements(Seat s, int shape, int turn) const;

 private:
  Seat deciding() const;
  Seat opponent(Seat s) const { return static_cast<Seat>(1 - s); }
  void add_crests(Seat s, Crest c, int n);

  // The parts of a view (view.cpp).
  void write_battle(ViewWriter& out) const;
  void write_link(ViewWriter& out, const Link& l) const;
  void write_dungeon(ViewWriter& out) const;
  void write_field(Seat viewer, ViewWriter& out) const;
  void write_piece(ViewWriter& out, PieceId p) const;
  void write_last_attack(ViewWriter& out) const;
  void write_placing(ViewWriter& out) const;
  void write_player(Seat viewer, Seat s, ViewWriter& out) const;
  void write_rolled(ViewWriter& out) const;
  void write_tie_break(ViewWriter& out) const;

  // Dice and summoning (dice.cpp)
  void roll(Seat s, std::uint16_t mask);
  void after_roll();
  bool can_summon_now() const;
  void list_dice(Seat s, ActionList& out) const;
  void pick_die(Seat s, int slot);
  void find_twins();
  void after_summon_step();

  // Placement (placement.cpp)
  FieldBits front(Seat s) const;
  bool any_placement(Seat s) const;
  void list_placement_step(Seat s, ActionList& out) const;
  void cancel_step();
  void place(Seat s, int shape, int orient, Coord m);
  void rebuild_field_bits();

  // Movement (movement.cpp)
  struct Path {
    StaticVec<std::uint8_t, 64> squares;  // square indices after the start, in order
  };
  struct Search {
    std::array<std::int8_t, Board::kSquares> dist;
    std::array<std::int8_t, Board::kSquares> items;
    std::array<std::int16_t, Board::kSquares> parent;
    std::array<std::uint8_t, Board::kSquares> order;  // squares reached, in search order
    int reached = 0;
  };
  void search(PieceId p, int limit, Search& s) const;
  int step_cost(PieceId p) const;
  void list_moves(PieceId p, ActionList& out) const;
  bool find_path(PieceId p, Coord to, Path& path) const;
  void move(PieceId p, Coord to, bool decline_items);
  void trigger_item(PieceId mover, PieceId item, Coord before, bool& stopped);

  // Combat (combat.cpp)
  bool can_target(PieceId attacker, Seat attacking_seat, Coord from, Coord target) const;
  void list_attacks(Seat s, ActionList& out) const;
  void declare_attack(Seat s, PieceId attacker, Coord target);
  void open_attack_window();
  void open_defend();
  void open_defense_window();
  void resolve_battle();
  void end_battle();
  void destroy(PieceId p);
  void hit_master(Seat s);

  // Abilities and the chain (abilities.cpp)
  bool timing_ok(PieceId p, const Ability& a, Seat s) const;
  bool affordable(Seat s, const Ability& a) const;
  void pay(Seat s, const Ability& a);
  template <typename F>
  bool for_each_ability(Seat s, F visit) const;
  void list_abilities(Seat s, ActionList& out) const;
  bool has_ability_option(Seat s) const;
  bool target_ok(PieceId p, const Ability& a, std::uint16_t target) const;
  void activate(Seat s, PieceId p, int ability, std::uint16_t target);
  void run_chain();
  void finish_chain();
  void resolve(const Link& l);
  void apply_effect(PieceId p, const Ability& a, std::uint16_t target, Duration d, Seat s);
  void end_chain_effects();
  bool crust_ok(Coord c) const;

  // Turn flow (turn.cpp)
  void begin_turn();
  void open_window(Phase window);
  void window_pass();
  void end_turn();
  void decide_by_limit();
  void end_game(int winner);
  void resume();

  std::shared_ptr<const Rules> rules_;
  std::array<Square, Board::kSquares> board_{};
  std::array<Piece, kMaxPieces> pieces_{};
  std::uint8_t num_pieces_ = 0;
  std::array<std::array<std::uint16_t, kDice>, 2> dice_{};
  std::array<Crests, 2> crests_{};
  std::array<std::uint8_t, 2> master_damage_{};
  std::array<bool, 2> master_attacked_{};
  Chain<Link, 16> chain_;
  TurnOrder order_{2};
  Battle battle_;
  Rng rng_;
  std::array<std::uint8_t, 3> last_roll_die_{};   // die slots of the last roll
  std::array<std::uint8_t, 3> last_roll_face_{};  // faces shown
  std::array<std::uint8_t, 3> last_roll_gain_{};  // crests each added (after the cap)
  LastAttack last_attack_;
  TieBreak tie_break_ = TieBreak::kNone;
  std::int16_t turn_ = 1;  // counts every player's turn
  Seat turn_player_ = 0;
  Seat window_seat_ = 0;  // whose turn it is to act in a standby/end/battle window
  std::uint8_t rolls_done_ = 0;
  std::uint8_t summon_levels_ = 0;  // bit L: a level-L summon is allowed by the last roll
  bool summoned_ = false;           // at most one summon per turn
  PieceId summoning_ = kNoPiece;
  std::uint16_t picked_ = 0;  // dice picked for the roll in progress
  // Per die slot, the earlier slots holding an identical die.
  std::array<std::array<std::uint16_t, kDice>, 2> twins_{};
  static constexpr std::uint8_t kNoStep = 0xFF;  // placement: shape or turn not chosen yet
  std::uint8_t place_shape_ = kNoStep, place_turn_ = kNoStep;
  // Derived from board_ (kept in step with it): squares with no dungeon and
  // no dungeon master, and each player's dungeon plus master square.
  FieldBits free_;
  std::array<FieldBits, 2> own_{};
  // Each player's monsters on the field, a bit per piece (items excluded).
  std::array<std::uint32_t, 2> on_field_{};
  Phase phase_ = Phase::kRoll;
  Phase resume_ = Phase::kMain;  // where play returns when a chain resolves
  std::int8_t winner_ = -2;
};

}  // namespace tt::ddm
