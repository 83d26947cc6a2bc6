// Saving and restoring: save() writes every field ("objects" present), and
// load() reads that back exactly, or builds a position from a scenario's
// friendly description (cards by id per zone; docs/scenario-format.md).
// Every index in a saved state is checked: a hostile file is an error.
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/opponents.h"
#include "games/magic/state.h"

namespace tt {

using nlohmann::json;

template <typename T, std::size_t N>
void to_json(json& j, const StaticVec<T, N>& v) {
  j = json::array();
  for (auto& x : v) j.push_back(x);
}
template <typename T, std::size_t N>
void from_json(const json& j, StaticVec<T, N>& v) {
  if (!j.is_array() || j.size() > N) throw Error("a list is too long or not a list");
  v.clear();
  for (auto& x : j) v.push_back(x.get<T>());
}
void to_json(json& j, const PriorityRound& r) {
  j = json::array(
      {r.seats(), r.passed(), r.holder(), r.first(), static_cast<int>(r.rule()), r.others_acted()});
}
void from_json(const json& j, PriorityRound& r) {
  if (!j.is_array() || j.size() != 6) throw Error("bad priority round");
  r.restore(j[0].get<SeatMask>(), j[1].get<SeatMask>(), j[2].get<int>(), j[3].get<int>(),
            static_cast<RoundRule>(j[4].get<int>()), j[5].get<bool>());
}

namespace magic {

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Object, def, owner, zone, controller, base_controller, damage,
                                   counters, chosen, enchanted_player, tapped, since, gen, attached,
                                   held_by, hold, timestamp)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Target, kind, id, gen)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(StackItem, id, kind, card, def, controller, index, targets_n,
                                   targets, chosen, subject, subject_obj, subject_gen)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(PendingTrigger, source, def, index, controller, subject,
                                   subject_obj, subject_gen, delayed)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(ControlEffect, obj, gen, to, end_of_turn, timestamp)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Modifier, obj, gen, power, toughness, keywords, cant_attack,
                                   cant_block, must_attack, duration, until)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(DelayedReturn, card, gen, controller)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Player, library, hand, graveyard, exile, ante, life, poison,
                                   lands_played, mulligans, to_bottom, kept, mulligan_declared,
                                   drew_from_empty, won, lost_this_turn, in_range)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Attacker, obj, target, removed, blocked)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Block, blocker, attacker)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(TurnCtx, active, actives, marker, extra, waiting, step, defender,
                                   defending, declaring, declared, first_strike, stage,
                                   attackers_declared, stack, attackers, blocks, round, team_passed,
                                   designated)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Casting, active, seat, obj, item, want_player)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Resolving, active, begun, item, step, inner, chooser, want, sub,
                                   pile, revealed_n, revealed)

const char* step_name(Step s);

void MagicState::save(json& out) const {
  out = json::object();
  json objs = json::array();
  for (Obj o = 0; o < num_objs_; ++o) objs.push_back(objs_[o]);
  out["objects"] = objs;
  json players = json::array();
  for (Seat s = 0; s < num_seats(); ++s) players.push_back(players_[s]);
  out["players"] = players;
  out["team_life"] = team_life_;
  out["team_poison"] = team_poison_;
  out["turn_began"] = turn_began_;
  out["entering"] = entering_;
  out["battlefield"] = battlefield_;
  out["controls"] = controls_;
  out["mods"] = mods_;
  out["pending"] = pending_;
  out["delayed"] = delayed_;
  out["extra_turns"] = extra_turns_;
  out["ctx"] = ctx_;
  out["markers"] = markers_;
  out["cur"] = cur_;
  out["in_game"] = order_.active();
  json left = json::array();
  for (Seat s = 0; s < num_seats(); ++s) left.push_back(standings_.left_at(s));
  out["left_at"] = left;
  out["cast"] = cast_;
  out["trigger_casting"] = trigger_casting_;
  out["res"] = res_;
  out["ask"] = static_cast<int>(ask_);
  out["asked"] = asked_;
  out["rng"] = rng_.words();
  out["timestamp"] = timestamp_;
  out["stack_ids"] = stack_ids_;
  out["turn"] = turn_;
  out["moment"] = moment_;
  out["conceded"] = conceded_;
  out["planar"] = planar_;
  out["starting"] = starting_;
  out["deciding"] = deciding_;
  out["over"] = over_;
}

