// Between the engine's JSON values and Python objects, and the set-up a
// Python call describes.
#pragma once
#include <pybind11/pybind11.h>

#include <nlohmann/json.hpp>

#include "core/game.h"

namespace tt::py {

namespace pyb = pybind11;

pyb::object to_python(const nlohmann::json& value);
// Dicts (string keys), lists, tuples, str, bool, int, float and None.
// Throws tt::Error naming the path of anything else.
nlohmann::json from_python(pyb::handle value, const std::string& path = "value");

// A Setup from the keywords of load_game / play_games: seats (0 or None for
// the variant's default), variant, decks (a list, one per seat: a starter
// deck's name, a dict, or None) and options (values written as strings:
// True/False become "true"/"false").
Setup make_setup(const Game& game, pyb::object seats, const std::string& variant, pyb::object decks,
                 pyb::object options);

}  // namespace tt::py
