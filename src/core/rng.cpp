// A generator as JSON: the four state words, plus any forced results.
#include "core/rng.h"

#include <nlohmann/json.hpp>
#include <type_traits>

namespace tt {

static_assert(std::is_trivially_copyable_v<Rng>, "states copy their generator by value");
static_assert(sizeof(Rng) <= 72, "the generator is copied with every state");

namespace {

using nlohmann::json;

std::uint64_t word(const json& w) {
  if (w.is_number_unsigned()) return w.get<std::uint64_t>();
  if (w.is_string()) {
    const auto& s = w.get_ref<const std::string&>();
    if (s.empty() || s.size() > 20 || s.find_first_not_of("0123456789") != std::string::npos)
      throw Error("rng: a word is a decimal number, not \"" + s + "\"");
    try {
      return std::stoull(s);
    } catch (const std::exception&) {
      throw Error("rng: the word " + s + " is larger than 64 bits");
    }
  }
  throw Error("rng: a word is a decimal string or a non-negative number, not " + w.dump());
}

std::array<std::uint64_t, 4> words(const json& j) {
  if (!j.is_array() || j.size() != 4) throw Error("rng: \"words\" is an array of four words");
  std::array<std::uint64_t, 4> w{};
  for (std::size_t i = 0; i < 4; ++i) w[i] = word(j[i]);
  return w;
}

}  // namespace

json rng_to_json(const Rng& rng) {
  json w = json::array();
  for (auto x : rng.words()) w.push_back(std::to_string(x));
  if (rng.forced_size() == 0) return w;
  json next = json::array();
  for (int i = 0; i < rng.forced_size(); ++i) next.push_back(rng.forced_at(i));
  return {{"words", w}, {"next", next}};
}

Rng rng_from_json(const json& j) {
  if (j.is_array()) {
    Rng r;
    r.set_words(words(j));
    return r;
  }
  if (!j.is_object())
    throw Error("rng: four words, or an object with \"seed\" or \"words\" and \"next\"");
  for (auto& [key, value] : j.items())
    if (key != "seed" && key != "words" && key != "next")
      throw Error("rng: unknown field \"" + key + "\" (seed, words, next)");
  if (j.contains("seed") == j.contains("words"))
    throw Error("rng: give either \"seed\" or \"words\"");
  Rng r;
  if (j.contains("seed")) {
    if (!j["seed"].is_number_unsigned()) throw Error("rng: \"seed\" is a non-negative integer");
    r.reseed(j["seed"].get<std::uint64_t>());
  } else {
    r.set_words(words(j["words"]));
  }
  if (j.contains("next")) {
    const json& next = j["next"];
    if (!next.is_array()) throw Error("rng: \"next\" is an array of forced results");
    if (next.size() > Rng::kMaxForced)
      throw Error("rng: \"next\" holds at most " + std::to_string(Rng::kMaxForced) + " results");
    for (auto& v : next) {
      if (!v.is_number_unsigned() || v.get<std::uint64_t>() > Rng::kMaxForcedValue)
        throw Error("rng: a forced result in \"next\" is an integer from 0 to " +
                    std::to_string(Rng::kMaxForcedValue) + ", not " + v.dump());
      r.force(v.get<std::uint32_t>());
    }
  }
  return r;
}

}  // namespace tt
