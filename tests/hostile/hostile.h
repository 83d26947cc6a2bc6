// A table of hostile saved states for one game: each case changes one field
// of a valid state (negative, huge, wrong type, wrong length, unknown id) and
// must be refused with an error that names that field; never a crash, never
// a half-loaded game.
#pragma once
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/game.h"
#include "core/registry.h"

namespace tt::hostile {

using nlohmann::json;

struct Case {
  std::string pointer;  // the field changed (a JSON pointer into the valid state)
  json value;           // its hostile value
  std::string names;    // what the error must say (the field's path, and why)
};

inline std::shared_ptr<const Game> game(const std::string& name) {
  register_builtin_games();
  return Registry::instance().get(name);
}

// The restore error, or "" when the state was accepted.
inline std::string restore_error(const Game& g, const json& state, const Setup& setup) {
  try {
    g.restore(state, setup);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

inline void expect_refused(const Game& g, const json& valid, const Setup& setup,
                           const std::vector<Case>& cases) {
  ASSERT_EQ(restore_error(g, valid, setup), "") << "the valid state must load";
  for (const Case& c : cases) {
    json bad = valid;
    bad[json::json_pointer(c.pointer)] = c.value;
    const std::string error = restore_error(g, bad, setup);
    EXPECT_NE(error.find(c.names), std::string::npos)
        << c.pointer << " = " << c.value.dump() << "\n  expected an error naming: " << c.names
        << "\n  got: " << (error.empty() ? "(accepted)" : error);
  }
}

// Lists of n copies of one value (too long for a zone).
inline json copies(const json& v, std::size_t n) {
  return json(std::vector<json>(n, v));
}

}  // namespace tt::hostile
