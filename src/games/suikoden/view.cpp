// Views: what a seat may see, written through a view writer
// (core/view_writer.h) in key order. The saved form is saved.cpp.
#include <algorithm>
#include <span>

#include "core/view_writer.h"
#include "games/suikoden/state.h"

namespace tt::suikoden {

namespace {

// "m0" to "m3".
std::string_view place_id(int p) {
  static const char* kIds[] = {"m0", "m1", "m2", "m3"};
  return kIds[p];
}

}  // namespace

// Keys are written in alphabetical order (core/view_writer.h).
void SuikodenState::write_view(Seat viewer, ViewWriter& out) const {
  out.begin_object();
  out.key("battle");
  if (battle_.place >= 0 && phase_ != Phase::kMain)
    write_battle(viewer, out);
  else
    out.null();
  out.key("cards");
  write_cards_seen(viewer, out);
  out.field("first_player", first_player_);
  out.field("game", "suikoden");
  out.key("missions").begin_array();
  for (int p = 0; p < kPlaces; ++p)
    if (places_[p].card != kNoCard) write_mission(p, out);
  out.end_array();
  if (phase_ == Phase::kMulligan) {
    // How many cards the deciding seat has picked to return is seen by all
    // (the log says "return:card-K"); which ones only by that seat.
    if (viewer == kReferee || viewer == deciding_)
      write_zone(out.key("mulligan_pick"), mulligan_pick_);
    out.field("mulligan_picked", mulligan_pick_.size());
  }
  out.key("pending").begin_array();
  for (Seat s = 0; s < 2; ++s)
    if (has_seat(pending_seats(), s)) out.value(s);
  out.end_array();
  out.field("phase", kPhaseNames[static_cast<int>(phase_)]);
  out.key("players").begin_array();
  for (Seat s = 0; s < 2; ++s) write_player(viewer, s, out);
  out.end_array();
  out.field("turn", turn_);
  out.field("turn_player", turn_player_);
  out.field("vp_to_win", rules_->vp_to_win);
  out.key("winner");
  if (phase_ == Phase::kOver && winner_ >= 0)
    out.value(winner_);
  else
    out.null();
  out.end_object();
}

void SuikodenState::write_card(ViewWriter& out, Card c) const {
  if (c == kNoCard)
    out.null();
  else
    out.string(def(c).id);
}

void SuikodenState::write_zone(ViewWriter& out, std::span<const Card> cards) const {
  out.begin_array();
  for (Card c : cards) out.string(def(c).id);
  out.end_array();
}

// Every card the viewer sees on the table, by id, with its label: the
// commanders, discards, resolved cards, missions and their characters, and
// the viewer's own hand.
void SuikodenState::write_cards_seen(Seat viewer, ViewWriter& out) const {
  StaticVec<Card, kMaxCards> seen;
  auto note = [&](Card c) {
    if (c != kNoCard) seen.push_back(c);
  };
  for (Seat s = 0; s < 2; ++s) {
    const auto& p = players_[s];
    note(p.commander);
    for (Card c : p.discard) note(c);
    if (viewer == kReferee || viewer == s)
      for (Card c : p.hand) note(c);
    for (auto& r : p.resolved) {
      note(r.card);
      note(r.stationed);
    }
  }
  for (const auto& mp : places_) {
    note(mp.card);
    note(mp.support);
    for (auto& side : mp.dispatched)
      for (Card c : side) note(c);
  }
  std::sort(seen.begin(), seen.end(), [&](Card a, Card b) { return def(a).id < def(b).id; });
  out.begin_object();
  for (std::size_t i = 0; i < seen.size(); ++i) {
    const std::string& id = def(seen[i]).id;
    if (i > 0 && def(seen[i - 1]).id == id) continue;  // copies of one card share its entry
    out.field(id, card_label(seen[i]));
  }
  out.end_object();
}

void SuikodenState::write_player(Seat viewer, Seat s, ViewWriter& out) const {
  const auto& p = players_[s];
  const bool sees_hand = viewer == kReferee || viewer == s;
  out.begin_object();
  write_card(out.key("commander"), p.commander);
  if (viewer == kReferee) {
    out.key("deck").begin_array();  // top card first
    for (auto it = p.deck.end(); it != p.deck.begin();) out.string(def(*--it).id);
    out.end_array();
  }
  out.field("deck_size", p.deck.size());
  write_zone(out.key("discard"), p.discard);
  out.field("facilities_built", p.facilities_built);
  if (sees_hand) write_zone(out.key("hand"), p.hand);
  out.field("hand_limit", hand_limit(s));
  out.field("hand_size", p.hand.size());
  out.field("mission_vp", p.mission_vp);
  out.key("resolved").begin_array();
  for (auto& r : p.resolved) {
    out.begin_object();
    write_card(out.key("card"), r.card);
    write_card(out.key("stationed"), r.stationed);
    out.end_object();
  }
  out.end_array();
  out.field("seat", s);
  out.field("vp", vp(s));
  out.end_object();
}

void SuikodenState::write_mission(int p, ViewWriter& out) const {
  const auto& mp = places_[p];
  auto both_sides = [&](Stat st) {
    out.key(stat_name(st)).begin_array();
    out.value(total(p, 0, st));
    out.value(total(p, 1, st));
    out.end_array();
  };
  out.begin_object();
  both_sides(Stat::kAtk);
  out.field("battle", battle_name(def(mp.card).battle));
  both_sides(Stat::kBuild);
  write_card(out.key("card"), mp.card);
  out.key("dispatched").begin_array();
  for (auto& side : mp.dispatched) write_zone(out, side);
  out.end_array();
  out.field("owner", owner_of_place(p));
  out.field("place", place_id(p));
  write_card(out.key("support"), mp.support);
  both_sides(Stat::kTroops);
  out.end_object();
}

void SuikodenState::write_battle(Seat viewer, ViewWriter& out) const {
  auto pair = [&](std::string_view key, const std::array<std::int32_t, 2>& v) {
    out.key(key).begin_array();
    out.value(v[0]);
    out.value(v[1]);
    out.end_array();
  };
  out.begin_object();
  out.field("acting", battle_.acting);
  out.key("duel").begin_array();
  for (Seat s = 0; s < 2; ++s) {
    // A face-down duel card is seen only by its player until the reveal.
    const bool shown = viewer == kReferee || viewer == s;
    out.begin_object();
    write_card(out.key("card"), shown ? battle_.duel_card[s] : kNoCard);
    // Everyone sees whether a card lies face down (an empty hand plays none).
    out.field("face_down", battle_.duel_card[s] != kNoCard);
    out.field("picked", battle_.duel_picked[s]);
    out.end_object();
  }
  out.end_array();
  out.field("first_step", battle_.first_step);
  write_card(out.key("last_dispatched"), battle_.last_dispatched);
  out.field("new", battle_.is_new);
  out.field("passes", battle_.passes);
  out.field("place", place_id(battle_.place));
  pair("to_cover", battle_.to_cover);
  pair("troops", battle_.troops);
  out.key("weakened").begin_array();
  for (auto& w : battle_.weakened) {
    out.begin_object();
    out.field("amount", w.amount);
    out.field("card", def(w.card).id);
    out.field("stat", stat_name(w.stat));
    out.end_object();
  }
  out.end_array();
  out.field_or_null("winner", battle_.winner, kNoSeat);
  out.end_object();
}

}  // namespace tt::suikoden
