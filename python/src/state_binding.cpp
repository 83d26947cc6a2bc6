// tabletop.State: the OpenSpiel-shaped view of one game in progress.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <numeric>

#include "convert.h"
#include "core/error.h"
#include "core/game_summary.h"
#include "py_types.h"

namespace tt::py {

namespace {

// A seat as Python names it: 0..n-1, or REFEREE where everything may be seen.
Seat seat_arg(const PyState& s, int seat, bool referee_allowed) {
  if (referee_allowed && seat == kPyReferee) return kReferee;
  if (seat < 0 || seat >= s.state->num_seats())
    throw Error("seat " + std::to_string(seat) + " is not a seat of this " +
                std::to_string(s.state->num_seats()) + "-seat game");
  return seat;
}

int current_player(const PyState& s) {
  if (s.state->is_terminal()) return kTerminalPlayer;
  const SeatMask pending = s.state->pending_seats();
  if (pending & (pending - 1)) return kSimultaneousPlayer;
  return s.state->to_act();
}

// The seat a call without one means: the only pending seat.
Seat acting_seat(const PyState& s, pyb::object seat) {
  if (!seat.is_none()) return seat_arg(s, seat.cast<int>(), false);
  const int player = current_player(s);
  if (player == kTerminalPlayer) throw Error("the game is over: no seat is to act");
  if (player == kSimultaneousPlayer)
    throw Error("several seats choose at once here: name the seat (or use apply_actions)");
  return player;
}

std::vector<std::int64_t> legal_actions(const PyState& s, pyb::object seat) {
  if (seat.is_none() && s.state->is_terminal()) return {};
  const Seat who = acting_seat(s, seat);
  ActionList list;
  s.state->legal_actions(who, list);
  std::vector<std::int64_t> out;
  out.reserve(list.size());
  for (Action a : list) out.push_back(pack(a));
  return out;
}

void apply(PyState& s, Seat seat, std::int64_t id) {
  const Action action = unpack(id);
  if (id < 0 || pack(action) != id)
    throw Error("action " + std::to_string(id) + " is not an action id");
  const std::string error = s.state->try_apply(seat, action);
  if (!error.empty()) throw Error(error);
  s.history.emplace_back(seat, action);
}

std::vector<double> returns(const PyState& s) {
  std::vector<double> out(static_cast<std::size_t>(s.state->num_seats()), 0.0);
  if (!s.state->is_terminal()) return out;
  const Outcomes outcomes = s.state->outcomes();
  for (std::size_t i = 0; i < out.size() && i < outcomes.size(); ++i)
    out[i] = outcomes[i].result == Result::kWin    ? 1.0
             : outcomes[i].result == Result::kLoss ? -1.0
                                                   : 0.0;
  return out;
}

std::string information_state_string(const PyState& s, int seat) {
  return s.state->information_state_text(seat_arg(s, seat, false));
}

pyb::array_t<float> observation_tensor(const PyState& s, int seat) {
  const Seat who = seat_arg(s, seat, false);
  const auto shape = s.state->observation_shape();
  std::vector<pyb::ssize_t> dims(shape.begin(), shape.end());
  pyb::array_t<float> out(dims);
  s.state->observation(who, out.mutable_data());
  return out;
}

// [{"result": "win", "place": 1}, ...]
pyb::list outcome_list(const Outcomes& outcomes) {
  pyb::list out;
  for (const Outcome& o : outcomes) {
    pyb::dict d;
    d["result"] = std::string(result_name(o.result));
    d["place"] = o.place;
    out.append(d);
  }
  return out;
}

pyb::dict summary(const PyState& s) {
  const GameSummary sum = summarize_game(*s.state, *s.log, static_cast<long>(s.history.size()));
  pyb::dict d;
  d["finished"] = sum.finished;
  d["outcomes"] = outcome_list(sum.outcomes);
  d["decisions"] = sum.decisions;
  d["turns"] = sum.turns;
  d["first"] = sum.first;
  pyb::list cards;
  for (const SeatCards& c : sum.cards) {
    pyb::dict cd, drawn, played;
    for (const auto& [id, n] : c.drawn) drawn[pyb::str(id)] = n;
    for (const auto& [id, n] : c.played) played[pyb::str(id)] = n;
    cd["drawn"] = drawn;
    cd["played"] = played;
    cards.append(cd);
  }
  d["cards"] = cards;
  return d;
}

}  // namespace

void bind_state(pyb::module_& m) {
  using pyb::arg;
  pyb::class_<PyState>(m, "State", "One game in progress (OpenSpiel-shaped; see docs/python.md).")
      .def("num_players", [](const PyState& s) { return s.state->num_seats(); })
      .def("current_player", &current_player,
           "The seat to act; SIMULTANEOUS when several choose at once, TERMINAL when the game is "
           "over.")
      .def("pending_seats",
           [](const PyState& s) {
             std::vector<int> out;
             if (s.state->is_terminal()) return out;
             for (int i = 0; i < s.state->num_seats(); ++i)
               if (has_seat(s.state->pending_seats(), i)) out.push_back(i);
             return out;
           })
      .def("is_terminal", [](const PyState& s) { return s.state->is_terminal(); })
      .def("is_simultaneous_node",
           [](const PyState& s) { return current_player(s) == kSimultaneousPlayer; })
      .def(
          "is_chance_node", [](const PyState&) { return false; },
          "Always False: chance (shuffles, dice) is resolved inside the engine from the seed.")
      .def("in_game",
           [](const PyState& s, int seat) { return s.state->in_game(seat_arg(s, seat, false)); })
      .def("legal_actions", &legal_actions, arg("seat") = pyb::none(),
           "The seat's legal options as action ids (the only pending seat by default).")
      .def(
          "action_to_string",
          [](const PyState& s, std::int64_t id, pyb::object seat) {
            return s.state->action_id(acting_seat(s, seat), unpack(id));
          },
          arg("action"), arg("seat") = pyb::none(),
          "The option's stable id, e.g. 'dispatch:c17:m2'.")
      .def(
          "action_label",
          [](const PyState& s, std::int64_t id, pyb::object seat) {
            return s.state->action_label(acting_seat(s, seat), unpack(id));
          },
          arg("action"), arg("seat") = pyb::none())
      .def(
          "string_to_action",
          [](const PyState& s, const std::string& text, pyb::object seat) {
            const Seat who = acting_seat(s, seat);
            ActionList list;
            s.state->legal_actions(who, list);
            for (Action a : list)
              if (s.state->action_id(who, a) == text) return pack(a);
            throw Error("'" + text + "' is not among seat " + std::to_string(who) + "'s options");
          },
          arg("text"), arg("seat") = pyb::none())
      .def(
          "is_undo",
          [](const PyState& s, std::int64_t id, pyb::object seat) {
            return s.state->is_undo(acting_seat(s, seat), unpack(id));
          },
          arg("action"), arg("seat") = pyb::none())
      .def(
          "apply_action",
          [](PyState& s, std::int64_t id, pyb::object seat) { apply(s, acting_seat(s, seat), id); },
          arg("action"), arg("seat") = pyb::none(),
          "Applies a legal option; an illegal one raises EngineError and changes nothing.")
      .def(
          "apply_actions",
          [](PyState& s, const std::vector<std::optional<std::int64_t>>& actions) {
            if (static_cast<int>(actions.size()) != s.state->num_seats())
              throw Error("apply_actions: one action (or None) per seat");
            if (s.state->is_terminal()) throw Error("the game is over");
            const SeatMask pending = s.state->pending_seats();
            // Check every seat's choice on a copy first: all or nothing.
            PyState trial = s.copy();
            for (int seat = 0; seat < s.state->num_seats(); ++seat) {
              if (has_seat(pending, seat) != actions[seat].has_value())
                throw Error("apply_actions: seat " + std::to_string(seat) +
                            (has_seat(pending, seat) ? " is pending and needs an action"
                                                     : " is not pending and takes None"));
              if (actions[seat]) apply(trial, seat, *actions[seat]);
            }
            s = std::move(trial);
          },
          arg("actions"),
          "At a simultaneous node: one action per seat (None for seats not choosing).")
      .def("concede",
           [](PyState& s, int seat) {
             const std::string error = s.state->concede(seat_arg(s, seat, false));
             if (!error.empty()) throw Error(error);
           })
      .def("returns", &returns, "+1 win, -1 loss, 0 draw per seat once the game is over; 0 before.")
      .def("rewards", &returns)
      .def("outcomes",
           [](const PyState& s) {
             return s.state->is_terminal() ? outcome_list(s.state->outcomes()) : pyb::list();
           })
      .def(
          "history",
          [](const PyState& s) {
            std::vector<std::pair<int, std::int64_t>> out;
            for (const auto& [seat, a] : s.history) out.emplace_back(seat, pack(a));
            return out;
          },
          "(seat, action id) of every decision taken through this object.")
      .def("observation_shape",
           [](const PyState& s) {
             const auto shape = s.state->observation_shape();
             return pyb::tuple(pyb::cast(shape));
           })
      .def("observation_tensor", &observation_tensor, arg("seat"))
      .def("information_state_string", &information_state_string, arg("seat"),
           "Everything the seat knows: its view and its options (equal for states it cannot tell "
           "apart).")
      .def(
          "information_state_key",
          [](const PyState& s, int seat) {
            return s.state->information_state_key(seat_arg(s, seat, false));
          },
          arg("seat"))
      .def(
          "view",
          [](const PyState& s, int seat) {
            nlohmann::json out;
            s.state->view(seat_arg(s, seat, true), out);
            return to_python(out);
          },
          arg("seat"), "What the seat may see, as a dict (REFEREE: everything).")
      .def("prompt",
           [](const PyState& s, int seat) { return s.state->prompt(seat_arg(s, seat, false)); })
      .def("heuristic",
           [](const PyState& s, int seat) { return s.state->heuristic(seat_arg(s, seat, false)); })
      .def(
          "render",
          [](const PyState& s, int seat) { return s.state->render(seat_arg(s, seat, true)); },
          arg("seat") = kPyReferee)
      .def("__str__", [](const PyState& s) { return s.state->render(kReferee); })
      .def(
          "log",
          [](const PyState& s, int seat) {
            const Seat who = seat_arg(s, seat, true);
            std::vector<std::string> lines;
            for (const Event& e : *s.log) {
              auto line = s.state->describe(e, who);
              if (!line.empty()) lines.push_back(std::move(line));
            }
            return lines;
          },
          arg("seat"), "The game's log lines as the seat may read them.")
      .def(
          "summary", &summary,
          "How the game ended, its length, the first seat, and the cards each seat drew and played "
          "(the referee's summary: meant for finished games).")
      .def("clone", [](const PyState& s) { return s.copy(); })
      .def("__copy__", [](const PyState& s) { return s.copy(); })
      .def("__deepcopy__", [](const PyState& s, pyb::object) { return s.copy(); })
      .def(
          "determinize",
          [](const PyState& s, int seat, std::uint64_t seed) {
            PyState out = s.copy();
            Rng rng(seed);
            out.state->determinize(seat_arg(s, seat, false), rng);
            return out;
          },
          arg("seat"), arg("seed"),
          "A copy with everything the seat cannot see dealt anew (OpenSpiel's "
          "resample_from_infostate).")
      .def(
          "save",
          [](const PyState& s) {
            nlohmann::json out;
            s.state->save(out);
            return to_python(out);
          },
          "Everything, restorable by Game.load_state (the referee's: hidden cards included).")
      .def("serialize",
           [](const PyState& s) {
             nlohmann::json out;
             s.state->save(out);
             return out.dump();
           })
      .def("fingerprint", [](const PyState& s) { return s.state->fingerprint(); });
}

}  // namespace tt::py
