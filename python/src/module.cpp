// The Python module tabletop._tabletop: games, states, batched play and the
// vectorised runner over the engine's core API (docs/python.md).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <map>
#include <mutex>

#include "convert.h"
#include "core/error.h"
#include "core/registry.h"
#include "games/load_game.h"
#include "py_types.h"

namespace tt::py {

namespace {

// A game with card data overrides is built once per process and kept.
std::shared_ptr<const Game> find_game(const std::string& name, const nlohmann::json& overrides) {
  if (overrides.is_null() || (overrides.is_array() && overrides.empty()))
    return Registry::instance().get(name);
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const Game>> cache;
  const std::string key = name + "\n" + overrides.dump();
  std::lock_guard lock(mutex);
  auto& slot = cache[key];
  if (!slot) slot = load_game(name, data_dir(), overrides);
  return slot;
}

PyGame make_game(const std::string& name, pyb::object seats, const std::string& variant,
                 pyb::object decks, pyb::object overrides, pyb::kwargs options) {
  PyGame g;
  g.overrides = overrides.is_none() ? nlohmann::json::array() : from_python(overrides, "overrides");
  g.game = find_game(name, g.overrides);
  g.setup = make_setup(*g.game, seats, variant, decks, options);
  g.prepared = g.game->prepare(g.setup);
  return g;
}

PyState new_state(const PyGame& g, std::uint64_t seed) {
  auto log = std::make_unique<EventLog>();
  auto state = g.prepared->deal(seed, log.get());
  Setup setup = g.setup;
  setup.seed = seed;
  return PyState(g.game, setup, std::move(state), std::move(log));
}

PyState load_state(const PyGame& g, pyb::object saved) {
  const nlohmann::json j = pyb::isinstance<pyb::str>(saved)
                               ? nlohmann::json::parse(saved.cast<std::string>(), nullptr, false)
                               : from_python(saved, "state");
  if (j.is_discarded()) throw Error("the saved state is not JSON");
  auto state = g.game->restore(j, g.setup);
  check_can_go_on(*state);
  return PyState(g.game, g.setup, std::move(state), std::make_unique<EventLog>());
}

pyb::dict describe_game(const Game& game) {
  pyb::dict d;
  d["name"] = game.name();
  d["title"] = game.title();
  d["summary"] = game.summary();
  d["min_seats"] = game.min_seats();
  d["max_seats"] = game.max_seats();
  pyb::list variants;
  for (const Variant& v : game.variants()) {
    pyb::dict vd;
    vd["name"] = v.name;
    vd["description"] = v.description;
    vd["settings"] = v.settings;
    variants.append(vd);
  }
  d["variants"] = variants;
  pyb::list options;
  for (const OptionSpec& o : game.option_specs()) {
    pyb::dict od;
    od["key"] = o.key;
    od["default"] = o.default_value;
    od["description"] = o.description;
    od["allowed"] = o.allowed;
    if (o.numeric()) {
      od["min"] = o.min;
      od["max"] = o.max;
    }
    options.append(od);
  }
  d["options"] = options;
  d["starter_decks"] = game.starter_decks();
  return d;
}

}  // namespace

}  // namespace tt::py

PYBIND11_MODULE(_tabletop, m) {
  using namespace tt;
  using namespace tt::py;
  using pyb::arg;
  m.doc() = "tabletop: rules engine for turn-based card and dice games (docs/python.md)";

  static pyb::exception<Error> engine_error(m, "EngineError", PyExc_ValueError);
  pyb::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const Error& e) {
      engine_error(e.what());
    } catch (const nlohmann::json::exception& e) {
      engine_error(e.what());
    }
  });

  m.attr("SIMULTANEOUS") = kSimultaneousPlayer;
  m.attr("TERMINAL") = kTerminalPlayer;
  m.attr("REFEREE") = kPyReferee;

  register_builtin_games();

  m.def(
      "games",
      [] {
        std::vector<std::string> names;
        for (const auto& g : Registry::instance().games()) names.push_back(g->name());
        return names;
      },
      "The names of the games this engine plays.");
  m.def(
      "game_info",
      [](const std::string& name) { return describe_game(*Registry::instance().get(name)); },
      arg("name"), "A game's title, seat counts, variants, options and starter decks.");
  m.def(
      "data_dir", [] { return data_dir(); }, "The card data folder the games were loaded from.");

  pyb::class_<PyGame>(m, "Game", "A game with its set-up made ready (tabletop.load_game).")
      .def_property_readonly("name", [](const PyGame& g) { return g.game->name(); })
      .def("num_players", [](const PyGame& g) { return g.setup.seats; })
      .def("info", [](const PyGame& g) { return describe_game(*g.game); })
      .def("setup",
           [](const PyGame& g) {
             pyb::dict d;
             d["seats"] = g.setup.seats;
             d["variant"] = g.setup.variant;
             d["options"] = g.setup.options;
             d["decks"] = to_python(g.setup.decks);
             d["overrides"] = to_python(g.overrides);
             return d;
           })
      .def("new_initial_state", &new_state, arg("seed") = 1,
           "A new game at its first decision, dealt from the seed.")
      .def("load_state", &load_state, arg("saved"),
           "A state from State.save() (a dict) or serialize() (a str).")
      .def("deserialize_state", &load_state, arg("text"))
      .def("observation_tensor_shape", [](const PyGame& g) {
        return pyb::tuple(pyb::cast(g.prepared->deal(1)->observation_shape()));
      });

  m.def("load_game", &make_game, arg("name"), pyb::kw_only(), arg("seats") = pyb::none(),
        arg("variant") = "", arg("decks") = pyb::none(), arg("overrides") = pyb::none(),
        "A game by name: seats, variant, decks (one per seat), card data overrides, and the game's "
        "options as keywords. Raises EngineError naming what is wrong.");

  bind_state(m);
  bind_runners(m);
}
