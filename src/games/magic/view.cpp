// What a seat sees (its own hand; every public zone; hand and library
// sizes of the others) and its log lines; the terminal table is render.cpp.
#include <string>
#include <string_view>

#include "core/text.h"
#include "core/view_writer.h"
#include "games/magic/events.h"
#include "games/magic/state.h"

namespace tt::magic {

namespace {
const char* kStepNames[] = {"mulligan",
                            "untap",
                            "upkeep",
                            "draw",
                            "main1",
                            "begin-combat",
                            "declare-attackers",
                            "declare-blockers",
                            "first-strike-damage",
                            "combat-damage",
                            "end-combat",
                            "main2",
                            "end",
                            "cleanup",
                            "over"};
}  // namespace

const char* step_name(Step s) {
  return kStepNames[static_cast<int>(s)];
}

// A stable reference: the card id and its ordinal among objects of that
// card ("mossback-cub#2"), the same for every viewer.
std::string MagicState::ref(Obj o) const {
  int n = 0;
  for (Obj i = 0; i <= o; ++i) n += objs_[i].def == objs_[o].def;
  return def(o).id + "#" + std::to_string(n);
}

void MagicState::write_targets(const StackItem& it, ViewWriter& out) const {
  out.begin_array();
  for (std::size_t i = 0; i < it.targets_n && i < it.targets.size(); ++i) {
    const Target& t = it.targets[i];
    if (t.kind == 1) {
      out.begin_object();
      out.field("player", t.id);
      out.end_object();
    } else if (t.kind == 2 && t.id < num_objs_) {
      out.begin_object();
      out.field("gone", objs_[t.id].gen != t.gen);
      out.field("ref", ref(static_cast<Obj>(t.id)));
      out.end_object();
    } else if (t.kind == 3) {
      out.begin_object();
      out.field("stack", t.id);
      out.end_object();
    }
  }
  out.end_array();
}

// Keys are written in alphabetical order (core/view_writer.h).
void MagicState::write_view(Seat viewer, ViewWriter& out) const {
  out.begin_object();
  out.field("active", T().active);
  out.key("battlefield").begin_array();
  for (Obj o : battlefield_) write_permanent(o, out);
  out.end_array();
  write_casting(out);
  write_combat(out);
  out.field("game", "magic");
  if (markers_ > 1) write_markers(out);
  out.field("over", over_);
  out.key("pending").begin_array();
  for (Seat s = 0; s < num_seats(); ++s)
    if (has_seat(pending_seats(), s)) out.value(s);
  out.end_array();
  if (over_) {
    out.key("places").begin_array();
    for (auto& o : outcomes()) out.value(o.place);
    out.end_array();
  }
  if (rules_->planechase) out.field("planar_controller", planar_);
  out.key("players").begin_array();
  for (Seat s = 0; s < num_seats(); ++s) write_player(viewer, s, out);
  out.end_array();
  out.field("priority", T().round.is_open() ? T().round.holder() : -1);
  write_searching(viewer, out);
  write_split(out);
  write_stack(out);
  out.field("step", step_name(T().step));
  out.field("turn", turn_);
  out.field("variant", mode_name(rules_->mode));
  out.end_object();
}

void MagicState::write_player(Seat viewer, Seat s, ViewWriter& out) const {
  const bool referee = viewer == kReferee;
  const Player& p = players_[s];
  auto refs = [&](std::string_view k, const auto& zone) {
    out.key(k).begin_array();
    for (Obj o : zone) out.value(ref(o));
    out.end_array();
  };
  out.begin_object();
  refs("ante", p.ante);  // 407.2: any player may look at it
  refs("exile", p.exile);
  refs("graveyard", p.graveyard);
  if (referee || viewer == s) refs("hand", p.hand);
  write_hand_known(viewer, s, out);
  out.field("hand_size", p.hand.size());
  out.field("in_game", order_.in_game(s));
  // Cards that left the game with their owner: those that were public by
  // reference; those that left from a hand or a library as a count (the
  // referee also sees which).
  write_left_game(s, false, out);
  if (referee) write_left_game(s, true, out);
  int hidden = 0;
  for (Obj o = 0; o < num_objs_; ++o)
    hidden +=
        objs_[o].owner == s && objs_[o].zone == Zone::kGone && !def(o).token && objs_[o].face_down;
  out.field("left_game_hidden_size", hidden);
  if (referee) {
    out.key("library").begin_array();
    for (std::size_t i = p.library.size(); i-- > 0;) out.value(ref(p.library[i]));  // top first
    out.end_array();
  }
  write_library_known(viewer, s, out);
  out.field("library_size", p.library.size());
  out.field("life", life(s));
  out.field("poison", poison(s));
  out.field("range", rules_->range[s]);
  out.field("seat", s);
  out.field("team", rules_->team[s]);
  out.end_object();
}

// "left_game" (face up) or "left_game_hidden" (face down): s's cards gone
// from the game, in object order.
void MagicState::write_left_game(Seat s, bool face_down, ViewWriter& out) const {
  out.key(face_down ? "left_game_hidden" : "left_game").begin_array();
  for (Obj o = 0; o < num_objs_; ++o)
    if (objs_[o].owner == s && objs_[o].zone == Zone::kGone && !def(o).token &&
        objs_[o].face_down == face_down)
      out.value(ref(o));
  out.end_array();
}

void MagicState::write_permanent(Obj o, ViewWriter& out) const {
  const Object& x = objs_[o];
  const bool creature = def(o).is(kCreature);
  out.begin_object();
  if (x.attached != kNoObj) out.field("attached", ref(x.attached));
  out.field("card", ref(o));
  if (x.chosen >= 0) out.field("chosen", x.chosen);
  out.field("controller", x.controller);
  if (x.counters) out.field("counters", x.counters);
  if (creature) out.field("damage", x.damage);
  if (x.enchanted_player >= 0) out.field("enchanted_player", x.enchanted_player);
  out.field("name", def(o).name);
  out.field("owner", x.owner);
  if (creature) out.field("power", power(o));
  out.field("tapped", x.tapped);
  out.field("token", def(o).token);
  if (creature) out.field("toughness", toughness(o));
  out.end_object();
}

void MagicState::write_stack(ViewWriter& out) const {
  out.key("stack").begin_array();
  for (int k = 0; k < markers_; ++k)
    for (auto& it : ctx_[k].stack)
      write_stack_item(it, markers_ > 1 ? ctx_[k].marker : -1, false, out);
  // The object resolving now, waiting for a choice.
  if (res_.active && res_.item.kind == ItemKind::kSpell) write_stack_item(res_.item, -1, true, out);
  out.end_array();
}

// One stack object; `marker` is its turn marker's (-1: not shown).
void MagicState::write_stack_item(const StackItem& it, int marker, bool resolving,
                                  ViewWriter& out) const {
  out.begin_object();
  out.field("card", rules_->pool[it.def].id);
  if (it.chosen >= 0) out.field("chosen", it.chosen);
  out.field("controller", it.controller);
  out.field("id", it.id);
  out.field("kind", it.kind == ItemKind::kSpell  ? "spell"
                    : it.kind == ItemKind::kCopy ? "copy"
                                                 : "ability");
  if (marker >= 0) out.field("marker", marker);
  if (it.kind == ItemKind::kSpell) out.field("ref", ref(it.card));
  if (resolving) out.field("resolving", true);
  write_targets(it, out.key("targets"));
  out.end_object();
}

// A spell being cast is announced (601.2a, 601.2b): everyone sees the card
// and its mode while its controller chooses targets and pays.
void MagicState::write_casting(ViewWriter& out) const {
  if (!cast_.active || cast_.item.kind != ItemKind::kSpell) return;
  out.key("casting").begin_object();
  out.field("card", def(cast_.obj).id);
  out.field("mode", cast_.item.index + 1);
  out.field("ref", ref(cast_.obj));
  out.field("seat", cast_.seat);
  write_targets(cast_.item, out.key("targets"));
  out.end_object();
}

void MagicState::write_combat(ViewWriter& out) const {
  out.key("combat").begin_array();
  const int dividing_now = ask_ == Ask::kDivide ? dividing() : -1;
  for (std::size_t i = 0; i < T().attackers.size(); ++i) {
    const Attacker& a = T().attackers[i];
    if (a.removed) continue;  // 506.4: no longer an attacking creature
    // 510.1c: the division its controller is making, blocker by blocker.
    const bool dividing = static_cast<int>(i) == dividing_now;
    out.begin_object();
    if (dividing) {
      out.key("assigned").begin_array();
      for (auto& b : T().blocks)
        if (b.attacker == a.obj) out.value(b.assigned);
      out.end_array();
    }
    out.field("attacker", ref(a.obj));
    out.field("attacks", a.target);
    out.field("blocked", a.blocked);
    out.key("blockers").begin_array();
    for (auto& b : T().blocks)
      if (b.attacker == a.obj) out.value(ref(b.blocker));
    out.end_array();
    if (dividing) {
      out.field("dividing", true);
      out.field("left", division_left(a));
      out.field("to_player", a.to_player);
    }
    out.end_object();
  }
  out.end_array();
}

// 807.4: every turn marker's turn.
void MagicState::write_markers(ViewWriter& out) const {
  out.key("markers").begin_array();
  for (int k = 0; k < markers_; ++k) {
    out.begin_object();
    out.field("current", k == cur_);
    out.field("holder", ctx_[k].active);
    out.field("marker", ctx_[k].marker);
    out.field("step", step_name(ctx_[k].step));
    out.field("waiting", ctx_[k].waiting);
    out.end_object();
  }
  out.end_array();
}

std::string MagicState::describe(const Event& e, Seat viewer) const {
  const int a = e.args[0], b = e.args[1], c = e.args[2];
  const std::string who = e.seat >= 0 ? "seat " + std::to_string(e.seat) : "";
  auto name = [&](int o) {
    return o >= 0 && o < num_objs_ ? def(static_cast<Obj>(o)).name : std::string("?");
  };
  switch (e.kind) {
    case kEvStart:
      return who + " plays first";
    case kEvDraw:
      return sees_details(e, viewer) ? who + " draws " + name(a) : who + " draws a card";
    case kEvTurn:
      return std::string(b ? "extra turn " : "turn ") + std::to_string(a) + ": " + who;
    case kEvLand:
      return who + " plays " + name(a);
    case kEvCast:
      return who + " casts " + name(a);
    case kEvActivate:
      return who + (b == 255 ? " deploys " : " activates ") + name(a);
    case kEvTrigger:
      return name(a) + " triggers (" + who + ")";
    case kEvResolve:
      return rules_->pool[b].name + " resolves";
    case kEvAttack:
      return who + " attacks seat " + std::to_string(b) + " with " + name(a);
    case kEvBlock:
      return who + " blocks " + name(b) + " with " + name(a);
    case kEvDamagePlayer:
      return name(a) + " deals " + std::to_string(b) + " damage to " + who;
    case kEvDamageCreature:
      return name(a) + " deals " + std::to_string(c) + " damage to " + name(b);
    case kEvLife:
      return who + (a < 0 ? " loses " : " gains ") + std::to_string(a < 0 ? -a : a) + " life";
    case kEvDies:  // 700.4: only a creature "dies"
      return a >= 0 && a < num_objs_ && def(static_cast<Obj>(a)).is(kCreature)
                 ? name(a) + " dies"
                 : name(a) + " is put into its owner's graveyard";
    case kEvLeaves:
      return who +
             (a == 2 ? " leaves the game with a draw (a mandatory loop)" : " leaves the game");
    case kEvMulligan:
      return who + " mulligans (" + std::to_string(a) + ")";
    case kEvKeep:
      return who + " keeps " + plural(a, "card");
    case kEvControl:
      return "seat " + std::to_string(b) + " now controls " + name(a);
    case kEvToken:
      return who + " creates " + name(a);
    case kEvExile:
      return name(a) + " is exiled";
    case kEvReturn:
      return name(a) + " returns to the battlefield";
    case kEvWin:
      return who + " wins";
    case kEvFizzle:
      return "a spell or ability does nothing: its targets are gone";
    case kEvChoose:
      return who + " chooses " +
             (a >= 0 ? "seat " + std::to_string(a) : "mode " + std::to_string(b + 1));
    case kEvPoison:
      return who + " gets " + plural(a, "poison counter");
    case kEvCopy:
      return who + " copies " + rules_->pool[b].name;
    case kEvBottom:
      return sees_details(e, viewer) ? who + " puts " + name(a) + " on the bottom"
                                     : who + " puts a card on the bottom";
    case kEvCease:
      return "a stack object of " + who + " ceases to exist";
    case kEvNoTurn:
      return who + "'s turn is skipped: that player has left";
    case kEvDefender:
      return who + " is the defending player";
    case kEvAnte:
      return who + " antes " + name(a);
    case kEvPlanar:
      return who + " becomes the planar controller";
    case kEvToHand:
      return who + " puts " + name(a) + " into their hand";
    case kEvTarget:
      return name(a) + " targets " +
             (b == 1                              ? "seat " + std::to_string(c)
              : b == 2                            ? name(c)
              : c >= 0 && c < rules_->pool.size() ? rules_->pool[c].name + " (on the stack)"
                                                  : std::string("a spell"));
    default:
      return "";
  }
}

LogWeight MagicState::log_weight(const Event& e) const {
  switch (e.kind) {
    case kEvCast:
    case kEvActivate:
    case kEvTarget:
    case kEvChoose:
    case kEvAttack:
    case kEvBlock:
    case kEvDamagePlayer:
    case kEvLife:
    case kEvPoison:
    case kEvControl:
    case kEvLeaves:
    case kEvWin:
      return LogWeight::kKey;
    default:
      return LogWeight::kRoutine;
  }
}

}  // namespace tt::magic
