// Saving and restoring the whole state. The saved form names cards by their
// pool id and is also the "state" block of a scenario
// (docs/scenario-format.md), so every field but the cards is optional.
#include <nlohmann/json.hpp>
#include <type_traits>
#include <utility>

#include "core/error.h"
#include "core/load_fields.h"
#include "games/suikoden/state.h"

namespace tt::suikoden {

using nlohmann::json;

void SuikodenState::save(json& out) const {
  view(kReferee, out);
  out.erase("cards");
  out["deciding"] = deciding_;
  out["winner"] = winner_ == -2 ? json(nullptr) : json(winner_);
  out["rng"] = rng_to_json(rng_);
  for (Seat s = 0; s < 2; ++s) out["players"][s]["decked"] = players_[s].decked;
  out["mulligan_pick"] = json::array();
  for (Card c : mulligan_pick_) out["mulligan_pick"].push_back(def(c).id);
}

// Restores the form save() writes; a scenario may leave out anything but
// cards. Every field is type- and range-checked and an error names it by its
// path ("state.players[1].hand[3]: unknown card 'x'"); a refused state
// leaves this one unchanged.
void SuikodenState::load(const json& j) {
  SuikodenState t(rules_);
  t.load_into(j);
  t.recount_names();
  t.recount_hand_limits();
  *this = t;
}

void SuikodenState::load_into(const json& j) {
  using namespace tt::load;
  const std::string root = "state";
  if (!j.is_object()) fail(root, "a Suikoden state must be a JSON object");
  const Pool& pool = rules_->pool;
  auto card = [&](const json& v, Seat owner, const std::string& where) -> Card {
    const std::string id = text(v, where);
    const int d = pool.find(id);
    if (d < 0) fail(where, "unknown card '" + id + "'");
    if (num_cards_ >= kMaxCards - 1)
      fail(where, "more than " + std::to_string(kMaxCards - 1) + " cards in one game");
    return add_card(d, owner);
  };
  auto character = [&](const json& v, Seat owner, const std::string& where) -> Card {
    const Card c = card(v, owner, where);
    if (!def(c).is_character()) fail(where, "'" + def(c).id + "' is not a character");
    return c;
  };
  auto opt = [&](const json& o, const char* key, const std::string& where, auto&& read) -> Card {
    const json* v = find(o, key);
    return v ? read(*v, at(where, key)) : kNoCard;
  };
  // A zone: a list of card ids, at most the zone's capacity.
  auto zone = [&](const json& o, const char* key, Seat owner, const std::string& where, auto& into,
                  bool characters_only) {
    const json& l = list(o, key, where, std::remove_reference_t<decltype(into)>::capacity());
    for (std::size_t i = 0; i < l.size(); ++i)
      into.push_back(characters_only ? character(l[i], owner, at(at(where, key), i))
                                     : card(l[i], owner, at(at(where, key), i)));
  };
  auto place_index = [&](const json& v, const std::string& where) {
    return one_of(v, where, {"m0", "m1", "m2", "m3"});
  };

  phase_ =
      static_cast<Phase>(one_of(j, "phase", root,
                                {kPhaseNames[0], kPhaseNames[1], kPhaseNames[2], kPhaseNames[3],
                                 kPhaseNames[4], kPhaseNames[5], kPhaseNames[6], kPhaseNames[7],
                                 kPhaseNames[8], kPhaseNames[9], kPhaseNames[10]},
                                static_cast<int>(Phase::kMain)));
  turn_ = static_cast<std::int16_t>(integer(j, "turn", root, 1, 10000, 1));
  turn_player_ = integer(j, "turn_player", root, 0, 1, 0);
  first_player_ = integer(j, "first_player", root, 0, 1, turn_player_);
  deciding_ = integer(j, "deciding", root, 0, 1, turn_player_);
  winner_ = static_cast<std::int8_t>(integer(j, "winner", root, -1, 1, -2));
  if (phase_ == Phase::kOver && winner_ == -2) winner_ = -1;
  if (phase_ != Phase::kOver && winner_ != -2)
    fail(at(root, "winner"), "only a game that is over has a winner");

  const json& players = list(j, "players", root, 2);
  for (Seat s = 0; s < static_cast<Seat>(players.size()); ++s) {
    const json& pj = players[static_cast<std::size_t>(s)];
    const std::string where = at(at(root, "players"), static_cast<std::size_t>(s));
    if (!pj.is_object()) fail(where, "expected an object");
    auto& p = players_[s];
    p.commander = opt(pj, "commander", where, [&](const json& v, const std::string& w) {
      const Card c = card(v, s, w);
      if (!def(c).is_commander()) fail(w, "'" + def(c).id + "' is not a commander");
      return c;
    });
    StaticVec<Card, 64> top_first;
    zone(pj, "deck", s, where, top_first, false);
    for (auto it = top_first.end(); it != top_first.begin();) p.deck.push_back(*--it);
    zone(pj, "hand", s, where, p.hand, false);
    zone(pj, "discard", s, where, p.discard, false);
    const json& resolved = list(pj, "resolved", where, p.resolved.capacity());
    for (std::size_t i = 0; i < resolved.size(); ++i) {
      const std::string w = at(at(where, "resolved"), i);
      const json& r = resolved[i];
      if (!r.is_object() || !find(r, "card")) fail(w, "expected an object with a \"card\"");
      const Card c = card(r["card"], s, at(w, "card"));
      if (def(c).is_character()) fail(at(w, "card"), "a character is no mission or facility");
      p.resolved.push_back({c, opt(r, "stationed", w, [&](const json& v, const std::string& ww) {
                              return character(v, s, ww);
                            })});
    }
    p.mission_vp = static_cast<std::int8_t>(integer(pj, "mission_vp", where, 0, 100, 0));
    p.facilities_built =
        static_cast<std::int8_t>(integer(pj, "facilities_built", where, 0, 100, 0));
    p.decked = boolean(pj, "decked", where, false);
  }

  const json& missions = list(j, "missions", root, kPlaces);
  for (std::size_t i = 0; i < missions.size(); ++i) {
    const json& mj = missions[i];
    const std::string where = at(at(root, "missions"), i);
    if (!mj.is_object() || !find(mj, "place") || !find(mj, "card"))
      fail(where, "expected an object with \"place\" and \"card\"");
    const int p = place_index(mj["place"], at(where, "place"));
    const Seat owner = owner_of_place(p);
    auto& mp = places_[p];
    if (mp.card != kNoCard) fail(at(where, "place"), "two missions in place m" + std::to_string(p));
    mp.card = card(mj["card"], owner, at(where, "card"));
    if (def(mp.card).is_character()) fail(at(where, "card"), "a character cannot be a mission");
    mp.support = opt(mj, "support", where,
                     [&](const json& v, const std::string& w) { return character(v, owner, w); });
    const json& d = list(mj, "dispatched", where, 2);
    for (Seat s = 0; s < static_cast<Seat>(d.size()); ++s) {
      const std::string w = at(at(where, "dispatched"), static_cast<std::size_t>(s));
      const json& side = d[static_cast<std::size_t>(s)];
      if (!side.is_array() || side.size() > mp.dispatched[s].capacity())
        fail(w, "expected a list of at most " + std::to_string(mp.dispatched[s].capacity()) +
                    " characters");
      for (std::size_t k = 0; k < side.size(); ++k)
        mp.dispatched[s].push_back(character(side[k], s, at(w, k)));
    }
  }

  battle_ = BattleStatus{};
  if (const json* bp = find(j, "battle")) {
    const json& b = *bp;
    const std::string where = at(root, "battle");
    if (!b.is_object() || !find(b, "place")) fail(where, "expected an object with a \"place\"");
    battle_.place = static_cast<std::int8_t>(place_index(b["place"], at(where, "place")));
    const auto& mp = places_[battle_.place];
    if (mp.card == kNoCard) fail(at(where, "place"), "the battle's place has no mission");
    battle_.is_new = boolean(b, "new", where, false);
    battle_.first_step = boolean(b, "first_step", where, false);
    battle_.passes = static_cast<std::int8_t>(integer(b, "passes", where, 0, 2, 0));
    battle_.acting = integer(b, "acting", where, 0, 1, turn_player_);
    battle_.winner = integer(b, "winner", where, 0, 1, kNoSeat);
    StaticVec<Card, 32> on_place;
    for (auto& side : mp.dispatched)
      for (Card c : side) on_place.push_back(c);
    // A card already placed on the battle's mission, by id.
    auto on_mission = [&](const json& v, const std::string& w) -> Card {
      const std::string id = text(v, w);
      for (Card c : on_place)
        if (def(c).id == id) return c;
      fail(w, "'" + id + "' is not dispatched to the battle's mission");
    };
    battle_.last_dispatched = opt(b, "last_dispatched", where, on_mission);
    const json& weakened = list(b, "weakened", where, battle_.weakened.capacity());
    for (std::size_t i = 0; i < weakened.size(); ++i) {
      const std::string w = at(at(where, "weakened"), i);
      const json& x = weakened[i];
      if (!x.is_object() || !find(x, "card")) fail(w, "expected an object with a \"card\"");
      battle_.weakened.push_back(
          {on_mission(x["card"], at(w, "card")),
           static_cast<Stat>(one_of(x, "stat", w, {"atk", "troops", "build"}, 0)),
           static_cast<std::int16_t>(integer(x, "amount", w, -30000, 30000, 0))});
    }
    auto pair = [&](const char* key) {
      std::array<std::int32_t, 2> out{};
      const json* v = find(b, key);
      if (!v) return out;
      if (!v->is_array() || v->size() != 2) fail(at(where, key), "expected two numbers");
      for (std::size_t s = 0; s < 2; ++s)
        out[s] = static_cast<std::int32_t>(integer((*v)[s], at(at(where, key), s), 0, 1000000));
      return out;
    };
    battle_.to_cover = pair("to_cover");
    battle_.troops = pair("troops");
    const json& duel = list(b, "duel", where, 2);
    for (Seat s = 0; s < static_cast<Seat>(duel.size()); ++s) {
      const std::string w = at(at(where, "duel"), static_cast<std::size_t>(s));
      const json& x = duel[static_cast<std::size_t>(s)];
      if (!x.is_object()) fail(w, "expected an object");
      battle_.duel_picked[s] = boolean(x, "picked", w, false);
      battle_.duel_card[s] =
          opt(x, "card", w, [&](const json& v, const std::string& ww) { return card(v, s, ww); });
      // Only a seat with an empty hand plays nothing (battle.cpp start_battle).
      if (battle_.duel_picked[s] && battle_.duel_card[s] == kNoCard && !players_[s].hand.empty())
        fail(at(w, "card"), "a seat that picked from a hand of cards has a duel card");
    }
    // The phase must be one this mission's battle has.
    const Battle kind = def(mp.card).battle;
    if (phase_ == Phase::kDuel && kind != Battle::kDuel)
      fail(at(root, "phase"), "'duel' needs a duel mission in battle");
    if (phase_ == Phase::kCasualties && kind != Battle::kTroops)
      fail(at(root, "phase"), "'casualties' needs a troops mission in battle");
    if (phase_ == Phase::kCounter && battle_.last_dispatched == kNoCard)
      fail(at(where, "last_dispatched"), "a counter answers a dispatch: name the character");
    if (phase_ == Phase::kStation && battle_.winner == kNoSeat)
      fail(at(where, "winner"), "stationing needs the seat that cleared the mission");
  } else if (phase_ != Phase::kMain && phase_ != Phase::kMulligan && phase_ != Phase::kDiscard &&
             phase_ != Phase::kTrim && phase_ != Phase::kOver) {
    fail(at(root, "battle"),
         std::string("phase '") + kPhaseNames[static_cast<int>(phase_)] + "' needs a battle");
  }

  const json& picks = list(j, "mulligan_pick", root, mulligan_pick_.capacity());
  for (std::size_t i = 0; i < picks.size(); ++i) {
    const std::string w = at(at(root, "mulligan_pick"), i);
    const std::string id = text(picks[i], w);
    Card found = kNoCard;
    for (Card c : players_[deciding_].hand)
      if (def(c).id == id && !mulligan_pick_.contains(c)) {
        found = c;
        break;
      }
    if (found == kNoCard) fail(w, "'" + id + "' is not in the deciding seat's hand");
    mulligan_pick_.push_back(found);
  }
  if (const json* r = find(j, "rng")) rng_ = rng(*r, at(root, "rng"));
}

}  // namespace tt::suikoden
