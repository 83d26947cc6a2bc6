// Leaving the game (800.4), as one transaction for losing, conceding,
// drawing and dropping: team rules first (809.5, 810.8), the end of the
// game when one team is left (104.2a, 104.2c), then 800.4a's steps, and
// every decision the departed player owed is re-routed (800.4f-h, 800.4j).
#include "core/opponents.h"
#include "games/magic/events.h"
#include "games/magic/state.h"

namespace tt::magic {

void MagicState::check_game_over() {
  if (over_) return;
  int teams = 0;
  std::uint32_t seen = 0;
  for (Seat s = 0; s < num_seats(); ++s)
    if (order_.in_game(s) && !(seen & (1u << rules_->team[s]))) {
      seen |= 1u << rules_->team[s];
      ++teams;
    }
  if (teams > 1) return;
  over_ = true;
  for (auto& c : ctx_) {
    c.step = Step::kOver;
    c.round.close();
  }
  ask_ = Ask::kNone;
  cast_ = Casting{};
  res_ = Resolving{};
  Seat winner = kNoSeat;
  for (Seat s = 0; s < num_seats(); ++s)
    if (order_.in_game(s)) {
      log(kEvWin, s);
      winner = winner == kNoSeat ? s : -3;
    }
  // 407.2: the winner becomes the owner of every card in the ante zone.
  if (rules_->ante && winner >= 0)
    for (Seat s = 0; s < num_seats(); ++s) {
      auto& mine = players_[s].ante;
      while (s != winner && !mine.empty()) {
        const Obj o = mine.back();
        mine.pop_back();
        objs_[o].owner = objs_[o].controller = objs_[o].base_controller =
            static_cast<std::int8_t>(winner);
        players_[winner].ante.push_back(o);
      }
    }
}

void MagicState::leave_game(SeatMask leavers, int reason) {
  // 810.8a-b: a Two-Headed Giant team leaves together; 809.5: an emperor
  // takes the whole team along. Generals and other team members go alone.
  for (Seat s = 0; s < num_seats(); ++s) {
    if (!has_seat(leavers, s)) continue;
    if (rules_->team_life || (rules_->mode == Format::kEmperor && rules_->emperor[s]))
      leavers = static_cast<SeatMask>(leavers | team_of(s));
  }
  leavers = static_cast<SeatMask>(leavers & order_.active());
  if (!leavers) return;
  ++moment_;
  sba_dirty_ = true;
  changed();  // ranges, turn order and priority are recomputed
  // 800.4p: a leaving planar controller first hands the role to the next
  // player in turn order who stays.
  if (rules_->planechase && planar_ >= 0 && has_seat(leavers, planar_)) {
    Seat next = kNoSeat;
    for (int k = 1; k < num_seats() && next == kNoSeat; ++k) {
      const Seat s = (planar_ + k) % num_seats();
      if (order_.in_game(s) && !has_seat(leavers, s)) next = s;
    }
    if (next != kNoSeat) {
      planar_ = static_cast<std::int8_t>(next);
      log(kEvPlanar, next);
    }
  }
  for (Seat s = 0; s < num_seats(); ++s)
    if (has_seat(leavers, s)) {
      standings_.leave(s, moment_);
      order_.leave(s);
      // A leaver owes no more mulligan choices (103.5): no cards to put on
      // the bottom of a library that left with it, no new hand to draw.
      players_[s].to_bottom = 0;
      players_[s].mulligan_declared = false;
      log(kEvLeaves, s, reason);
    }
  for (Seat s = 0; s < num_seats(); ++s)
    if (has_seat(leavers, s)) trigger_all(When::kEnchantedPlayerLoses, s);
  check_game_over();  // 104.2a: no cleanup once the game is over
  if (over_) return;

  // 800.4a step 1: every object a leaver owns leaves the game, from every
  // zone; others' look-back triggers see it leave the battlefield.
  for (Obj o = 0; o < num_objs_; ++o) {
    Object& x = objs_[o];
    // 800.4n: cards in the ante zone stay in the game.
    if (!has_seat(leavers, x.owner) || x.zone == Zone::kGone || x.zone == Zone::kAnte) continue;
    if (x.zone == Zone::kBattlefield) {
      trigger(When::kLeaves, o);
      remove_from_combat(o);
    }
    if (x.zone == Zone::kStack) {
      for (auto& c : ctx_) {
        for (std::size_t i = 0; i < c.stack.size();) {
          if (c.stack[i].card == o && c.stack[i].kind == ItemKind::kSpell) {
            log(kEvCease, x.owner, c.stack[i].id);
            c.stack.erase_at(i);
          } else {
            ++i;
          }
        }
      }
    }
    // What no other seat saw leaves face down: a hand and a library stay
    // as hidden as they were, counts and not cards (docs/games/magic.md).
    const bool hidden = x.zone == Zone::kLibrary || x.zone == Zone::kHand;
    remove_from_zone(o);
    x.face_down = hidden;
    ++x.gen;
    // 610.3: what it exiled "until it leaves" comes back (not a trigger).
    return_exiled(o, 1, leavers);
  }
  // ... and at the same time every effect giving a leaver control ends.
  for (std::size_t i = 0; i < controls_.size();)
    if (has_seat(leavers, controls_[i].to))
      controls_.erase_at(i);
    else
      ++i;
  // Step 2: abilities and copies a leaver controls cease to exist.
  for (auto& c : ctx_)
    for (std::size_t i = 0; i < c.stack.size();)
      if (has_seat(leavers, c.stack[i].controller) && c.stack[i].kind != ItemKind::kSpell) {
        log(kEvCease, c.stack[i].controller, c.stack[i].id);
        c.stack.erase_at(i);
      } else {
        ++i;
      }
  // Step 3: whatever a leaver still controls is exiled: spells it cast
  // that others own, and permanents (recompute_control exiles what no
  // remaining player controls, 800.4c).
  for (auto& c : ctx_)
    for (std::size_t i = 0; i < c.stack.size();)
      if (has_seat(leavers, c.stack[i].controller)) {
        const Obj card = c.stack[i].card;
        c.stack.erase_at(i);
        objs_[card].zone = Zone::kGone;
        ++objs_[card].gen;
        put(card, Zone::kExile);
        log(kEvExile, objs_[card].owner, card);
      } else {
        ++i;
      }
  recompute_control();
  // 800.4d: their triggers, waiting or delayed, are gone.
  for (std::size_t i = 0; i < pending_.size();)
    if (has_seat(leavers, pending_[i].controller))
      pending_.erase_at(i);
    else
      ++i;
  for (std::size_t i = 0; i < delayed_.size();)
    if (has_seat(leavers, delayed_[i].controller))
      delayed_.erase_at(i);
    else
      ++i;
  for (std::size_t i = 0; i < entering_.size();)
    if (objs_[entering_[i]].zone != Zone::kBattlefield ||
        has_seat(leavers, objs_[entering_[i]].controller))
      entering_.erase_at(i);
    else
      ++i;

  // Decisions owed by a leaver (800.4f-h, 800.4j).
  if (cast_.active && has_seat(leavers, cast_.seat)) {
    cast_ = Casting{};
    trigger_casting_ = false;
  }
  if (res_.active && has_seat(leavers, res_.item.controller)) {
    res_ = Resolving{};  // 800.4a: the object it controls ceased to exist
  } else if (res_.active && res_.chooser >= 0 && has_seat(leavers, res_.chooser)) {
    // 800.4f: an unpaid cost; 800.4g: another player makes the choice.
    const Effect& e = item_effects(res_.item)[res_.step];
    res_.chooser = -1;
    const std::uint8_t want = res_.want;
    res_.want = 0;
    if (e.verb == Verb::kUnlessPaysLife) {
      res_.inner = 0;
      for (const Effect& x : e.modes[0]) step(res_, x);
      ++res_.step;
      res_.inner = 255;
      run(res_);
    } else if (e.verb == Verb::kChooseMode) {
      const Seat sub =
          substitute_chooser(res_.item.controller, res_.sub >= 0 ? res_.sub : res_.item.controller);
      res_.sub = static_cast<std::int8_t>(sub);
      if (sub == kNoSeat) {
        res_.chooser = res_.item.controller;
        res_.want = kChoosePlayer;
      } else {
        res_.chooser = static_cast<std::int8_t>(sub);
        res_.want = kMode;
      }
    } else if (e.verb == Verb::kSplitPiles && want == kPick) {
      const Seat sub = substitute_chooser(res_.item.controller, res_.sub);
      res_.sub = static_cast<std::int8_t>(sub == kNoSeat ? res_.item.controller : sub);
      res_.chooser = sub == kNoSeat ? res_.item.controller : res_.sub;
      res_.want = sub == kNoSeat ? kChoosePlayer : kPick;
    } else {
      res_ = Resolving{};
    }
  }
  TurnCtx& t = T();
  if (ask_ != Ask::kNone && asked_ >= 0 && has_seat(leavers, asked_)) {
    switch (ask_) {
      case Ask::kMulligan:
      case Ask::kBottom:
        ask_ = Ask::kNone;
        deciding_ = asked_;
        mulligan_round();
        break;
      case Ask::kAttackers:
        ask_ = Ask::kNone;
        t.attackers.clear();
        if (attacks_chooser() != kNoSeat) {
          // 800.4h: the active team's declaration (805.10b) is made afresh
          // by its next member in turn order: the step asks again.
          t.stage = 0;
        } else {
          // 800.4a: the creatures left with their controller; none attacks.
          t.attackers_declared = true;
          t.stage = 1;
        }
        break;
      case Ask::kBlockers:
        // 800.4a: the leaver's creatures are gone; under shared turns its
        // team's declaration (805.10d) goes to the next member in turn
        // order (800.4h), which next_blocker finds.
        ask_ = Ask::kNone;
        t.declared = static_cast<SeatMask>(t.declared | leavers);
        next_blocker();
        if (ask_ == Ask::kNone) t.stage = 1;
        break;
      case Ask::kDefender:
        // 800.4h: a team's choice passes on (defender_chooser); a lone
        // active player's is moot, its creatures having left (800.4a).
        ask_ = Ask::kNone;
        t.stage = defender_chooser() != kNoSeat ? 0 : 1;
        break;
      default:
        // A mulligan, cards to the bottom, a discard: about the leaver's
        // own cards, gone (800.4a). Triggers to order: the leaver's are
        // gone (800.4d); a team's are asked again of its next member.
        // Choosing an opponent as a permanent enters: it left (800.4a).
        ask_ = Ask::kNone;
    }
  } else if (ask_ == Ask::kBlockers && t.declaring >= 0 && !order_.in_game(t.declaring)) {
    ask_ = Ask::kNone;
    next_blocker();
  }
  // A division of combat damage under way is asked again from what is left
  // (damage_division.cpp): a blocker, the player attacked or the power may be gone.
  if (ask_ == Ask::kDivide) ask_ = Ask::kNone;
  // 800.4a: priority passes on from a departed holder; passes made before
  // still count (policy P1 in docs/games/magic.md).
  const bool was_open = t.round.is_open();
  for (auto& c : ctx_)
    for (Seat s = 0; s < num_seats(); ++s)
      if (has_seat(leavers, s) && c.round.is_open()) c.round.seat_left(s, order_);
  if (rules_->shared_turns && t.round.is_open() && !order_.in_game(t.round.holder())) {
    // The seat standing for its team left; a remaining teammate holds on.
    t.round.close();
    open_priority();
  }
  if (was_open && !t.round.is_open() && t.stage == 1 && !res_.active && ask_ == Ask::kNone &&
      !cast_.active) {
    // The window closed as the holder left: resolve or end the step.
    if (!t.stack.empty())
      resolve_top();
    else if (t.attackers_declared || t.step != Step::kDeclareAttackers)
      next_step();
  }
  reduce_markers(leavers);  // 807.4e-g (Grand Melee)
}

}  // namespace tt::magic
