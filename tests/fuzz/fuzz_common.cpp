#include "fuzz_common.h"

#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "core/error.h"
#include "core/registry.h"
#include "protocol/limits.h"

namespace tt::fuzz {

using nlohmann::json;

void init_games() {
  static const bool done = [] {
    register_builtin_games();
    return true;
  }();
  (void)done;
}

std::optional<json> parse(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  if (!protocol::nesting_within(text, protocol::kMaxDepth)) return std::nullopt;
  json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) return std::nullopt;
  return j;
}

void exercise(Match& match, std::uint64_t pick, int decisions) {
  const State& s = match.state();
  const int seats = s.num_seats();
  auto look = [&] {
    for (Seat v = -2; v < seats; ++v) {
      if (v == kNoSeat) continue;
      (void)match.view(v);
      (void)match.log_json(v);
      (void)s.render(v);
    }
    json saved;
    s.save(saved);
    // What save() writes, restore() must read back (a state the loader
    // accepted but cannot read again means a check is missing somewhere).
    try {
      auto again = match.game().restore(saved, match.setup());
      json twice;
      again->save(twice);
    } catch (const Error& e) {
      if (match.game().name() == "ddm") throw;
      std::fprintf(stderr, "save/restore round trip refused: %s\n%s\n", e.what(),
                   saved.dump().c_str());
      std::abort();
    }
  };
  look();
  // Decisions render every option's id and label (Match::options) and the
  // acting seat's view; the full look is taken again at the end.
  for (int d = 0; d < decisions && !s.is_terminal(); ++d) {
    const SeatMask pending = s.pending_seats();
    if (pending == 0) break;
    Seat seat = s.to_act();
    if (seat < 0 || seat >= seats) break;
    auto options = match.options(seat);
    (void)s.prompt(seat);
    pick = pick * 6364136223846793005ull + 1442695040888963407ull;
    if (options.empty() || (pick >> 60) == 0) {
      // Now and then a seat concedes instead (the game goes on with 3+ seats).
      (void)match.concede(seat);
    } else {
      (void)match.act(seat, options[(pick >> 33) % options.size()].id);
    }
    (void)match.view(seat);
  }
  look();
  (void)match.results();
  (void)match.record();
}

}  // namespace tt::fuzz
