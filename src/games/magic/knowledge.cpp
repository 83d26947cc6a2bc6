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
#include <nlohmann/json.hpp>

#include "games/magic/state.h"

namespace tt::magic {

using nlohmann::json;

Seat MagicState::searching(Seat seat) const {
  if (!res_.active || res_.want != kPick || res_.chooser != seat || seat < 0) return kNoSeat;
  const auto& effects = item_effects(res_.item);
  if (res_.step >= effects.size() || effects[res_.step].verb != Verb::kPutFromLibrary)
    return kNoSeat;
  return one(res_, Who::kTarget, 0);
}

void MagicState::knowledge_view(Seat viewer, json& out) const {
  // Split Tribute's piles are face up: everyone sees the cards and the piles.
  if (res_.active && res_.revealed_n > 0) {
    json cards = json::array(), first = json::array();
    for (int i = 0; i < res_.revealed_n; ++i) {
      const Obj o = res_.revealed[static_cast<std::size_t>(i)];
      cards.push_back(ref(o));
      if ((res_.pile >> i) & 1) first.push_back(ref(o));
    }
    out["split"] = {{"cards", cards}, {"pile1", first}};
  }
  if (viewer < 0 || viewer >= num_seats()) return;  // the referee sees every zone anyway
  json& players = out["players"];
  for (Seat s = 0; s < num_seats(); ++s) {
    const Player& p = players_[s];
    json& j = players[static_cast<std::size_t>(s)];
    // Library places someone knows: the place for everyone (who knows it is
    // public), the card for those who know it.
    json lib = json::array();
    for (std::size_t i = p.library.size(); i-- > 0;) {
      const Object& x = objs_[p.library[i]];
      if (!x.known) continue;
      json e = {{"from_top", p.library.size() - 1 - i}, {"seats", x.known}};
      if (has_seat(x.known, viewer)) e["card"] = ref(p.library[i]);
      lib.push_back(e);
    }
    if (!lib.empty()) j["library_known"] = lib;
    if (s == viewer) continue;
    // Another hand's known cards, in object order (the hand's order is hidden).
    json hand = json::array();
    int others = 0;
    for (Obj o = 0; o < num_objs_; ++o) {
      const Object& x = objs_[o];
      if (x.zone != Zone::kHand || x.owner != s) continue;
      if (has_seat(x.known, viewer))
        hand.push_back(ref(o));
      else if (x.known & ~seat_bit(s))  // its owner knows its own hand anyway
        ++others;
    }
    if (!hand.empty()) j["hand_known"] = hand;
    if (others) j["hand_known_to_others"] = others;
  }
  const Seat lib = searching(viewer);
  if (lib != kNoSeat) {  // looking through a library: every card, top first
    json cards = json::array();
    const auto& l = players_[lib].library;
    for (std::size_t i = l.size(); i-- > 0;) cards.push_back(ref(l[i]));
    out["searching"] = {{"seat", lib}, {"library", cards}};
  }
}

}  // namespace tt::magic
