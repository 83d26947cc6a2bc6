// Fuzz target: the engine protocol (docs/protocol.md). The input is request
// lines, handled one by one by one Engine, as `tabletop engine` would; every
// reply must be a JSON object with "ok" and none may be an internal error.
// An input that is a whole scenario file (a JSON object with "game" and no
// "cmd", optionally followed by a NUL byte and the bytes that choose; a set-up
// with no state starts a new game) is sent as a `load` and then played through
// the protocol: each decision a pending seat and one of its options picked by
// the choice bytes (now and then an agent's move, a concession or a view),
// then `log`, `save`, a `load` of the saved record (a replay of every
// decision), more decisions and `results`. So the scenario files seed this
// target too.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/state.h"
#include "fuzz_common.h"
#include "protocol/engine.h"

using nlohmann::json;

namespace {

constexpr int kMaxLines = 64;
constexpr int kDecisions = 12;
constexpr int kMaxPlay = 100;

json send(tt::protocol::Engine& engine, const std::string& line) {
  const std::string reply = engine.handle_line(line);
  json r = json::parse(reply, nullptr, false);
  if (r.is_discarded() || !r.is_object() || !r.contains("ok"))
    tt::fuzz::finding("reply is not a protocol reply", line + "\n" + reply);
  if (r.value("ok", true) == false && r.value("error", "").starts_with("internal error"))
    tt::fuzz::finding("internal error", line + "\n" + reply);
  return r;
}

json send(tt::protocol::Engine& engine, const json& request) {
  return send(engine, request.dump());
}

// Up to n decisions: a pending seat, then one of its options, an agent's move,
// a concession or a view.
void decide(tt::protocol::Engine& engine, tt::fuzz::Choices& choose, int n) {
  for (int i = 0; i < n; ++i) {
    const json status = send(engine, json{{"cmd", "pending"}});
    const json pending = status.value("pending", json::array());
    if (!pending.is_array() || pending.empty()) return;
    const json& p = pending[choose.below(pending.size())];
    const json seat = p.value("seat", json(0));
    const json options = p.value("options", json::array());
    if (options.empty()) tt::fuzz::finding("a pending seat with no option", p.dump());
    const std::size_t how = choose.below(32);
    if (how == 0) {
      send(engine, json{{"cmd", "act"}, {"seat", seat}, {"option", "concede"}});
    } else if (how == 1) {
      send(engine, json{{"cmd", "ai"}, {"seat", seat}, {"agent", "random"}});
    } else if (how == 2) {
      send(engine, json{{"cmd", "view"}, {"seat", seat}});
    } else {
      const json& o = options[choose.below(options.size())];
      const json reply = send(engine, json{{"cmd", "act"}, {"seat", seat}, {"option", o["id"]}});
      if (reply.value("ok", false) != true)
        tt::fuzz::finding("an offered option was refused", o.dump() + "\n" + reply.dump());
    }
  }
}

// A scenario file (or a set-up), loaded and played through the protocol.
// A set-up's "play" (fuzz_load.cpp) is played first, at most kMaxPlay decisions.
void play_scenario(json scenario, tt::fuzz::Choices& choose) {
  int play = 0;
  if (auto p = scenario.find("play"); p != scenario.end()) {
    if (p->is_number_integer())
      play = static_cast<int>(
          std::clamp<json::number_integer_t>(p->get<json::number_integer_t>(), 0, kMaxPlay));
    scenario.erase(p);
  }
  tt::protocol::Engine engine;
  if (send(engine, json{{"cmd", "load"}, {"scenario", scenario}}).value("ok", false) != true)
    return;
  decide(engine, choose, play);
  send(engine, json{{"cmd", "view"}, {"seat", "referee"}});
  decide(engine, choose, kDecisions);
  send(engine, json{{"cmd", "log"}, {"as", 0}});
  // The record `save` returns must load again (a replay of every decision).
  const json saved = send(engine, json{{"cmd", "save"}});
  if (saved.contains("record")) {
    const json reply = send(engine, json{{"cmd", "load"}, {"record", saved["record"]}});
    if (reply.value("ok", false) != true)
      tt::fuzz::finding("a saved record does not load", reply.dump());
    decide(engine, choose, kDecisions / 2);
  }
  send(engine, json{{"cmd", "results"}});
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  tt::fuzz::init_games();
  const tt::fuzz::Input in = tt::fuzz::split(data, size);
  if (auto j = tt::fuzz::parse(in.text);
      j && j->is_object() && j->contains("game") && !j->contains("cmd")) {
    tt::fuzz::Choices choose(in.choices, tt::fnv1a(data, size));
    play_scenario(*j, choose);
    return 0;
  }
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  tt::protocol::Engine engine;
  std::size_t start = 0;
  for (int n = 0; n < kMaxLines && start <= text.size() && !engine.done(); ++n) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string line(text.substr(start, end - start));
    if (line.find_first_not_of(" \t\r") != std::string::npos) send(engine, line);
    start = end + 1;
  }
  return 0;
}
