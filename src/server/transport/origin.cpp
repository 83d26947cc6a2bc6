#include "server/transport/origin.h"

#include <algorithm>
#include <cctype>

#include "core/error.h"

namespace tt::server {

namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// An authority (host[:port]) as URLs write it: no user info, path, query or
// white space.
bool plain_authority(std::string_view a) {
  return !a.empty() && std::none_of(a.begin(), a.end(), [](char c) {
    return c == '/' || c == '@' || c == '?' || c == '#' || c == '\\' ||
           std::isspace(static_cast<unsigned char>(c)) || static_cast<unsigned char>(c) < 0x20;
  });
}

}  // namespace

std::string normal_origin(std::string_view text) {
  const std::string origin = lower(text);
  const auto sep = origin.find("://");
  const std::string_view scheme = std::string_view(origin).substr(0, sep);
  if (sep == std::string::npos || scheme.empty() ||
      !std::all_of(scheme.begin(), scheme.end(),
                   [](char c) {
                     return std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '-' ||
                            c == '.';
                   }) ||
      !plain_authority(std::string_view(origin).substr(sep + 3)))
    throw Error("'" + std::string(text) +
                "' is not an origin (scheme://host[:port], e.g. https://games.example.org)");
  return origin;
}

bool origin_allowed(std::string_view origin, std::string_view host,
                    const std::vector<std::string>& allowed) {
  if (origin.empty()) return true;  // not a browser (see origin.h)
  std::string normal;
  try {
    normal = normal_origin(origin);
  } catch (const Error&) {
    return false;  // "null" (a sandboxed page or a file) and anything malformed
  }
  const std::string_view authority = std::string_view(normal).substr(normal.find("://") + 3);
  if (!host.empty() && authority == lower(host)) return true;
  return std::find(allowed.begin(), allowed.end(), normal) != allowed.end();
}

}  // namespace tt::server
