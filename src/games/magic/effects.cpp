// Resolving spells and abilities (608): targets checked again (608.2b),
// then each effect step, one C++ primitive per data verb. Steps that need a
// player's choice pause the resolution; the choice resumes it.
#include "core/opponents.h"
#include "games/magic/events.h"
#include "games/magic/state.h"

namespace tt::magic {

Obj MagicState::target_obj(const StackItem& it, int index) const {
  const Target& t = it.targets[static_cast<std::size_t>(index)];
  return t.kind == 2 ? t.id : kNoObj;
}

bool MagicState::target_ok(const StackItem& it, int index) const {
  const auto& kinds = item_targets(it);
  if (index >= static_cast<int>(kinds.size()) || index >= it.targets_n) return false;
  return target_legal(it.controller, kinds[static_cast<std::size_t>(index)],
                      it.targets[static_cast<std::size_t>(index)], it.card);
}

// 800.4g: a choice owed by a departed player is made by another player the
// controller picks: an opponent (in range, 801.5a) when the original chooser
// was one. Returns kNoSeat when the controller must pick among several.
Seat MagicState::substitute_chooser(Seat controller, Seat original) const {
  SeatMask m = opponents(controller, original) ? opponents_in_range(controller) : 0;
  if (!m)
    for (Seat s = 0; s < num_seats(); ++s)
      if (order_.in_game(s) && s != controller && in_range(controller, s)) m |= seat_bit(s);
  if (!m) return controller;
  return only_seat(m);
}

SeatMask MagicState::choosable_players(Seat chooser) const {
  SeatMask m = 0;
  for (Seat s = 0; s < num_seats(); ++s)
    if (order_.in_game(s) && in_range(chooser, s)) m |= seat_bit(s);
  return m;
}

SeatMask MagicState::who(const Resolving& r, Who w, int index) const {
  const StackItem& it = r.item;
  const Seat c = it.controller;
  SeatMask m = 0;
  auto one = [&](int s) { return s >= 0 && s < num_seats() ? seat_bit(s) : SeatMask{0}; };
  switch (w) {
    case Who::kYou:
      m = one(c);
      break;
    case Who::kTarget:
      if (target_ok(it, index) && it.targets[static_cast<std::size_t>(index)].kind == 1)
        m = one(it.targets[static_cast<std::size_t>(index)].id);
      break;
    case Who::kDefendingPlayer:
    case Who::kChosen:
      m = one(it.chosen);
      break;
    case Who::kAttackingPlayer: {
      // 805.10c: the controller of the creature this blocker blocks.
      for (auto& b : T().blocks)
        if (b.blocker == it.subject_obj) m = one(objs_[b.attacker].controller);
      break;
    }
    case Who::kChosenPlayer:
      m = one(objs_[it.card].chosen);
      break;
    case Who::kThatPlayer:
    case Who::kItsController:
      m = one(it.subject);
      break;
    case Who::kEachOpponent:
      m = opponents_in_range(c);
      break;
    case Who::kEachPlayer:
      for (Seat s = 0; s < num_seats(); ++s)
        if (in_range(c, s)) m |= seat_bit(s);
      break;
    case Who::kActivePlayer:
      m = T().actives;
      break;
    case Who::kAnOpponent:
      m = r.sub >= 0 ? one(r.sub) : SeatMask{0};
      break;
  }
  return static_cast<SeatMask>(m & order_.active());
}

Seat MagicState::one(const Resolving& r, Who w, int index) const {
  const SeatMask m = who(r, w, index);
  return m ? std::countr_zero(static_cast<unsigned>(m)) : kNoSeat;
}

// 801.14: "you win" under a limited range makes each opponent in range lose.
void MagicState::win_game(Seat s) {
  if (!order_.in_game(s)) return;
  SeatMask losers = 0;
  for (Seat o = 0; o < num_seats(); ++o)
    if (order_.in_game(o) && opponents(s, o) && (rules_->range[s] < 0 || in_range(s, o)))
      losers |= seat_bit(o);
  if (rules_->range[s] < 0) players_[s].won = true;
  if (losers) leave_game(losers);
}

// The resolution moves on to its next effect step, with no choice pending.
static void next_effect(Resolving& r) {
  ++r.step;
  r.inner = 255;
  r.chooser = -1;
  r.want = 0;
  r.sub = -1;
}

// Runs the resolving object from where it stopped. Returns false while it
// waits for a choice.
bool MagicState::run(Resolving& r) {
  StackItem& it = r.item;
  const CardDef& d = rules_->pool[it.def];
  if (!r.begun) {
    r.begun = true;
    log(kEvResolve, it.controller, it.id, it.def);
    const auto& kinds = item_targets(it);
    bool any_legal = kinds.empty();
    for (std::size_t i = 0; i < kinds.size(); ++i)
      any_legal = any_legal || target_ok(it, static_cast<int>(i));
    if (!any_legal) {
      // 608.2b: every target illegal: it does nothing.
      log(kEvFizzle, it.controller, it.id);
      r.step = 255;
    } else if (it.kind == ItemKind::kDelayedReturn) {
      const Obj o = it.subject_obj;
      if (objs_[o].zone == Zone::kExile && objs_[o].gen == it.subject_gen) {
        log(kEvReturn, objs_[o].owner, o);
        enter_battlefield(o, objs_[o].owner);
      }
      r.step = 255;
    } else if (it.kind == ItemKind::kActivated && it.index == 255) {
      // 804.2: the target teammate gains control of the deployed creature.
      add_control(it.card, it.targets[0].id, false);
      r.step = 255;
    } else if (it.kind == ItemKind::kSpell && d.permanent()) {
      const Obj o = it.card;
      objs_[o].zone = Zone::kGone;
      if (d.aura) {
        const Target& t = it.targets[0];
        if (t.kind == 2) objs_[o].attached = t.id;
        enter_battlefield(o, it.controller);
        if (t.kind == 1) objs_[o].enchanted_player = static_cast<std::int8_t>(t.id);
        recompute_control();
      } else {
        enter_battlefield(o, it.controller);
      }
      if (objs_[o].zone == Zone::kGone) put(o, Zone::kGraveyard);
      r.step = 255;
    }
  }
  const auto& list = item_effects(it);
  while (r.step < list.size() && !over_) {
    if (!step(r, list[r.step])) return false;
    next_effect(r);
  }
  // 608.2n: an instant or sorcery goes to its owner's graveyard; a copy ceases.
  if (it.kind == ItemKind::kSpell && !d.permanent() && objs_[it.card].zone == Zone::kStack) {
    objs_[it.card].zone = Zone::kGone;
    objs_[it.card].controller = objs_[it.card].owner;
    put(it.card, Zone::kGraveyard);
  }
  res_ = Resolving{};
  return true;
}

// Asks `seat` for a choice during resolution.
static bool wait(Resolving& r, Seat seat, Act want) {
  r.chooser = static_cast<std::int8_t>(seat);
  r.want = static_cast<std::uint8_t>(want);
  return false;
}

bool MagicState::step(Resolving& r, const Effect& e) {
  const StackItem& it = r.item;
  const Seat c = it.controller;
  const Obj src = it.card;
  auto each = [&](SeatMask m, auto fn) {
    for (Seat s : in_turn_order(m, T().active, order_)) fn(static_cast<Seat>(s));
  };
  switch (e.verb) {
    case Verb::kDamage:
      if (e.to == DamageTo::kTarget) {
        if (!target_ok(it, 0)) break;
        const Target& t = it.targets[0];
        if (t.kind == 1)
          damage_player(t.id, e.amount, src);
        else
          damage_creature(t.id, e.amount, src);
      } else {
        SeatMask players = e.to == DamageTo::kEachOpponent ? opponents_in_range(c) : 0;
        if (e.to == DamageTo::kEachCreatureAndPlayer) {
          StaticVec<Obj, kMaxObjects> creatures;
          for (Obj o : bodies())
            if (def(o).is(kCreature) && obj_in_range(c, o)) creatures.push_back(o);
          for (Obj o : creatures) damage_creature(o, e.amount, src);
          for (Seat s = 0; s < num_seats(); ++s)
            if (order_.in_game(s) && in_range(c, s)) players |= seat_bit(s);
        }
        each(players, [&](Seat s) { damage_player(s, e.amount, src); });
      }
      break;
    case Verb::kLoseLife:
      each(who(r, e.who, e.who_index), [&](Seat s) { lose_life(s, e.amount); });
      break;
    case Verb::kGainLife:
      each(who(r, e.who, e.who_index), [&](Seat s) { gain_life(s, e.amount); });
      break;
    case Verb::kGainLifePerOpponentCreature: {
      int n = 0;  // 801.11: only what is in the controller's range
      for (Obj o : bodies())
        if (def(o).is(kCreature) && opponents(c, objs_[o].controller) && obj_in_range(c, o)) ++n;
      each(who(r, e.who, e.who_index), [&](Seat s) { gain_life(s, n); });
      break;
    }
    case Verb::kDraw:
      each(who(r, e.who, e.who_index), [&](Seat s) {
        for (int i = 0; i < e.amount; ++i) draw(s);
      });
      break;
    case Verb::kCreateToken: {
      // 800.4b/d: nothing is created for a departed player.
      SeatMask m = who(r, e.who, e.who_index);
      each(m, [&](Seat s) {
        for (int i = 0; i < e.amount; ++i) {
          const Obj t = new_object(e.token, s, Zone::kGone);
          if (t == kNoObj) return;
          log(kEvToken, s, t);
          enter_battlefield(t, s);
        }
      });
      break;
    }
    case Verb::kGainControl:
    case Verb::kGiveControl: {
      const Obj o = target_ok(it, e.what_index) ? target_obj(it, e.what_index) : kNoObj;
      const Seat to = one(r, e.who, e.who_index);
      if (o != kNoObj && to != kNoSeat)
        add_control(o, to, e.verb == Verb::kGainControl && e.duration == Duration::kEndOfTurn);
      break;
    }
    case Verb::kUntap:
    case Verb::kTap: {
      const Obj o = e.what == What::kSelf
                        ? src
                        : (target_ok(it, e.what_index) ? target_obj(it, e.what_index) : kNoObj);
      if (o != kNoObj && objs_[o].zone == Zone::kBattlefield) set_tapped(o, e.verb == Verb::kTap);
      break;
    }
    case Verb::kPump:
    case Verb::kGrant: {
      StaticVec<Obj, kMaxObjects> objs;
      if (e.what == What::kSelf) {
        if (objs_[src].zone == Zone::kBattlefield) objs.push_back(src);
      } else if (e.what == What::kTarget) {
        if (target_ok(it, e.what_index)) objs.push_back(target_obj(it, e.what_index));
      } else {
        // 802.2a / 805.9: "the defending player" or "the active player" not
        // tied to one attacker: the controller picks one.
        SeatMask cands = e.what == What::kCreaturesOfDefendingPlayer
                             ? static_cast<SeatMask>(T().defending & order_.active())
                             : static_cast<SeatMask>(T().actives & order_.active());
        if (r.sub < 0) {
          if (!cands) break;
          if (only_seat(cands) == kNoSeat) return wait(r, c, kChoosePlayer);
          r.sub = static_cast<std::int8_t>(only_seat(cands));
        }
        for (Obj o : bodies())
          if (def(o).is(kCreature) && objs_[o].controller == r.sub && obj_in_range(c, o))
            objs.push_back(o);
      }
      for (Obj o : objs) {
        if (mods_.full()) break;
        Modifier m;
        m.obj = o;
        m.gen = objs_[o].gen;
        m.power = e.power;
        m.toughness = e.toughness;
        m.keywords = e.verb == Verb::kGrant ? e.keyword : 0;
        mods_.push_back(m);
        sba_dirty_ = true;
        changed();  // haste: an ability to {T} (idle.cpp)
      }
      break;
    }
    case Verb::kExile: {
      const Obj o = e.what == What::kSelf
                        ? src
                        : (target_ok(it, e.what_index) ? target_obj(it, e.what_index) : kNoObj);
      if (o == kNoObj) break;
      // 610.3c: "until this leaves" does nothing once the source has left.
      if ((e.ret == Return::kUntilSourceLeaves || e.ret == Return::kLinked) &&
          objs_[src].zone != Zone::kBattlefield)
        break;
      log(kEvExile, objs_[o].controller, o);
      move(o, Zone::kExile);
      if (objs_[o].zone != Zone::kExile) break;  // a token ceased to exist
      if (e.ret == Return::kUntilSourceLeaves || e.ret == Return::kLinked) {
        objs_[o].held_by = src;
        objs_[o].hold = e.ret == Return::kUntilSourceLeaves ? 1 : 2;
      } else if (e.ret == Return::kNextEndStep && !delayed_.full()) {
        delayed_.push_back(DelayedReturn{o, objs_[o].gen, static_cast<std::int8_t>(c)});
      }
      break;
    }
    case Verb::kReturnLinked:
      return_exiled(src, 2);
      break;
    case Verb::kCopySpell: {
      if (!target_ok(it, 0)) break;
      for (auto& s : T().stack)
        if (s.id == it.targets[0].id) {
          copy_spell(s, c);
          break;
        }
      break;
    }
    case Verb::kExtraTurn:
      each(who(r, e.who, e.who_index), [&](Seat s) {
        if (!extra_turns_.full()) extra_turns_.insert_at(0, static_cast<std::int8_t>(s));  // 500.7
      });
      break;
    case Verb::kWinGame:
      win_game(c);
      break;
    case Verb::kRestrict:
    case Verb::kMustAttackYou: {
      if (!target_ok(it, e.what_index) || mods_.full()) break;
      Modifier m;
      m.obj = target_obj(it, e.what_index);
      m.gen = objs_[m.obj].gen;
      m.cant_attack = e.verb == Verb::kRestrict && e.attack;
      m.cant_block = e.verb == Verb::kRestrict && e.block;
      if (e.verb == Verb::kMustAttackYou) m.must_attack = static_cast<std::int8_t>(c);
      m.duration = e.duration;
      m.until = static_cast<std::int8_t>(c);
      mods_.push_back(m);
      sba_dirty_ = true;
      break;
    }
    case Verb::kChoosePlayer: {
      // 608.2d: the controller chooses as the spell resolves, so a player
      // who left after it was cast is never offered.
      if (r.sub < 0) {
        const SeatMask m = choosable_players(c);
        if (!m) break;
        if (only_seat(m) == kNoSeat) return wait(r, c, kChoosePlayer);
        r.sub = static_cast<std::int8_t>(only_seat(m));
      }
      r.item.chosen = r.sub;
      log(kEvChoose, c, r.sub, src);
      break;
    }
    case Verb::kChooseMode: {
      if (r.inner == 255) {
        if (r.chooser < 0 || r.want != kMode) {
          Seat chooser = r.sub >= 0 ? r.sub : one(r, e.who, e.who_index);
          if (chooser == kNoSeat) {
            // 800.4g: the original chooser left; the controller names another.
            const SeatMask orig = e.who == Who::kDefendingPlayer
                                      ? (it.chosen >= 0 ? seat_bit(it.chosen) : 0)
                                      : (objs_[src].chosen >= 0 ? seat_bit(objs_[src].chosen) : 0);
            const Seat o = orig ? std::countr_zero(static_cast<unsigned>(orig)) : c;
            chooser = substitute_chooser(c, o);
            if (chooser == kNoSeat) return wait(r, c, kChoosePlayer);
          }
          r.sub = static_cast<std::int8_t>(chooser);
          return wait(r, chooser, kMode);
        }
        return false;
      }
      for (const Effect& x : e.modes[r.inner]) step(r, x);
      break;
    }
    case Verb::kUnlessPaysLife: {
      const Seat payer = one(r, e.who, e.who_index);
      if (r.inner == 255) {
        // 800.4f: a departed player pays nothing; the effect happens.
        if (payer == kNoSeat || life(payer) < e.amount) {
          r.inner = 0;
        } else {
          return wait(r, payer, kPayLife);
        }
      }
      if (r.inner == 0)
        for (const Effect& x : e.modes[0]) step(r, x);
      break;
    }
    case Verb::kAddCounter:
      if (objs_[src].zone == Zone::kBattlefield)
        objs_[src].counters = static_cast<std::int8_t>(objs_[src].counters + e.amount);
      break;
    case Verb::kPoison:
      each(who(r, e.who, e.who_index), [&](Seat s) {
        log(kEvPoison, s, e.amount);
        sba_players_ = true;
        if (rules_->team_life)
          team_poison_[rules_->team[s]] =
              static_cast<std::int8_t>(team_poison_[rules_->team[s]] + e.amount);
        else
          players_[s].poison = static_cast<std::int8_t>(players_[s].poison + e.amount);
      });
      break;
    case Verb::kExchangeLife: {
      const Seat o = one(r, Who::kTarget, 0);
      if (o == kNoSeat || o == c || order_.teammates(o, c)) break;  // 810.9e
      const int mine = life(c), theirs = life(o);
      if (mine > theirs) {
        lose_life(c, mine - theirs);
        gain_life(o, mine - theirs);
      } else {
        gain_life(c, theirs - mine);
        lose_life(o, theirs - mine);
      }
      break;
    }
    case Verb::kPutFromLibrary: {
      const Seat o = one(r, Who::kTarget, 0);
      if (o == kNoSeat || r.inner != 255) break;
      return wait(r, c, kPick);
    }
    case Verb::kSplitPiles: {
      if (r.revealed_n == 0 && r.want == 0) {
        // The top cards, as many as there are (a shorter library reveals all).
        auto& lib = players_[c].library;
        for (std::size_t i = 0; i < static_cast<std::size_t>(std::max<int>(0, e.amount)) &&
                                i < lib.size() && r.revealed_n < 8;
             ++i)
          r.revealed[r.revealed_n++] = lib[lib.size() - 1 - i];
        for (int i = 0; i < r.revealed_n; ++i)  // revealed: known to all while in library or hand
          objs_[r.revealed[static_cast<std::size_t>(i)]].known = everyone();
        if (r.revealed_n == 0) break;
        SeatMask opp = opponents_in_range(c);
        if (!opp) {
          // 801.5c: nobody eligible in range: the closest opponent to the left.
          for (int k = 1; k < num_seats() && !opp; ++k) {
            const Seat s = (c + k) % num_seats();
            if (order_.in_game(s) && opponents(c, s)) opp = seat_bit(s);
          }
        }
        if (!opp) opp = seat_bit(c);
        if (only_seat(opp) == kNoSeat) return wait(r, c, kChoosePlayer);
        r.sub = static_cast<std::int8_t>(only_seat(opp));
        return wait(r, r.sub, kPick);
      }
      return false;
    }
  }
  return true;
}

void MagicState::copy_spell(const StackItem& original, Seat controller) {
  // 707.10: a copy on the stack, owned and controlled by its creator
  // (112.2); it may get new targets (707.10c).
  StackItem copy = original;
  copy.kind = ItemKind::kCopy;
  copy.controller = static_cast<std::int8_t>(controller);
  copy.card = original.card;
  if (T().stack.full()) return;
  if (item_targets(copy).empty()) {
    copy.id = stack_ids_++;
    T().stack.push_back(copy);
    new_target();  // a spell to target (idle.cpp)
    log(kEvCopy, controller, copy.id, copy.def);
    stacked(controller);
    return;
  }
  cast_ = Casting{};
  cast_.active = true;
  cast_.seat = static_cast<std::int8_t>(controller);
  cast_.obj = copy.card;
  copy.targets_n = 0;
  cast_.item = copy;
  trigger_casting_ = true;
  log(kEvCopy, controller, 0, copy.def);
}

void MagicState::resolution_options(Seat s, ActionList& out) const {
  const Resolving& r = res_;
  if (r.chooser != s) return;
  const Effect& e = item_effects(r.item)[r.step];
  switch (r.want) {
    case kChoosePlayer: {
      if (e.verb == Verb::kChoosePlayer) {
        // In turn order from the controller: the first (and the timer's
        // default) names the player who cast the spell.
        for (Seat p : in_turn_order(choosable_players(s), s, order_))
          out.push_back(Action{kChoosePlayer, static_cast<std::uint16_t>(p), 0, 0});
        break;
      }
      SeatMask m = 0;
      if (e.verb == Verb::kPump)
        m = e.what == What::kCreaturesOfDefendingPlayer ? T().defending : T().actives;
      else if (e.verb == Verb::kSplitPiles)
        m = opponents_in_range(s);
      else
        m = opponents_in_range(s);  // 800.4g substitute
      for (Seat p = 0; p < num_seats(); ++p)
        if (has_seat(m, p) && order_.in_game(p))
          out.push_back(Action{kChoosePlayer, static_cast<std::uint16_t>(p), 0, 0});
      break;
    }
    case kMode:
      for (std::size_t i = 0; i < e.modes.size(); ++i)
        out.push_back(Action{kMode, static_cast<std::uint16_t>(i), 0, 0});
      break;
    case kPayLife:
      out.push_back(Action{kPayLife, 0, 0, 0});
      out.push_back(Action{kDecline, 0, 0, 0});
      break;
    case kPick:
      if (e.verb == Verb::kPutFromLibrary) {
        const Seat o = one(r, Who::kTarget, 0);
        if (o != kNoSeat)
          for (Obj x : players_[o].library)
            if (def(x).types & (e.filter ? e.filter : static_cast<std::uint8_t>(kCreature)))
              out.push_back(Action{kPick, x, 0, 0});
        out.push_back(Action{kPickDone, 0, 0, 0});
      } else {  // split-piles: toggle a revealed card into pile 1
        for (int i = 0; i < r.revealed_n; ++i)
          out.push_back(Action{kPick, r.revealed[static_cast<std::size_t>(i)], 0, 0});
        out.push_back(Action{kPickDone, 0, 0, 0});
      }
      break;
    case kPile:
      out.push_back(Action{kPile, 0, 0, 0});
      out.push_back(Action{kPile, 1, 0, 0});
      break;
    default:
      break;
  }
}

void MagicState::resolution_choose(Seat /*s*/, Action a) {
  Resolving& r = res_;
  const Effect& e = item_effects(r.item)[r.step];
  const Seat c = r.item.controller;
  switch (a.kind) {
    case kChoosePlayer:
      r.sub = static_cast<std::int8_t>(a.a);
      r.chooser = -1;
      r.want = 0;
      if (e.verb == Verb::kSplitPiles) {
        r.chooser = r.sub;
        r.want = kPick;
        return;
      }
      break;
    case kMode:
      log(kEvChoose, r.chooser, -1, a.a);
      r.inner = static_cast<std::uint8_t>(a.a);
      break;
    case kPayLife:
      lose_life(r.chooser, e.amount);
      r.inner = 1;
      break;
    case kDecline:
      r.inner = 0;
      break;
    case kPick:
      if (e.verb == Verb::kPutFromLibrary) {
        const Seat o = one(r, Who::kTarget, 0);
        players_[o].library.remove(a.a);
        objs_[a.a].zone = Zone::kGone;
        ++objs_[a.a].gen;
        enter_battlefield(a.a, c);
        if (objs_[a.a].zone == Zone::kGone) put(a.a, Zone::kLibrary);
        shuffle(o);
        r.want = 0;
        r.chooser = -1;
        r.inner = 0;
        break;
      }
      for (int i = 0; i < r.revealed_n; ++i)
        if (r.revealed[static_cast<std::size_t>(i)] == a.a) r.pile ^= 1ull << i;
      return;
    case kPickDone:
      if (e.verb == Verb::kPutFromLibrary) {
        const Seat o = one(r, Who::kTarget, 0);
        if (o != kNoSeat) shuffle(o);
        r.inner = 0;
        break;
      }
      r.chooser = static_cast<std::int8_t>(c);
      r.want = kPile;
      return;
    case kPile: {
      // The controller keeps one pile; the other goes to the graveyard.
      for (int i = 0; i < r.revealed_n; ++i) {
        const Obj o = r.revealed[static_cast<std::size_t>(i)];
        const bool in_first = (r.pile >> i) & 1;
        players_[c].library.remove(o);
        objs_[o].zone = Zone::kGone;
        const bool to_hand = in_first == (a.a == 0);
        put(o, to_hand ? Zone::kHand : Zone::kGraveyard);
        if (to_hand) log(kEvToHand, c, o);  // revealed: every seat sees which card
      }
      r.revealed_n = 0;
      r.want = 0;
      r.chooser = -1;
      r.step++;
      r.inner = 255;
      r.sub = -1;
      run(r);
      return;
    }
    default:
      return;
  }
  // Re-enter the step with the choice made.
  if (r.inner != 255 || e.verb == Verb::kPump || e.verb == Verb::kChooseMode ||
      e.verb == Verb::kChoosePlayer) {
    if (!step(r, e)) return;
  }
  next_effect(r);
  run(r);
}

}  // namespace tt::magic
