// Restoring a saved state or a scenario's "state" block. Everything but the
// cards may be left out; unknown card ids, seats and values are errors.
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "games/lastchronicle/state.h"

namespace tt::lastchronicle {

using nlohmann::json;

class Loader {
 public:
  Loader(LcState& s, const json& j) : s_(s), j_(j) {}

  void run() {
    if (!j_.is_object()) throw Error("a Last Chronicle state must be a JSON object");
    const int n = s_.rules_->seats;
    s_.order_ = TurnOrder(n);
    const json players = j_.value("players", json::array());
    if (!players.is_array() || players.size() > static_cast<std::size_t>(n))
      throw Error("players must be a list of at most " + std::to_string(n) + " seats");
    for (Seat seat = 0; seat < n; ++seat) {
      const json p = seat < static_cast<Seat>(players.size()) ? players[seat] : json::object();
      if (!p.is_object()) throw Error("players[" + std::to_string(seat) + "] must be an object");
      load_player(seat, p);
    }
    // Units on the field, after every zone exists (a unit's owner may be anyone).
    for (Seat seat = 0; seat < n; ++seat) {
      const json p = seat < static_cast<Seat>(players.size()) ? players[seat] : json::object();
      for (auto& u : p.value("field", json::array())) {
        const std::string w = "players[" + std::to_string(seat) + "].field";
        Unit unit;
        const Seat owner = u.is_object() ? integer(u, "owner", -1, n - 1, seat) : seat;
        unit.card = s_.add_card(card_def(u.is_object() ? u.value("card", json()) : u, w), owner);
        if (u.is_object()) {
          unit.wiped = boolean(u, "wiped", false);
          unit.fresh = boolean(u, "fresh", false);
          unit.damage = static_cast<std::int8_t>(integer(u, "damage", 0, 99, 0));
        }
        s_.players_[seat].field.push_back(unit);
      }
    }
    for (Seat seat = 0; seat < n; ++seat) {
      const json p = seat < static_cast<Seat>(players.size()) ? players[seat] : json::object();
      if (!boolean(p, "in_game", true)) {
        s_.order_.leave(seat);
        s_.standings_.restore(seat, integer(p, "left_at", 0, 10000, 0));
      }
    }
    s_.turn_ = static_cast<std::int16_t>(integer(j_, "turn", 0, 10000, 1));
    s_.turn_player_ = static_cast<std::int8_t>(integer(j_, "turn_player", 0, n - 1, 0));
    s_.first_player_ = static_cast<std::int8_t>(integer(j_, "first_player", 0, n - 1, 0));
    s_.deciding_ = static_cast<std::int8_t>(integer(j_, "deciding", 0, n - 1, s_.first_player_));
    s_.moment_ = static_cast<std::int16_t>(integer(j_, "moment", 0, 10000, 0));
    s_.phase_ = static_cast<Phase>(
        pick(j_, "phase",
             {"setup", "mulligan", "main", "name", "window", "attack", "block", "over"}, 2));
    s_.window_ = static_cast<Window>(
        pick(j_, "window", {"none", "preparation", "before_damage", "pre_end"}, 0));
    if (s_.phase_ == Phase::kWindow && s_.window_ == Window::kNone)
      throw Error("phase 'window' needs a window");
    if (s_.phase_ == Phase::kWindow) {
      const Seat holder = j_.contains("priority") && !j_["priority"].is_null()
                              ? integer(j_, "priority", 0, n - 1, 0)
                              : s_.turn_player_;
      s_.round_.restore(s_.order_.active(), static_cast<SeatMask>(integer(j_, "passed", 0, 255, 0)),
                        holder, s_.order_.in_game(s_.turn_player_) ? s_.turn_player_ : holder,
                        RoundRule::kFullRounds, boolean(j_, "others_acted", false));
    }
    if (j_.contains("combat") && !j_["combat"].is_null()) {
      const json& c = j_["combat"];
      s_.combat_.target = static_cast<std::int8_t>(integer(c, "target", 0, n - 1, 0));
      s_.combat_.attacker =
          field_card(c.value("attacker", json()), integer(c, "attacker_owner", -1, n - 1, -1));
      s_.combat_.blocker =
          field_card(c.value("blocker", json()), integer(c, "blocker_owner", -1, n - 1, -1));
    }
    if (j_.contains("resolving") && !j_["resolving"].is_null()) load_resolution(j_["resolving"]);
    for (auto& t : j_.value("triggers", json::array())) {
      const Card c = any_card(t.value("card", json()), integer(t, "owner", -1, n - 1, -1));
      const Seat seat = integer(t, "seat", 0, n - 1, 0);
      const int ab = integer(t, "ability", 0, 7, 0);
      if (ab >= static_cast<int>(s_.def(c).abilities.size()))
        throw Error("triggers: no such ability");
      s_.triggers_.push(seat,
                        Trigger{c, static_cast<std::uint8_t>(ab),
                                static_cast<std::int8_t>(integer(t, "subject", -1, n - 1, -1))});
    }
    for (auto& m : j_.value("modifiers", json::array())) {
      Modifier mod;
      mod.card = field_card(m.value("card", json()), integer(m, "owner", -1, n - 1, -1));
      mod.atk = static_cast<std::int8_t>(integer(m, "atk", -20, 20, 0));
      mod.def = static_cast<std::int8_t>(integer(m, "def", -20, 20, 0));
      mod.source = static_cast<std::int8_t>(integer(m, "source", -1, n - 1, -1));
      mod.negate = boolean(m, "negate", false);
      s_.mods_.push_back(mod);
    }
    if (j_.contains("payment") && !j_["payment"].is_null()) load_payment(j_["payment"]);
    for (auto& b : j_.value("bonus", json::array())) {
      if (!b.is_number_integer() || b.get<int>() < 0 || b.get<int>() >= n)
        throw Error("bonus: bad seat");
      s_.bonus_.push_back(static_cast<std::int8_t>(b.get<int>()));
    }
    s_.bonus_step_ = static_cast<std::int8_t>(integer(j_, "bonus_step", 0, 3, 0));
    s_.ordering_ = static_cast<std::int8_t>(integer(j_, "ordering", -1, n - 1, -1));
    s_.jump_to_end_ = boolean(j_, "jump_to_end", false);
    for (auto& c : j_.value("mulligan_pick", json::array()))
      s_.mulligan_pick_.push_back(any_card(c, s_.deciding_));
    if (j_.contains("rng")) {
      const json& r = j_["rng"];
      if (!r.is_array() || r.size() != 4) throw Error("rng must be 4 words");
      std::array<std::uint64_t, 4> w{};
      for (std::size_t i = 0; i < 4; ++i) {
        if (!r[i].is_string()) throw Error("rng words are strings");
        w[i] = std::stoull(r[i].get<std::string>());
      }
      s_.rng_.set_words(w);
    }
    if (s_.phase_ == Phase::kOver) return;
    if (s_.order_.remaining() <= 1) throw Error("a game in progress needs two players in the game");
  }

