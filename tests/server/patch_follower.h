// What a client taking patches does with the updates of one table
// (docs/server.md "update (pushed)"): a whole view starts it, each patch is
// applied to the view it has if its `base` is that view's version, and
// anything else (a patch against a view it never got, or one that does not
// apply) is a gap: it must ask for a whole view again (resume or watch).
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

namespace tt::server::testing {

// Every string and object key in `j`.
inline void words_in(const nlohmann::json& j, std::set<std::string>& out) {
  if (j.is_string()) out.insert(j.get<std::string>());
  if (j.is_object())
    for (auto& [key, value] : j.items()) {
      out.insert(key);
      words_in(value, out);
    }
  if (j.is_array())
    for (auto& v : j) words_in(v, out);
}

// What `patch` names (its values' strings and keys, its paths' steps but
// array indices) that neither the view it applies to nor the view it makes
// holds: a patch carrying anything but what those two whole views showed.
inline std::vector<std::string> named_outside(const nlohmann::json& patch,
                                              const nlohmann::json& before,
                                              const nlohmann::json& after) {
  std::set<std::string> seen, named;
  words_in(before, seen);
  words_in(after, seen);
  for (auto& op : patch) {
    if (op.contains("value")) words_in(op["value"], named);
    for (const char* key : {"path", "from"}) {
      if (!op.contains(key)) continue;
      const std::string path = op[key];
      for (std::size_t at = 1; at <= path.size();) {
        std::size_t end = path.find('/', at);
        if (end == std::string::npos) end = path.size();
        std::string step = path.substr(at, end - at);
        for (auto [from, to] : {std::pair{"~1", "/"}, std::pair{"~0", "~"}})
          for (auto i = step.find(from); i != std::string::npos; i = step.find(from, i + 1))
            step.replace(i, 2, to);
        if (step != "-" && step.find_first_not_of("0123456789") != std::string::npos)
          named.insert(step);
        at = end + 1;
      }
    }
  }
  std::vector<std::string> out;
  for (auto& w : named)
    if (!seen.contains(w)) out.push_back(w);
  return out;
}

struct PatchFollower {
  nlohmann::json view;
  std::uint64_t version = 0;  // 0: no view yet
  std::size_t patches = 0;    // applied so far

  // Takes one update; false on a gap (the view is then dropped).
  bool take(const nlohmann::json& update) {
    if (!update.contains("version")) return gap();
    if (update.contains("view")) {
      view = update["view"];
    } else {
      if (version == 0 || update.value("base", std::uint64_t{0}) != version) return gap();
      try {
        view = view.patch(update.at("patch"));
      } catch (const nlohmann::json::exception&) {
        return gap();
      }
      ++patches;
    }
    version = update["version"].get<std::uint64_t>();
    return true;
  }
  // The update as a client not taking patches would have had it.
  nlohmann::json whole(const nlohmann::json& update) const {
    nlohmann::json j = update;
    for (const char* key : {"patch", "base", "version"}) j.erase(key);
    j["view"] = view;
    return j;
  }

 private:
  bool gap() {
    view = nullptr;
    version = 0;
    return false;
  }
};

}  // namespace tt::server::testing