namespace {

// The generator's words, as numbers or as decimal strings.
std::array<std::uint64_t, 4> rng_words(const json& j) {
  if (!j.is_array() || j.size() != 4) throw Error("\"rng\" is four words");
  std::array<std::uint64_t, 4> w{};
  for (std::size_t i = 0; i < 4; ++i)
    w[i] = j[i].is_string() ? std::stoull(j[i].get<std::string>()) : j[i].get<std::uint64_t>();
  return w;
}

Step step_of(const std::string& name) {
  for (int i = 0; i <= static_cast<int>(Step::kOver); ++i)
    if (name == step_name(static_cast<Step>(i))) return static_cast<Step>(i);
  throw Error("unknown step '" + name + "'");
}

}  // namespace

void MagicState::load(const json& j) {
  if (!j.is_object()) throw Error("a state is an object");
  const int n = num_seats();
  const int pool = rules_->pool.size();
  auto seat_ok = [&](int s, bool allow_none) {
    if ((allow_none && s == -1) || (s >= 0 && s < n)) return s;
    throw Error("seat " + std::to_string(s) + " is not at this table");
  };
  if (j.contains("objects")) {
    try {
      MagicState t(rules_);
      const auto& objs = j.at("objects");
      if (!objs.is_array() || objs.size() > kMaxObjects) throw Error("too many objects");
      t.num_objs_ = static_cast<std::uint16_t>(objs.size());
      for (std::size_t i = 0; i < objs.size(); ++i) {
        t.objs_[i] = objs[i].get<Object>();
        const Object& x = t.objs_[i];
        if (x.def >= pool) throw Error("object " + std::to_string(i) + ": unknown card");
        seat_ok(x.owner, false);
        seat_ok(x.controller, false);
        seat_ok(x.base_controller, false);
        if (static_cast<int>(x.zone) > static_cast<int>(Zone::kGone)) throw Error("bad zone");
      }
      const auto& ps = j.at("players");
      if (!ps.is_array() || static_cast<int>(ps.size()) != n) throw Error("one player per seat");
      for (int s = 0; s < n; ++s) t.players_[s] = ps[static_cast<std::size_t>(s)].get<Player>();
      t.team_life_ = j.at("team_life").get<decltype(team_life_)>();
      t.team_poison_ = j.at("team_poison").get<decltype(team_poison_)>();
      t.turn_began_ = j.at("turn_began").get<decltype(turn_began_)>();
      t.entering_ = j.at("entering").get<decltype(entering_)>();
      t.battlefield_ = j.at("battlefield").get<decltype(battlefield_)>();
      t.controls_ = j.at("controls").get<decltype(controls_)>();
      t.mods_ = j.at("mods").get<decltype(mods_)>();
      t.pending_ = j.at("pending").get<decltype(pending_)>();
      t.delayed_ = j.at("delayed").get<decltype(delayed_)>();
      t.extra_turns_ = j.at("extra_turns").get<decltype(extra_turns_)>();
      t.ctx_ = j.at("ctx").get<decltype(ctx_)>();
      t.markers_ = j.at("markers").get<std::uint8_t>();
      t.cur_ = j.at("cur").get<std::uint8_t>();
      if (t.cur_ >= kMaxMarkers) throw Error("bad turn marker");
      const SeatMask in = j.at("in_game").get<SeatMask>();
      for (int s = 0; s < n; ++s)
        if (!has_seat(in, s)) t.order_.leave(s);
      const auto& left = j.at("left_at");
      for (int s = 0; s < n; ++s)
        t.standings_.restore(s, left.at(static_cast<std::size_t>(s)).get<int>());
      t.cast_ = j.at("cast").get<Casting>();
      t.trigger_casting_ = j.at("trigger_casting").get<bool>();
      t.res_ = j.at("res").get<Resolving>();
      t.ask_ = static_cast<Ask>(j.at("ask").get<int>());
      t.asked_ = static_cast<std::int8_t>(seat_ok(j.at("asked").get<int>(), true));
      t.rng_.set_words(rng_words(j.at("rng")));
      t.timestamp_ = j.at("timestamp").get<std::uint32_t>();
      t.stack_ids_ = j.at("stack_ids").get<std::uint16_t>();
      t.turn_ = j.at("turn").get<std::int16_t>();
      t.moment_ = j.at("moment").get<std::int16_t>();
      t.conceded_ = j.at("conceded").get<SeatMask>();
      t.planar_ = static_cast<std::int8_t>(seat_ok(j.at("planar").get<int>(), true));
      t.starting_ = static_cast<std::int8_t>(seat_ok(j.at("starting").get<int>(), false));
      t.deciding_ = static_cast<std::int8_t>(seat_ok(j.at("deciding").get<int>(), true));
      t.over_ = j.at("over").get<bool>();
      // Every object reference must point at an object; every zone list
      // must hold objects that are in that zone.
      auto obj_ok = [&](Obj o, bool allow_none) {
        if ((allow_none && o == kNoObj) || o < t.num_objs_) return;
        throw Error("an object reference points outside the game");
      };
      for (int s = 0; s < n; ++s) {
        const Player& p = t.players_[s];
        for (auto* z : {&p.library, &p.hand, &p.graveyard, &p.exile, &p.ante})
          for (Obj o : *z) obj_ok(o, false);
      }
      for (Obj o : t.battlefield_) {
        obj_ok(o, false);
        if (t.objs_[o].zone != Zone::kBattlefield)
          throw Error("battlefield object not on the battlefield");
      }
      for (Obj o = 0; o < t.num_objs_; ++o) {
        obj_ok(t.objs_[o].attached, true);
        obj_ok(t.objs_[o].held_by, true);
      }
      for (Obj o : t.entering_) obj_ok(o, false);
      for (auto& c : t.controls_) obj_ok(c.obj, false), seat_ok(c.to, false);
      for (auto& m : t.mods_) obj_ok(m.obj, false);
      for (auto& d : t.delayed_) obj_ok(d.card, false), seat_ok(d.controller, false);
      for (auto e : t.extra_turns_) seat_ok(e, false);
      auto item_ok = [&](const StackItem& it) {
        if (it.def >= pool) throw Error("a stack object names an unknown card");
        seat_ok(it.controller, false);
        obj_ok(it.card, true);
        obj_ok(it.subject_obj, true);
        const CardDef& d = rules_->pool[it.def];
        const std::size_t limit = it.kind == ItemKind::kTriggered ? d.triggers.size()
                                  : it.kind == ItemKind::kActivated
                                      ? (it.index == 255 ? 256 : d.activated.size())
                                      : std::max<std::size_t>(1, d.modes.size());
        if (it.kind != ItemKind::kDelayedReturn && it.index >= limit)
          throw Error("a stack object names an ability its card lacks");
        if (it.targets_n > 3) throw Error("too many targets");
        for (std::size_t i = 0; i < it.targets_n; ++i) {
          const Target& tg = it.targets[i];
          if (tg.kind == 1) seat_ok(tg.id, false);
          if (tg.kind == 2) obj_ok(tg.id, false);
        }
      };
      for (auto& c : t.ctx_) {
        seat_ok(c.active, true);
        for (auto& it : c.stack) item_ok(it);
        for (auto& a : c.attackers) obj_ok(a.obj, false), seat_ok(a.target, true);
        for (auto& b : c.blocks) obj_ok(b.blocker, false), obj_ok(b.attacker, false);
        if (c.round.holder() != kNoSeat) seat_ok(c.round.holder(), false);
      }
      for (auto& p : t.pending_) {
        obj_ok(p.source, false);
        seat_ok(p.controller, false);
        if (p.def >= pool || (!p.delayed && p.index >= rules_->pool[p.def].triggers.size()))
          throw Error("a waiting trigger names an ability its card lacks");
      }
      if (t.cast_.active) item_ok(t.cast_.item), seat_ok(t.cast_.seat, false);
      if (t.res_.active) {
        item_ok(t.res_.item);
        if (t.res_.step < 255 && t.res_.step >= t.item_effects(t.res_.item).size() + 1)
          throw Error("a resolution is past its last step");
        if (t.res_.revealed_n > 8) throw Error("too many revealed cards");
        for (std::size_t i = 0; i < t.res_.revealed_n; ++i) obj_ok(t.res_.revealed[i], false);
      }
      t.pt_auras_ = t.restrictors_ = 0;
      for (Obj o : t.battlefield_) {
        t.pt_auras_ = static_cast<std::uint16_t>(t.pt_auras_ + t.pt_aura(o));
        t.restrictors_ = static_cast<std::uint16_t>(t.restrictors_ + t.restrictor(o));
      }
      *this = t;
    } catch (const json::exception& e) {
      throw Error(std::string("malformed saved state: ") + e.what());
    }
    return;
  }

  // A scenario position: cards by id, zone by zone.
  MagicState t(rules_);
  auto card_of = [&](const json& c) -> int {
    const std::string id = c.is_string() ? c.get<std::string>()
                           : c.is_object() && c.contains("card") && c["card"].is_string()
                               ? c["card"].get<std::string>()
                               : throw Error("a card is an id or an object with \"card\"");
    const int d = rules_->pool.find(id);
    if (d < 0) throw Error("unknown card '" + id + "'");
    return d;
  };
  auto integer = [&](const json& o, const char* k, int lo, int hi, int dflt) {
    if (!o.contains(k)) return dflt;
    if (!o[k].is_number_integer()) throw Error(std::string("field '") + k + "' must be an integer");
    const int v = o[k].get<int>();
    if (v < lo || v > hi) throw Error(std::string("field '") + k + "' is out of range");
    return v;
  };
  t.turn_ = static_cast<std::int16_t>(integer(j, "turn", 1, 10000, 2));
  const Seat active = integer(j, "active", 0, n - 1, 0);
  t.starting_ = static_cast<std::int8_t>(integer(j, "starting", 0, n - 1, active));
  t.rng_.reseed(0);
  if (j.contains("rng")) t.rng_.set_words(rng_words(j["rng"]));
  if (!j.contains("players") || !j["players"].is_array() ||
      static_cast<int>(j["players"].size()) != n)
    throw Error("\"players\" lists one entry per seat");
  struct Later {
    Obj o;
    json spec;
  };
  std::vector<Later> later;
  for (Seat s = 0; s < n; ++s) {
    const json& p = j["players"][static_cast<std::size_t>(s)];
    if (!p.is_object()) throw Error("each player is an object");
    Player& pl = t.players_[s];
    pl.life = static_cast<std::int16_t>(integer(p, "life", -1000, 10000, rules_->starting_life));
    pl.poison = static_cast<std::int8_t>(integer(p, "poison", 0, 100, 0));
    pl.lands_played = static_cast<std::int8_t>(integer(p, "lands_played", 0, 10, 0));
    pl.lost_this_turn = static_cast<std::int16_t>(integer(p, "lost_this_turn", 0, 1000, 0));
    pl.kept = true;
    t.team_life_[rules_->team[s]] = pl.life;
    t.team_poison_[rules_->team[s]] = pl.poison;
    auto zone = [&](const char* key, Zone z) {
      if (!p.contains(key)) return;
      if (!p[key].is_array()) throw Error(std::string("\"") + key + "\" is a list");
      for (auto& c : p[key]) {
        const Obj o = t.new_object(card_of(c), s, z == Zone::kBattlefield ? Zone::kGone : z);
        if (o == kNoObj) throw Error("too many cards");
        if (z == Zone::kBattlefield) later.push_back({o, c});
      }
    };
    zone("library", Zone::kLibrary);
    zone("hand", Zone::kHand);
    zone("battlefield", Zone::kBattlefield);
    zone("graveyard", Zone::kGraveyard);
    zone("exile", Zone::kExile);
    zone("ante", Zone::kAnte);
    // The first card listed in the library is the top one.
    std::reverse(pl.library.begin(), pl.library.end());
    t.turn_began_[s] = 0;
  }
  if (j.contains("team_life")) {
    for (std::size_t i = 0; i < j["team_life"].size() && i < kMaxSeats; ++i)
      t.team_life_[i] = j["team_life"][i].get<std::int16_t>();
  }
  // Battlefield permanents, after every object exists (auras name others).
  auto find_ref = [&](const std::string& r) -> Obj {
    for (Obj o = 0; o < t.num_objs_; ++o)
      if (t.ref(o) == r) return o;
    throw Error("no card '" + r + "' in this position");
  };
  for (auto& l : later) {
    Object& x = t.objs_[l.o];
    t.put(l.o, Zone::kBattlefield);
    x.timestamp = t.timestamp_++;
    x.since = -1;
    if (!l.spec.is_object()) continue;
    x.tapped = l.spec.value("tapped", false);
    x.damage = static_cast<std::int8_t>(integer(l.spec, "damage", 0, 100, 0));
    x.counters = static_cast<std::int8_t>(integer(l.spec, "counters", 0, 100, 0));
    if (l.spec.value("sick", false)) x.since = t.turn_;
    // 110.2: the player it entered under (e.g. put onto the battlefield
    // from another player's library), when not its owner.
    if (l.spec.contains("entered_under"))
      x.controller = x.base_controller =
          static_cast<std::int8_t>(integer(l.spec, "entered_under", 0, n - 1, x.owner));
    if (l.spec.contains("chosen"))
      x.chosen = static_cast<std::int8_t>(integer(l.spec, "chosen", 0, n - 1, -1));
    if (l.spec.contains("enchanted_player"))
      x.enchanted_player =
          static_cast<std::int8_t>(integer(l.spec, "enchanted_player", 0, n - 1, -1));
    if (l.spec.contains("attached")) x.attached = find_ref(l.spec["attached"].get<std::string>());
    if (l.spec.contains("controller")) {
      const Seat c = integer(l.spec, "controller", 0, n - 1, 0);
      const std::string d = l.spec.value("control", "game");
      t.controls_.push_back(ControlEffect{l.o, x.gen, static_cast<std::int8_t>(c),
                                          d == "end-of-turn", t.timestamp_++});
    }
    if (l.spec.contains("exiled")) {
      const Obj e = find_ref(l.spec["exiled"].get<std::string>());
      t.objs_[e].held_by = l.o;
      t.objs_[e].hold = static_cast<std::uint8_t>(l.spec.value("until_leaves", false) ? 1 : 2);
    }
  }
  t.recompute_control();
  for (Obj o : t.battlefield_)
    if (t.objs_[o].since == -1) t.objs_[o].since = -1;
  if (j.contains("left")) {
    for (auto& s : j["left"]) {
      const Seat x = seat_ok(s.get<int>(), false);
      t.order_.leave(x);
      t.standings_.leave(x, ++t.moment_);
    }
  }
  if (j.contains("extra_turns"))
    for (auto& s : j["extra_turns"])
      t.extra_turns_.push_back(static_cast<std::int8_t>(seat_ok(s.get<int>(), false)));
  TurnCtx& c = t.T();
  c.active = static_cast<std::int8_t>(active);
  c.actives = rules_->shared_turns ? static_cast<SeatMask>(t.team_of(active) & t.order_.active())
                                   : seat_bit(active);
  for (Seat a = 0; a < n; ++a)
    if (has_seat(c.actives, a)) t.turn_began_[a] = t.turn_;
  if (rules_->planechase)
    t.planar_ = static_cast<std::int8_t>(integer(j, "planar_controller", 0, n - 1, active));
  t.refresh_ranges();
  const std::string step = j.value("step", "main1");
  c.step = step_of(step);
  c.stage = 0;
  if (c.step > Step::kBeginCombat && c.step <= Step::kEndCombat) {
    // A position inside combat: the defending players were set as it began.
    const SeatMask cands = t.attackable(active);
    c.defending = cands;
    if (rules_->attack != AttackOption::kMultiple) {
      const int d = integer(j, "defender", -1, n - 1, -1);
      c.defender = static_cast<std::int8_t>(d >= 0 ? d : only_seat(cands));
      if (c.defender >= 0) c.defending = seat_bit(c.defender);
    }
  }
  if (c.step == Step::kMulligan) {
    for (Seat s = 0; s < n; ++s) t.players_[s].kept = false;
    t.deciding_ = t.starting_;
    t.ask_ = Ask::kMulligan;
    t.asked_ = t.starting_;
  }
  *this = t;
  advance();
}

}  // namespace magic
}  // namespace tt
