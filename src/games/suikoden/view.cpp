// Views (what a seat may see), and saving/restoring the whole state. The
// saved form names cards by their pool id and is also the "state" block of a
// scenario (docs/scenario-format.md), so every field but the cards is optional.
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "games/suikoden/state.h"

namespace tt::suikoden {

using nlohmann::json;

namespace {

const char* kPhaseNames[] = {"mulligan",   "main",    "discard", "support", "battle", "counter",
                             "casualties", "station", "duel",    "trim",    "over"};

std::string place_id(int p) {
  return "m" + std::to_string(p);
}

}  // namespace

void SuikodenState::view(Seat viewer, json& out) const {
  const bool referee = viewer == kReferee;
  auto id = [&](Card c) { return c == kNoCard ? json(nullptr) : json(def(c).id); };
  auto zone = [&](const auto& cards) {
    json a = json::array();
    for (Card c : cards) a.push_back(def(c).id);
    return a;
  };
  out = json::object();
  out["game"] = "suikoden";
  out["turn"] = turn_;
  out["turn_player"] = turn_player_;
  out["first_player"] = first_player_;
  out["phase"] = kPhaseNames[static_cast<int>(phase_)];
  out["vp_to_win"] = rules_->vp_to_win;
  json pending = json::array();
  for (Seat s = 0; s < 2; ++s)
    if (has_seat(pending_seats(), s)) pending.push_back(s);
  out["pending"] = pending;
  out["winner"] = phase_ == Phase::kOver && winner_ >= 0 ? json(winner_) : json(nullptr);
  json cards_seen = json::object();
  auto note = [&](Card c) {
    if (c != kNoCard) cards_seen[def(c).id] = card_label(c);
  };
  json players = json::array();
  for (Seat s = 0; s < 2; ++s) {
    const auto& p = players_[s];
    json pj = {{"seat", s},
               {"vp", vp(s)},
               {"mission_vp", p.mission_vp},
               {"facilities_built", p.facilities_built},
               {"hand_limit", hand_limit(s)},
               {"hand_size", p.hand.size()},
               {"deck_size", p.deck.size()},
               {"commander", id(p.commander)},
               {"discard", zone(p.discard)}};
    note(p.commander);
    for (Card c : p.discard) note(c);
    if (referee || viewer == s) {
      pj["hand"] = zone(p.hand);
      for (Card c : p.hand) note(c);
    }
    if (referee) {
      json deck = json::array();
      for (auto it = p.deck.end(); it != p.deck.begin();) deck.push_back(def(*--it).id);
      pj["deck"] = deck;
    }
    json resolved = json::array();
    for (auto& r : p.resolved) {
      resolved.push_back({{"card", id(r.card)}, {"stationed", id(r.stationed)}});
      note(r.card);
      note(r.stationed);
    }
    pj["resolved"] = resolved;
    players.push_back(pj);
  }
  out["players"] = players;
  json missions = json::array();
  for (int p = 0; p < kPlaces; ++p) {
    const auto& mp = places_[p];
    if (mp.card == kNoCard) continue;
    json mj = {{"place", place_id(p)},
               {"owner", owner_of_place(p)},
               {"card", id(mp.card)},
               {"battle", battle_name(def(mp.card).battle)},
               {"support", id(mp.support)},
               {"dispatched", json::array({zone(mp.dispatched[0]), zone(mp.dispatched[1])})}};
    for (Stat st : {Stat::kAtk, Stat::kTroops, Stat::kBuild})
      mj[stat_name(st)] = {total(p, 0, st), total(p, 1, st)};
    note(mp.card);
    note(mp.support);
    for (auto& side : mp.dispatched)
      for (Card c : side) note(c);
    missions.push_back(mj);
  }
  out["missions"] = missions;
  if (battle_.place >= 0 && phase_ != Phase::kMain) {
    json b = {{"place", place_id(battle_.place)},
              {"new", battle_.is_new},
              {"first_step", battle_.first_step},
              {"passes", battle_.passes},
              {"acting", battle_.acting},
              {"last_dispatched", id(battle_.last_dispatched)},
              {"winner", battle_.winner == kNoSeat ? json(nullptr) : json(battle_.winner)},
              {"to_cover", battle_.to_cover},
              {"troops", battle_.troops}};
    json weakened = json::array();
    for (auto& w : battle_.weakened)
      weakened.push_back(
          {{"card", def(w.card).id}, {"stat", stat_name(w.stat)}, {"amount", w.amount}});
    b["weakened"] = weakened;
    json duel = json::array();
    for (Seat s = 0; s < 2; ++s) {
      // A face-down duel card is seen only by its player until the reveal.
      const bool shown = referee || viewer == s;
      duel.push_back({{"picked", battle_.duel_picked[s]},
                      {"card", shown ? id(battle_.duel_card[s]) : json(nullptr)}});
    }
    b["duel"] = duel;
    out["battle"] = b;
  } else {
    out["battle"] = nullptr;
  }
  if (phase_ == Phase::kMulligan && (referee || viewer == deciding_))
    out["mulligan_pick"] = zone(mulligan_pick_);
  out["cards"] = cards_seen;
}

void SuikodenState::save(json& out) const {
  view(kReferee, out);
  out.erase("cards");
  out["deciding"] = deciding_;
  out["winner"] = winner_ == -2 ? json(nullptr) : json(winner_);
  json rng = json::array();
  for (auto w : rng_.words()) rng.push_back(std::to_string(w));
  out["rng"] = rng;
  for (Seat s = 0; s < 2; ++s) out["players"][s]["decked"] = players_[s].decked;
  out["mulligan_pick"] = json::array();
  for (Card c : mulligan_pick_) out["mulligan_pick"].push_back(def(c).id);
}

// Restores the form save() writes; a scenario may leave out anything but cards.
void SuikodenState::load(const json& j) {
  if (!j.is_object()) throw Error("a Suikoden state must be a JSON object");
  const Pool& pool = rules_->pool;
  auto card = [&](const json& v, Seat owner, const std::string& where) -> Card {
    if (!v.is_string()) throw Error(where + ": expected a card id");
    const int d = pool.find(v.get<std::string>());
    if (d < 0) throw Error(where + ": unknown card '" + v.get<std::string>() + "'");
    return add_card(d, owner);
  };
  auto opt_card = [&](const json& o, const char* key, Seat owner,
                      const std::string& where) -> Card {
    if (!o.contains(key) || o[key].is_null()) return kNoCard;
    return card(o[key], owner, where + "." + key);
  };
  auto cards = [&](const json& o, const char* key, Seat owner, const std::string& where,
                   auto& into) {
    if (!o.contains(key)) return;
    if (!o[key].is_array()) throw Error(where + "." + key + ": expected a list of card ids");
    for (auto& v : o[key]) into.push_back(card(v, owner, where + "." + key));
  };
  auto phase_of = [&](const std::string& name) {
    for (int i = 0; i <= static_cast<int>(Phase::kOver); ++i)
      if (name == kPhaseNames[i]) return static_cast<Phase>(i);
    throw Error("unknown phase '" + name + "'");
  };
  auto seat = [&](const json& o, const char* key, Seat fallback) -> Seat {
    if (!o.contains(key) || o[key].is_null()) return fallback;
    const int s = o[key].get<int>();
    if (s < 0 || s > 1) throw Error(std::string(key) + " must be 0 or 1");
    return s;
  };
  auto place_index = [&](const json& v) {
    const std::string p = v.get<std::string>();
    if (p.size() != 2 || p[0] != 'm' || p[1] < '0' || p[1] > '3')
      throw Error("places are m0..m3, not '" + p + "'");
    return p[1] - '0';
  };
  try {
    num_cards_ = 0;
    phase_ = phase_of(j.value("phase", "main"));
    turn_ = static_cast<std::int16_t>(j.value("turn", 1));
    turn_player_ = seat(j, "turn_player", 0);
    first_player_ = seat(j, "first_player", turn_player_);
    deciding_ = seat(j, "deciding", turn_player_);
    winner_ = static_cast<std::int8_t>(
        j.contains("winner") && !j["winner"].is_null() ? j["winner"].get<int>() : -2);
    if (phase_ == Phase::kOver && winner_ == -2) winner_ = -1;
    const json players = j.value("players", json::array());
    if (!players.is_array() || players.size() > 2) throw Error("players must be a list of two");
    for (Seat s = 0; s < static_cast<Seat>(players.size()); ++s) {
      const json& pj = players[s];
      const std::string where = "players[" + std::to_string(s) + "]";
      auto& p = players_[s];
      p.commander = opt_card(pj, "commander", s, where);
      StaticVec<Card, 64> top_first;
      cards(pj, "deck", s, where, top_first);
      for (auto it = top_first.end(); it != top_first.begin();) p.deck.push_back(*--it);
      cards(pj, "hand", s, where, p.hand);
      cards(pj, "discard", s, where, p.discard);
      for (auto& r : pj.value("resolved", json::array()))
        p.resolved.push_back({card(r.at("card"), s, where + ".resolved"),
                              opt_card(r, "stationed", s, where + ".resolved")});
      p.mission_vp = static_cast<std::int8_t>(pj.value("mission_vp", 0));
      p.facilities_built = static_cast<std::int8_t>(pj.value("facilities_built", 0));
      p.decked = pj.value("decked", false);
    }
    for (auto& mj : j.value("missions", json::array())) {
      const int p = place_index(mj.at("place"));
      const Seat owner = owner_of_place(p);
      auto& mp = places_[p];
      if (mp.card != kNoCard) throw Error("two missions in place m" + std::to_string(p));
      mp.card = card(mj.at("card"), owner, "missions." + place_id(p));
      if (def(mp.card).is_character()) throw Error("a character cannot be a mission");
      mp.support = opt_card(mj, "support", owner, "missions." + place_id(p));
      const json d = mj.value("dispatched", json::array());
      for (Seat s = 0; s < 2 && s < static_cast<Seat>(d.size()); ++s)
        for (auto& v : d[s])
          mp.dispatched[s].push_back(card(v, s, "missions." + place_id(p) + ".dispatched"));
    }
    // Find a card already placed, by id, in a list of cards.
    auto find_in = [&](const auto& list, const json& v) -> Card {
      if (v.is_null()) return kNoCard;
      for (Card c : list)
        if (def(c).id == v.get<std::string>()) return c;
      throw Error("card '" + v.get<std::string>() + "' is not where the state says");
    };
    battle_ = BattleStatus{};
    if (j.contains("battle") && !j["battle"].is_null()) {
      const json& b = j["battle"];
      battle_.place = static_cast<std::int8_t>(place_index(b.at("place")));
      if (places_[battle_.place].card == kNoCard) throw Error("the battle's place has no mission");
      battle_.is_new = b.value("new", false);
      battle_.first_step = b.value("first_step", false);
      battle_.passes = static_cast<std::int8_t>(b.value("passes", 0));
      battle_.acting = seat(b, "acting", turn_player_);
      battle_.winner = seat(b, "winner", kNoSeat);
      const auto& mp = places_[battle_.place];
      StaticVec<Card, 32> on_place;
      for (auto& side : mp.dispatched)
        for (Card c : side) on_place.push_back(c);
      battle_.last_dispatched = find_in(on_place, b.value("last_dispatched", json(nullptr)));
      for (auto& w : b.value("weakened", json::array())) {
        const std::string st = w.value("stat", "atk");
        battle_.weakened.push_back({find_in(on_place, w.at("card")),
                                    st == "troops"  ? Stat::kTroops
                                    : st == "build" ? Stat::kBuild
                                                    : Stat::kAtk,
                                    static_cast<std::int16_t>(w.value("amount", 0))});
      }
      if (b.contains("to_cover"))
        battle_.to_cover = b["to_cover"].get<std::array<std::int32_t, 2>>();
      if (b.contains("troops")) battle_.troops = b["troops"].get<std::array<std::int32_t, 2>>();
      const json duel = b.value("duel", json::array());
      for (Seat s = 0; s < 2 && s < static_cast<Seat>(duel.size()); ++s) {
        battle_.duel_picked[s] = duel[s].value("picked", false);
        battle_.duel_card[s] = opt_card(duel[s], "card", s, "battle.duel");
      }
    } else if (phase_ != Phase::kMain && phase_ != Phase::kMulligan && phase_ != Phase::kDiscard &&
               phase_ != Phase::kTrim && phase_ != Phase::kOver) {
      throw Error(std::string("phase '") + kPhaseNames[static_cast<int>(phase_)] +
                  "' needs a battle");
    }
    mulligan_pick_.clear();
    for (auto& v : j.value("mulligan_pick", json::array())) {
      Card found = kNoCard;
      for (Card c : players_[deciding_].hand)
        if (def(c).id == v.get<std::string>() && !mulligan_pick_.contains(c)) {
          found = c;
          break;
        }
      if (found == kNoCard)
        throw Error("mulligan pick '" + v.get<std::string>() + "' is not in hand");
      mulligan_pick_.push_back(found);
    }
    if (j.contains("rng")) {
      std::array<std::uint64_t, 4> words{};
      for (std::size_t i = 0; i < 4; ++i) words[i] = std::stoull(j["rng"].at(i).get<std::string>());
      rng_.set_words(words);
    }
  } catch (const json::exception& e) {
    throw Error(std::string("bad Suikoden state: ") + e.what());
  } catch (const std::length_error& e) {
    throw Error(std::string("bad Suikoden state: a zone holds too many cards"));
  } catch (const std::invalid_argument& e) {
    throw Error(std::string("bad Suikoden state: ") + e.what());
  } catch (const std::out_of_range& e) {
    throw Error(std::string("bad Suikoden state: ") + e.what());
  }
}

}  // namespace tt::suikoden
