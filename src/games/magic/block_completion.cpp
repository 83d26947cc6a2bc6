// A declaration of blockers that can always be finished (509.1c with
// 702.111b, menace; 802.4b: checked per defending player). A block is
// offered only when, with it, the declaration can still become legal: every
// menace attacker this defending player blocks once gets a second blocker
// from its creatures still free, within the block limit. Otherwise a player
// (or an agent) could block its way into a dead end whose only option is
// `block-reset`, an undo, and a greedy agent would walk into it again and
// again (issue 20: a 1,500-decision loop).
#include <array>

#include "games/magic/state.h"

namespace tt::magic {

namespace {

// Kuhn's augmenting path: can attacker `i` get a blocker, moving others?
template <typename CanBlock>
bool augment(int i, int free_count, const CanBlock& can_block, std::array<bool, kMaxObjects>& seen,
             std::array<int, kMaxObjects>& matched_to) {
  for (int f = 0; f < free_count; ++f) {
    if (seen[f] || !can_block(i, f)) continue;
    seen[f] = true;
    if (matched_to[f] < 0 || augment(matched_to[f], free_count, can_block, seen, matched_to)) {
      matched_to[f] = i;
      return true;
    }
  }
  return false;
}

}  // namespace

bool MagicState::blocks_completable(Seat s, Block extra, int limit) const {
  const TurnCtx& t = T();
  const SeatMask group =
      rules_->shared_turns ? static_cast<SeatMask>(team_of(s) & order_.active()) : seat_bit(s);
  auto blocking = [&](Obj o) {
    if (o == extra.blocker) return true;
    for (const Block& b : t.blocks)
      if (b.blocker == o) return true;
    return false;
  };
  int mine = 1;  // the extra block
  for (const Block& b : t.blocks) mine += has_seat(group, objs_[b.blocker].controller);
  if (mine > limit || t.blocks.size() + 1 > t.blocks.capacity()) return false;

  // Menace attackers of this defending player blocked exactly once.
  StaticVec<Obj, 96> needy;
  for (const Attacker& a : t.attackers) {
    if (a.removed || !has_seat(group, a.target) || !(keywords(a.obj) & kMenace)) continue;
    int n = a.obj == extra.attacker;
    for (const Block& b : t.blocks)
      n += b.attacker == a.obj && has_seat(group, objs_[b.blocker].controller);
    if (n == 1) needy.push_back(a.obj);
  }
  if (needy.empty()) return true;
  if (mine + static_cast<int>(needy.size()) > limit ||
      t.blocks.size() + 1 + needy.size() > t.blocks.capacity())
    return false;

  // The creatures that could still join a block, matched one to each needy attacker.
  StaticVec<Obj, kMaxObjects> free;
  for (Obj o : bodies()) {
    const Object& x = objs_[o];
    if (def(o).is(kCreature) && has_seat(group, x.controller) && !x.tapped && !cant_block(o) &&
        !blocking(o))
      free.push_back(o);
  }
  if (free.size() < needy.size()) return false;
  const int free_count = static_cast<int>(free.size());
  auto can_block = [&](int i, int f) { return can_block_attacker(free[f], needy[i]); };
  std::array<int, kMaxObjects> matched_to;
  matched_to.fill(-1);
  std::array<bool, kMaxObjects> seen;
  for (std::size_t i = 0; i < needy.size(); ++i) {
    seen.fill(false);
    if (!augment(static_cast<int>(i), free_count, can_block, seen, matched_to)) return false;
  }
  return true;
}

}  // namespace tt::magic
