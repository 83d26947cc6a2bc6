// Typed access to a request's fields. Every accessor checks the type and the
// range and throws tt::Error naming the field, so a bad request never reaches
// the match (and no number is silently truncated).
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "core/types.h"

namespace tt::protocol {

using nlohmann::json;

// The field's value, or nullptr when it is absent or null.
const json* field(const json& obj, const char* key);

// A required integer in [lo, hi].
std::int64_t int_field(const json& obj, const char* key, std::int64_t lo, std::int64_t hi);
// An optional integer in [lo, hi]; `fallback` when absent.
std::int64_t int_field_or(const json& obj, const char* key, std::int64_t lo, std::int64_t hi,
                          std::int64_t fallback);

std::string string_field(const json& obj, const char* key);
std::string string_field_or(const json& obj, const char* key, const std::string& fallback);

// A required object.
const json& object_field(const json& obj, const char* key);

// A viewer: a seat number in [0, num_seats) or the string "referee".
Seat viewer_value(const json& value, const char* key, int num_seats);
Seat viewer_field_or(const json& obj, const char* key, int num_seats, Seat fallback);

// A seed: a non-negative integer, or a string of decimal digits (for seeds
// beyond what some JSON libraries carry exactly).
std::uint64_t seed_value(const json& value);

}  // namespace tt::protocol
