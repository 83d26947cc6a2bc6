// Fuzz target: everything a file can hand the engine. One JSON input is
//   - a scenario ({"game", "setup", "state"}): Game::restore of the state;
//   - {"record": {...}}: Match::from_record (setup, start state, decisions);
//   - {"game", "setup", "deck"}: Game::check_deck, then a game with that deck.
// Whatever is accepted is then viewed, saved, restored and played a little
// (fuzz_common.h). Refusals (tt::Error, or any exception the protocol turns
// into an error reply) are fine; a sanitizer report, a crash or a hang is a
// finding. Seeds: tests/*/scenarios/*.json (docs/fuzzing.md).
#include <exception>

#include "core/error.h"
#include "core/registry.h"
#include "fuzz_common.h"

using nlohmann::json;

namespace {

std::uint64_t hash(const std::uint8_t* data, std::size_t size) {
  return tt::fnv1a(data, size);
}

void run(const json& j, std::uint64_t pick) {
  using namespace tt;
  if (!j.is_object()) return;
  if (auto r = j.find("record"); r != j.end()) {
    Match m = Match::from_record(*r);
    fuzz::exercise(m, pick, 8);
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
    fuzz::exercise(m, pick, 8);
    return;
  }
  auto st = j.find("state");
  if (st == j.end() || !st->is_object()) return;
  Match m(game, setup, *st);
  fuzz::exercise(m, pick, 24);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  tt::fuzz::init_games();
  auto j = tt::fuzz::parse(data, size);
  if (!j) return 0;
  try {
    run(*j, hash(data, size));
  } catch (const std::exception&) {
    // Refused: the engine reports it and carries on (the protocol's
    // "internal error" reply for anything but tt::Error).
  }
  return 0;
}
