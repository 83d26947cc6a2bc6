#include "core/state.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/view_writer.h"

namespace tt {

std::string State::try_apply(Seat seat, Action action) {
  if (is_terminal()) return "the game is over";
  if (seat < 0 || seat >= num_seats()) return "there is no seat " + std::to_string(seat);
  if (!has_seat(pending_seats(), seat))
    return "seat " + std::to_string(seat) + " has no decision pending";
  ActionList legal;
  legal_actions(seat, legal);
  if (std::find(legal.begin(), legal.end(), action) == legal.end())
    return "that option is not legal now";
  apply_action(seat, action);
  return {};
}

Action State::default_action(Seat seat) const {
  ActionList legal;
  legal_actions(seat, legal);
  for (Action a : legal)
    if (!is_undo(seat, a)) return a;
  return legal.empty() ? Action{} : legal.front();
}

void check_can_go_on(const State& state) {
  if (state.is_terminal()) return;
  if (state.pending_seats() == 0)
    throw Error("state: the game is not over, yet no seat has a decision to make");
  // A seat asked to decide needs something to decide (engine_fuzz: a Suikoden
  // battle loaded on a continued mission's first step, where the turn player
  // may not pass, with nothing in hand to dispatch).
  for (Seat seat = 0; seat < state.num_seats(); ++seat) {
    if (!(state.pending_seats() & (SeatMask{1} << seat))) continue;
    ActionList legal;
    state.legal_actions(seat, legal);
    if (legal.empty())
      throw Error("state: seat " + std::to_string(seat) +
                  " has a decision to make and no option to take");
  }
}

std::string State::concede(Seat) {
  return "this game has no concession";
}

std::uint64_t fnv1a(const void* data, std::size_t size, std::uint64_t h) {
  auto p = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < size; ++i) h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

void State::view(Seat viewer, nlohmann::json& out) const {
  JsonTreeWriter tree(out);
  write_view(viewer, tree);
}

void State::write_view(Seat viewer, ViewWriter& out) const {
  nlohmann::json j;
  view(viewer, j);
  write_json(out, j);
}

std::string State::information_state_text(Seat seat) const {
  nlohmann::json j;
  view(seat, j);
  std::string text = j.dump();
  ActionList own;
  if (!is_terminal() && has_seat(pending_seats(), seat)) legal_actions(seat, own);
  for (Action a : own) text += "\n" + action_id(seat, a);
  return text;
}

std::uint64_t State::information_state_key(Seat seat) const {
  const std::string text = information_state_text(seat);
  return fnv1a(text.data(), text.size());
}

std::uint64_t State::fingerprint() const {
  nlohmann::json j;
  save(j);
  const std::string text = j.dump();
  return fnv1a(text.data(), text.size());
}

}  // namespace tt
