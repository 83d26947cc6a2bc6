// Views (what a seat may see) and saving/restoring the whole state. The
// saved form names cards by pool id and is also a scenario's "state" block
// (docs/scenario-format.md): every field but the cards is optional.
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <utility>

#include "core/view_writer.h"
#include "games/lastchronicle/state.h"

namespace tt::lastchronicle {

using nlohmann::json;

namespace {
const char* kPhaseNames[] = {"setup",  "mulligan", "main",  "name",
                             "window", "attack",   "block", "over"};
const char* kWindowNames[] = {"none", "preparation", "before_damage", "pre_end"};
}  // namespace

// Keys are written in alphabetical order (core/view_writer.h).
void LcState::write_view(Seat viewer, ViewWriter& out) const {
  out.begin_object();
  out.key("bonus").begin_array();  // seats owed an elimination bonus
  for (auto b : bonus_) out.value(b);
  out.end_array();
  out.field("bonus_step", bonus_step_);
  write_combat(out.key("combat"));
  out.field("deciding", deciding_);
  out.field("first_player", first_player_);
  out.field("game", "lastchronicle");
  out.field("jump_to_end", jump_to_end_);
  out.key("modifiers").begin_array();
  for (auto& m : mods_) {
    out.begin_object();
    out.field("atk", m.atk);
    out.field("card", def(m.card).id);
    out.field("def", m.def);
    out.field("negate", m.negate);
    out.field("owner", owner_[m.card]);
    out.field("source", m.source);
    out.end_object();
  }
  out.end_array();
  if (phase_ == Phase::kMulligan) {
    // How many cards the deciding seat has picked so far is public
    // ("return:card-K"); which ones only it knows.
    if (viewer == kReferee || viewer == deciding_)
      write_zone(out.key("mulligan_pick"), mulligan_pick_);
    out.field("mulligan_picks", mulligan_pick_.size());
  }
  out.field("multiplayer", rules_->multiplayer);
  out.field("ordering", ordering_);
  out.field("others_acted", round_.others_acted());
  out.field("passed", round_.passed());
  if (pay_.what != Paying::kNone) write_payment(out.key("payment"));
  out.key("pending").begin_array();
  for (Seat s = 0; s < num_seats(); ++s)
    if (has_seat(pending_seats(), s)) out.value(s);
  out.end_array();
  out.field("phase", kPhaseNames[static_cast<int>(phase_)]);
  out.key("players").begin_array();
  for (Seat s = 0; s < num_seats(); ++s) write_player(viewer, s, out);
  out.end_array();
  out.key("priority");
  if (round_.is_open())
    out.value(round_.holder());
  else
    out.null();
  write_resolving(out.key("resolving"));
  if (phase_ == Phase::kOver) {
    out.key("results").begin_array();
    for (auto& o : outcomes()) {
      out.begin_object();
      out.field("place", o.place);
      out.field("result", result_name(o.result));
      out.end_object();
    }
    out.end_array();
  }
  out.key("triggers").begin_array();
  for (std::size_t i = 0; i < triggers_.size(); ++i) {
    const auto& t = triggers_[i];
    out.begin_object();
    out.field("ability", t.trigger.ability);
    out.field("card", def(t.trigger.card).id);
    out.field("owner", owner_[t.trigger.card]);
    out.field("seat", t.seat);
    out.field("subject", t.trigger.subject);
    out.end_object();
  }
  out.end_array();
  out.field("turn", turn_);
  out.field("turn_player", turn_player_);
  out.field("window", kWindowNames[static_cast<int>(window_)]);
  out.end_object();
}

void LcState::write_card(ViewWriter& out, Card c) const {
  if (c == kNoCard)
    out.null();
  else
    out.string(def(c).id);
}

void LcState::write_owner(ViewWriter& out, Card c) const {
  if (c == kNoCard)
    out.null();
  else
    out.value(owner_[c]);
}

void LcState::write_zone(ViewWriter& out, std::span<const Card> cards) const {
  out.begin_array();
  for (Card c : cards) out.string(def(c).id);
  out.end_array();
}

void LcState::write_player(Seat viewer, Seat s, ViewWriter& out) const {
  const Player& p = players_[s];
  const bool referee = viewer == kReferee;
  const bool sees_hand = referee || viewer == s;
  out.begin_object();
  write_zone(out.key("ca_yard"), p.ca_yard);
  out.key("chronoglyph").begin_object();
  out.field("active", p.glyph_active);
  write_card(out.key("ride"), p.ride);
  write_card(out.key("shed"), p.shed);
  out.end_object();
  if (referee) {
    out.key("deck").begin_array();  // top card first
    for (auto it = p.deck.end(); it != p.deck.begin();) out.string(def(*--it).id);
    out.end_array();
  }
  write_deck_known(viewer, s, out.key("deck_known"));
  out.field("deck_size", p.deck.size());
  out.field("decked", p.decked);
  out.field("developed", p.developed);
  write_zone(out.key("discard"), p.discard);
  out.key("field").begin_array();
  for (auto& u : p.field) {
    out.begin_object();
    out.field("atk", atk(u.card));
    out.field("card", def(u.card).id);
    out.field("damage", u.damage);
    out.field("def", def_value(u.card));
    out.field("fresh", u.fresh);
    out.field("negated", negated(u.card));
    out.field("owner", owner_[u.card]);
    out.field("wiped", u.wiped);
    out.end_object();
  }
  out.end_array();
  if (sees_hand) write_zone(out.key("hand"), p.hand);
  write_hand_known(viewer, s, out.key("hand_known"));
  out.field("hand_size", p.hand.size());
  out.field("in_game", order_.in_game(s));
  write_card(out.key("leader"), p.leader);
  out.field("leader_home", p.leader_home);
  out.field("leader_usable", p.leader_usable);
  if (standings_.has_left(s)) out.field("left_at", standings_.left_at(s));
  out.field("life", p.life);
  out.field("picked", p.picked);
  out.field("position", p.position);
  write_zone(out.key("removed"), p.removed);
  // A departed seat's face-down cards: a count for everyone, even itself.
  if (referee) write_zone(out.key("removed_hidden"), p.removed_hidden);
  out.field("removed_hidden_size", p.removed_hidden.size());
  out.field("seat", s);
  if (p.setup_pick != kNoCard && sees_hand) out.field("setup_pick", def(p.setup_pick).id);
  out.key("tokens").begin_array();
  for (auto t : p.tokens) out.string(rules_->pool.tokens[t].id);
  out.end_array();
  // "Each player reveals the top card of the deck" shows it to everyone.
  if (tops_revealed() && !p.deck.empty()) out.field("top", def(p.deck.back()).id);
  out.end_object();
}

// The attack in progress, or null.
void LcState::write_combat(ViewWriter& out) const {
  if (combat_.target == kNoSeat) return out.null();
  out.begin_object();
  write_card(out.key("attacker"), combat_.attacker);
  write_owner(out.key("attacker_owner"), combat_.attacker);
  write_card(out.key("blocker"), combat_.blocker);
  write_owner(out.key("blocker_owner"), combat_.blocker);
  out.field("target", combat_.target);
  out.end_object();
}

// A cost being paid.
void LcState::write_payment(ViewWriter& out) const {
  out.begin_object();
  out.field("ability", pay_.ability);
  write_card(out.key("card"), pay_.card);
  out.field("cards", std::to_string(pay_.cards));
  write_owner(out.key("owner"), pay_.card);
  out.field("remaining", pay_.remaining);
  out.field("seat", pay_.seat);
  out.field("tokens", pay_.tokens);
  out.field("what", static_cast<int>(pay_.what));
  out.field("x", pay_.x);
  out.end_object();
}

// The spell or ability resolving, or null.
void LcState::write_resolving(ViewWriter& out) const {
  if (!res_.active) return out.null();
  out.begin_object();
  out.field("ability", res_.ability);
  out.field("card", def(res_.card).id);
  out.field("controller", res_.controller);
  out.field("opponent", res_.opponent);
  out.field("owner", owner_[res_.card]);
  out.field("picks", res_.picks);
  out.field("spell", res_.spell);
  out.field("step", res_.step);
  out.field("sub", res_.sub);
  out.field("subject", res_.subject);
  out.field("wait", res_.wait);
  out.field("waiting", res_.waiting);
  out.field("x", res_.x);
  out.end_object();
}

void LcState::save(json& out) const {
  view(kReferee, out);
  out["moment"] = moment_;
  out["rng"] = rng_to_json(rng_);
  for (Seat s = 0; s < num_seats(); ++s) out["players"][s]["damaged_by"] = players_[s].damaged_by;
}

}  // namespace tt::lastchronicle
