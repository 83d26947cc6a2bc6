// Views (what a seat may see) and saving/restoring the whole state. The
// saved form names cards by pool id and is also a scenario's "state" block
// (docs/scenario-format.md): every field but the cards is optional.
#include <nlohmann/json.hpp>
#include <utility>

#include "games/lastchronicle/state.h"

namespace tt::lastchronicle {

using nlohmann::json;

namespace {
const char* kPhaseNames[] = {"setup",  "mulligan", "main",  "name",
                             "window", "attack",   "block", "over"};
const char* kWindowNames[] = {"none", "preparation", "before_damage", "pre_end"};
}  // namespace

void LcState::view(Seat viewer, json& out) const {
  const bool referee = viewer == kReferee;
  auto id = [&](Card c) { return c == kNoCard ? json(nullptr) : json(def(c).id); };
  auto zone = [&](const auto& cards) {
    json a = json::array();
    for (Card c : cards) a.push_back(def(c).id);
    return a;
  };
  auto owner_of = [&](Card c) { return c == kNoCard ? json(nullptr) : json(owner_[c]); };
  const bool revealed = tops_revealed();
  out = json::object();
  out["game"] = "lastchronicle";
  out["multiplayer"] = rules_->multiplayer;
  out["turn"] = turn_;
  out["turn_player"] = turn_player_;
  out["first_player"] = first_player_;
  out["phase"] = kPhaseNames[static_cast<int>(phase_)];
  out["window"] = kWindowNames[static_cast<int>(window_)];
  json pending = json::array();
  for (Seat s = 0; s < num_seats(); ++s)
    if (has_seat(pending_seats(), s)) pending.push_back(s);
  out["pending"] = std::move(pending);
  out["priority"] = round_.is_open() ? json(round_.holder()) : json(nullptr);
  out["passed"] = round_.passed();
  out["others_acted"] = round_.others_acted();
  json players = json::array();
  for (Seat s = 0; s < num_seats(); ++s) {
    const Player& p = players_[s];
    json field = json::array();
    for (auto& u : p.field) {
      json uj = {{"card", def(u.card).id},   {"owner", owner_[u.card]},   {"wiped", u.wiped},
                 {"fresh", u.fresh},         {"damage", u.damage},        {"atk", atk(u.card)},
                 {"def", def_value(u.card)}, {"negated", negated(u.card)}};
      field.push_back(std::move(uj));
    }
    json tokens = json::array();
    for (auto t : p.tokens) tokens.push_back(rules_->pool.tokens[t].id);
    json pj = {
        {"seat", s},
        {"in_game", order_.in_game(s)},
        {"position", p.position},
        {"life", p.life},
        {"hand_size", p.hand.size()},
        {"deck_size", p.deck.size()},
        {"field", std::move(field)},
        {"ca_yard", zone(p.ca_yard)},
        {"tokens", std::move(tokens)},
        {"discard", zone(p.discard)},
        {"removed", zone(p.removed)},
        {"removed_hidden_size", p.removed_hidden.size()},
        {"chronoglyph", {{"active", p.glyph_active}, {"ride", id(p.ride)}, {"shed", id(p.shed)}}},
        {"leader", id(p.leader)},
        {"leader_home", p.leader_home},
        {"leader_usable", p.leader_usable},
        {"developed", p.developed},
        {"decked", p.decked}};
    if (standings_.has_left(s)) pj["left_at"] = standings_.left_at(s);
    if (referee || viewer == s) pj["hand"] = zone(p.hand);
    // A departed seat's face-down cards: a count for everyone, even itself.
    if (referee) pj["removed_hidden"] = zone(p.removed_hidden);
    // "Each player reveals the top card of the deck" shows it to everyone.
    if (revealed && !p.deck.empty()) pj["top"] = def(p.deck.back()).id;
    if (referee) {
      json deck = json::array();
      for (auto it = p.deck.end(); it != p.deck.begin();) deck.push_back(def(*--it).id);
      pj["deck"] = std::move(deck);
    }
    if (p.setup_pick != kNoCard && (referee || viewer == s))
      pj["setup_pick"] = def(p.setup_pick).id;
    pj["picked"] = p.picked;
    view_knowledge(viewer, s, pj);
    players.push_back(std::move(pj));
  }
  out["players"] = std::move(players);
  out["combat"] = combat_.target == kNoSeat ? json(nullptr)
                                            : json{{"target", combat_.target},
                                                   {"attacker", id(combat_.attacker)},
                                                   {"attacker_owner", owner_of(combat_.attacker)},
                                                   {"blocker", id(combat_.blocker)},
                                                   {"blocker_owner", owner_of(combat_.blocker)}};
  if (res_.active) {
    out["resolving"] = {{"card", def(res_.card).id},
                        {"owner", owner_[res_.card]},
                        {"controller", res_.controller},
                        {"spell", res_.spell},
                        {"ability", res_.ability},
                        {"step", res_.step},
                        {"sub", res_.sub},
                        {"picks", res_.picks},
                        {"opponent", res_.opponent},
                        {"subject", res_.subject},
                        {"x", res_.x},
                        {"waiting", res_.waiting},
                        {"wait", res_.wait}};
  } else {
    out["resolving"] = nullptr;
  }
  json trig = json::array();
  for (std::size_t i = 0; i < triggers_.size(); ++i)
    trig.push_back({{"seat", triggers_[i].seat},
                    {"card", def(triggers_[i].trigger.card).id},
                    {"owner", owner_[triggers_[i].trigger.card]},
                    {"ability", triggers_[i].trigger.ability},
                    {"subject", triggers_[i].trigger.subject}});
  out["triggers"] = std::move(trig);
  if (pay_.what != Paying::kNone)
    out["payment"] = {{"seat", pay_.seat},           {"what", static_cast<int>(pay_.what)},
                      {"card", id(pay_.card)},       {"owner", owner_of(pay_.card)},
                      {"ability", pay_.ability},     {"x", pay_.x},
                      {"remaining", pay_.remaining}, {"cards", std::to_string(pay_.cards)},
                      {"tokens", pay_.tokens}};
  json mods = json::array();
  for (auto& m : mods_)
    mods.push_back({{"card", def(m.card).id},
                    {"owner", owner_[m.card]},
                    {"atk", m.atk},
                    {"def", m.def},
                    {"source", m.source},
                    {"negate", m.negate}});
  out["modifiers"] = std::move(mods);
  json bonus = json::array();
  for (auto b : bonus_) bonus.push_back(b);
  out["bonus"] = std::move(bonus);
  out["bonus_step"] = bonus_step_;
  out["ordering"] = ordering_;
  out["jump_to_end"] = jump_to_end_;
  out["deciding"] = deciding_;
  // How many cards the deciding seat has picked so far is public
  // ("return:card-K"); which ones only it knows.
  if (phase_ == Phase::kMulligan) out["mulligan_picks"] = mulligan_pick_.size();
  if (phase_ == Phase::kMulligan && (referee || viewer == deciding_))
    out["mulligan_pick"] = zone(mulligan_pick_);
  if (phase_ == Phase::kOver) {
    json results = json::array();
    for (auto& o : outcomes())
      results.push_back({{"result", result_name(o.result)}, {"place", o.place}});
    out["results"] = std::move(results);
  }
}

void LcState::save(json& out) const {
  view(kReferee, out);
  out["moment"] = moment_;
  out["rng"] = rng_to_json(rng_);
  for (Seat s = 0; s < num_seats(); ++s) out["players"][s]["damaged_by"] = players_[s].damaged_by;
}

}  // namespace tt::lastchronicle
