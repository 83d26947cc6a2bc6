// Attack, troops and facility battles: the dispatch/pass step and the clear
// check after it (rule text "バトルについて", "派遣・パス ステップ",
// "攻撃時の判定方法", "施設の判定方法").
#include "games/suikoden/events.h"
#include "games/suikoden/state.h"

namespace tt::suikoden {

// New mission: the opponent acts first. Continued mission: the turn player
// acts first and may not pass on that first step.
void SuikodenState::start_battle(int place, bool is_new) {
  battle_ = BattleStatus{};
  battle_.place = static_cast<std::int8_t>(place);
  battle_.is_new = is_new;
  battle_.first_step = !is_new;
  battle_.acting = is_new ? static_cast<Seat>(1 - turn_player_) : turn_player_;
  if (def(places_[place].card).battle == Battle::kDuel) {
    phase_ = Phase::kDuel;
    for (Seat s = 0; s < 2; ++s)
      if (players_[s].hand.empty()) battle_.duel_picked[s] = true;  // nothing to play: value 0
    if (battle_.duel_picked[0] && battle_.duel_picked[1]) resolve_duel();
    return;
  }
  phase_ = Phase::kBattle;
}

void SuikodenState::dispatch(Seat s, Card c, bool from_support) {
  const int p = battle_.place;
  if (from_support) {
    places_[p].support = kNoCard;
  } else {
    players_[s].hand.remove(c);
    enter_field(c);
  }
  places_[p].dispatched[s].push_back(c);
  battle_.last_dispatched = c;
  battle_.passes = 0;
  battle_.first_step = false;
  log(from_support ? kEvRedeploy : kEvDispatch, s, c, p, places_[p].card);
  if (!from_support && facts(c).draws)
    for (auto& e : def(c).effects)
      if (e.kind == EffectKind::kOnDispatch) draw(s, e.amount);  // draws what the deck still has
  // The opponent may answer with a counter ability from hand.
  const Seat o = static_cast<Seat>(1 - s);
  for (Card h : players_[o].hand)
    if (counter_usable(h, o)) {
      phase_ = Phase::kCounter;
      deciding_ = o;
      return;
    }
  after_step();
}

bool SuikodenState::counter_usable(Card c, Seat /*s*/) const {
  const Card target = battle_.last_dispatched;
  if (target == kNoCard || !facts(c).counter) return false;
  for (auto& e : def(c).effects) {
    if (e.kind != EffectKind::kCounter) continue;
    if (e.act != CounterDo::kRepel || def(target).printed(e.stat) <= e.max) return true;
  }
  return false;
}

// The counter card is discarded from hand as it is used; its effect then
// applies to the character just dispatched.
void SuikodenState::use_counter(Seat s, Card c) {
  const Card target = battle_.last_dispatched;
  const Seat victim = static_cast<Seat>(1 - s);
  players_[s].hand.remove(c);
  to_discard(c);
  log(kEvCounter, s, c, target);
  for (auto& e : def(c).effects) {
    if (e.kind != EffectKind::kCounter) continue;
    switch (e.act) {
      case CounterDo::kWeaken:
        battle_.weakened.push_back({target, e.stat, static_cast<std::int16_t>(e.amount)});
        log(kEvWeakened, victim, target, e.amount, static_cast<int>(e.stat));
        break;
      case CounterDo::kRepel:
        if (def(target).printed(e.stat) <= e.max &&
            places_[battle_.place].dispatched[victim].remove(target)) {
          leave_field(target);
          to_discard(target);
          log(kEvRepelled, victim, target);
        }
        break;
      case CounterDo::kDraw:
        draw(s, e.amount);
        break;
    }
  }
  after_step();
}

void SuikodenState::after_step() {
  switch (def(places_[battle_.place].card).battle) {
    case Battle::kAttack:
      judge_attack();
      return;
    case Battle::kFacility:
      judge_facility();
      return;
    case Battle::kTroops:
      if (battle_.passes >= 2) {
        begin_casualties();
      } else {
        battle_.acting = static_cast<Seat>(1 - battle_.acting);
        phase_ = Phase::kBattle;
      }
      return;
    case Battle::kDuel:
      return;  // duels have no steps
  }
}

void SuikodenState::judge_attack() {
  const int p = battle_.place;
  const int target = def(places_[p].card).target;
  bool meets[2];
  for (Seat s = 0; s < 2; ++s) meets[s] = total(p, s, Stat::kAtk) >= target && can_station(p, s);
  if (meets[0] && meets[1]) return fail_mission();
  if (meets[0] || meets[1]) return clear_mission(meets[0] ? 0 : 1);
  if (battle_.passes >= 2) return leave_unresolved();
  battle_.acting = static_cast<Seat>(1 - battle_.acting);
  phase_ = Phase::kBattle;
}

// The placer builds against the build condition; the other side attacks
// against the block condition. Building is checked first.
void SuikodenState::judge_facility() {
  const int p = battle_.place;
  const CardDef& f = def(places_[p].card);
  const Seat owner = owner_of_place(p);
  const Seat other = static_cast<Seat>(1 - owner);
  if (total(p, owner, Stat::kBuild) >= f.target && can_station(p, owner))
    return clear_mission(owner);
  if (total(p, other, Stat::kAtk) >= f.block) {
    log(kEvBlocked, other, places_[p].card);
    return fail_mission();
  }
  if (battle_.passes >= 2) return leave_unresolved();
  battle_.acting = static_cast<Seat>(1 - battle_.acting);
  phase_ = Phase::kBattle;
}

}  // namespace tt::suikoden
