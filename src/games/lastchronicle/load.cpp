// Restoring a saved state or a scenario's "state" block. Everything but the
// cards may be left out; every field is type- and range-checked, and an
// error names it by its path ("state.players[1].hand[3]: no card 'x'").
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/load_fields.h"
#include "core/opponents.h"
#include "games/lastchronicle/state.h"

namespace tt::lastchronicle {

using load::at;
using load::fail;
using load::find;
using nlohmann::json;

class Loader {
 public:
  Loader(LcState& s, const json& j) : s_(s), j_(j) {}

  void run() {
    if (!j_.is_object()) fail(root_, "a Last Chronicle state must be a JSON object");
    const int n = s_.rules_->seats;
    s_.order_ = TurnOrder(n);
    const json& players = load::list(j_, "players", root_, static_cast<std::size_t>(n));
    auto player = [&](Seat seat) -> const json& {
      static const json none = json::object();
      return seat < static_cast<Seat>(players.size()) ? players[static_cast<std::size_t>(seat)]
                                                      : none;
    };
    auto player_path = [&](Seat seat) {
      return at(at(root_, "players"), static_cast<std::size_t>(seat));
    };
    for (Seat seat = 0; seat < n; ++seat) {
      if (!player(seat).is_object()) fail(player_path(seat), "expected an object");
      load_player(seat, player(seat), player_path(seat));
    }
    // Units on the field, after every zone exists (a unit's owner may be anyone).
    for (Seat seat = 0; seat < n; ++seat) {
      const std::string w = at(player_path(seat), "field");
      const json& field = load::list(player(seat), "field", player_path(seat), 40);
      for (std::size_t i = 0; i < field.size(); ++i) {
        const json& u = field[i];
        const std::string wu = at(w, i);
        Unit unit;
        const Seat owner = u.is_object() ? integer(u, "owner", wu, 0, n - 1, seat) : seat;
        if (u.is_object() && !find(u, "card")) fail(wu, "expected a card id or {\"card\": ...}");
        unit.card =
            add(card_def(u.is_object() ? u["card"] : u, u.is_object() ? at(wu, "card") : wu), owner,
                wu);
        if (u.is_object()) {
          unit.wiped = load::boolean(u, "wiped", wu, false);
          unit.fresh = load::boolean(u, "fresh", wu, false);
          unit.damage = static_cast<std::int8_t>(integer(u, "damage", wu, 0, 99, 0));
        }
        s_.field_add(seat, unit);
      }
    }
    for (Seat seat = 0; seat < n; ++seat) {
      if (!load::boolean(player(seat), "in_game", player_path(seat), true)) {
        s_.order_.leave(seat);
        s_.standings_.restore(seat,
                              integer(player(seat), "left_at", player_path(seat), 0, 10000, 0));
      }
    }
    s_.turn_ = static_cast<std::int16_t>(integer(j_, "turn", root_, 0, 10000, 1));
    s_.turn_player_ = static_cast<std::int8_t>(integer(j_, "turn_player", root_, 0, n - 1, 0));
    s_.first_player_ = static_cast<std::int8_t>(integer(j_, "first_player", root_, 0, n - 1, 0));
    s_.deciding_ =
        static_cast<std::int8_t>(integer(j_, "deciding", root_, 0, n - 1, s_.first_player_));
    s_.moment_ = static_cast<std::int16_t>(integer(j_, "moment", root_, 0, 10000, 0));
    s_.phase_ = static_cast<Phase>(load::one_of(
        j_, "phase", root_,
        {"setup", "mulligan", "main", "name", "window", "attack", "block", "over"}, 2));
    s_.window_ = static_cast<Window>(
        load::one_of(j_, "window", root_, {"none", "preparation", "before_damage", "pre_end"}, 0));
    if (s_.phase_ == Phase::kWindow && s_.window_ == Window::kNone)
      fail(at(root_, "window"), "phase 'window' needs a window");
    if (s_.phase_ == Phase::kWindow) {
      const Seat holder = integer(j_, "priority", root_, 0, n - 1, s_.turn_player_);
      if (!s_.order_.in_game(holder)) fail(at(root_, "priority"), "that seat has left the game");
      s_.round_.restore(s_.order_.active(),
                        static_cast<SeatMask>(integer(j_, "passed", root_, 0, (1 << n) - 1, 0)),
                        holder, s_.order_.in_game(s_.turn_player_) ? s_.turn_player_ : holder,
                        RoundRule::kFullRounds, load::boolean(j_, "others_acted", root_, false));
    }
    if (const json* c = find(j_, "combat")) {
      const std::string w = at(root_, "combat");
      if (!c->is_object()) fail(w, "expected an object");
      s_.combat_.target = static_cast<std::int8_t>(integer(*c, "target", w, 0, n - 1, 0));
      s_.combat_.attacker =
          field_card(*c, "attacker", integer(*c, "attacker_owner", w, -1, n - 1, -1), w);
      s_.combat_.blocker =
          field_card(*c, "blocker", integer(*c, "blocker_owner", w, -1, n - 1, -1), w);
    }
    if (const json* r = find(j_, "resolving")) load_resolution(*r, at(root_, "resolving"));
    const json& triggers = load::list(j_, "triggers", root_, 32);
    for (std::size_t i = 0; i < triggers.size(); ++i) {
      const json& t = triggers[i];
      const std::string w = at(at(root_, "triggers"), i);
      if (!t.is_object()) fail(w, "expected an object");
      const Card c = any_card(t, "card", integer(t, "owner", w, -1, n - 1, -1), w);
      const Seat seat = integer(t, "seat", w, 0, n - 1, 0);
      const int ab = integer(t, "ability", w, 0, 7, 0);
      if (ab >= static_cast<int>(s_.def(c).abilities.size()))
        fail(at(w, "ability"), "'" + s_.def(c).id + "' has no ability " + std::to_string(ab));
      s_.triggers_.push(seat,
                        Trigger{c, static_cast<std::uint8_t>(ab),
                                static_cast<std::int8_t>(integer(t, "subject", w, -1, n - 1, -1))});
    }
    const json& mods = load::list(j_, "modifiers", root_, 48);
    for (std::size_t i = 0; i < mods.size(); ++i) {
      const json& m = mods[i];
      const std::string w = at(at(root_, "modifiers"), i);
      if (!m.is_object()) fail(w, "expected an object");
      Modifier mod;
      mod.card = field_card(m, "card", integer(m, "owner", w, -1, n - 1, -1), w);
      if (mod.card == kNoCard) fail(at(w, "card"), "a modifier needs a unit");
      mod.atk = static_cast<std::int8_t>(integer(m, "atk", w, -20, 20, 0));
      mod.def = static_cast<std::int8_t>(integer(m, "def", w, -20, 20, 0));
      mod.source = static_cast<std::int8_t>(integer(m, "source", w, -1, n - 1, -1));
      mod.negate = load::boolean(m, "negate", w, false);
      s_.mods_.push_back(mod);
    }
    if (const json* p = find(j_, "payment")) load_payment(*p, at(root_, "payment"));
    const json& bonus = load::list(j_, "bonus", root_, 8);
    for (std::size_t i = 0; i < bonus.size(); ++i)
      s_.bonus_.push_back(
          static_cast<std::int8_t>(load::integer(bonus[i], at(at(root_, "bonus"), i), 0, n - 1)));
    s_.bonus_step_ = static_cast<std::int8_t>(integer(j_, "bonus_step", root_, 0, 3, 0));
    s_.ordering_ = static_cast<std::int8_t>(integer(j_, "ordering", root_, -1, n - 1, -1));
    s_.jump_to_end_ = load::boolean(j_, "jump_to_end", root_, false);
    const json& picks = load::list(j_, "mulligan_pick", root_, 16);
    for (std::size_t i = 0; i < picks.size(); ++i)
      s_.mulligan_pick_.push_back(
          any_card_value(picks[i], s_.deciding_, at(at(root_, "mulligan_pick"), i)));
    if (const json* r = find(j_, "rng")) s_.rng_ = load::rng(*r, at(root_, "rng"));
    if (s_.phase_ == Phase::kOver) return;
    if (s_.order_.remaining() <= 1)
      fail(at(root_, "players"), "a game in progress needs two players in the game");
    check_combat();
  }

