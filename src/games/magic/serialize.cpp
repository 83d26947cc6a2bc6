// Saving and restoring: save() writes every field ("objects" present), and
// load() reads that back exactly, or builds a position from a scenario's
// friendly description (cards by id per zone; docs/scenario-format.md).
// Every index in a saved state is checked: a hostile file is an error.
#include <nlohmann/json.hpp>
#include <type_traits>

#include "core/error.h"
#include "core/load_fields.h"
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
template <typename T, std::size_t N>
void to_json(json& j, const CompactVec<T, N>& v) {
  j = json::array();
  for (auto& x : v) j.push_back(x);
}
template <typename T, std::size_t N>
void from_json(const json& j, CompactVec<T, N>& v) {
  if (!j.is_array() || j.size() > N) throw Error("a list is too long or not a list");
  v.clear();
  for (auto& x : j) v.push_back(x.get<T>());
}
template <typename T>
void to_json(json& j, const SizedVec<T>& v) {
  j = json::array();
  for (auto& x : v) j.push_back(x);
}
// Into the room the state set aside (a longer list is an error).
template <typename T>
void from_json(const json& j, SizedVec<T>& v) {
  if (!j.is_array() || j.size() > v.capacity()) throw Error("a list is too long or not a list");
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
// A division of combat damage is read with defaults: states saved before
// players divided it (510.1c) still load.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(Attacker, obj, target, removed, blocked, to_player,
                                                divided)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(Block, blocker, attacker, assigned)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(TurnCtx, active, actives, marker, extra, waiting, step, defender,
                                   defending, declaring, declared, first_strike, stage,
                                   attackers_declared, stack, attackers, blocks, round, team_passed,
                                   designated)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Casting, active, seat, obj, item)
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
  // Four turn records, as when the state held room for four markers at any
  // table: a record beyond this table's markers is an unused one (over once
  // the game is), so saved states and their fingerprints stay as they were.
  json ctx = ctx_;
  TurnCtx unused;
  if (over_) {
    unused.step = Step::kOver;
    unused.round.close();
  }
  for (std::size_t k = ctx_.size(); k < kMaxMarkers; ++k) ctx.push_back(unused);
  out["ctx"] = ctx;
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
  out["rng"] = rng_.forced_size() == 0 ? json(rng_.words()) : rng_to_json(rng_);
  out["timestamp"] = timestamp_;
  out["stack_ids"] = stack_ids_;
  out["loop_stacked"] = loop_stacked_;
  out["loop_stackers"] = loop_stackers_;
  out["turn"] = turn_;
  out["moment"] = moment_;
  out["conceded"] = conceded_;
  out["planar"] = planar_;
  out["starting"] = starting_;
  out["deciding"] = deciding_;
  out["over"] = over_;
  json known = json::array();  // [object, seats] for cards known in hidden zones
  for (Obj o = 0; o < num_objs_; ++o)
    if (objs_[o].known && (objs_[o].zone == Zone::kLibrary || objs_[o].zone == Zone::kHand))
      known.push_back(json::array({o, objs_[o].known}));
  if (!known.empty()) out["known"] = known;
  json face_down = json::array();  // objects that left the game from a hidden zone
  for (Obj o = 0; o < num_objs_; ++o)
    if (objs_[o].face_down) face_down.push_back(o);
  if (!face_down.empty()) out["face_down"] = face_down;
}

namespace {

Step step_of(const std::string& name) {
  for (int i = 0; i <= static_cast<int>(Step::kOver); ++i)
    if (name == step_name(static_cast<Step>(i))) return static_cast<Step>(i);
  throw Error("unknown step '" + name + "'");
}

}  // namespace

