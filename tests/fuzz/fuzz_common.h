// Shared by the fuzz targets: the games, the split of an input into a JSON
// document and the bytes that choose, and a game played from whatever state
// was accepted, so that every accepted state is also viewed, saved, restored,
// rendered and acted on (a hostile value that slips past a loader shows up
// here, where a view or a rule uses it).
#pragma once
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "core/match.h"

namespace tt::fuzz {

// Registers the games once (data from the source tree or $TABLETOP_DATA).
void init_games();

// An input is a JSON text, then optionally a NUL byte and the bytes that
// choose the decisions (a JSON text holds no raw NUL).
struct Input {
  std::string_view text;
  std::string_view choices;
};
Input split(const std::uint8_t* data, std::size_t size);

// The input's text as JSON, or nothing when it is not JSON or nests too deeply.
std::optional<nlohmann::json> parse(std::string_view text);

// Picks numbers from the fuzz bytes; once they run out, from a generator
// seeded by the whole input (so a seed without choice bytes still plays).
class Choices {
 public:
  Choices(std::string_view bytes, std::uint64_t seed) : bytes_(bytes), state_(seed) {}
  // A number in 0..n-1 (n > 0).
  std::size_t below(std::size_t n);

 private:
  std::string_view bytes_;
  std::size_t at_ = 0;
  std::uint64_t state_;
};

// Stops the run with a finding: the message goes to stderr, then abort().
[[noreturn]] void finding(const std::string& what, const std::string& detail = "");

// Up to `decisions` decisions as exercise() takes them, without the views.
void play(Match& match, Choices& choose, int decisions);

// Views for every seat and the referee, the log, rendering, a save that is
// restored again, then up to `decisions` decisions: a pending seat and one of
// its options picked by `choose` (now and then a concession or an option that
// is not offered, which must be refused), then the views again. A finding
// when an offered option is refused, a refused one changes the state, or
// anything throws once the state was accepted.
void exercise(Match& match, Choices& choose, int decisions);

// The valid state `match` saves to, as a scenario's "state".
nlohmann::json saved_state(const Match& match);

}  // namespace tt::fuzz
