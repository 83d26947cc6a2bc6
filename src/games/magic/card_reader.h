// Reading one card of the Magic-style pool (cards.cpp) and checking the
// references between its fields (card_checks.cpp): every problem names the
// card and the field, by its path inside the card ("triggers[0].effects[1].who").
#pragma once
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "core/error.h"
#include "games/magic/cards.h"

namespace tt::magic {

template <typename E>
using Names = std::map<std::string, E>;

// card_names.cpp
extern const Names<TargetKind> kTargetKinds;
extern const Names<When> kWhens;
extern const Names<StaticKind> kStatics;
extern const Names<Who> kWhos;
extern const Names<Verb> kVerbs;
extern const Names<What> kWhats;
extern const Names<DamageTo> kDamageTo;
extern const Names<Duration> kDurations;
extern const Names<Return> kReturns;
extern const Names<std::uint16_t> kKeywords;
extern const Names<std::uint8_t> kTypes;

class Reader {
 public:
  explicit Reader(std::string where) : where_(std::move(where)) {}
  // The reader of a part of the card: its fields are named "part.field".
  Reader in(const std::string& part) const {
    Reader r(where_);
    r.path_ = path_ + part + ".";
    return r;
  }
  [[noreturn]] void fail(const std::string& field, const std::string& msg) const {
    throw Error(where_ + ", field '" + path_ + field + "': " + msg);
  }
  int integer(const nlohmann::json& o, const char* field, int lo, int hi, int fallback) const {
    if (!o.contains(field)) return fallback;
    if (!o[field].is_number_integer()) fail(field, "must be an integer");
    const auto v = o[field].get<std::int64_t>();
    if (v < lo || v > hi)
      fail(field, "must be " + std::to_string(lo) + " to " + std::to_string(hi));
    return static_cast<int>(v);
  }
  bool boolean(const nlohmann::json& o, const char* field) const {
    if (!o.contains(field)) return false;
    if (!o[field].is_boolean()) fail(field, "must be true or false");
    return o[field].get<bool>();
  }
  std::string string(const nlohmann::json& o, const char* field) const {
    if (!o.contains(field)) return "";
    if (!o[field].is_string()) fail(field, "must be a string");
    return o[field].get<std::string>();
  }
  template <typename E>
  E pick(const nlohmann::json& o, const char* field, const Names<E>& names, E fallback) const {
    return o.contains(field) ? name(o[field], field, names) : fallback;
  }
  template <typename E>
  E name(const nlohmann::json& v, const std::string& field, const Names<E>& names) const {
    if (!v.is_string()) fail(field, "must be a string");
    auto it = names.find(v.get<std::string>());
    if (it == names.end()) {
      std::string known;
      for (auto& [k, x] : names) known += (known.empty() ? "" : ", ") + k;
      fail(field, "'" + v.get<std::string>() + "' is not one of " + known);
    }
    return it->second;
  }
  const nlohmann::json& list(const nlohmann::json& o, const char* field) const {
    static const nlohmann::json empty = nlohmann::json::array();
    if (!o.is_object() || !o.contains(field)) return empty;
    if (!o[field].is_array()) fail(field, "must be a list");
    return o[field];
  }

 private:
  std::string where_, path_;
};

// One card (or token) of the pool; `tokens` are the ids of the pool's tokens.
// Throws tt::Error naming the card and the field.
CardDef read_card(const nlohmann::json& c, const Names<int>& tokens, bool token);

}  // namespace tt::magic