// The values a saved state's lists and structs hold beyond indices (checked
// in load): enumerations, seats that may be "none", counts and markers.
// nlohmann reads a number into a narrower field by truncating it, so every
// such field is checked here, after reading, against what the rules use.
void MagicState::validate(const MagicState& t) {
  const int n = t.num_seats();
  auto seat_or_none = [&](int s, const std::string& where) {
    if (s != -1 && (s < 0 || s >= n))
      load::fail(where, "seat " + std::to_string(s) + " is not at this table");
  };
  auto seat = [&](int s, const std::string& where) {
    if (s < 0 || s >= n) load::fail(where, "seat " + std::to_string(s) + " is not at this table");
  };
  const SeatMask table = static_cast<SeatMask>((1u << n) - 1);
  auto mask = [&](unsigned m, const std::string& where) {
    if (m & ~static_cast<unsigned>(table)) load::fail(where, "names a seat not at this table");
  };
  for (Obj o = 0; o < t.num_objs_; ++o) {
    const Object& x = t.objs_[o];
    const std::string w = load::at("state.objects", o);
    seat_or_none(x.chosen, w + ".chosen");
    seat_or_none(x.enchanted_player, w + ".enchanted_player");
    if (x.hold > 2) load::fail(w + ".hold", "0, 1 or 2");
    if (x.damage < 0) load::fail(w + ".damage", "cannot be negative");
    if (x.counters < 0) load::fail(w + ".counters", "cannot be negative");
    // Only an Aura is attached (the state-based actions and power and
    // toughness look for attachments among the creatures and Auras).
    if (x.attached != kNoObj && !x.aura) load::fail(w + ".attached", "only an Aura is attached");
  }
  // Each object is in at most one zone list, and in the one its zone names.
  std::vector<std::uint8_t> listed(t.num_objs_, 0);
  auto in_list = [&](Obj o, Zone z, Seat owner, const std::string& where) {
    if (listed[o]++) load::fail(where, "object " + std::to_string(o) + " is in two zones");
    if (t.objs_[o].zone != z)
      load::fail(where, "object " + std::to_string(o) + " is not in this zone");
    if (owner >= 0 && t.objs_[o].owner != owner)
      load::fail(where, "object " + std::to_string(o) + " belongs to another player");
  };
  for (Seat s = 0; s < n; ++s) {
    const Player& p = t.players_[s];
    const std::string w = load::at("state.players", static_cast<std::size_t>(s));
    const std::pair<const CompactVec<Obj, 90>*, std::pair<Zone, const char*>> zones[] = {
        {&p.library, {Zone::kLibrary, ".library"}},
        {&p.hand, {Zone::kHand, ".hand"}},
        {&p.graveyard, {Zone::kGraveyard, ".graveyard"}},
        {&p.exile, {Zone::kExile, ".exile"}},
        {&p.ante, {Zone::kAnte, ".ante"}}};
    for (auto& [list, zone] : zones)
      for (Obj o : *list) in_list(o, zone.first, s, w + zone.second);
    if (p.poison < 0) load::fail(w + ".poison", "cannot be negative");
    if (p.lands_played < 0) load::fail(w + ".lands_played", "cannot be negative");
    if (p.mulligans < 0) load::fail(w + ".mulligans", "cannot be negative");
    if (p.to_bottom < 0 || p.to_bottom > static_cast<int>(p.hand.size()))
      load::fail(w + ".to_bottom", "0 to the cards in hand");
    mask(p.in_range, w + ".in_range");
  }
  for (Obj o : t.battlefield_) in_list(o, Zone::kBattlefield, -1, "state.battlefield");
  for (Obj o = 0; o < t.num_objs_; ++o)
    if (!listed[o] && t.objs_[o].zone != Zone::kStack && t.objs_[o].zone != Zone::kGone)
      load::fail(load::at("state.objects", o), "its zone's list does not hold it");
  for (std::size_t i = 0; i < t.mods_.size(); ++i) {
    const Modifier& m = t.mods_[i];
    const std::string w = load::at("state.mods", i);
    if (static_cast<int>(m.duration) > static_cast<int>(Duration::kUntilYourNextTurn))
      load::fail(w + ".duration", "unknown duration");
    seat_or_none(m.until, w + ".until");
    seat_or_none(m.must_attack, w + ".must_attack");
  }
  for (std::size_t i = 0; i < t.pending_.size(); ++i) {
    const PendingTrigger& p = t.pending_[i];
    seat_or_none(p.subject, load::at("state.pending", i) + ".subject");
    if (p.subject_obj != kNoObj && p.subject_obj >= t.num_objs_)
      load::fail(load::at("state.pending", i) + ".subject_obj", "no such object");
  }
  auto item = [&](const StackItem& it, const std::string& w) {
    if (static_cast<int>(it.kind) > static_cast<int>(ItemKind::kDelayedReturn))
      load::fail(w + ".kind", "unknown kind of stack object");
    seat_or_none(it.chosen, w + ".chosen");
    seat_or_none(it.subject, w + ".subject");
    for (std::size_t k = 0; k < it.targets_n && k < it.targets.size(); ++k)
      if (it.targets[k].kind > 3) load::fail(w + ".targets", "unknown kind of target");
  };
  if (t.markers_ < 1 || t.markers_ > kMaxMarkers)
    load::fail("state.markers", "1 to " + std::to_string(kMaxMarkers));
  if (t.markers_ > t.ctx_.size())
    load::fail("state.markers",
               "more turn markers than this table has (" + std::to_string(t.ctx_.size()) + ")");
  if (t.cur_ >= t.markers_) load::fail("state.cur", "no such turn marker");
  for (std::size_t c = 0; c < t.loop_stacked_.size(); ++c) {
    mask(t.loop_stackers_[c], load::at("state.loop_stackers", c));
    if (t.loop_stacked_[c] > t.rules_->loop_limit)
      load::fail(load::at("state.loop_stacked", c), "more than the loop limit");
  }
  for (std::size_t c = 0; c < t.ctx_.size(); ++c) {
    const TurnCtx& x = t.ctx_[c];
    const std::string w = load::at("state.ctx", c);
    if (static_cast<int>(x.step) > static_cast<int>(Step::kOver))
      load::fail(w + ".step", "unknown step");
    if (c < t.markers_ && x.active >= 0 && !x.waiting) seat(x.active, w + ".active");
    mask(x.actives, w + ".actives");
    mask(x.defending, w + ".defending");
    mask(x.declared, w + ".declared");
    mask(x.team_passed, w + ".team_passed");
    mask(x.round.seats(), w + ".round");
    seat_or_none(x.defender, w + ".defender");
    seat_or_none(x.declaring, w + ".declaring");
    if (x.stage > 8) load::fail(w + ".stage", "0 to 8");
    for (std::size_t i = 0; i < x.attackers.size(); ++i) {
      const Attacker& a = x.attackers[i];
      if (a.divided > 2) load::fail(load::at(w + ".attackers", i) + ".divided", "0 to 2");
      if (a.to_player < 0 || a.to_player > 1000)
        load::fail(load::at(w + ".attackers", i) + ".to_player", "0 to 1000");
    }
    for (std::size_t i = 0; i < x.blocks.size(); ++i)
      if (x.blocks[i].assigned < 0 || x.blocks[i].assigned > 1000)
        load::fail(load::at(w + ".blocks", i) + ".assigned", "0 to 1000");
    for (std::size_t i = 0; i < x.stack.size(); ++i) item(x.stack[i], load::at(w + ".stack", i));
  }
  if (static_cast<int>(t.ask_) > static_cast<int>(Ask::kDivide)) load::fail("state.ask", "unknown");
  if (t.ask_ != Ask::kNone && t.asked_ < 0) load::fail("state.asked", "a question needs a seat");
  mask(t.conceded_, "state.conceded");
  if (t.cast_.active) item(t.cast_.item, "state.cast.item");
  if (t.res_.active) {
    item(t.res_.item, "state.res.item");
    seat_or_none(t.res_.chooser, "state.res.chooser");
    seat_or_none(t.res_.sub, "state.res.sub");
    if (t.res_.want > kPile) load::fail("state.res.want", "unknown kind of choice");
  }
  for (Seat s = 0; s < n; ++s) {
    if (t.team_poison_[static_cast<std::size_t>(s)] < 0)
      load::fail(load::at("state.team_poison", static_cast<std::size_t>(s)), "cannot be negative");
  }
  if (t.turn_ < 0) load::fail("state.turn", "cannot be negative");
  if (t.moment_ < 0) load::fail("state.moment", "cannot be negative");
}

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
      t.reserve_objects(
          std::min<std::size_t>(kMaxObjects, objs.size() + 8 * static_cast<std::size_t>(n)));
      t.objs_.resize(objs.size());
      for (std::size_t i = 0; i < objs.size(); ++i) {
        try {
          t.objs_[i] = objs[i].get<Object>();
        } catch (const json::exception& e) {
          load::fail(load::at("state.objects", i), e.what());
        }
        const Object& x = t.objs_[i];
        if (x.def >= pool) throw Error("object " + std::to_string(i) + ": unknown card");
        t.objs_[i].types = rules_->pool[x.def].types;
        t.objs_[i].activates = !rules_->pool[x.def].activated.empty();
        t.objs_[i].produces = rules_->pool[x.def].produces;
        t.objs_[i].triggers = !rules_->pool[x.def].triggers.empty();
        t.objs_[i].aura = rules_->pool[x.def].aura;
        seat_ok(x.owner, false);
        seat_ok(x.controller, false);
        seat_ok(x.base_controller, false);
        if (static_cast<int>(x.zone) > static_cast<int>(Zone::kGone)) throw Error("bad zone");
      }
      // One saved field into its member; a wrong type names the field.
      auto read = [&](const char* key, auto& into) {
        try {
          into = j.at(key).get<std::remove_reference_t<decltype(into)>>();
        } catch (const std::exception& e) {
          load::fail(load::at("state", key), std::string("malformed saved state: ") + e.what());
        }
      };
      const auto& ps = j.at("players");
      if (!ps.is_array() || static_cast<int>(ps.size()) != n) throw Error("one player per seat");
      for (int s = 0; s < n; ++s) {
        try {
          t.players_[s] = ps[static_cast<std::size_t>(s)].get<Player>();
        } catch (const std::exception& e) {
          load::fail(load::at("state.players", static_cast<std::size_t>(s)), e.what());
        }
      }
      read("team_life", t.team_life_);
      read("team_poison", t.team_poison_);
      read("turn_began", t.turn_began_);
      read("entering", t.entering_);
      try {  // into the room reserved for the objects
        from_json(j.at("battlefield"), t.battlefield_);
      } catch (const std::exception& e) {
        load::fail(load::at("state", "battlefield"),
                   std::string("malformed saved state: ") + e.what());
      }
      read("controls", t.controls_);
      read("mods", t.mods_);
      read("pending", t.pending_);
      read("delayed", t.delayed_);
      read("extra_turns", t.extra_turns_);
      // Turn records beyond the table's markers are unused (see save()).
      StaticVec<TurnCtx, kMaxMarkers> ctx;
      read("ctx", ctx);
      if (ctx.size() < t.ctx_.size()) throw Error("too few turn records");
      std::copy(ctx.begin(), ctx.begin() + static_cast<std::ptrdiff_t>(t.ctx_.size()),
                t.ctx_.begin());
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
      t.rng_ = load::rng(j.at("rng"), "state.rng");
      t.timestamp_ = j.at("timestamp").get<std::uint32_t>();
      t.stack_ids_ = j.at("stack_ids").get<std::uint16_t>();
      // Absent from states saved before the loop rule (loop.cpp): none yet.
      if (j.contains("loop_stacked")) read("loop_stacked", t.loop_stacked_);
      if (j.contains("loop_stackers")) read("loop_stackers", t.loop_stackers_);
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
      if (j.contains("known")) {  // optional: cards known in hidden zones
        const auto& known = j.at("known");
        if (!known.is_array()) throw Error("known: not a list");
        for (const auto& k : known) {
          if (!k.is_array() || k.size() != 2) throw Error("known: each entry is [object, seats]");
          const auto oi = k[0].get<std::int64_t>(), m = k[1].get<std::int64_t>();
          if (oi < 0 || oi >= t.num_objs_) throw Error("known: no such object");
          const Obj o = static_cast<Obj>(oi);
          if (m <= 0 || (m & ~static_cast<std::int64_t>(t.everyone())) != 0)
            throw Error("known: seats not at this table");
          if (t.objs_[o].zone != Zone::kLibrary && t.objs_[o].zone != Zone::kHand)
            throw Error("known: a card known in a public zone");
          t.objs_[o].known = static_cast<SeatMask>(m);
        }
      }
      if (j.contains("face_down")) {  // optional: cards that left the game unseen
        const auto& face_down = j.at("face_down");
        if (!face_down.is_array()) throw Error("face_down: not a list");
        for (const auto& k : face_down) {
          const auto oi = k.get<std::int64_t>();
          if (oi < 0 || oi >= t.num_objs_) throw Error("face_down: no such object");
          const Obj o = static_cast<Obj>(oi);
          if (t.objs_[o].zone != Zone::kGone) throw Error("face_down: a card still in the game");
          t.objs_[o].face_down = true;
        }
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
      validate(t);
      t.pt_auras_ = t.restrictors_ = 0;  // activators_, bodies_: recount_controlled
      for (Obj o : t.battlefield_) {
        t.pt_auras_ = static_cast<std::uint16_t>(t.pt_auras_ + t.pt_aura(o));
        t.restrictors_ = static_cast<std::uint16_t>(t.restrictors_ + t.restrictor(o));
      }
      t.recount_controlled();
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
  // A field of the position, read at its path ("state.players[1].life").
  auto integer = [&](const json& o, const char* k, int lo, int hi, int dflt,
                     const std::string& where = "state") {
    return load::integer(o, k, where, lo, hi, dflt);
  };
  t.turn_ = static_cast<std::int16_t>(integer(j, "turn", 1, 10000, 2));
  const Seat active = integer(j, "active", 0, n - 1, 0);
  t.starting_ = static_cast<std::int8_t>(integer(j, "starting", 0, n - 1, active));
  t.rng_.reseed(0);
  if (j.contains("rng")) t.rng_ = load::rng(j["rng"], "state.rng");
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
    pl.life =
        static_cast<std::int16_t>(integer(p, "life", -1000, 10000, rules_->starting_life,
                                          load::at("state.players", static_cast<std::size_t>(s))));
    pl.poison = static_cast<std::int8_t>(
        integer(p, "poison", 0, 100, 0, load::at("state.players", static_cast<std::size_t>(s))));
    pl.lands_played = static_cast<std::int8_t>(integer(
        p, "lands_played", 0, 10, 0, load::at("state.players", static_cast<std::size_t>(s))));
    pl.lost_this_turn = static_cast<std::int16_t>(integer(
        p, "lost_this_turn", 0, 1000, 0, load::at("state.players", static_cast<std::size_t>(s))));
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
  const json& team_life = load::list(j, "team_life", "state", kMaxSeats);
  for (std::size_t i = 0; i < team_life.size(); ++i)
    t.team_life_[i] = static_cast<std::int16_t>(
        load::integer(team_life[i], load::at("state.team_life", i), -1000, 10000));
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
    const std::string w = "state.battlefield card '" + t.ref(l.o) + "'";
    x.tapped = load::boolean(l.spec, "tapped", w, false);
    x.damage = static_cast<std::int8_t>(integer(l.spec, "damage", 0, 100, 0, w));
    x.counters = static_cast<std::int8_t>(integer(l.spec, "counters", 0, 100, 0, w));
    if (load::boolean(l.spec, "sick", w, false)) x.since = t.turn_;
    // 110.2: the player it entered under (e.g. put onto the battlefield
    // from another player's library), when not its owner.
    if (l.spec.contains("entered_under"))
      x.controller = x.base_controller =
          static_cast<std::int8_t>(integer(l.spec, "entered_under", 0, n - 1, x.owner, w));
    if (l.spec.contains("chosen"))
      x.chosen = static_cast<std::int8_t>(integer(l.spec, "chosen", 0, n - 1, -1, w));
    if (l.spec.contains("enchanted_player"))
      x.enchanted_player =
          static_cast<std::int8_t>(integer(l.spec, "enchanted_player", 0, n - 1, -1, w));
    if (l.spec.contains("attached")) {
      x.attached = find_ref(load::text(l.spec["attached"], load::at(w, "attached")));
      if (!x.aura) load::fail(load::at(w, "attached"), "only an Aura is attached");
    }
    if (l.spec.contains("controller")) {
      const Seat c = integer(l.spec, "controller", 0, n - 1, 0, w);
      const std::string d = load::text(l.spec, "control", w, "game");
      t.controls_.push_back(ControlEffect{l.o, x.gen, static_cast<std::int8_t>(c),
                                          d == "end-of-turn", t.timestamp_++});
    }
    if (l.spec.contains("exiled")) {
      const Obj e = find_ref(load::text(l.spec["exiled"], load::at(w, "exiled")));
      t.objs_[e].held_by = l.o;
      t.objs_[e].hold =
          static_cast<std::uint8_t>(load::boolean(l.spec, "until_leaves", w, false) ? 1 : 2);
    }
  }
  t.recount_controlled();  // the permanents above were tapped and given controllers in place
  t.recompute_control();
  for (Obj o : t.battlefield_)
    if (t.objs_[o].since == -1) t.objs_[o].since = -1;
  const json& left = load::list(j, "left", "state", static_cast<std::size_t>(n));
  for (std::size_t i = 0; i < left.size(); ++i) {
    const Seat x = static_cast<Seat>(load::integer(left[i], load::at("state.left", i), 0, n - 1));
    t.order_.leave(x);
    t.standings_.leave(x, ++t.moment_);
  }
  const json& extra = load::list(j, "extra_turns", "state", t.extra_turns_.capacity());
  for (std::size_t i = 0; i < extra.size(); ++i)
    t.extra_turns_.push_back(static_cast<std::int8_t>(
        load::integer(extra[i], load::at("state.extra_turns", i), 0, n - 1)));
  TurnCtx& c = t.T();
  c.active = static_cast<std::int8_t>(active);
  c.actives = rules_->shared_turns ? static_cast<SeatMask>(t.team_of(active) & t.order_.active())
                                   : seat_bit(active);
  for (Seat a = 0; a < n; ++a)
    if (has_seat(c.actives, a)) t.turn_began_[a] = t.turn_;
  if (rules_->planechase)
    t.planar_ = static_cast<std::int8_t>(integer(j, "planar_controller", 0, n - 1, active));
  t.refresh_ranges();
  const std::string step = load::text(j, "step", "state", "main1");
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
