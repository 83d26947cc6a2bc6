// Batched play for balance studies (play_games) and the vectorised runner
// for learning agents (VectorGame); both run with the GIL released.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "batch.h"
#include "convert.h"
#include "core/error.h"
#include "py_types.h"
#include "vector_runner.h"

namespace tt::py {

namespace {

template <typename T>
pyb::array_t<T> column(const std::vector<T>& v, pyb::ssize_t rows, pyb::ssize_t cols = 0) {
  pyb::array_t<T> out = cols ? pyb::array_t<T>({rows, cols}) : pyb::array_t<T>(rows);
  std::copy(v.begin(), v.end(), out.mutable_data());
  return out;
}

std::vector<std::string> agent_list(pyb::object agents, int seats, const char* fallback) {
  std::vector<std::string> out;
  if (agents.is_none()) return std::vector<std::string>(static_cast<std::size_t>(seats), fallback);
  for (const auto& a : agents)
    out.push_back(a.is_none() ? std::string() : pyb::str(a).cast<std::string>());
  return out;
}

pyb::dict play_games(const PyGame& g, std::uint64_t first_seed, long count, pyb::object agents,
                     bool swap, long max_decisions) {
  BatchConfig config;
  config.setup = g.setup;
  config.first_seed = first_seed;
  config.count = count;
  config.agents = agent_list(agents, g.setup.seats, "random");
  for (const auto& a : config.agents)
    if (a.empty()) throw Error("play_games: every seat needs an agent (None is not one)");
  config.swap = swap;
  config.max_decisions = max_decisions;
  BatchResult r;
  {
    pyb::gil_scoped_release release;
    r = play_batch(*g.game, config);
  }
  const auto rows = static_cast<pyb::ssize_t>(r.seed.size());
  const pyb::ssize_t seats = r.seats;
  const auto k = static_cast<pyb::ssize_t>(r.card.size());
  pyb::dict d;
  d["seed"] = column(r.seed, rows);
  d["slot"] = column(r.slot, rows, seats);
  pyb::array_t<bool> finished(rows);
  for (pyb::ssize_t i = 0; i < rows; ++i) finished.mutable_data()[i] = r.finished[i] != 0;
  d["finished"] = finished;
  d["result"] = column(r.result, rows, seats);
  d["place"] = column(r.place, rows, seats);
  d["decisions"] = column(r.decisions, rows);
  d["turns"] = column(r.turns, rows);
  d["first"] = column(r.first, rows);
  d["cards"] = r.cards;
  d["card_game"] = column(r.card_game, k);
  d["card_seat"] = column(r.card_seat, k);
  d["card"] = column(r.card, k);
  d["drawn"] = column(r.drawn, k);
  d["played"] = column(r.played, k);
  d["seconds"] = r.seconds;
  return d;
}

}  // namespace

void bind_runners(pyb::module_& m) {
  using pyb::arg;
  m.def(
      "_play_games",
      [](const PyGame& g, std::uint64_t first_seed, long count, pyb::object agents, bool swap,
         long max_decisions) {
        return play_games(g, first_seed, count, agents, swap, max_decisions);
      },
      arg("game"), arg("first_seed"), arg("count"), arg("agents") = pyb::none(), arg("swap") = true,
      arg("max_decisions") = 100000);

  pyb::class_<VectorRunner>(
      m, "VectorGame", "N games stepped together in C++ (observations and masks as NumPy arrays).")
      .def(pyb::init([](const PyGame& g, int envs, std::uint64_t seed, pyb::object agents,
                        int max_actions) {
             VectorConfig config;
             config.setup = g.setup;
             config.envs = envs;
             config.first_seed = seed;
             config.agents = agent_list(agents, g.setup.seats, "");
             config.max_actions = max_actions;
             pyb::gil_scoped_release release;
             return std::make_unique<VectorRunner>(g.game, std::move(config));
           }),
           arg("game"), arg("num_envs"), arg("seed") = 1, arg("agents") = pyb::none(),
           arg("max_actions") = 512)
      .def_property_readonly("num_envs", &VectorRunner::envs)
      .def_property_readonly("num_players", &VectorRunner::seats)
      .def_property_readonly("observation_size", &VectorRunner::observation_size)
      .def_property_readonly("max_actions", &VectorRunner::max_actions)
      .def_property_readonly("engine_seconds", &VectorRunner::engine_seconds,
                             "Seconds spent in the engine (GIL released) so far.")
      .def_property_readonly("games_finished", &VectorRunner::games_finished)
      .def("reset",
           [](VectorRunner& v) {
             pyb::gil_scoped_release release;
             v.reset();
           })
      .def("observations",
           [](const VectorRunner& v) {
             pyb::array_t<float> out({v.envs(), v.observation_size()});
             float* data = out.mutable_data();
             pyb::gil_scoped_release release;
             v.observations(data);
             return out;
           })
      .def("action_masks",
           [](const VectorRunner& v) {
             pyb::array_t<std::uint8_t> out({v.envs(), v.max_actions()});
             std::uint8_t* data = out.mutable_data();
             pyb::gil_scoped_release release;
             v.masks(data);
             return out;
           })
      .def("current_players",
           [](const VectorRunner& v) {
             pyb::array_t<std::int32_t> out(v.envs());
             v.players(out.mutable_data());
             return out;
           })
      .def("legal_counts",
           [](const VectorRunner& v) {
             pyb::array_t<std::int32_t> out(v.envs());
             v.legal_counts(out.mutable_data());
             return out;
           })
      .def(
          "step",
          [](VectorRunner& v,
             pyb::array_t<std::int64_t, pyb::array::c_style | pyb::array::forcecast> actions,
             bool observe) {
            if (actions.ndim() != 1 || actions.shape(0) != v.envs())
              throw Error("step: one action index per game (" + std::to_string(v.envs()) + ")");
            pyb::array_t<float> rewards({v.envs(), v.seats()});
            pyb::array_t<bool> dones(v.envs());
            pyb::array_t<float> obs = observe
                                          ? pyb::array_t<float>({v.envs(), v.observation_size()})
                                          : pyb::array_t<float>(0);
            pyb::array_t<std::uint8_t> masks({v.envs(), v.max_actions()});
            pyb::array_t<std::int32_t> players(v.envs());
            const std::int64_t* in = actions.data();
            float* r = rewards.mutable_data();
            auto* d = reinterpret_cast<std::uint8_t*>(dones.mutable_data());
            float* o = obs.mutable_data();
            std::uint8_t* mk = masks.mutable_data();
            std::int32_t* p = players.mutable_data();
            {
              pyb::gil_scoped_release release;
              v.step(in, r, d);
              if (observe) v.observations(o);
              v.masks(mk);
              v.players(p);
            }
            return pyb::make_tuple(obs, masks, players, rewards, dones);
          },
          arg("actions"), arg("observe") = true,
          "Each game's current seat takes the option at its index. Returns (observations, masks, "
          "players, rewards, dones) after the step; a game that ends is dealt again at once, so "
          "its "
          "row shows the new game. observe=False skips the observations (an empty array).");
}

}  // namespace tt::py
