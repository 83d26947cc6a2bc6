// Moving a monster (rule text "自分モンスターの移動"): orthogonal steps along
// either player's dungeon, one movement crest per square paid in advance
// (two when flying), once per monster per turn, through own monsters but not
// enemies (tunnel passes them), never ending on a monster. Items are passed
// or stopped on, and trigger.
#include <algorithm>

#include "games/ddm/events.h"
#include "games/ddm/state.h"

namespace tt::ddm {

int DdmState::step_cost(PieceId p) const {
  return keywords_of(p) & kFlying ? 2 : 1;
}

// Breadth-first search by steps; among equally short paths the one crossing
// the fewest items is kept (then the first found in the order up, right,
// down, left), so a move's path is fixed by its destination.
void DdmState::search(PieceId p, int limit, Search& s) const {
  // items and parent are written when a square is first reached; only the
  // distances need clearing.
  s.dist.fill(-1);
  std::array<std::uint8_t, Board::kSquares>& queue = s.order;
  int head = 0, tail = 0;
  const bool tunnel = keywords_of(p) & kTunnel;
  const Seat owner = pieces_[p].owner;
  // passable(), with the mover's keywords read once.
  const auto open = [&](Coord c) {
    if (!Board::in_bounds(c) || c == master_square(0) || c == master_square(1)) return false;
    const Square& sq = board_[Board::index(c)];
    if (sq.dungeon < 0) return false;
    if (tunnel) return true;
    return !sq.crust && (sq.piece == kNoPiece || pieces_[sq.piece].owner == owner);
  };
  const int start = Board::index(pieces_[p].pos);
  s.dist[start] = 0;
  s.items[start] = 0;
  s.parent[start] = -1;
  queue[tail++] = static_cast<std::uint8_t>(start);
  while (head < tail) {
    const int u = queue[head++];
    if (s.dist[u] >= limit) continue;
    for (Coord d : kOrthogonal) {
      const Coord n = Board::at(u) + d;
      if (!open(n)) continue;
      const int v = Board::index(n);
      const int items = s.items[u] + (board_[v].item != kNoPiece);
      if (s.dist[v] < 0) {
        s.dist[v] = static_cast<std::int8_t>(s.dist[u] + 1);
        s.items[v] = static_cast<std::int8_t>(items);
        s.parent[v] = static_cast<std::int16_t>(u);
        queue[tail++] = static_cast<std::uint8_t>(v);
      } else if (s.dist[v] == s.dist[u] + 1 && items < s.items[v]) {
        s.items[v] = static_cast<std::int8_t>(items);
        s.parent[v] = static_cast<std::int16_t>(u);
      }
    }
  }
  s.reached = tail;
}

void DdmState::list_moves(PieceId p, ActionList& out) const {
  const Piece& pc = pieces_[p];
  if (pc.where != Where::kField || pc.moved || def(p).is_item) return;
  const int limit = crests_[pc.owner][static_cast<int>(Crest::kMove)] / step_cost(p);
  if (limit < 1) return;
  Search s;
  search(p, limit, s);
  const bool tunnel = keywords_of(p) & kTunnel;
  // Squares reached, nearest first; a move may end on any of them that is
  // free (passable squares are dungeon squares, so only monsters and crusts
  // remain to check).
  for (int k = 1; k < s.reached; ++k) {
    const int v = s.order[k];
    if (board_[v].piece != kNoPiece || board_[v].crust) continue;
    out.push_back({kMove, p, static_cast<std::uint16_t>(v), 0});
    // A tunnelling monster may decline the items it crosses.
    if (tunnel && s.items[v] > 0) out.push_back({kMove, p, static_cast<std::uint16_t>(v), 1});
  }
}

bool DdmState::find_path(PieceId p, Coord to, Path& path) const {
  const int limit = crests_[pieces_[p].owner][static_cast<int>(Crest::kMove)] / step_cost(p);
  Search s;
  search(p, limit, s);
  const int goal = Board::index(to);
  if (s.dist[goal] <= 0) return false;
  StaticVec<std::uint8_t, 64> reversed;
  for (int v = goal; s.parent[v] >= 0; v = s.parent[v])
    reversed.push_back(static_cast<std::uint8_t>(v));
  for (auto it = reversed.end(); it != reversed.begin();) path.squares.push_back(*--it);
  return true;
}

void DdmState::move(PieceId p, Coord to, bool decline_items) {
  Path path;
  find_path(p, to, path);
  Piece& pc = pieces_[p];
  const Seat s = pc.owner;
  // Paid in advance: a move cut short is not refunded.
  crests_[s][static_cast<int>(Crest::kMove)] = static_cast<std::uint8_t>(
      crests_[s][static_cast<int>(Crest::kMove)] - path.squares.size() * step_cost(p));
  pc.moved = true;
  const int from = Board::index(pc.pos);
  board_[from].piece = kNoPiece;
  Coord at = pc.pos;
  bool stopped = false;
  for (std::uint8_t v : path.squares) {
    const Coord before = at;
    at = Board::at(v);
    const PieceId item = board_[v].item;
    if (item == kNoPiece) continue;
    if (decline_items) {
      log(kEvItemDeclined, s, p);
      continue;
    }
    trigger_item(p, item, before, stopped);
    if (stopped) {
      if (pc.where != Where::kField) {
        log(kEvMove, s, p, from, Board::index(at));
        return;  // destroyed on the way
      }
      at = pc.pos;  // a stop effect set where it ends
      break;
    }
  }
  // Ends where it stopped; never on another monster.
  if (board_[Board::index(at)].piece != kNoPiece) at = Board::at(from);
  pc.pos = at;
  board_[Board::index(at)].piece = p;
  log(kEvMove, s, p, from, Board::index(at));
}

// An item reveals itself and works on the monster that passes or stops on it.
void DdmState::trigger_item(PieceId mover, PieceId item, Coord before, bool& stopped) {
  Piece& m = pieces_[mover];
  Piece& it = pieces_[item];
  it.revealed = true;
  log(kEvItem, m.owner, item, mover);
  const Ability& e = def(item).item_effect;
  switch (e.op) {
    case Op::kHeal:
      m.damage = static_cast<std::int16_t>(std::max(0, m.damage - e.amount));
      break;
    case Op::kDamage:
      m.damage = static_cast<std::int16_t>(m.damage + e.amount);
      log(kEvDamage, m.owner, mover, e.amount, m.damage);
      if (m.damage >= def(mover).hp) {
        destroy(mover);
        stopped = true;
      }
      break;
    case Op::kBoost:
      (e.stat == StatKind::kAtk ? m.atk_perm : m.def_perm) += static_cast<std::int16_t>(e.amount);
      break;
    case Op::kDrain:
      add_crests(m.owner, e.crest, -e.amount);
      break;
    case Op::kStop:
      if (board_[Board::index(before)].piece == kNoPiece) {
        m.pos = before;
        stopped = true;
      }
      break;
    default:
      apply_effect(mover, e, kNoTarget, Duration::kPermanent, m.owner);
      break;
  }
  if (def(item).once) {
    it.where = Where::kGone;
    board_[Board::index(it.pos)].item = kNoPiece;
  }
}

}  // namespace tt::ddm
