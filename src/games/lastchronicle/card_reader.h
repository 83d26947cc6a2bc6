// Reading the cards of the Last Chronicle pool (cards.json): one card, its
// abilities and its steps, each error naming the card and field. Internal to
// the pool loader (pool.cpp); the format is data/schema/
// lastchronicle-cards.schema.json, checked before these run.
#pragma once
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "core/error.h"
#include "games/lastchronicle/cards.h"

namespace tt::lastchronicle::detail {

using nlohmann::json;

// Reads one card's fields, naming the card and field in every error.
class Reader {
 public:
  explicit Reader(std::string where) : where_(std::move(where)) {}
  [[noreturn]] void fail(const std::string& field, const std::string& msg) const {
    throw Error(where_ + ", field '" + field + "': " + msg);
  }
  int integer(const json& o, const char* field, int lo, int hi, int fallback) const {
    if (!o.contains(field)) return fallback;
    if (!o[field].is_number_integer()) fail(field, "must be an integer");
    const auto v = o[field].get<std::int64_t>();
    if (v < lo || v > hi)
      fail(field, "must be " + std::to_string(lo) + " to " + std::to_string(hi));
    return static_cast<int>(v);
  }
  template <typename E>
  E pick(const json& o, const char* field, const std::map<std::string, E>& names, E fallback,
         bool required = false) const {
    if (!o.contains(field)) {
      if (required) fail(field, "is required");
      return fallback;
    }
    if (!o[field].is_string()) fail(field, "must be a string");
    auto it = names.find(o[field].get<std::string>());
    if (it == names.end()) {
      std::string known;
      for (auto& [k, v] : names) known += (known.empty() ? "" : ", ") + k;
      fail(field, "'" + o[field].get<std::string>() + "' is not one of " + known);
    }
    return it->second;
  }
  void only(const json& o, const std::set<std::string>& fields, const std::string& what) const {
    if (!o.is_object()) throw Error(where_ + ": " + what + " must be an object");
    for (auto& [k, v] : o.items())
      if (!fields.count(k)) fail(k, "is not a field of " + what);
  }
  const std::string& where() const { return where_; }

 private:
  std::string where_;
};

// Where a list of steps is: what some steps need of their card and ability.
struct Place {
  bool spell = false;    // a spell has no "this unit"
  bool x_cost = false;   // negate up_to "X" needs an X to pay
  bool retreat = false;  // set_ride sets the card that just left the battlefield
};

// An id of a card or token: a-z, 0-9 and '-', not first, at most 64
// characters (ids go into option ids and logs).
constexpr std::size_t kMaxIdLength = 64;
inline constexpr const char* kIdRule = "must be 1 to 64 of a-z, 0-9 and '-', not starting with '-'";
bool is_id(const std::string& id);
// Text people read that says nothing: empty or only spaces.
bool blank(const std::string& s);
Condition read_condition(const Reader& r, const json& c);
// Appends the steps of `list` to `out`; a judgement's "then" steps follow it.
void read_effects(const Reader& r, const json& list, std::vector<Effect>& out, const Place& place,
                  int depth = 0);
Ability read_ability(const Reader& r, const json& a);
// The card at `index` of the pool's "cards".
CardDef read_card(const json& c, int index);

}  // namespace tt::lastchronicle::detail