 private:
  int integer(const json& o, const char* k, int lo, int hi, int fallback) const {
    if (!o.is_object() || !o.contains(k) || o[k].is_null()) return fallback;
    if (!o[k].is_number_integer()) throw Error(std::string(k) + " must be an integer");
    const auto v = o[k].get<std::int64_t>();
    if (v < lo || v > hi)
      throw Error(std::string(k) + " must be " + std::to_string(lo) + " to " + std::to_string(hi));
    return static_cast<int>(v);
  }
  bool boolean(const json& o, const char* k, bool fallback) const {
    if (!o.is_object() || !o.contains(k)) return fallback;
    if (!o[k].is_boolean()) throw Error(std::string(k) + " must be true or false");
    return o[k].get<bool>();
  }
  int pick(const json& o, const char* k, std::initializer_list<const char*> names,
           int fallback) const {
    if (!o.contains(k)) return fallback;
    int i = 0;
    for (const char* n : names) {
      if (o[k] == n) return i;
      ++i;
    }
    throw Error(std::string(k) + ": unknown value " + o[k].dump());
  }
  int card_def(const json& v, const std::string& where) const {
    if (!v.is_string()) throw Error(where + ": expected a card id");
    const int d = s_.rules_->pool.find(v.get<std::string>());
    if (d < 0) throw Error(where + ": no card '" + v.get<std::string>() + "'");
    return d;
  }
  // A card already created, by id and owner (owner -1: any).
  Card any_card(const json& v, int owner) const {
    const int d = card_def(v, "card reference");
    for (Card c = 0; c < s_.num_cards_; ++c)
      if (s_.def_[c] == d && (owner < 0 || s_.owner_[c] == owner)) return c;
    throw Error("card reference: '" + v.get<std::string>() + "' is not in the game");
  }
  Card field_card(const json& v, int owner) const {
    if (v.is_null()) return kNoCard;
    const int d = card_def(v, "unit reference");
    for (Seat s = 0; s < s_.num_seats(); ++s)
      for (auto& u : s_.players_[s].field)
        if (s_.def_[u.card] == d && (owner < 0 || s_.owner_[u.card] == owner)) return u.card;
    throw Error("unit reference: '" + v.get<std::string>() + "' is not on a battlefield");
  }
  void zone(Seat seat, const json& p, const char* name, StaticVec<Card, 48>& out, bool top_first) {
    if (!p.contains(name)) return;
    const json& list = p[name];
    if (!list.is_array() || list.size() > 48)
      throw Error(std::string(name) + " must be a list of at most 48 cards");
    const std::string where = "players[" + std::to_string(seat) + "]." + name;
    std::vector<Card> cards;
    for (auto& c : list) cards.push_back(s_.add_card(card_def(c, where), seat));
    if (top_first)
      for (auto it = cards.rbegin(); it != cards.rend(); ++it) out.push_back(*it);
    else
      for (Card c : cards) out.push_back(c);
  }
  Card slot(Seat seat, const json& v, const std::string& where) {
    if (v.is_null()) return kNoCard;
    return s_.add_card(card_def(v, where), seat);
  }
  void load_player(Seat seat, const json& p) {
    Player& pl = s_.players_[seat];
    pl.life = static_cast<std::int8_t>(integer(p, "life", -99, 99, s_.rules_->starting_life));
    zone(seat, p, "deck", pl.deck, true);
    zone(seat, p, "hand", pl.hand, false);
    zone(seat, p, "ca_yard", pl.ca_yard, false);
    zone(seat, p, "discard", pl.discard, false);
    zone(seat, p, "removed", pl.removed, false);
    for (auto& t : p.value("tokens", json::array())) {
      const int k = t.is_string() ? s_.rules_->pool.find_token(t.get<std::string>()) : -1;
      if (k < 0)
        throw Error("players[" + std::to_string(seat) + "].tokens: unknown token " + t.dump());
      pl.tokens.push_back(static_cast<std::uint8_t>(k));
    }
    const std::string where = "players[" + std::to_string(seat) + "]";
    if (p.contains("chronoglyph")) {
      const json& g = p["chronoglyph"];
      pl.glyph_active = boolean(g, "active", true);
      pl.ride = slot(seat, g.value("ride", json()), where + ".chronoglyph.ride");
      pl.shed = slot(seat, g.value("shed", json()), where + ".chronoglyph.shed");
    }
    if (p.contains("leader") && !p["leader"].is_null()) {
      const std::string id = p["leader"].is_string() ? p["leader"].get<std::string>() : "";
      // The leader is a card already placed (hand, field) or sitting at home.
      pl.leader_home = boolean(p, "leader_home", true);
      pl.leader_usable = boolean(p, "leader_usable", pl.leader_home);
      if (pl.leader_home) {
        pl.leader = slot(seat, p["leader"], where + ".leader");
      } else {
        leaders_.push_back({seat, id});
      }
    }
    if (p.contains("setup_pick") && !p["setup_pick"].is_null())
      pl.setup_pick = slot(seat, p["setup_pick"], where + ".setup_pick");
    pl.picked = boolean(p, "picked", true);
    pl.position = static_cast<std::int8_t>(integer(p, "position", 0, 7, seat));
    pl.developed = static_cast<std::int8_t>(integer(p, "developed", 0, 100, 0));
    pl.damaged_by = static_cast<std::int8_t>(integer(p, "damaged_by", -1, 7, -1));
    pl.decked = boolean(p, "decked", false);
  }
  void load_resolution(const json& r) {
    const int n = s_.num_seats();
    Resolution& res = s_.res_;
    res.active = true;
    res.spell = boolean(r, "spell", false);
    res.controller = static_cast<std::int8_t>(integer(r, "controller", 0, n - 1, 0));
    res.card = any_card(r.value("card", json()), integer(r, "owner", -1, n - 1, -1));
    res.ability = static_cast<std::uint8_t>(integer(r, "ability", 0, 7, 0));
    if (!res.spell && res.ability >= s_.def(res.card).abilities.size())
      throw Error("resolving: no such ability");
    if (res.spell && s_.def(res.card).is_unit()) throw Error("resolving: a unit is not a spell");
    res.step = static_cast<std::uint8_t>(integer(r, "step", 0, 64, 0));
    if (res.step > s_.ability_of(res).effects.size()) throw Error("resolving: step out of range");
    res.sub = static_cast<std::uint8_t>(integer(r, "sub", 0, 8, 0));
    res.picks = static_cast<std::uint8_t>(integer(r, "picks", 0, 64, 0));
    res.opponent = static_cast<std::int8_t>(integer(r, "opponent", -1, n - 1, -1));
    res.subject = static_cast<std::int8_t>(integer(r, "subject", -1, n - 1, -1));
    res.x = static_cast<std::int8_t>(integer(r, "x", 0, 9, 0));
    res.waiting = static_cast<std::int8_t>(integer(r, "waiting", -1, n - 1, -1));
    res.wait = static_cast<std::uint8_t>(integer(r, "wait", 0, 64, 0));
    if (res.waiting >= 0 && res.step >= s_.ability_of(res).effects.size())
      throw Error("resolving: waiting past the last step");
  }
  void load_payment(const json& p) {
    const int n = s_.num_seats();
    Payment& pay = s_.pay_;
    pay.what = static_cast<Paying>(integer(p, "what", 1, 4, 1));
    pay.seat = static_cast<std::int8_t>(integer(p, "seat", 0, n - 1, 0));
    pay.card = p.value("card", json()).is_null()
                   ? kNoCard
                   : any_card(p["card"], integer(p, "owner", -1, n - 1, pay.seat));
    if (pay.what != Paying::kCheck && pay.card == kNoCard) throw Error("payment: needs a card");
    pay.ability = static_cast<std::uint8_t>(integer(p, "ability", 0, 7, 0));
    pay.x = static_cast<std::int8_t>(integer(p, "x", 0, 9, 0));
    pay.remaining = static_cast<std::int8_t>(integer(p, "remaining", 1, 20, 1));
    pay.tokens = static_cast<std::uint8_t>(integer(p, "tokens", 0, 255, 0));
    pay.cards = p.contains("cards") && p["cards"].is_string()
                    ? std::stoull(p["cards"].get<std::string>())
                    : 0;
  }

 public:
  // Leaders placed somewhere else (hand or field) are found once all cards exist.
  void bind_leaders() {
    for (auto& [seat, id] : leaders_) {
      for (Card c = 0; c < s_.num_cards_; ++c)
        if (s_.owner_[c] == seat && s_.def(c).id == id) s_.players_[seat].leader = c;
      if (s_.players_[seat].leader == kNoCard)
        throw Error("players[" + std::to_string(seat) + "].leader: '" + id +
                    "' is neither home nor in a zone of that seat");
    }
  }

 private:
  LcState& s_;
  const json& j_;
  std::vector<std::pair<Seat, std::string>> leaders_;
};

void LcState::load(const json& j) {
  Loader l(*this, j);
  l.run();
  l.bind_leaders();
}

}  // namespace tt::lastchronicle
