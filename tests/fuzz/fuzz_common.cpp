#include "fuzz_common.h"

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <vector>

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

Input split(const std::uint8_t* data, std::size_t size) {
  const std::string_view all(reinterpret_cast<const char*>(data), size);
  const std::size_t nul = all.find('\0');
  if (nul == std::string_view::npos) return {all, {}};
  return {all.substr(0, nul), all.substr(nul + 1)};
}

std::optional<json> parse(std::string_view text) {
  if (!protocol::nesting_within(text, protocol::kMaxDepth)) return std::nullopt;
  json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) return std::nullopt;
  return j;
}

std::size_t Choices::below(std::size_t n) {
  std::size_t v = 0;
  if (at_ < bytes_.size()) {
    v = static_cast<unsigned char>(bytes_[at_++]);
    if (n > 256 && at_ < bytes_.size()) v = v << 8 | static_cast<unsigned char>(bytes_[at_++]);
  } else {
    state_ = state_ * 6364136223846793005ull + 1442695040888963407ull;
    v = static_cast<std::size_t>(state_ >> 33);
  }
  return v % n;
}

void finding(const std::string& what, const std::string& detail) {
  std::fprintf(stderr, "FINDING: %s\n%s\n", what.c_str(), detail.c_str());
  std::abort();
}

json saved_state(const Match& match) {
  json saved;
  match.state().save(saved);
  return saved;
}

namespace {

// Everything every viewer may ask for, and a save that restores again.
void look(const Match& match) {
  const State& s = match.state();
  for (Seat v = -2; v < s.num_seats(); ++v) {
    if (v == kNoSeat) continue;
    (void)match.view(v);
    (void)match.log_json(v);
    (void)s.render(v);
  }
  const json saved = saved_state(match);
  // What save() writes, restore() must read back (a state the loader
  // accepted but cannot read again means a check is missing somewhere).
  try {
    auto again = match.game().restore(saved, match.setup());
    json twice;
    again->save(twice);
  } catch (const Error& e) {
    finding(std::string("save/restore round trip refused: ") + e.what(), saved.dump());
  }
}

// One decision for one pending seat; false when nobody can decide.
bool decide(Match& match, Choices& choose) {
  const State& s = match.state();
  std::vector<Seat> pending;
  for (Seat seat = 0; seat < s.num_seats(); ++seat)
    if (s.pending_seats() & (SeatMask{1} << seat)) pending.push_back(seat);
  if (pending.empty()) return false;
  const Seat seat = pending[choose.below(pending.size())];
  const auto options = match.options(seat);
  (void)s.prompt(seat);
  // A seat asked to decide always has something to decide (core:
  // check_can_go_on refuses a loaded state where it has not).
  if (options.empty())
    finding("seat " + std::to_string(seat) + " is pending with no option",
            saved_state(match).dump());
  const std::size_t how = choose.below(32);
  if (how == 0) {
    // A seat may leave at any moment (the game goes on with 3+ seats).
    (void)match.concede(seat);
  } else if (how == 1) {
    // An option that is not offered is refused and changes nothing.
    const json before = saved_state(match);
    const std::string id = options[choose.below(options.size())].id + "x";
    if (match.act(seat, id).empty() || saved_state(match) != before)
      finding("an option that is not offered was taken: " + id, before.dump());
  } else {
    const OptionInfo& o = options[choose.below(options.size())];
    if (std::string why = match.act(seat, o.id); !why.empty())
      finding("seat " + std::to_string(seat) + "'s offered option '" + o.id + "' refused: " + why,
              saved_state(match).dump());
  }
  (void)match.view(seat);
  return true;
}

}  // namespace

void play(Match& match, Choices& choose, int decisions) {
  for (int d = 0; d < decisions && !match.state().is_terminal(); ++d)
    if (!decide(match, choose)) break;
}

void exercise(Match& match, Choices& choose, int decisions) {
  try {
    look(match);
    play(match, choose, decisions);
    look(match);
    (void)match.results();
    (void)match.record();
  } catch (const std::exception& e) {
    // The state was accepted: from here on nothing may throw.
    finding(std::string("exception after the state was accepted: ") + e.what(),
            saved_state(match).dump());
  }
}

}  // namespace tt::fuzz
