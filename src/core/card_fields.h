// Reading one entry of a game's data file (a card, a monster, a die) field by
// field: every error names the entry and the field ("monster 'ember-whelp',
// field 'atk': expected an integer from 0 to 9990, found \"strong\""), and the
// loader's file name is put in front by the game (Pool::load_file), so each
// message names file, card and field. Nested fields are named by their path
// ("abilities[0].cost"). Header-only: included by the games' loaders.
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>

#include "core/error.h"

namespace tt {

class CardFields {
 public:
  using json = nlohmann::json;

  // `entry`: "card 'kael'"; `prefix`: the path of a nested object, "" at the top.
  explicit CardFields(std::string entry, std::string prefix = "")
      : entry_(std::move(entry)), prefix_(std::move(prefix)) {}
  // The fields of a nested object: "effects[2]" (its errors say
  // "field 'effects[2].stat'").
  CardFields in(const std::string& path) const {
    return CardFields(entry_, prefix_.empty() ? path : prefix_ + "." + path);
  }
  CardFields in(const char* list, std::size_t index) const {
    return in(std::string(list) + "[" + std::to_string(index) + "]");
  }

  const std::string& entry() const { return entry_; }
  std::string field(const std::string& name) const {
    return prefix_.empty() ? name : prefix_ + "." + name;
  }
  [[noreturn]] void fail(const std::string& name, const std::string& what) const {
    throw Error(entry_ + ", field '" + field(name) + "': " + what);
  }
  // The object itself is wrong (not an object at all).
  [[noreturn]] void fail_here(const std::string& what) const {
    throw Error(prefix_.empty() ? entry_ + ": " + what
                                : entry_ + ", field '" + prefix_ + "': " + what);
  }

  // The field's value; an error when it is missing (or null).
  const json& required(const json& o, const char* name) const {
    if (!o.is_object()) fail_here("expected an object, found " + o.dump());
    auto it = o.find(name);
    if (it == o.end() || it->is_null()) fail(name, "is required");
    return *it;
  }
  bool has(const json& o, const char* name) const {
    return o.is_object() && o.contains(name) && !o[name].is_null();
  }

  int integer(const json& v, const char* name, int lo, int hi) const {
    if (!v.is_number_integer())
      fail(name, "expected an integer from " + std::to_string(lo) + " to " + std::to_string(hi) +
                     ", found " + v.dump());
    const bool huge = v.is_number_unsigned() && v.get<std::uint64_t>() > INT64_MAX;
    const std::int64_t x = huge ? INT64_MAX : v.get<std::int64_t>();
    if (x < lo || x > hi)
      fail(name, v.dump() + " is out of range (" + std::to_string(lo) + " to " +
                     std::to_string(hi) + ")");
    return static_cast<int>(x);
  }
  int integer(const json& o, const char* name, int lo, int hi, int fallback) const {
    return has(o, name) ? integer(o[name], name, lo, hi) : fallback;
  }
  int required_integer(const json& o, const char* name, int lo, int hi) const {
    return integer(required(o, name), name, lo, hi);
  }

  std::string text(const json& v, const char* name) const {
    if (!v.is_string()) fail(name, "expected a string, found " + v.dump());
    return v.get<std::string>();
  }
  std::string text(const json& o, const char* name, const std::string& fallback) const {
    return has(o, name) ? text(o[name], name) : fallback;
  }
  std::string required_text(const json& o, const char* name) const {
    return text(required(o, name), name);
  }

  bool boolean(const json& o, const char* name, bool fallback) const {
    if (!has(o, name)) return fallback;
    if (!o[name].is_boolean()) fail(name, "expected true or false, found " + o[name].dump());
    return o[name].get<bool>();
  }

  // A list; empty when left out.
  const json& list(const json& o, const char* name) const {
    static const json empty = json::array();
    if (!has(o, name)) return empty;
    if (!o[name].is_array()) fail(name, "expected a list, found " + o[name].dump());
    return o[name];
  }

 private:
  std::string entry_, prefix_;
};

}  // namespace tt
