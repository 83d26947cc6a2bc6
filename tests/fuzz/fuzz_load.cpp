// Fuzz target: everything a file can hand the engine, then the act path. One
// input is a JSON document, optionally followed by a NUL byte and the bytes
// that choose the decisions (fuzz_common.h):
//   - a scenario ({"game", "setup", "state"}): Game::restore of the state;
//   - {"game", "setup"} with no state: a new game (any seat count and
//     variant), "play" decisions into it (0-300), then its saved state loaded
//     again, as a scenario's would be;
//   - {"record": {...}}: Match::from_record (setup, start state, decisions);
//   - {"game", "setup", "deck"}: Game::check_deck, then a game with that deck.
// Whatever is accepted is then viewed, saved, restored and acted on: pending
// seats decide among their options (fuzz_common.h). Refusing an input (a
// tt::Error, or a JSON type error the protocol reports as a bad request) is
// fine; any other exception is what the protocol would call an internal
// error, and is a finding like a sanitizer report, a crash or a hang.
// Seeds: tests/*/scenarios/*.json and tests/fuzz/seeds/fuzz_load (docs/fuzzing.md).
#include <algorithm>
#include <exception>

#include "core/error.h"
#include "core/registry.h"
#include "fuzz_common.h"

using nlohmann::json;

namespace {

constexpr int kDecisionsAfterLoad = 24;
constexpr int kMaxPlay = 300;

// A new game played a while, then loaded from its saved state and acted on.
void play_then_load(std::shared_ptr<const tt::Game> game, const tt::Setup& setup, int decisions,
                    tt::fuzz::Choices& choose) {
  tt::Match fresh(game, setup);
  json state;
  try {
    tt::fuzz::play(fresh, choose, decisions);
    state = tt::fuzz::saved_state(fresh);
  } catch (const std::exception& e) {
    tt::fuzz::finding(std::string("exception in a game from its setup: ") + e.what());
  }
  try {
    tt::Match loaded(game, setup, state);
    tt::fuzz::exercise(loaded, choose, kDecisionsAfterLoad);
  } catch (const tt::Error& e) {
    // Whatever the game reached, it must load again.
    tt::fuzz::finding(std::string("a state the game reached does not load: ") + e.what(),
                      state.dump());
  }
}

void run(const json& j, tt::fuzz::Choices& choose) {
  using namespace tt;
  if (!j.is_object()) return;
  if (auto r = j.find("record"); r != j.end()) {
    Match m = Match::from_record(*r);
    fuzz::exercise(m, choose, 16);
    return;
  }
  auto g = j.find("game");
  if (g == j.end() || !g->is_string()) return;
  auto game = Registry::instance().find(g->get<std::string>());
  if (!game) return;
  Setup setup = setup_from_json(j.value("setup", json::object()));
  if (!j.contains("setup") || !j["setup"].contains("seats")) setup.seats = game->min_seats();
  if (auto d = j.find("deck"); d != j.end()) {
    (void)game->check_deck(*d, setup);
    setup.decks = json::array();
    for (int s = 0; s < setup.seats; ++s) setup.decks.push_back(*d);
    Match m(game, setup);
    fuzz::exercise(m, choose, 8);
    return;
  }
  auto st = j.find("state");
  if (st == j.end()) {
    const json play = j.value("play", json(0));
    const int n = play.is_number_integer() ? static_cast<int>(std::clamp<json::number_integer_t>(
                                                 play.get<json::number_integer_t>(), 0, kMaxPlay))
                                           : 0;
    play_then_load(game, setup, n, choose);
    return;
  }
  if (!st->is_object()) return;
  Match m(game, setup, *st);
  fuzz::exercise(m, choose, kDecisionsAfterLoad);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  tt::fuzz::init_games();
  const tt::fuzz::Input in = tt::fuzz::split(data, size);
  auto j = tt::fuzz::parse(in.text);
  if (!j) return 0;
  tt::fuzz::Choices choose(in.choices, tt::fnv1a(data, size));
  try {
    run(*j, choose);
  } catch (const tt::Error&) {
    // Refused with a reason: the engine says no.
  } catch (const json::exception&) {
    // A field of the wrong type: the protocol's "bad request".
  } catch (const std::exception& e) {
    tt::fuzz::finding(std::string("internal error while loading: ") + e.what());
  }
  return 0;
}