 private:
  // Fields that presuppose each other: a combat under way (attack, block,
  // its windows) has a named opponent still in the game other than the turn
  // player (the attacker may be gone: it can leave the field mid-combat). A
  // 2-player state may leave the opponent out: it is the only one.
  void check_combat() {
    const bool named = s_.phase_ == Phase::kAttack || s_.phase_ == Phase::kBlock ||
                       (s_.phase_ == Phase::kWindow && (s_.window_ == Window::kPreparation ||
                                                        s_.window_ == Window::kBeforeDamage));
    if (!named) return;
    const std::string w = at(root_, "combat");
    if (!find(j_, "combat")) {
      const Seat only = only_seat(opponent_candidates(s_.order_, s_.turn_player_));
      if (only == kNoSeat)
        fail(w, "this phase needs the combat under way: the opponent named to attack (\"target\")");
      s_.combat_.target = static_cast<std::int8_t>(only);
      return;
    }
    const Seat target = s_.combat_.target;
    if (target == s_.turn_player_ || !s_.order_.in_game(target) ||
        !has_seat(opponent_candidates(s_.order_, s_.turn_player_), target))
      fail(at(w, "target"), "the named opponent must be another player still in the game");
  }

  static int integer(const json& o, const char* k, const std::string& where, int lo, int hi,
                     int fallback) {
    return load::integer(o, k, where, lo, hi, fallback);
  }
  int card_def(const json& v, const std::string& where) const {
    const std::string id = load::text(v, where);
    const int d = s_.rules_->pool.find(id);
    if (d < 0) fail(where, "no card '" + id + "'");
    return d;
  }
  Card add(int def, Seat owner, const std::string& where) {
    if (s_.num_cards_ >= kMaxCards - 1)
      fail(where, "more than " + std::to_string(kMaxCards - 1) + " cards in one game");
    return s_.add_card(def, owner);
  }
  // A card already created, by id and owner (owner -1: any).
  Card any_card_value(const json& v, int owner, const std::string& where) const {
    const int d = card_def(v, where);
    for (Card c = 0; c < s_.num_cards_; ++c)
      if (s_.def_[c] == d && (owner < 0 || s_.owner_[c] == owner)) return c;
    fail(where, "'" + v.get<std::string>() + "' is not in the game");
  }
  Card any_card(const json& o, const char* key, int owner, const std::string& where) const {
    const json* v = find(o, key);
    if (!v) fail(at(where, key), "missing");
    return any_card_value(*v, owner, at(where, key));
  }
  // A unit on a battlefield, by id and owner (owner -1: any); kNoCard when left out.
  Card field_card(const json& o, const char* key, int owner, const std::string& where) const {
    const json* v = find(o, key);
    if (!v) return kNoCard;
    const int d = card_def(*v, at(where, key));
    for (Seat s = 0; s < s_.num_seats(); ++s)
      for (auto& u : s_.players_[s].field)
        if (s_.def_[u.card] == d && (owner < 0 || s_.owner_[u.card] == owner)) return u.card;
    fail(at(where, key), "'" + v->get<std::string>() + "' is not on a battlefield");
  }
  void zone(Seat seat, const json& p, const char* name, StaticVec<Card, 48>& out, bool top_first,
            const std::string& where) {
    const json& list = load::list(p, name, where, 48);
    std::vector<Card> cards;
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::string w = at(at(where, name), i);
      cards.push_back(add(card_def(list[i], w), seat, w));
    }
    if (top_first)
      for (auto it = cards.rbegin(); it != cards.rend(); ++it) out.push_back(*it);
    else
      for (Card c : cards) out.push_back(c);
  }
  Card slot(Seat seat, const json& o, const char* key, const std::string& where) {
    const json* v = find(o, key);
    if (!v) return kNoCard;
    return add(card_def(*v, at(where, key)), seat, at(where, key));
  }
  void load_player(Seat seat, const json& p, const std::string& where) {
    Player& pl = s_.players_[seat];
    pl.life =
        static_cast<std::int8_t>(integer(p, "life", where, -99, 99, s_.rules_->starting_life));
    zone(seat, p, "deck", pl.deck, true, where);
    zone(seat, p, "hand", pl.hand, false, where);
    zone(seat, p, "ca_yard", pl.ca_yard, false, where);
    zone(seat, p, "discard", pl.discard, false, where);
    zone(seat, p, "removed", pl.removed, false, where);
    zone(seat, p, "removed_hidden", pl.removed_hidden, false, where);
    const json& tokens = load::list(p, "tokens", where, 8);
    for (std::size_t i = 0; i < tokens.size(); ++i) {
      const std::string w = at(at(where, "tokens"), i);
      const int k = s_.rules_->pool.find_token(load::text(tokens[i], w));
      if (k < 0) fail(w, "unknown token " + tokens[i].dump());
      pl.tokens.push_back(static_cast<std::uint8_t>(k));
    }
    if (find(p, "chronoglyph")) {
      const json& g = load::object(p, "chronoglyph", where);
      const std::string w = at(where, "chronoglyph");
      pl.glyph_active = load::boolean(g, "active", w, true);
      pl.ride = slot(seat, g, "ride", w);
      pl.shed = slot(seat, g, "shed", w);
    }
    if (const json* leader = find(p, "leader")) {
      const std::string id = load::text(*leader, at(where, "leader"));
      // The leader is a card already placed (hand, field) or sitting at home.
      pl.leader_home = load::boolean(p, "leader_home", where, true);
      pl.leader_usable = load::boolean(p, "leader_usable", where, pl.leader_home);
      if (pl.leader_home) {
        pl.leader = slot(seat, p, "leader", where);
      } else {
        card_def(*leader, at(where, "leader"));
        leaders_.push_back({seat, id});
      }
    }
    pl.setup_pick = slot(seat, p, "setup_pick", where);
    pl.picked = load::boolean(p, "picked", where, true);
    pl.position = static_cast<std::int8_t>(integer(p, "position", where, 0, kMaxPlayers - 1, seat));
    pl.developed = static_cast<std::int8_t>(integer(p, "developed", where, 0, 100, 0));
    pl.damaged_by =
        static_cast<std::int8_t>(integer(p, "damaged_by", where, -1, s_.rules_->seats - 1, -1));
    pl.decked = load::boolean(p, "decked", where, false);
    load_knowledge(seat, p, where);
  }
  // What seats know of this seat's hidden cards, in the referee's form
  // (knowledge.cpp): "hand_known" indices into the hand (known to every
  // seat), "deck_known" places from the top with the seats that know them.
  void load_knowledge(Seat seat, const json& p, const std::string& where) {
    Player& pl = s_.players_[seat];
    const int n = s_.num_seats();
    const json& hand = load::list(p, "hand_known", where, 48);
    for (std::size_t i = 0; i < hand.size(); ++i) {
      const auto k = load::integer(hand[i], at(at(where, "hand_known"), i), 0,
                                   static_cast<std::int64_t>(pl.hand.size()) - 1);
      s_.known_[pl.hand[static_cast<std::size_t>(k)]] = s_.everyone();
    }
    const json& deck = load::list(p, "deck_known", where, 48);
    for (std::size_t i = 0; i < deck.size(); ++i) {
      const std::string w = at(at(where, "deck_known"), i);
      if (!deck[i].is_object()) fail(w, "expected an object");
      const int top = integer(deck[i], "at", w, 0, static_cast<int>(pl.deck.size()) - 1, -1);
      if (top < 0) fail(at(w, "at"), "missing");
      const json& seats = load::list(deck[i], "seats", w, static_cast<std::size_t>(n));
      SeatMask m = 0;
      for (std::size_t k = 0; k < seats.size(); ++k)
        m |= seat_bit(static_cast<Seat>(load::integer(seats[k], at(at(w, "seats"), k), 0, n - 1)));
      s_.known_[pl.deck[pl.deck.size() - 1 - static_cast<std::size_t>(top)]] = m;
    }
  }
  void load_resolution(const json& r, const std::string& w) {
    if (!r.is_object()) fail(w, "expected an object");
    const int n = s_.num_seats();
    Resolution& res = s_.res_;
    res.active = true;
    res.spell = load::boolean(r, "spell", w, false);
    res.controller = static_cast<std::int8_t>(integer(r, "controller", w, 0, n - 1, 0));
    res.card = any_card(r, "card", integer(r, "owner", w, -1, n - 1, -1), w);
    res.ability = static_cast<std::uint8_t>(integer(r, "ability", w, 0, 7, 0));
    if (!res.spell && res.ability >= s_.def(res.card).abilities.size())
      fail(at(w, "ability"), "'" + s_.def(res.card).id + "' has no such ability");
    if (res.spell && s_.def(res.card).is_unit()) fail(at(w, "spell"), "a unit is not a spell");
    res.step = static_cast<std::uint8_t>(integer(r, "step", w, 0, 64, 0));
    if (res.step > s_.ability_of(res).effects.size())
      fail(at(w, "step"), "past the ability's last step");
    res.sub = static_cast<std::uint8_t>(integer(r, "sub", w, 0, 8, 0));
    res.picks = static_cast<std::uint8_t>(integer(r, "picks", w, 0, 64, 0));
    res.opponent = static_cast<std::int8_t>(integer(r, "opponent", w, -1, n - 1, -1));
    res.subject = static_cast<std::int8_t>(integer(r, "subject", w, -1, n - 1, -1));
    res.x = static_cast<std::int8_t>(integer(r, "x", w, 0, 9, 0));
    res.waiting = static_cast<std::int8_t>(integer(r, "waiting", w, -1, n - 1, -1));
    res.wait = static_cast<std::uint8_t>(integer(r, "wait", w, 0, 64, 0));
    if (res.waiting >= 0 && res.step >= s_.ability_of(res).effects.size())
      fail(at(w, "waiting"), "waiting past the last step");
  }
  void load_payment(const json& p, const std::string& w) {
    if (!p.is_object()) fail(w, "expected an object");
    const int n = s_.num_seats();
    Payment& pay = s_.pay_;
    pay.what = static_cast<Paying>(integer(p, "what", w, 1, 4, 1));
    pay.seat = static_cast<std::int8_t>(integer(p, "seat", w, 0, n - 1, 0));
    pay.card = find(p, "card") ? any_card(p, "card", integer(p, "owner", w, -1, n - 1, pay.seat), w)
                               : kNoCard;
    if (pay.what != Paying::kCheck && pay.card == kNoCard) fail(at(w, "card"), "needs a card");
    pay.ability = static_cast<std::uint8_t>(integer(p, "ability", w, 0, 7, 0));
    if (pay.what == Paying::kActivate && pay.ability >= s_.def(pay.card).abilities.size())
      fail(at(w, "ability"), "'" + s_.def(pay.card).id + "' has no such ability");
    pay.x = static_cast<std::int8_t>(integer(p, "x", w, 0, 9, 0));
    pay.remaining = static_cast<std::int8_t>(integer(p, "remaining", w, 1, 20, 1));
    pay.tokens = static_cast<std::uint8_t>(integer(p, "tokens", w, 0, 255, 0));
    pay.cards = 0;
    if (const json* c = find(p, "cards")) {
      // A bit set of CA-yard indices, written as a decimal string.
      const std::string s = load::text(*c, at(w, "cards"));
      if (s.empty() || s.size() > 20 || s.find_first_not_of("0123456789") != std::string::npos)
        fail(at(w, "cards"), "expected a decimal number, found " + c->dump());
      try {
        pay.cards = std::stoull(s);
      } catch (const std::exception&) {
        fail(at(w, "cards"), s + " is out of range");
      }
      const std::size_t yard = s_.players_[pay.seat].ca_yard.size();
      if (yard < 64 && (pay.cards >> yard) != 0)
        fail(at(w, "cards"), "names a CA-yard card the seat does not have");
    }
  }

 public:
  // Leaders placed somewhere else (hand or field) are found once all cards exist.
  void bind_leaders() {
    for (auto& [seat, id] : leaders_) {
      for (Card c = 0; c < s_.num_cards_; ++c)
        if (s_.owner_[c] == seat && s_.def(c).id == id) s_.players_[seat].leader = c;
      if (s_.players_[seat].leader == kNoCard)
        fail(at(at(at(root_, "players"), static_cast<std::size_t>(seat)), "leader"),
             "'" + id + "' is neither home nor in a zone of that seat");
    }
  }

 private:
  LcState& s_;
  const json& j_;
  const std::string root_ = "state";
  std::vector<std::pair<Seat, std::string>> leaders_;
};

void LcState::load(const json& j) {
  Loader l(*this, j);
  l.run();
  l.bind_leaders();
  note_revealed_tops();
}

}  // namespace tt::lastchronicle
