// The duel (rule text "一騎打ちの判定"): both pick a card face down at once and
// reveal; non-characters and uniqueness clashes are discarded; printed text is
// off; the higher named value stays (ties: the placer's card); a card left
// that can station clears the mission.
#include "games/suikoden/events.h"
#include "games/suikoden/state.h"

namespace tt::suikoden {

namespace {

int boosts_all(const CardDef& source, const CardDef& target, Stat stat) {
  int sum = 0;
  for (auto& e : source.effects)
    if (e.kind == EffectKind::kBoost && e.to == Scope::kAll && e.stat == stat &&
        e.filter.matches(target))
      sum += e.amount;
  return sum;
}

}  // namespace

void SuikodenState::pick_duel_card(Seat s, Card c) {
  players_[s].hand.remove(c);
  battle_.duel_card[s] = c;
  battle_.duel_picked[s] = true;
  log(kEvDuelPick, s, c, 0, 0, seat_bit(s));
  if (battle_.duel_picked[0] && battle_.duel_picked[1]) resolve_duel();
}

// The dueling card's own text is off, but lasting modifiers from the side's
// commander and built facilities still apply ("各種修正を加え").
int SuikodenState::duel_value(Seat s, Card c, Stat stat) const {
  const CardDef& d = def(c);
  int v = d.printed(stat);
  const PlayerZones& p = players_[s];
  if (p.commander != kNoCard) v += boosts_all(def(p.commander), d, stat);
  for (auto& r : p.resolved)
    if (def(r.card).type == CardType::kFacility) v += boosts_all(def(r.card), d, stat);
  return v < 0 ? 0 : v;
}

void SuikodenState::resolve_duel() {
  const int p = battle_.place;
  const Stat stat = def(places_[p].card).duel_stat;
  const Seat placer = owner_of_place(p);
  Card card[2] = {battle_.duel_card[0], battle_.duel_card[1]};
  // Reveal; void what is no character or clashes with a name already in play.
  bool ok[2];
  NamesInPlay in_play;
  for (Seat s = 0; s < 2; ++s)
    ok[s] = card[s] != kNoCard && def(card[s]).is_character() && unique_ok(card[s], in_play);
  if (ok[0] && ok[1])
    for (int n : def(card[0]).names)
      for (int m : def(card[1]).names)
        if (n == m) ok[0] = ok[1] = false;  // revealed together: neither came out first
  int value[2] = {0, 0};
  for (Seat s = 0; s < 2; ++s) {
    if (card[s] != kNoCard && !ok[s]) {
      log(kEvDuelReveal, s, card[s], 0);
      log(kEvDuelVoid, s, card[s]);
      to_discard(card[s]);
      card[s] = kNoCard;
      continue;
    }
    if (card[s] != kNoCard) value[s] = duel_value(s, card[s], stat);
    log(kEvDuelReveal, s, card[s] == kNoCard ? -1 : card[s], value[s]);
  }
  // The higher value stays; on a tie the placer's side stays.
  const Seat keep = value[0] == value[1] ? placer : (value[0] > value[1] ? 0 : 1);
  const Seat lose = static_cast<Seat>(1 - keep);
  if (card[lose] != kNoCard) to_discard(card[lose]);
  battle_.duel_card = {kNoCard, kNoCard};
  const Card kept = card[keep];
  if (kept != kNoCard && !def(kept).is_pair()) {
    places_[p].dispatched[keep].push_back(kept);
    enter_field(kept);
    battle_.winner = keep;
    log(kEvCleared, keep, places_[p].card, p);
    station(kept);
    return;
  }
  if (kept != kNoCard) to_discard(kept);
  fail_mission();
}

}  // namespace tt::suikoden
