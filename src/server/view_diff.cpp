#include "server/view_diff.h"

#include <string>

namespace tt::server {

using nlohmann::json;

namespace {

// "/" and the key, escaped as a JSON Pointer step (RFC 6901).
void add_step(std::string& path, const std::string& key) {
  path += '/';
  for (char c : key) {
    if (c == '~')
      path += "~0";
    else if (c == '/')
      path += "~1";
    else
      path += c;
  }
}

void op(json& out, const char* name, const std::string& path, const json* value) {
  json o = json::object();
  o["op"] = name;
  o["path"] = path;
  if (value) o["value"] = *value;
  out.push_back(std::move(o));
}

// Appends to `out` what turns `a` into `b`, both at `path` (restored on return).
void diff(const json& a, const json& b, std::string& path, json& out) {
  if (a.type() != b.type()) {
    if (a != b) op(out, "replace", path, &b);  // 3 and 3u are one number
    return;
  }
  const std::size_t at = path.size();
  if (a.is_object()) {
    // Both sorted by key: one merge walk.
    const auto& x = a.get_ref<const json::object_t&>();
    const auto& y = b.get_ref<const json::object_t&>();
    auto i = x.begin();
    auto j = y.begin();
    while (i != x.end() || j != y.end()) {
      if (j == y.end() || (i != x.end() && i->first < j->first)) {
        add_step(path, i->first);
        op(out, "remove", path, nullptr);
        ++i;
      } else if (i == x.end() || j->first < i->first) {
        add_step(path, j->first);
        op(out, "add", path, &j->second);
        ++j;
      } else {
        add_step(path, i->first);
        diff(i->second, j->second, path, out);
        ++i;
        ++j;
      }
      path.resize(at);
    }
  } else if (a.is_array()) {
    const std::size_t n = a.size(), m = b.size();
    for (std::size_t k = 0; k < n && k < m; ++k) {
      path += '/';
      path += std::to_string(k);
      diff(a[k], b[k], path, out);
      path.resize(at);
    }
    for (std::size_t k = n; k > m; --k) {  // from the end, so each index still holds
      path += '/';
      path += std::to_string(k - 1);
      op(out, "remove", path, nullptr);
      path.resize(at);
    }
    for (std::size_t k = n; k < m; ++k) {
      path += '/';
      path += std::to_string(k);
      op(out, "add", path, &b[k]);
      path.resize(at);
    }
  } else if (a != b) {
    op(out, "replace", path, &b);
  }
}

}  // namespace

json view_diff(const json& from, const json& to) {
  json out = json::array();
  std::string path;
  diff(from, to, path, out);
  return out;
}

}  // namespace tt::server
