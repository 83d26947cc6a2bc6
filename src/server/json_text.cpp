#include "server/json_text.h"

#include <charconv>

namespace tt::server::json_text {

using nlohmann::json;

void string(std::string& out, std::string_view s) {
  // Printable ASCII but '"' and '\' is written as it is; anything else is
  // left to nlohmann's escaping (control characters, UTF-8, invalid bytes).
  for (unsigned char c : s)
    if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\') {
      value(out, json(std::string(s)));
      return;
    }
  out += '"';
  out += s;
  out += '"';
}

void integer(std::string& out, std::int64_t n) {
  char digits[24];
  const auto end = std::to_chars(digits, digits + sizeof digits, n).ptr;
  out.append(digits, end);
}

void unsigned_integer(std::string& out, std::uint64_t n) {
  char digits[24];
  const auto end = std::to_chars(digits, digits + sizeof digits, n).ptr;
  out.append(digits, end);
}

void scalar(std::string& out, const json& j) {
  switch (j.type()) {
    case json::value_t::null:
      out += "null";
      return;
    case json::value_t::boolean:
      boolean(out, j.get<bool>());
      return;
    case json::value_t::number_integer:
      integer(out, j.get<std::int64_t>());
      return;
    case json::value_t::number_unsigned:
      unsigned_integer(out, j.get<std::uint64_t>());
      return;
    case json::value_t::string:
      string(out, j.get_ref<const std::string&>());
      return;
    default:
      value(out, j);  // floating point, binary: as nlohmann writes them
  }
}

void value(std::string& out, const json& j) {
  nlohmann::detail::serializer<json> writer(nlohmann::detail::output_adapter<char>(out), ' ',
                                            json::error_handler_t::replace);
  writer.dump(j, false, false, 0);
}

}  // namespace tt::server::json_text
