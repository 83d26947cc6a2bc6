// Reading a saved state, record or scenario position field by field. Every
// value is type- and range-checked, and every error names the field by its
// path ("state.players[1].hand[3]: unknown card 'x'"), so a hostile or
// mistyped file is refused with a message that says where, and nothing
// half-read is kept. Header-only: included by the games' loaders.
#pragma once
#include <array>
#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>

#include "core/error.h"
#include "core/rng.h"

namespace tt::load {

using nlohmann::json;

// "state.players" + "hand" = "state.players.hand"; + 3 = "state.players[3]".
inline std::string at(const std::string& path, const char* key) {
  return path + "." + key;
}
inline std::string at(const std::string& path, std::size_t i) {
  return path + "[" + std::to_string(i) + "]";
}

[[noreturn]] inline void fail(const std::string& path, const std::string& what) {
  throw Error(path + ": " + what);
}

// The value of `key` in `o`, or nullptr when `o` is no object, the key is
// absent or its value is null (a field left out takes its default).
inline const json* find(const json& o, const char* key) {
  if (!o.is_object()) return nullptr;
  auto it = o.find(key);
  return it == o.end() || it->is_null() ? nullptr : &*it;
}

// An integer in [lo, hi].
inline std::int64_t integer(const json& v, const std::string& path, std::int64_t lo,
                            std::int64_t hi) {
  if (!v.is_number_integer())
    fail(path, "expected an integer from " + std::to_string(lo) + " to " + std::to_string(hi) +
                   ", found " + v.dump());
  // A huge unsigned number is out of range too, never wrapped.
  if (v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX))
    fail(path,
         v.dump() + " is out of range (" + std::to_string(lo) + " to " + std::to_string(hi) + ")");
  const std::int64_t x = v.get<std::int64_t>();
  if (x < lo || x > hi)
    fail(path, std::to_string(x) + " is out of range (" + std::to_string(lo) + " to " +
                   std::to_string(hi) + ")");
  return x;
}
inline int integer(const json& o, const char* key, const std::string& path, int lo, int hi,
                   int fallback) {
  const json* v = find(o, key);
  return v ? static_cast<int>(integer(*v, at(path, key), lo, hi)) : fallback;
}

inline bool boolean(const json& o, const char* key, const std::string& path, bool fallback) {
  const json* v = find(o, key);
  if (!v) return fallback;
  if (!v->is_boolean()) fail(at(path, key), "expected true or false, found " + v->dump());
  return v->get<bool>();
}

inline std::string text(const json& v, const std::string& path) {
  if (!v.is_string()) fail(path, "expected a string, found " + v.dump());
  return v.get<std::string>();
}
inline std::string text(const json& o, const char* key, const std::string& path,
                        const std::string& fallback) {
  const json* v = find(o, key);
  return v ? text(*v, at(path, key)) : fallback;
}

// The index of `v` among `names` (an enumeration written by name).
inline int one_of(const json& v, const std::string& path,
                  std::initializer_list<const char*> names) {
  std::string allowed;
  int i = 0;
  for (const char* n : names) {
    if (v.is_string() && v.get<std::string>() == n) return i;
    allowed += (allowed.empty() ? "" : ", ") + std::string(n);
    ++i;
  }
  fail(path, "expected one of " + allowed + ", found " + v.dump());
}
inline int one_of(const json& o, const char* key, const std::string& path,
                  std::initializer_list<const char*> names, int fallback) {
  const json* v = find(o, key);
  return v ? one_of(*v, at(path, key), names) : fallback;
}

// A list of at most `max` entries; an empty list when left out.
inline const json& list(const json& o, const char* key, const std::string& path, std::size_t max) {
  static const json empty = json::array();
  const json* v = find(o, key);
  if (!v) return empty;
  if (!v->is_array()) fail(at(path, key), "expected a list, found " + v->dump());
  if (v->size() > max)
    fail(at(path, key), std::to_string(v->size()) + " entries, at most " + std::to_string(max));
  return *v;
}

// An object; an empty object when left out.
inline const json& object(const json& o, const char* key, const std::string& path) {
  static const json empty = json::object();
  const json* v = find(o, key);
  if (!v) return empty;
  if (!v->is_object()) fail(at(path, key), "expected an object, found " + v->dump());
  return *v;
}

// A state block's generator (core/rng.h: four words, or seed or words with
// forced results); an all-zero generator is refused.
inline Rng rng(const json& v, const std::string& path) {
  try {
    return rng_from_json(v);
  } catch (const Error& e) {
    std::string what = e.what();
    if (what.rfind("rng: ", 0) == 0) what.erase(0, 5);
    fail(path, what);
  }
}

}  // namespace tt::load
