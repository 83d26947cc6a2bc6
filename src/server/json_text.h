// Writing JSON text straight into a string, without building a tree first:
// the pieces of an update (docs/server.md "update (pushed)") are appended to
// one buffer. Output is what nlohmann's dump(-1, ' ', false, replace) writes,
// so a text written here equals the dump of the same value as a tree.
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace tt::server::json_text {

// `s` as a JSON string, quotes included (invalid UTF-8 replaced, as dump does).
void string(std::string& out, std::string_view s);
void integer(std::string& out, std::int64_t n);
void unsigned_integer(std::string& out, std::uint64_t n);
inline void boolean(std::string& out, bool b) {
  out += b ? "true" : "false";
}
// `j` dumped at the end of `out`.
void value(std::string& out, const nlohmann::json& j);
// The same for a value that is no object or array, without setting up a
// serializer (whose set-up allocates) for the common kinds.
void scalar(std::string& out, const nlohmann::json& j);
// `"key":` for a key that needs no escaping (a literal of ours).
inline void key(std::string& out, std::string_view k) {
  out += '"';
  out += k;
  out += "\":";
}

}  // namespace tt::server::json_text
