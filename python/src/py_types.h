// The objects the Python module hands out: a game made ready with its
// set-up, and a state with its own event log.
#pragma once
#include <pybind11/pybind11.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "core/game.h"

namespace tt::py {

namespace pyb = pybind11;

// OpenSpiel's player ids for nodes that are no one's turn.
inline constexpr int kSimultaneousPlayer = -2;
inline constexpr int kTerminalPlayer = -4;
// How Python names the referee (everything visible). Not the engine's
// kReferee (-2), so SIMULTANEOUS passed by mistake is refused, not shown all.
inline constexpr int kPyReferee = -100;

// An option's compact form as one integer: kind, a, b, c in 16 bits each.
inline std::int64_t pack(Action a) {
  return (static_cast<std::int64_t>(a.kind) << 48) | (static_cast<std::int64_t>(a.a) << 32) |
         (static_cast<std::int64_t>(a.b) << 16) | static_cast<std::int64_t>(a.c);
}
inline Action unpack(std::int64_t id) {
  return Action{static_cast<std::uint16_t>(id >> 48), static_cast<std::uint16_t>(id >> 32),
                static_cast<std::uint16_t>(id >> 16), static_cast<std::uint16_t>(id)};
}

struct PyGame {
  std::shared_ptr<const Game> game;
  Setup setup;
  nlohmann::json overrides = nlohmann::json::array();
  std::shared_ptr<const PreparedSetup> prepared;
};

struct PyState {
  std::shared_ptr<const Game> game;
  Setup setup;
  std::unique_ptr<State> state;
  std::unique_ptr<EventLog> log;
  std::vector<std::pair<Seat, Action>> history;

  PyState(std::shared_ptr<const Game> g, Setup s, std::unique_ptr<State> st,
          std::unique_ptr<EventLog> l)
      : game(std::move(g)), setup(std::move(s)), state(std::move(st)), log(std::move(l)) {
    state->attach_log(log.get());
  }
  PyState copy() const {
    PyState out(game, setup, state->clone(), std::make_unique<EventLog>(*log));
    out.history = history;
    return out;
  }
};

void bind_state(pyb::module_& m);
void bind_runners(pyb::module_& m);

}  // namespace tt::py
