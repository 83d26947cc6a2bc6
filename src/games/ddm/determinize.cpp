// What a seat does not see, dealt afresh for search (State::determinize;
// docs/games/ddm.md, "Search and learning"). Almost everything in Dungeon
// Dice Monsters is open: the board, every monster, the crests, the dice and
// their rolls. Hidden from a seat are only
//   - which of the other seat's items lies face down on which square (an item
//     is named only when it triggers: rule text "召喚のやりかた、ルール" 3.),
//     and so which items are still in its reserve;
//   - which piece the other seat chose to summon while it lays the piece's
//     dungeon (`summon:hidden` until placed);
//   - the dice to come.
// The other seat's reserve monsters are not hidden in fact: sets are open, and
// every monster outside the reserve is named, so the reserve's monsters are
// the set's monsters minus those seen; they stay as they are.
#include <array>

#include "core/unseen_pool.h"
#include "games/ddm/state.h"

namespace tt::ddm {

namespace {

// A hidden item's place, as a sort key that only says what the observer sees:
// a square of the field (its index), else gone unnamed, else the reserve.
constexpr int kGonePlace = Board::kSquares;
constexpr int kReservePlace = Board::kSquares + 1;

// Marks the other seat's summon choice in a search tree: one value for every
// piece it could have chosen (never a piece number).
constexpr std::uint16_t kHiddenPick = 0xFFFF;

}  // namespace

void DdmState::determinize(Seat observer, Rng& rng) {
  rng_ = Rng(rng.next());  // fresh dice; forced results are dropped
  if (observer != 0 && observer != 1) return;
  const Seat other = opponent(observer);

  // The other seat's unnamed items: their numbers (ascending) and places.
  std::array<PieceId, kMaxPieces> number{};
  std::array<std::int16_t, kMaxPieces> place{};
  int n = 0;
  for (int i = 0; i < num_pieces_; ++i) {
    const Piece& pc = pieces_[i];
    if (pc.owner != other || !def(static_cast<PieceId>(i)).is_item ||
        (pc.where != Where::kReserve && pc.revealed))
      continue;
    number[n] = static_cast<PieceId>(i);
    place[n++] = static_cast<std::int16_t>(pc.where == Where::kField  ? Board::index(pc.pos)
                                           : pc.where == Where::kGone ? kGonePlace
                                                                      : kReservePlace);
  }
  // The places in an order the observer can tell (squares, then gone, then
  // reserve); the numbers go to them in ascending order, so where the items
  // truly were, and under which numbers, leaves no trace.
  for (int k = 1; k < n; ++k)
    for (int j = k; j > 0 && place[j - 1] > place[j]; --j) std::swap(place[j - 1], place[j]);
  static thread_local UnseenPool<std::uint16_t> items;
  items.clear();
  for (int k = 0; k < n; ++k) {
    Piece& pc = pieces_[number[k]];
    const std::uint16_t item = pc.def;  // any unnamed item: the deal below redraws them all
    pc = Piece{};
    pc.def = item;
    pc.owner = static_cast<std::int8_t>(other);
    if (place[k] < Board::kSquares) {
      pc.where = Where::kField;
      pc.pos = Board::at(place[k]);
      board_[place[k]].item = number[k];
    } else {
      pc.where = place[k] == kGonePlace ? Where::kGone : Where::kReserve;
    }
    items.add(pc.def);
  }
  items.deal(rng);

  // The other seat's summon choice, while it lays the dungeon: one of the
  // options it had (a reserve piece of a level the roll allows, identical
  // pieces being one option), uniformly.
  if (phase_ == Phase::kPlace && turn_player_ == other) {
    std::array<PieceId, kMaxPieces> options{};
    int count = 0;
    // The true choice is one of them, so there is at least one; a loaded
    // state may have chosen outside the levels, then any reserve piece is.
    for (const std::uint8_t levels : {summon_levels_, std::uint8_t{0xFF}}) {
      for (int i = 0; i < num_pieces_; ++i) {
        const Piece& pc = pieces_[i];
        if (pc.owner != other || pc.where != Where::kReserve ||
            !((levels >> def(static_cast<PieceId>(i)).level) & 1u))
          continue;
        bool twin = false;
        for (int k = 0; k < count && !twin; ++k) twin = pieces_[options[k]].def == pc.def;
        if (!twin) options[count++] = static_cast<PieceId>(i);
      }
      if (count > 0) break;
    }
    if (count > 0) summoning_ = options[rng.below(static_cast<std::uint32_t>(count))];
  }
}

// The other seat's summon choice is seen as "summon:hidden" (describe.cpp
// action_id_for): all its picks are one observed option.
Action DdmState::observed_action(Seat seat, Action action, Seat viewer) const {
  if (action.kind == kSummonPick && viewer != seat && viewer != kReferee)
    return {kSummonPick, kHiddenPick, 0, 0};
  return action;
}

}  // namespace tt::ddm
