#include "convert.h"

#include "core/error.h"

namespace tt::py {

pyb::object to_python(const nlohmann::json& value) {
  switch (value.type()) {
    case nlohmann::json::value_t::object: {
      pyb::dict d;
      for (const auto& [key, item] : value.items()) d[pyb::str(key)] = to_python(item);
      return d;
    }
    case nlohmann::json::value_t::array: {
      pyb::list l;
      for (const auto& item : value) l.append(to_python(item));
      return l;
    }
    case nlohmann::json::value_t::string:
      return pyb::str(value.get_ref<const std::string&>());
    case nlohmann::json::value_t::boolean:
      return pyb::bool_(value.get<bool>());
    case nlohmann::json::value_t::number_integer:
      return pyb::int_(value.get<std::int64_t>());
    case nlohmann::json::value_t::number_unsigned:
      return pyb::int_(value.get<std::uint64_t>());
    case nlohmann::json::value_t::number_float:
      return pyb::float_(value.get<double>());
    default:
      return pyb::none();
  }
}

nlohmann::json from_python(pyb::handle value, const std::string& path) {
  if (value.is_none()) return nullptr;
  if (pyb::isinstance<pyb::bool_>(value)) return value.cast<bool>();
  if (pyb::isinstance<pyb::int_>(value)) {
    const auto big = value.cast<pyb::int_>();
    if (pyb::int_(0) <= big) return value.cast<std::uint64_t>();
    return value.cast<std::int64_t>();
  }
  if (pyb::isinstance<pyb::float_>(value)) return value.cast<double>();
  if (pyb::isinstance<pyb::str>(value)) return value.cast<std::string>();
  if (pyb::isinstance<pyb::dict>(value)) {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& [key, item] : value.cast<pyb::dict>()) {
      if (!pyb::isinstance<pyb::str>(key)) throw Error(path + ": a key that is not a string");
      const auto name = key.cast<std::string>();
      out[name] = from_python(item, path + "." + name);
    }
    return out;
  }
  if (pyb::isinstance<pyb::list>(value) || pyb::isinstance<pyb::tuple>(value)) {
    nlohmann::json out = nlohmann::json::array();
    std::size_t i = 0;
    for (const auto& item : value)
      out.push_back(from_python(item, path + "[" + std::to_string(i++) + "]"));
    return out;
  }
  throw Error(path + ": " + pyb::str(value.get_type()).cast<std::string>() +
              " has no JSON form (use dicts, lists, strings, numbers, booleans, None)");
}

Setup make_setup(const Game& game, pyb::object seats, const std::string& variant, pyb::object decks,
                 pyb::object options) {
  Setup setup;
  setup.variant = variant;
  const int n = seats.is_none() ? 0 : seats.cast<int>();
  setup.seats = n > 0 ? n : game.default_seats(variant);
  if (!decks.is_none()) {
    setup.decks = from_python(decks, "decks");
    if (!setup.decks.is_array()) throw Error("decks: a list with one deck per seat");
  }
  if (!options.is_none()) {
    for (const auto& [key, item] : options.cast<pyb::dict>()) {
      const auto name = pyb::str(key).cast<std::string>();
      if (pyb::isinstance<pyb::bool_>(item))
        setup.options[name] = item.cast<bool>() ? "true" : "false";
      else
        setup.options[name] = pyb::str(item).cast<std::string>();
    }
  }
  game.resolve_options(setup);  // throws naming an unknown option or a bad value
  return setup;
}

}  // namespace tt::py
