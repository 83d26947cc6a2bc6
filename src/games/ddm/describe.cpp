// Option ids and labels, and log lines, rendered on demand.
#include <algorithm>
#include <bit>

#include "core/text.h"
#include "games/ddm/events.h"
#include "games/ddm/state.h"

namespace tt::ddm {

namespace {
std::string sq(int index) {
  return Board::at(index).str();
}

// A die as a person reads it: id, level and its six faces (S summon, M move,
// A attack, D defence, G magic, T trap; 2 after a face doubles it).
std::string die_text(const DieDef& d) {
  static constexpr char kFace[] = {'M', 'A', 'D', 'G', 'T', 'S'};
  std::string s = d.id + " (L" + std::to_string(d.level) + ":";
  for (const Face& f : d.faces) {
    s += ' ';
    s += kFace[static_cast<int>(f.crest)];
    if (f.mult > 1) s += '2';
  }
  return s + ")";
}

// A net drawn as a small picture: '#' its squares, 'M' the monster's.
std::string net_picture(const Orientation& o) {
  int c0 = 0, c1 = 0, r0 = 0, r1 = 0;
  for (Coord c : o.cells) {
    c0 = std::min<int>(c0, c.col), c1 = std::max<int>(c1, c.col);
    r0 = std::min<int>(r0, c.row), r1 = std::max<int>(r1, c.row);
  }
  std::string s;
  for (int r = r0; r <= r1; ++r) {
    s += '\n';
    for (int c = c0; c <= c1; ++c) {
      char ch = '.';
      for (Coord x : o.cells)
        if (x.col == c && x.row == r) ch = c == 0 && r == 0 ? 'M' : '#';
      s += ch;
    }
  }
  return s;
}

}  // namespace

// What decided a game at the round limit, for the game-over line: the first
// tie-break whose values differ (turn.cpp decide_by_limit), with both values.
std::string DdmState::tie_break_text() const {
  const auto pair = [](int a, int b) {
    return " (seat 0: " + std::to_string(a) + ", seat 1: " + std::to_string(b) + ")";
  };
  switch (tie_break_) {
    case TieBreak::kNone:
      return "";
    case TieBreak::kMasterDamage:
      return " on the tie-break: fewer counters on the dungeon master" +
             pair(master_damage_[0], master_damage_[1]);
    case TieBreak::kMonsters:
      return " on the tie-break: more monsters on the field" +
             pair(monsters_on_field(0), monsters_on_field(1));
    case TieBreak::kDungeon:
      return " on the tie-break: more dungeon squares" +
             pair(dungeon_squares(0), dungeon_squares(1));
    case TieBreak::kLevels:
      return " on the tie-break: higher total level on the field" +
             pair(levels_on_field(0), levels_on_field(1));
    case TieBreak::kDraw:
      return ": every tie-break is equal";
  }
  return "";
}

std::string DdmState::action_id(Seat seat, Action a) const {
  const Pool& pool = rules_->pool;
  switch (static_cast<Act>(a.kind)) {
    case kPickDie:
      return "die:" + pool.dice[dice_[seat < 0 ? 0 : seat][a.a % kDice]].id;
    case kCancel:
      return "cancel";
    case kSummonPick:
      return "summon:" + (a.a < num_pieces_ ? def(static_cast<PieceId>(a.a)).id : "?");
    case kSummonSkip:
      return "nosummon";
    case kShape:
      return "shape:" + pool.shapes[a.a].name;
    case kTurn:
      return "turn:" + pool.shapes[a.a].name + std::to_string(a.b);
    case kPlace:
      return "place:" + pool.shapes[a.a].name + std::to_string(a.b) + ":" + sq(a.c);
    case kMove:
      return "move:" + pieces_[a.a].pos.str() + ">" + sq(a.b) + (a.c == 1 ? ":noitems" : "");
    case kAttack:
      return "attack:" + (a.a == kMaster ? master_square(seat).str() : pieces_[a.a].pos.str()) +
             ">" + sq(a.b);
    case kActivate:
      return "ability:" + pieces_[a.a].pos.str() + ":" + std::to_string(a.b) +
             (a.c == kNoTarget ? "" : ">" + sq(a.c));
    case kEndMain:
      return "end";
    case kPass:
      return "pass";
    case kStrike:
      return "strike";
    case kDefend:
      return "defend";
    case kTake:
      return "take";
    case kDone:
      return "done";
  }
  return "?";
}

std::string DdmState::action_label(Seat, Action a) const {
  const Pool& pool = rules_->pool;
  // Monsters are named with their square, so two of the same kind differ.
  const auto name = [&](int p) {
    return p == kMaster ? std::string("your dungeon master")
                        : def(static_cast<PieceId>(p)).name + " on " + pieces_[p].pos.str();
  };
  switch (static_cast<Act>(a.kind)) {
    case kPickDie: {
      const std::string die = die_text(pool.dice[dice_[turn_player_][a.a]]);
      if (std::popcount(picked_) < 2) return "Die " + die;
      std::string s = "Roll " + die + " with";
      for (int i = 0; i < kDice; ++i)
        if (picked_ & (1u << i)) s += " " + pool.dice[dice_[turn_player_][i]].id;
      return s;
    }
    case kCancel:
      if (phase_ == Phase::kRoll) return "Take back the dice picked";
      return place_turn_ != kNoStep    ? "Back: choose the turn again"
             : place_shape_ != kNoStep ? "Back: choose the shape again"
                                       : "Back: choose what to summon again";
    case kSummonPick: {
      const PieceDef& d = def(static_cast<PieceId>(a.a));
      if (d.is_item) return "Summon item " + d.name + " (hidden from the opponent)";
      return "Summon " + d.name + " (L" + std::to_string(d.level) + " " + type_name(d.type) +
             ", HP " + std::to_string(d.hp) + " ATK " + std::to_string(d.atk) + " DEF " +
             std::to_string(d.def) + ")";
    }
    case kSummonSkip:
      return "Do not summon";
    case kShape:
      return "Shape " + pool.shapes[a.a].name + net_picture(pool.shapes[a.a].orientations[0]);
    case kTurn:
      return "Turn " + pool.shapes[a.a].name + std::to_string(a.b) +
             net_picture(pool.shapes[a.a].orientations[a.b]);
    case kPlace: {
      // The piece being summoned: a monster, or an item laid face down.
      const std::string net = " (net " + pool.shapes[a.a].name + std::to_string(a.b) + ")";
      if (summoning_ == kNoPiece) return "Place on " + sq(a.c) + net;
      const PieceDef& d = def(summoning_);
      return (d.is_item ? "Place item " + d.name + " face down on " : "Place " + d.name + " on ") +
             sq(a.c) + net;
    }
    case kMove:
      return "Move " + name(a.a) + " to " + sq(a.b) +
             (a.c == 1 ? ", declining items on the way" : "");
    case kAttack: {
      const PieceId v = board_[a.b].piece;
      const std::string target = v == kNoPiece ? "the enemy dungeon master" : def(v).name;
      return "Attack " + target + " on " + sq(a.b) + " with " + name(a.a) + " (1 attack crest)";
    }
    case kActivate: {
      const Ability& ab = def(static_cast<PieceId>(a.a)).abilities[a.b];
      return "Use " + name(a.a) + ": " + ab.text + (a.c == kNoTarget ? "" : ", target " + sq(a.c));
    }
    case kEndMain:
      return "End the main phase";
    case kPass:
      return "Pass";
    case kStrike:
      return "Strike";
    case kDefend:
      return "Defend (1 defence crest)";
    case kTake:
      return "Take the attack";
    case kDone:
      return "Done";
  }
  return "?";
}

// The reserve is hidden from the opponent: which piece is being summoned
// shows only when it is placed (a monster) or triggers (an item).
std::string DdmState::action_id_for(Seat seat, Action a, Seat viewer) const {
  if (a.kind == kSummonPick && viewer != seat && viewer != kReferee) return "summon:hidden";
  return action_id(seat, a);
}

std::string DdmState::action_label_for(Seat seat, Action a, Seat viewer) const {
  if (a.kind == kSummonPick && viewer != seat && viewer != kReferee)
    return "Summon a piece from the reserve (hidden until placed)";
  // An item is laid face down: another seat learns only where.
  if (a.kind == kPlace && viewer != seat && viewer != kReferee && summoning_ != kNoPiece &&
      def(summoning_).is_item)
    return "Place a face-down item on " + sq(a.c) + " (net " + rules_->pool.shapes[a.a].name +
           std::to_string(a.b) + ")";
  return action_label(seat, a);
}

std::string DdmState::describe(const Event& e, Seat viewer) const {
  const std::string who = e.seat >= 0 ? "Seat " + std::to_string(e.seat) : "";
  const auto& a = e.args;
  const auto name = [&](int p) {
    if (p == kMaster) return std::string("a dungeon master");
    if (p < 0 || p >= num_pieces_) return std::string("?");
    return def(static_cast<PieceId>(p)).name;
  };
  switch (e.kind) {
    case kEvFirstPlayer:
      return who + " goes first";
    case kEvTurn:
      return "Turn " + std::to_string(a[0]) + " (round " + std::to_string(a[1]) + "): " + who;
    case kEvRoll: {
      std::string s = who + " rolls:";
      for (int k = 0; k < 3; ++k) {
        const DieDef& d = rules_->pool.dice[dice_[e.seat][a[k] / 8]];
        const Face f = d.faces[a[k] % 8];
        s += " " + crest_name(f.crest) +
             (f.crest == Crest::kSummon ? std::to_string(d.level) : "") + (f.mult > 1 ? "x2" : "");
      }
      return s;
    }
    case kEvCrests:
      return who + (a[1] >= 0 ? " gains " : " loses ") +
             plural(a[1] >= 0 ? a[1] : -a[1], crest_name(static_cast<Crest>(a[0])) + " crest");
    case kEvSummonLevel: {
      std::string s = who + " may summon level";
      for (int l = 1; l <= 4; ++l)
        if (a[0] & (1 << l)) s += " " + std::to_string(l);
      return s;
    }
    case kEvReserve:
      return who + (sees_details(e, viewer) ? " sets out " + name(a[0]) + " in reserve"
                                            : " sets out a piece in reserve");
    case kEvSummon:
      // A monster is public once on the field: its summon is logged for every
      // seat, and everyone, spectators too, may read its name (sees_details
      // gives a spectator no event's details). An item lies face down: its
      // summon is logged with details for its owner only (placement.cpp), the
      // rest learn that an item was laid, and where.
      return who + " summons " +
             (e.detail_to == kAllSeats || sees_details(e, viewer) ? name(a[0]) : "an item") +
             " at " + sq(a[1]);
    case kEvPiecePlaced:
      return who + " places dungeon shape " + rules_->pool.shapes[a[0]].name + " at " + sq(a[1]);
    case kEvMove:
      return who + " moves " + name(a[0]) + " from " + sq(a[1]) + " to " + sq(a[2]);
    case kEvItem:
      return "Item " + name(a[0]) + " triggers on " + name(a[1]);
    case kEvItemDeclined:
      return name(a[0]) + " tunnels past an item without triggering it";
    case kEvAttack:
      return who + " attacks " + sq(a[1]) + " with " +
             (a[0] == kMaster ? std::string("its dungeon master") : name(a[0]));
    case kEvDefend:
      return who + " defends with " + name(a[0]);
    case kEvTake:
      return who + " takes the attack on " + name(a[0]);
    case kEvDamage:
      return name(a[0]) + " takes " + std::to_string(a[1]) + " damage (" + std::to_string(a[2]) +
             " in all)";
    case kEvDestroyed:
      return name(a[0]) + " is destroyed";
    case kEvMasterHit:
      return who + "'s dungeon master takes a counter (" + std::to_string(a[0]) + ")";
    case kEvActivate: {
      const Ability& ab = def(static_cast<PieceId>(a[0])).abilities[a[1]];
      return who + " activates " + name(a[0]) + ": " + ab.text +
             (a[2] >= 0 ? " (target " + sq(a[2]) + ")" : "");
    }
    case kEvNegated:
      return name(a[0]) + "'s ability is negated";
    case kEvResolve:
      return name(a[0]) + "'s ability resolves";
    case kEvCrust:
      return who + " puts a crust counter on " + sq(a[0]);
    case kEvPass:
      return who + " passes";
    case kEvEndMain:
      return who + " ends the main phase";
    case kEvTimeUp:
      return "Round " + std::to_string(a[0]) + " is over: the game is decided by the tie-breaks";
    case kEvGameOver:
      return (e.seat >= 0 ? who + " wins" : std::string("The game is a draw")) + tie_break_text();
  }
  return "?";
}

LogWeight DdmState::log_weight(const Event& e) const {
  return e.kind == kEvPass ? LogWeight::kPass : LogWeight::kRoutine;
}

}  // namespace tt::ddm
