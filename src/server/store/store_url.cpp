#include "server/store/store_url.h"

#include <string_view>

#include "core/error.h"
#include "server/store/store.h"

namespace tt::server {
namespace {

bool starts_with(std::string_view s, std::string_view prefix) {
  return s.starts_with(prefix);
}

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.ends_with(suffix);
}

// Where the user part "user:password@" of scheme://user:password@host/... lies:
// [begin, at) with at the '@'; npos when there is none.
struct UserPart {
  std::size_t begin = std::string::npos;
  std::size_t colon = std::string::npos;
  std::size_t at = std::string::npos;
};

UserPart user_part(const std::string& url) {
  UserPart part;
  auto scheme = url.find("://");
  if (scheme == std::string::npos) return part;
  auto begin = scheme + 3;
  auto end = url.find_first_of("/?#", begin);
  if (end == std::string::npos) end = url.size();
  auto at = url.rfind('@', end);
  if (at == std::string::npos || at < begin) return part;
  part.begin = begin;
  part.at = at;
  auto colon = url.find(':', begin);
  if (colon != std::string::npos && colon < at) part.colon = colon;
  return part;
}

// Every "password=" parameter's value: [begin, end) pairs, found one at a time.
std::size_t password_param(const std::string& url, std::size_t from, std::size_t& end) {
  auto key = url.find("password=", from);
  if (key == std::string::npos) return key;
  auto begin = key + 9;
  end = url.find_first_of("& ", begin);
  if (end == std::string::npos) end = url.size();
  return begin;
}

}  // namespace

std::string without_password(const std::string& url) {
  std::string shown = url;
  auto part = user_part(shown);
  if (part.colon != std::string::npos)
    shown.replace(part.colon + 1, part.at - part.colon - 1, "***");
  std::size_t end = 0;
  for (auto begin = password_param(shown, 0, end); begin != std::string::npos;
       begin = password_param(shown, begin + 3, end)) {
    shown.replace(begin, end - begin, "***");
  }
  return shown;
}

std::string password_of(const std::string& url) {
  auto part = user_part(url);
  if (part.colon != std::string::npos) return url.substr(part.colon + 1, part.at - part.colon - 1);
  std::size_t end = 0;
  auto begin = password_param(url, 0, end);
  if (begin != std::string::npos) return url.substr(begin, end - begin);
  return "";
}

StoreUrl parse_store_url(const std::string& url) {
  const std::string given = url.empty() ? std::string(kDefaultStore) : url;
  StoreUrl parsed;
  parsed.shown = without_password(given);
  if (starts_with(given, "postgresql://") || starts_with(given, "postgres://")) {
    parsed.kind = StoreUrl::Kind::postgresql;
    parsed.target = given;
    return parsed;
  }
  if (starts_with(given, "sqlite:")) {
    parsed.target = given.substr(7);
    if (starts_with(parsed.target, "//")) parsed.target.erase(0, 2);  // sqlite:///abs/path
    if (parsed.target.empty()) throw Error("store URL '" + parsed.shown + "' names no file");
    return parsed;
  }
  if (given.find("://") == std::string::npos &&
      (ends_with(given, ".db") || ends_with(given, ".sqlite") || ends_with(given, ".sqlite3"))) {
    parsed.target = given;
    return parsed;
  }
  throw Error("unknown store URL '" + parsed.shown +
              "': use sqlite:PATH (or a path ending in .db) or postgresql://USER@HOST/DATABASE");
}

}  // namespace tt::server
