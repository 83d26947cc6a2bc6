#include "protocol/fields.h"

#include <charconv>

#include "core/error.h"

namespace tt::protocol {

namespace {

std::string range_text(std::int64_t lo, std::int64_t hi) {
  return std::to_string(lo) + " to " + std::to_string(hi);
}

std::int64_t checked_int(const json& v, const char* key, std::int64_t lo, std::int64_t hi) {
  const std::string want =
      "'" + std::string(key) + "' must be an integer from " + range_text(lo, hi);
  if (!v.is_number_integer()) throw Error(want);
  if (v.is_number_unsigned()) {
    const auto u = v.get<std::uint64_t>();
    if (hi < 0 || u > static_cast<std::uint64_t>(hi) || static_cast<std::int64_t>(u) < lo)
      throw Error(want);
    return static_cast<std::int64_t>(u);
  }
  const auto i = v.get<std::int64_t>();
  if (i < lo || i > hi) throw Error(want);
  return i;
}

}  // namespace

const json* field(const json& obj, const char* key) {
  if (!obj.is_object()) return nullptr;
  auto it = obj.find(key);
  if (it == obj.end() || it->is_null()) return nullptr;
  return &*it;
}

std::int64_t int_field(const json& obj, const char* key, std::int64_t lo, std::int64_t hi) {
  const json* v = field(obj, key);
  if (!v) throw Error("missing field '" + std::string(key) + "'");
  return checked_int(*v, key, lo, hi);
}

std::int64_t int_field_or(const json& obj, const char* key, std::int64_t lo, std::int64_t hi,
                          std::int64_t fallback) {
  const json* v = field(obj, key);
  return v ? checked_int(*v, key, lo, hi) : fallback;
}

std::string string_field(const json& obj, const char* key) {
  const json* v = field(obj, key);
  if (!v) throw Error("missing field '" + std::string(key) + "'");
  if (!v->is_string()) throw Error("'" + std::string(key) + "' must be a string");
  return v->get<std::string>();
}

std::string string_field_or(const json& obj, const char* key, const std::string& fallback) {
  return field(obj, key) ? string_field(obj, key) : fallback;
}

const json& object_field(const json& obj, const char* key) {
  const json* v = field(obj, key);
  if (!v) throw Error("missing field '" + std::string(key) + "'");
  if (!v->is_object()) throw Error("'" + std::string(key) + "' must be an object");
  return *v;
}

Seat viewer_value(const json& value, const char* key, int num_seats) {
  if (value.is_string() && value.get<std::string>() == "referee") return kReferee;
  if (!value.is_number_integer())
    throw Error("'" + std::string(key) + "' must be a seat number or \"referee\"");
  return static_cast<Seat>(checked_int(value, key, 0, num_seats - 1));
}

Seat viewer_field_or(const json& obj, const char* key, int num_seats, Seat fallback) {
  const json* v = field(obj, key);
  return v ? viewer_value(*v, key, num_seats) : fallback;
}

std::uint64_t seed_value(const json& value) {
  if (value.is_number_unsigned()) return value.get<std::uint64_t>();
  if ((value.is_number() && value.get<double>() < 0) ||
      (value.is_string() && value.get<std::string>().starts_with('-')))
    throw Error("'seed' must not be negative (seeds are 0 to 2^64-1), got " +
                (value.is_string() ? value.get<std::string>() : value.dump()));
  if (value.is_string()) {
    const std::string s = value.get<std::string>();
    std::uint64_t seed = 0;
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), seed);
    if (!s.empty() && ec == std::errc() && ptr == s.data() + s.size()) return seed;
  }
  throw Error("'seed' must be a non-negative integer (below 2^64) or a string of its digits");
}

}  // namespace tt::protocol
