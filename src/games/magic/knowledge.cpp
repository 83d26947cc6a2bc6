// What a seat knows beyond the zones it sees: cards that stay in a hidden
// zone after some seat saw them there. Each object carries a mask of those
// seats (Object::known):
//   * 103.5: a kept hand's cards put on the bottom are known to their owner,
//     at their place at the bottom of the library, until it is shuffled;
//   * Split Tribute's revealed cards (701.20: revealed to all) are known to
//     every seat while they lie on top of the library and, for the pile put
//     into the hand, while they stay in that hand;
//   * a spell announced (601.2a) and then cancelled stays in a hand where
//     every seat saw it.
// And, while it lasts, a seat searching a library (Plunderer's Pact: "look
// through target opponent's library") sees that whole library.
// A shuffle forgets a library's masks; a public zone clears a card's mask.
// The view shows each seat what it knows (docs/games/magic.md, "Search and
// learning"), and determinize.cpp keeps those cards in place.
#include "core/view_writer.h"
#include "games/magic/state.h"

namespace tt::magic {

Seat MagicState::searching(Seat seat) const {
  if (!res_.active || res_.want != kPick || res_.chooser != seat || seat < 0) return kNoSeat;
  const auto& effects = item_effects(res_.item);
  if (res_.step >= effects.size() || effects[res_.step].verb != Verb::kPutFromLibrary)
    return kNoSeat;
  return one(res_, Who::kTarget, 0);
}

// Split Tribute's piles are face up: everyone sees the cards and the piles.
void MagicState::write_split(ViewWriter& out) const {
  if (!res_.active || res_.revealed_n <= 0) return;
  out.key("split").begin_object();
  out.key("cards").begin_array();
  for (int i = 0; i < res_.revealed_n; ++i)
    out.value(ref(res_.revealed[static_cast<std::size_t>(i)]));
  out.end_array();
  out.key("pile1").begin_array();
  for (int i = 0; i < res_.revealed_n; ++i)
    if ((res_.pile >> i) & 1) out.value(ref(res_.revealed[static_cast<std::size_t>(i)]));
  out.end_array();
  out.end_object();
}

// Library places someone knows: the place for everyone (who knows it is
// public), the card for those who know it. (The referee sees every zone.)
void MagicState::write_library_known(Seat viewer, Seat s, ViewWriter& out) const {
  if (viewer < 0 || viewer >= num_seats()) return;
  const auto& library = players_[s].library;
  bool any = false;
  for (std::size_t i = library.size(); i-- > 0;) {
    const Object& x = objs_[library[i]];
    if (!x.known) continue;
    if (!any) out.key("library_known").begin_array();
    any = true;
    out.begin_object();
    if (has_seat(x.known, viewer)) out.field("card", ref(library[i]));
    out.field("from_top", library.size() - 1 - i);
    out.field("seats", x.known);
    out.end_object();
  }
  if (any) out.end_array();
}

// Another hand's known cards, in object order (the hand's order is hidden).
void MagicState::write_hand_known(Seat viewer, Seat s, ViewWriter& out) const {
  if (viewer < 0 || viewer >= num_seats() || s == viewer) return;
  bool any = false;
  int others = 0;
  for (Obj o = 0; o < num_objs_; ++o) {
    const Object& x = objs_[o];
    if (x.zone != Zone::kHand || x.owner != s) continue;
    if (has_seat(x.known, viewer)) {
      if (!any) out.key("hand_known").begin_array();
      any = true;
      out.value(ref(o));
    } else if (x.known & ~seat_bit(s)) {  // its owner knows its own hand anyway
      ++others;
    }
  }
  if (any) out.end_array();
  if (others) out.field("hand_known_to_others", others);
}

// Looking through a library: every card, top first.
void MagicState::write_searching(Seat viewer, ViewWriter& out) const {
  if (viewer < 0 || viewer >= num_seats()) return;
  const Seat lib = searching(viewer);
  if (lib == kNoSeat) return;
  out.key("searching").begin_object();
  out.key("library").begin_array();
  const auto& l = players_[lib].library;
  for (std::size_t i = l.size(); i-- > 0;) out.value(ref(l[i]));
  out.end_array();
  out.field("seat", lib);
  out.end_object();
}

}  // namespace tt::magic
