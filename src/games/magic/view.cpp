// What a seat sees (its own hand; every public zone; hand and library
// sizes of the others) and its log lines; the terminal table is render.cpp.
#include <nlohmann/json.hpp>
#include <utility>

#include "core/text.h"
#include "games/magic/events.h"
#include "games/magic/state.h"

namespace tt::magic {

using nlohmann::json;

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

json MagicState::targets_json(const StackItem& it) const {
  json out = json::array();
  for (std::size_t i = 0; i < it.targets_n && i < it.targets.size(); ++i) {
    const Target& t = it.targets[i];
    if (t.kind == 1)
      out.push_back({{"player", t.id}});
    else if (t.kind == 2 && t.id < num_objs_)
      out.push_back({{"ref", ref(static_cast<Obj>(t.id))}, {"gone", objs_[t.id].gen != t.gen}});
    else if (t.kind == 3)
      out.push_back({{"stack", t.id}});
  }
  return out;
}

void MagicState::view(Seat viewer, json& out) const {
  const bool referee = viewer == kReferee;
  out = json::object();
  out["game"] = "magic";
  out["variant"] = mode_name(rules_->mode);
  out["turn"] = turn_;
  out["step"] = step_name(T().step);
  out["active"] = T().active;
  out["over"] = over_;
  if (rules_->planechase) out["planar_controller"] = planar_;
  json players = json::array();
  for (Seat s = 0; s < num_seats(); ++s) {
    const Player& p = players_[s];
    json j;
    j["seat"] = s;
    j["team"] = rules_->team[s];
    j["in_game"] = order_.in_game(s);
    j["life"] = life(s);
    j["poison"] = poison(s);
    j["hand_size"] = p.hand.size();
    j["library_size"] = p.library.size();
    j["range"] = rules_->range[s];
    const bool own = referee || viewer == s;
    if (own) {
      j["hand"] = json::array();
      for (Obj o : p.hand) j["hand"].push_back(ref(o));
    }
    if (referee) {
      j["library"] = json::array();
      for (std::size_t i = p.library.size(); i-- > 0;)
        j["library"].push_back(ref(p.library[i]));  // top first
    }
    j["graveyard"] = json::array();
    for (Obj o : p.graveyard) j["graveyard"].push_back(ref(o));
    j["exile"] = json::array();
    for (Obj o : p.exile) j["exile"].push_back(ref(o));
    j["ante"] = json::array();  // 407.2: any player may look at it
    for (Obj o : p.ante) j["ante"].push_back(ref(o));
    // Cards that left the game with their owner: those that were public by
    // reference; those that left from a hand or a library as a count (the
    // referee also sees which).
    j["left_game"] = json::array();
    json hidden = json::array();
    for (Obj o = 0; o < num_objs_; ++o)
      if (objs_[o].owner == s && objs_[o].zone == Zone::kGone && !def(o).token)
        (objs_[o].face_down ? hidden : j["left_game"]).push_back(ref(o));
    j["left_game_hidden_size"] = hidden.size();
    if (referee) j["left_game_hidden"] = std::move(hidden);
    players.push_back(std::move(j));
  }
  out["players"] = std::move(players);
  json bf = json::array();
  for (Obj o : battlefield_) {
    const Object& x = objs_[o];
    json b;
    b["card"] = ref(o);
    b["name"] = def(o).name;
    b["owner"] = x.owner;
    b["controller"] = x.controller;
    b["tapped"] = x.tapped;
    b["token"] = def(o).token;
    if (def(o).is(kCreature)) {
      b["power"] = power(o);
      b["toughness"] = toughness(o);
      b["damage"] = x.damage;
    }
    if (x.counters) b["counters"] = x.counters;
    if (x.attached != kNoObj) b["attached"] = ref(x.attached);
    if (x.enchanted_player >= 0) b["enchanted_player"] = x.enchanted_player;
    if (x.chosen >= 0) b["chosen"] = x.chosen;
    bf.push_back(std::move(b));
  }
  out["battlefield"] = std::move(bf);
  json stack = json::array();
  for (int k = 0; k < markers_; ++k)
    for (auto& it : ctx_[k].stack) {
      json s;
      if (markers_ > 1) s["marker"] = ctx_[k].marker;
      s["id"] = it.id;
      s["card"] = rules_->pool[it.def].id;
      s["controller"] = it.controller;
      s["kind"] = it.kind == ItemKind::kSpell  ? "spell"
                  : it.kind == ItemKind::kCopy ? "copy"
                                               : "ability";
      if (it.kind == ItemKind::kSpell) s["ref"] = ref(it.card);
      s["targets"] = targets_json(it);
      if (it.chosen >= 0) s["chosen"] = it.chosen;
      stack.push_back(std::move(s));
    }
  if (res_.active && res_.item.kind == ItemKind::kSpell) {
    json s;  // the object resolving now, waiting for a choice
    s["id"] = res_.item.id;
    s["card"] = rules_->pool[res_.item.def].id;
    s["controller"] = res_.item.controller;
    s["kind"] = "spell";
    s["ref"] = ref(res_.item.card);
    s["targets"] = targets_json(res_.item);
    if (res_.item.chosen >= 0) s["chosen"] = res_.item.chosen;
    s["resolving"] = true;
    stack.push_back(std::move(s));
  }
  out["stack"] = std::move(stack);
  // A spell being cast is announced (601.2a, 601.2b): everyone sees the card
  // and its mode while its controller chooses targets and pays.
  if (cast_.active && cast_.item.kind == ItemKind::kSpell)
    out["casting"] = {{"seat", cast_.seat},
                      {"ref", ref(cast_.obj)},
                      {"card", def(cast_.obj).id},
                      {"mode", cast_.item.index + 1},
                      {"targets", targets_json(cast_.item)}};
  json combat = json::array();
  const int dividing_now = ask_ == Ask::kDivide ? dividing() : -1;
  for (std::size_t i = 0; i < T().attackers.size(); ++i) {
    const Attacker& a = T().attackers[i];
    if (a.removed) continue;  // 506.4: no longer an attacking creature
    json c;
    c["attacker"] = ref(a.obj);
    c["attacks"] = a.target;
    c["blocked"] = a.blocked;
    c["blockers"] = json::array();
    for (auto& b : T().blocks)
      if (b.attacker == a.obj) c["blockers"].push_back(ref(b.blocker));
    // 510.1c: the division its controller is making, blocker by blocker.
    if (static_cast<int>(i) == dividing_now) {
      c["dividing"] = true;
      c["assigned"] = json::array();
      for (auto& b : T().blocks)
        if (b.attacker == a.obj) c["assigned"].push_back(b.assigned);
      c["to_player"] = a.to_player;
      c["left"] = division_left(a);
    }
    combat.push_back(std::move(c));
  }
  out["combat"] = std::move(combat);
  out["priority"] = T().round.is_open() ? T().round.holder() : -1;
  if (markers_ > 1) {  // 807.4: every turn marker's turn
    json turns = json::array();
    for (int k = 0; k < markers_; ++k)
      turns.push_back({{"marker", ctx_[k].marker},
                       {"holder", ctx_[k].active},
                       {"waiting", ctx_[k].waiting},
                       {"step", step_name(ctx_[k].step)},
                       {"current", k == cur_}});
    out["markers"] = std::move(turns);
  }
  out["pending"] = json::array();
  for (Seat s = 0; s < num_seats(); ++s)
    if (has_seat(pending_seats(), s)) out["pending"].push_back(s);
  if (over_) {
    json res = json::array();
    for (auto& o : outcomes()) res.push_back(o.place);
    out["places"] = std::move(res);
  }
  knowledge_view(viewer, out);
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
      return who + " leaves the game";
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
