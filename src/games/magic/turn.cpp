// Set-up (103), the London mulligan with the free multiplayer mulligan
// (103.5, 800.6, 805.3a), the turn's steps (500-514) and turn rotation with
// extra turns (500.7) and departed players (800.4j, 800.4k, 800.4m).
#include <bit>

#include "core/opponents.h"
#include "games/magic/events.h"
#include "games/magic/state.h"

namespace tt::magic {

SeatMask MagicState::team_of(Seat s) const {
  SeatMask m = 0;
  for (Seat t = 0; t < num_seats(); ++t)
    if (order_.teammates(s, t)) m |= seat_bit(t);
  return m;
}

void MagicState::start(const std::vector<std::vector<int>>& decks, std::uint64_t seed) {
  rng_.reseed(seed);
  const int n = num_seats();
  // Room for the cards dealt and a few tokens each; more only if a game
  // makes many (new_object).
  std::size_t cards = 0;
  for (auto& deck : decks) cards += deck.size();
  reserve_objects(std::min<std::size_t>(kMaxObjects, cards + 8 * static_cast<std::size_t>(n)));
  for (Seat s = 0; s < n; ++s) {
    for (int d : decks[static_cast<std::size_t>(s)]) new_object(d, s, Zone::kLibrary);
    shuffle(s);
    players_[s].life = static_cast<std::int16_t>(rules_->starting_life);
  }
  for (Seat s = 0; s < n; ++s)
    team_life_[rules_->team[s]] = static_cast<std::int16_t>(rules_->starting_life);
  // 103.1 with 808.4 (a random team; its middle player, or the one just
  // left of its midpoint), 809.4 (a random emperor), 805.3 (a random team).
  const int size = rules_->team_size;
  switch (rules_->mode) {
    case Format::kTeamVsTeam:
    case Format::kTwoHeadedGiant: {
      const int team = static_cast<int>(rng_.below(static_cast<std::uint32_t>(rules_->teams())));
      starting_ = static_cast<std::int8_t>(team * size +
                                           (rules_->mode == Format::kTeamVsTeam ? size / 2 : 0));
      break;
    }
    case Format::kEmperor: {
      const int team = static_cast<int>(rng_.below(static_cast<std::uint32_t>(rules_->teams())));
      starting_ = static_cast<std::int8_t>(team * size + size / 2);
      break;
    }
    default:
      starting_ = static_cast<std::int8_t>(rng_.below(static_cast<std::uint32_t>(n)));
  }
  log(kEvStart, starting_, starting_);
  // 407.2: after the starting player is known and before anyone draws, each
  // player puts a random card of its deck into the ante zone.
  if (rules_->ante)
    for (Seat s = 0; s < n; ++s) {
      auto& lib = players_[s].library;
      if (lib.empty()) continue;
      const auto i = rng_.below(static_cast<std::uint32_t>(lib.size()));
      const Obj o = lib[i];
      lib.erase_at(i);
      objs_[o].zone = Zone::kGone;
      put(o, Zone::kAnte);
      log(kEvAnte, s, o);
    }
  for (Seat s = 0; s < n; ++s)
    for (int i = 0; i < rules_->hand_size; ++i) draw(s);
  T().active = starting_;
  T().actives = seat_bit(starting_);
  T().step = Step::kMulligan;
  deciding_ = starting_;
  ask_ = Ask::kMulligan;
  asked_ = starting_;
  advance();
}

// 103.5: players declare in turn order from the starting player; those who
// mulligan shuffle and draw anew together; repeat until all keep.
void MagicState::mulligan_round() {
  // The next undecided player after the current one, in turn order.
  for (int k = 1; k <= num_seats(); ++k) {
    const Seat s = (deciding_ + k) % num_seats();
    if (s == starting_) break;  // the round is over
    if (order_.in_game(s) && !players_[s].kept && !players_[s].mulligan_declared &&
        players_[s].to_bottom == 0) {
      deciding_ = static_cast<std::int8_t>(s);
      ask_ = Ask::kMulligan;
      asked_ = deciding_;
      return;
    }
  }
  // Everyone who chose to mulligan does so at once.
  bool any = false;
  for (Seat s = 0; s < num_seats(); ++s) {
    Player& p = players_[s];
    if (!p.mulligan_declared) continue;
    p.mulligan_declared = false;
    any = true;
    while (!p.hand.empty()) {
      const Obj o = p.hand.back();
      p.hand.pop_back();
      objs_[o].zone = Zone::kLibrary;
      p.library.push_back(o);
    }
    shuffle(s);
    for (int i = 0; i < rules_->hand_size; ++i) draw(s);
  }
  bool all_kept = true;
  for (Seat s = 0; s < num_seats(); ++s)
    all_kept = all_kept && (players_[s].kept || !order_.in_game(s));
  if (all_kept || !any) {
    ask_ = Ask::kNone;
    if (rules_->mode == Format::kGrandMelee)
      start_markers();
    else
      begin_turn(starting_, false);
    return;
  }
  for (int k = 0; k < num_seats(); ++k) {
    const Seat s = (starting_ + k) % num_seats();
    if (order_.in_game(s) && !players_[s].kept) {
      deciding_ = static_cast<std::int8_t>(s);
      ask_ = Ask::kMulligan;
      asked_ = deciding_;
      return;
    }
  }
}

void MagicState::begin_turn(Seat s, bool extra) {
  ++turn_;
  loop_stacked_[cur_] = 0;
  loop_stackers_[cur_] = 0;
  TurnCtx& t = T();
  t.active = static_cast<std::int8_t>(s);
  t.actives =
      rules_->shared_turns ? static_cast<SeatMask>(team_of(s) & order_.active()) : seat_bit(s);
  t.extra = extra;
  t.step = Step::kUntap;
  t.stage = 0;
  t.attackers.clear();
  t.blocks.clear();
  t.defending = 0;
  t.defender = -1;
  for (Seat p = 0; p < num_seats(); ++p) players_[p].lost_this_turn = 0;
  for (Seat a : in_turn_order(t.actives, s, order_)) {
    players_[a].lands_played = 0;
    turn_began_[a] = turn_;
    next_turn_begins(a);
    // Its creatures are no longer summoning sick: its remembered answer goes
    // (idle.cpp); the other seats' stay unless one may activate them too.
    idle_[static_cast<std::size_t>(a)] = 0;
  }
  if (open_activators_) changed();
  if (refresh_ranges()) changed();  // 801.2c: new targets in range
  if (rules_->planechase && markers_ <= 1) planar_ = static_cast<std::int8_t>(s);  // 901.6
  log(kEvTurn, s, turn_, extra);
}

// The next turn: an extra turn first (800.4k: never a departed player's),
// else the next seat in turn order. A departed seat passed on the way ends
// its "until your next turn" effects as its turn would have begun (800.4m).
void MagicState::end_turn() {
  if (rules_->mode == Format::kGrandMelee) {
    pass_marker();
    return;
  }
  while (!extra_turns_.empty()) {
    const Seat e = extra_turns_[0];
    extra_turns_.erase_at(0);
    if (order_.in_game(e)) {
      begin_turn(e, true);
      return;
    }
    log(kEvNoTurn, e);
  }
  Seat s = T().active;
  for (int k = 0; k < num_seats(); ++k) {
    s = (s + 1) % num_seats();
    if (rules_->shared_turns && order_.teammates(s, T().active)) continue;
    if (!order_.in_game(s)) {
      next_turn_begins(s);  // 800.4m: its turn would have begun now
      log(kEvNoTurn, s);
      continue;
    }
    begin_turn(s, false);
    return;
  }
}

// 508.8: with no attackers, the blockers and damage steps are skipped;
// the first-strike step exists only when a combatant has first or double
// strike (510.4).
void MagicState::next_step() {
  TurnCtx& t = T();
  t.round.close();
  t.stage = 0;
  switch (t.step) {
    case Step::kDeclareAttackers:
      t.step = t.attackers.empty() ? Step::kEndCombat : Step::kDeclareBlockers;
      break;
    case Step::kDeclareBlockers:
      t.step = t.first_strike ? Step::kFirstStrikeDamage : Step::kCombatDamage;
      break;
    case Step::kEndCombat:
      t.attackers.clear();
      t.blocks.clear();
      t.defending = 0;
      t.step = Step::kMain2;
      break;
    case Step::kCleanup:
      end_turn();
      return;
    default:
      t.step = static_cast<Step>(static_cast<int>(t.step) + 1);
  }
}

// The step's turn-based actions (703), then priority where the step has it.
void MagicState::begin_step() {
  TurnCtx& t = T();
  t.stage = 1;
  // The turn-based actions say themselves what they change for the
  // remembered checks (idle.cpp): an untap and a draw the seat's own answer.
  switch (t.step) {
    case Step::kUntap:
      for (Obj o : battlefield_)
        if (has_seat(t.actives, objs_[o].controller)) set_tapped(o, false);
      next_step();
      return;
    case Step::kUpkeep:
      for (Seat a : in_turn_order(t.actives, t.active, order_)) {
        trigger_all(When::kYourUpkeep, a);
        trigger_all(When::kEachUpkeep, a);  // 805.4d: once per active player
        trigger_all(When::kEnchantedPlayerUpkeep, a);
      }
      break;
    case Step::kDraw:
      // 103.8: the starting player (team, 810.6) skips the first draw of a
      // two-player or Two-Headed Giant game; others draw (800.7, 805.4b).
      if (!(turn_ == 1 && !rules_->first_draw))
        for (Seat a : in_turn_order(t.actives, t.active, order_)) draw(a);
      break;
    case Step::kBeginCombat:
      t.attackers.clear();
      t.blocks.clear();
      t.first_strike = false;
      t.attackers_declared = false;
      t.defender = -1;
      t.defending = 0;
      {
        const Seat chooser = defender_chooser();
        const SeatMask candidates = attackable(chooser);
        if (rules_->attack == AttackOption::kMultiple) {
          t.defending = candidates;  // 802.2: every opponent (in range) defends
        } else if (only_seat(candidates) != kNoSeat || rules_->attack != AttackOption::kChosen) {
          t.defender = static_cast<std::int8_t>(only_seat(candidates));
          t.defending = candidates;
        } else if (candidates) {
          ask_ = Ask::kDefender;  // 506.2a / 507.1
          asked_ = static_cast<std::int8_t>(chooser);
          t.stage = 0;
          return;
        }
        if (t.defender >= 0) log(kEvDefender, t.defender);
      }
      trigger_all(When::kEachCombat, t.active);
      break;
    case Step::kDeclareAttackers: {
      const Seat chooser = attacks_chooser();
      // Ask when some creature can attack (a required attack may leave
      // "done" unavailable until it is declared).
      if (chooser != kNoSeat && attack_choices(nullptr)) {
        ask_ = Ask::kAttackers;
        asked_ = static_cast<std::int8_t>(chooser);
        t.stage = 0;
        return;
      }
      t.attackers_declared = true;
      break;
    }
    case Step::kDeclareBlockers:
      t.declaring = -1;
      t.declared = 0;
      next_blocker();
      if (ask_ != Ask::kNone) {
        t.stage = 0;
        return;
      }
      break;
    case Step::kFirstStrikeDamage:
    case Step::kCombatDamage:
      // 510.1c, 802.5: each division is asked first (the step begins again
      // after each); then all the damage is dealt at once (510.2).
      if (next_division()) {
        t.stage = 0;
        return;
      }
      combat_damage(t.step == Step::kFirstStrikeDamage);
      break;
    case Step::kEnd:
      trigger_all(When::kEachEndStep, t.active);
      for (auto& d : delayed_) {
        PendingTrigger p;
        p.delayed = true;
        p.source = d.card;
        p.def = objs_[d.card].def;
        p.controller = d.controller;
        p.subject_obj = d.card;
        p.subject_gen = d.gen;
        push_trigger(p);  // 800.4d: not for a departed controller
      }
      delayed_.clear();
      break;
    case Step::kCleanup: {
      // 514.1: the active player discards down to the maximum hand size.
      for (Seat a : in_turn_order(t.actives, t.active, order_))
        if (static_cast<int>(players_[a].hand.size()) > rules_->hand_size) {
          ask_ = Ask::kDiscard;
          asked_ = static_cast<std::int8_t>(a);
          t.stage = 0;
          return;
        }
      end_turn_effects();
      // 514.3a: if anything happens now, players get priority, then another cleanup.
      if (state_based_actions() || !pending_.empty()) break;
      next_step();
      return;
    }
    default:
      break;
  }
  open_priority();
}

// Runs the game until a player must decide. In Grand Melee the turns of
// every marker run side by side; after each decision the next marker's turn
// goes on to its next decision (deterministic round-robin by marker number,
// docs/games/magic.md), except inside a half-made action, which finishes first.
void MagicState::advance() {
  advance_one();
  if (markers_ <= 1 || over_) return;
  if (ask_ != Ask::kNone || cast_.active || res_.active) return;
  for (int k = 0; k < 100000 && !over_; ++k) {
    cur_ = static_cast<std::uint8_t>((cur_ + 1) % markers_);
    if (T().waiting) continue;
    advance_one();
    if (pending_seats()) return;
  }
}

void MagicState::advance_one() {
  for (int guard = 0; guard < 200000 && !over_; ++guard) {
    if (ask_ != Ask::kNone || cast_.active || res_.active) return;
    if (T().waiting) return;
    if (!entering_.empty()) {
      changed();
      const Obj o = entering_[0];
      const Seat c = objs_[o].controller;
      const SeatMask opp = opponents_in_range(c);
      if (objs_[o].zone != Zone::kBattlefield || !opp) {
        entering_.erase_at(0);
        continue;
      }
      if (only_seat(opp) != kNoSeat) {
        objs_[o].chosen = static_cast<std::int8_t>(only_seat(opp));
        entering_.erase_at(0);
        continue;
      }
      ask_ = Ask::kChooseOpponent;
      asked_ = static_cast<std::int8_t>(c);
      return;
    }
    TurnCtx& t = T();
    if (t.step == Step::kMulligan) return;
    if (t.round.is_open()) {
      // 117.5: state-based actions and triggers before anyone gets priority.
      if ((sba_dirty_ || sba_players_) && state_based_actions()) continue;
      if (over_) return;
      if (!pending_.empty() && stack_triggers()) continue;
      if (!t.round.is_open()) continue;
      if (rules_->all_stops) return;
      // The first seat that may act is asked, or passes when it can do
      // nothing. A pass that leaves the round open changes nothing the
      // state-based actions or triggers look at, so the next seat's check
      // follows at once, until a seat is asked or the round closes.
      if (pass_idle_seats()) return;
      continue;
    }
    if (t.stage == 0) {
      if (t.step == Step::kOver) return;
      begin_step();
      continue;
    }
    // The round closed by a departure or a resolution finished: reopen.
    if (state_based_actions()) continue;
    open_priority();
    if (!t.round.is_open()) {
      if (!t.stack.empty()) {
        resolve_top();
        continue;
      }
      next_step();
    }
  }
}

}  // namespace tt::magic
