// The table as text for a person at a terminal, and a quick heuristic for
// simple agents.
#include <algorithm>

#include "core/text.h"
#include "games/lastchronicle/state.h"

namespace tt::lastchronicle {

std::string LcState::render(Seat viewer) const {
  std::string out;
  auto line = [&](const std::string& s) { out += s + "\n"; };
  const bool revealed = tops_revealed();
  line(turn_ == 0
           ? std::string("== Set-up ==")
           : "== Turn " + std::to_string(turn_) + ": seat " + std::to_string(turn_player_) + " ==");
  for (Seat s = 0; s < num_seats(); ++s) {
    const Player& p = players_[s];
    std::string head = (s == turn_player_ && turn_ > 0 ? "> " : "  ") + std::string("Seat ") +
                       std::to_string(s) + (s == viewer ? " (you)" : "");
    if (!order_.in_game(s)) {
      line(head + ": out of the game");
      continue;
    }
    head += ": life " + std::to_string(p.life) + ", hand " + std::to_string(p.hand.size()) +
            ", deck " + std::to_string(p.deck.size()) + ", chronoglyph " +
            (p.glyph_active ? "active" : "wiped");
    int ca = 0;
    for (Card c : p.ca_yard) ca += def(c).ca;
    for (auto t : p.tokens) ca += rules_->pool.tokens[t].ca;
    head +=
        ", CA yard " + plural(static_cast<long long>(p.ca_yard.size()), "card") +
        (p.tokens.empty() ? "" : " + " + plural(static_cast<long long>(p.tokens.size()), "token")) +
        " = CA " + std::to_string(ca);
    line(head);
    if (p.leader != kNoCard)
      line("     leader: " + def(p.leader).name +
           (p.leader_home ? (p.leader_usable ? " (in the leader area, usable)"
                                             : " (in the leader area, unusable until you develop)")
                          : " (in play)"));
    if (p.ride != kNoCard || p.shed != kNoCard)
      line("     on the chronoglyph:" + (p.ride != kNoCard ? " ride " + def(p.ride).name : "") +
           (p.shed != kNoCard ? " shed " + def(p.shed).name : ""));
    if (revealed && !p.deck.empty())
      line("     top of deck (revealed): " + def(p.deck.back()).name);
    for (auto& u : p.field) {
      std::string ul = "     " + def(u.card).name + " " + std::to_string(atk(u.card)) + "/" +
                       std::to_string(def_value(u.card) - u.damage);
      if (u.wiped) ul += " wiped";
      if (u.fresh) ul += " new";
      if (negated(u.card)) ul += " negated";
      if (owner_[u.card] != s) ul += " (owned by seat " + std::to_string(owner_[u.card]) + ")";
      if (combat_.attacker == u.card) ul += "  <- attacking seat " + std::to_string(combat_.target);
      if (combat_.blocker == u.card) ul += "  <- blocking";
      line(ul);
    }
  }
  if (combat_.target != kNoSeat)
    line("Combat: seat " + std::to_string(turn_player_) +
         (combat_.attacker == kNoCard
              ? " has named seat " + std::to_string(combat_.target) + " to attack"
              : " attacks seat " + std::to_string(combat_.target) + " with " +
                    def(combat_.attacker).name +
                    (combat_.blocker != kNoCard ? ", blocked by " + def(combat_.blocker).name
                                                : "")));
  if (round_.is_open())
    line("Quick window: seat " + std::to_string(round_.holder()) +
         " may act (passes go round in turn order)");
  if (res_.active)
    line("Resolving: " + def(res_.card).name + " (seat " + std::to_string(res_.controller) + ")");
  if (viewer >= 0 && viewer < num_seats()) {
    line("Your hand:");
    for (Card c : players_[viewer].hand) {
      const CardDef& d = def(c);
      std::string l = "   " + d.name + " [" + colour_names(d.colours) + ", cost " +
                      std::to_string(d.cost) + ", CA " + std::to_string(d.ca);
      if (d.is_unit()) l += ", " + std::to_string(d.atk) + "/" + std::to_string(d.def);
      l += "]";
      if (phase_ == Phase::kMulligan && mulligan_pick_.contains(c)) l = " ->" + l.substr(3);
      line(l + (d.text.empty() ? "" : " - " + d.text));
    }
  }
  return out;
}

// Life, board and cards (with a declared attack counted as done), against
// the average opponent still in.
double LcState::heuristic(Seat seat) const {
  auto worth = [&](Card c, int damage) { return 1.2 * atk(c) + 0.8 * (def_value(c) - damage); };
  std::array<double, kMaxPlayers> attack{};
  if (const Unit* au = combat_.attacker != kNoCard ? unit(combat_.attacker) : nullptr) {
    const Card a = combat_.attacker, b = combat_.blocker;
    const Unit* bu = b != kNoCard ? unit(b) : nullptr;
    if (b == kNoCard && combat_.target >= 0) {
      attack[combat_.target] -= atk(a);
    } else if (bu) {
      if (atk(a) >= def_value(b) - bu->damage) attack[controller(b)] -= worth(b, bu->damage);
      if (atk(b) >= def_value(a) - au->damage) attack[controller(a)] -= worth(a, au->damage);
    }
  }
  auto score = [&](Seat s) {
    const Player& p = players_[s];
    double v = p.life * 1.0 + static_cast<double>(p.hand.size()) * 0.8 +
               static_cast<double>(p.ca_yard.size() + p.tokens.size()) * 0.4 + attack[s];
    for (auto& u : p.field) v += worth(u.card, u.damage);
    return v;
  };
  if (phase_ == Phase::kOver) {
    const Outcomes o = outcomes();
    return o[seat].result == Result::kWin ? 1e6 : -1e6 + 1000 * (num_seats() - o[seat].place);
  }
  if (!order_.in_game(seat)) return -1e6;
  double sum = 0;
  int n = 0;
  for (Seat s = 0; s < num_seats(); ++s)
    if (s != seat && order_.in_game(s)) {
      sum += score(s);
      ++n;
    }
  return score(seat) - (n ? sum / n : 0.0);
}

// Fitted to played games (docs/games/lastchronicle.md, "Search and
// learning"): search reads the seats' chances as a softmax of their
// heuristics over 2 * scale (State::heuristic_scale); the best fit is about
// the same at every table size (11.2, 10.7 and 12.4 at 2, 3 and 4 seats).
double LcState::heuristic_scale() const {
  return 11.5;
}

}  // namespace tt::lastchronicle
