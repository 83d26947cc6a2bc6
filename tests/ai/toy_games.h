// Tiny games whose best play is known, to check a search by: Nim (perfect
// information), a bet on a hidden card (a cheat would see the card), and a
// kingmaker choice at three seats (each seat must maximise its own result).
// Each is a complete State: views, saves and determinization included.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "core/state.h"

namespace tt::toy {

// What the toys share: a fixed number of seats, one seat to act, a winner.
template <typename Self>
class Toy : public State {
 public:
  std::unique_ptr<State> clone() const override { return std::make_unique<Self>(self()); }
  void assign(const State& other) override { assign_same<Self>(other); }
  int num_seats() const override { return seats_; }
  bool is_terminal() const override { return winner_ != kNoSeat; }
  Outcomes outcomes() const override { return winner_outcomes(seats_, winner_); }
  SeatMask pending_seats() const override { return is_terminal() ? 0 : seat_bit(turn_); }
  Seat to_act() const override { return turn_; }
  std::string prompt(Seat) const override { return "choose"; }
  std::string action_id(Seat, Action a) const override { return std::to_string(a.a); }
  std::string action_label(Seat s, Action a) const override { return action_id(s, a); }
  void save(nlohmann::json& out) const override { self().view(kReferee, out); }
  std::string describe(const Event&, Seat) const override { return {}; }
  std::string render(Seat viewer) const override {
    nlohmann::json j;
    self().view(viewer, j);
    return j.dump();
  }
  void determinize(Seat, Rng& rng) override { rng_ = Rng(rng.next()); }
  // One number: what the game is about, as the seat may see it.
  std::vector<int> observation_shape() const override { return {1}; }
  void observation(Seat seat, float* out) const override { out[0] = self().seen_value(seat); }

 protected:
  explicit Toy(int seats) : seats_(seats) {}
  const Self& self() const { return static_cast<const Self&>(*this); }
  int seats_;
  Seat turn_ = 0;
  Seat winner_ = kNoSeat;
  Rng rng_{1};
};

// Take 1 to 3 from a heap; whoever takes the last wins. A heap that is a
// multiple of 4 loses for the seat to move, so the winning move leaves one.
class Nim final : public Toy<Nim> {
 public:
  explicit Nim(int heap) : Toy(2), heap_(heap) {}
  void legal_actions(Seat, ActionList& out) const override {
    out.clear();
    for (int take = 1; take <= std::min(3, heap_); ++take)
      out.push_back(Action{1, static_cast<std::uint16_t>(take)});
  }
  void apply_action(Seat seat, Action a) override {
    heap_ -= a.a;
    if (heap_ == 0)
      winner_ = seat;
    else
      turn_ = 1 - turn_;
  }
  void view(Seat, nlohmann::json& out) const override {
    out = {{"heap", heap_}, {"turn", turn_}, {"winner", winner_}};
  }
  float seen_value(Seat) const { return static_cast<float>(heap_); }

 private:
  int heap_;
};

// Seat 1 was dealt one card of {high, high, low} face down. Seat 0 either
// bets it is high (wins when it is: 2 in 3 for a player who cannot see it) or
// tosses a coin (wins 1 in 2). The card is low here: only a cheat tosses.
class HiddenBet final : public Toy<HiddenBet> {
 public:
  static constexpr std::uint16_t kBetHigh = 0, kCoin = 1;
  explicit HiddenBet(bool high) : Toy(2), high_(high) {}
  void legal_actions(Seat, ActionList& out) const override {
    out = {Action{1, kBetHigh}, Action{1, kCoin}};
  }
  void apply_action(Seat, Action a) override {
    const bool win = a.a == kBetHigh ? high_ : rng_.below(2) == 0;
    winner_ = win ? 0 : 1;
  }
  void view(Seat viewer, nlohmann::json& out) const override {
    out = {{"winner", winner_}};
    if (viewer != 0 || is_terminal()) out["card"] = high_ ? "high" : "low";
  }
  float seen_value(Seat viewer) const {
    return viewer != 0 || is_terminal() ? (high_ ? 1.0f : 0.0f) : -1.0f;
  }
  void determinize(Seat observer, Rng& rng) override {
    rng_ = Rng(rng.next());
    if (observer == 0 && !is_terminal()) high_ = rng.below(3) < 2;
  }

 private:
  bool high_;
};

// Three seats. Seat 0 opens door A or B; then seat 1 names the winner:
// behind A seat 1 may name itself or seat 0 (it names itself); behind B it
// may name seat 0 or seat 2 (it gains nothing either way). Seat 0 must open B.
class Kingmaker final : public Toy<Kingmaker> {
 public:
  Kingmaker() : Toy(3) {}
  void legal_actions(Seat, ActionList& out) const override {
    if (turn_ == 0)
      out = {Action{1, 0}, Action{1, 1}};  // door A, door B
    else if (door_ == 0)
      out = {Action{2, 1}, Action{2, 0}};  // name seat 1 or seat 0
    else
      out = {Action{2, 2}, Action{2, 0}};  // name seat 2 or seat 0
  }
  void apply_action(Seat, Action a) override {
    if (turn_ == 0) {
      door_ = a.a;
      turn_ = 1;
    } else {
      winner_ = a.a;
    }
  }
  void view(Seat, nlohmann::json& out) const override {
    out = {{"door", door_}, {"turn", turn_}, {"winner", winner_}};
  }
  float seen_value(Seat) const { return static_cast<float>(door_); }

 private:
  int door_ = -1;
};

}  // namespace tt::toy
