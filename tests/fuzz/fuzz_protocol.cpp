// Fuzz target: the engine protocol (docs/protocol.md). The input is request
// lines, handled one by one by one Engine, as `tabletop engine` would; every
// reply must be a JSON object with "ok". An input that is a whole scenario
// file (a JSON object with "game" and no "cmd") is sent as a `load` and then
// played through the protocol (pending, ai, view, log, save and a
// reload of the saved record), so the scenario files seed this target too.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "fuzz_common.h"
#include "protocol/engine.h"

using nlohmann::json;

namespace {

constexpr int kMaxLines = 64;

void check_reply(const std::string& reply) {
  json r = json::parse(reply, nullptr, false);
  if (r.is_discarded() || !r.is_object() || !r.contains("ok")) {
    std::fprintf(stderr, "reply is not a protocol reply: %s\n", reply.c_str());
    std::abort();
  }
}

std::string send(tt::protocol::Engine& engine, const std::string& line) {
  std::string reply = engine.handle_line(line);
  check_reply(reply);
  return reply;
}

// A scenario file, loaded and played through the protocol.
void play_scenario(const json& scenario) {
  tt::protocol::Engine engine;
  const json load = {{"cmd", "load"}, {"scenario", scenario}};
  json reply = json::parse(send(engine, load.dump()), nullptr, false);
  if (!reply.is_object() || reply.value("ok", false) != true) return;
  for (const char* line : {R"({"cmd":"view","seat":0})", R"({"cmd":"view","seat":1})"})
    send(engine, line);
  for (int i = 0; i < 12; ++i) {
    for (const char* line : {R"({"cmd":"pending"})", R"({"cmd":"ai","agent":"random","as":1})"})
      send(engine, line);
  }
  send(engine, R"({"cmd":"log","as":0})");
  // The record `save` returns must load again (a replay of every decision).
  json saved = json::parse(send(engine, R"({"cmd":"save"})"), nullptr, false);
  if (saved.is_object() && saved.contains("record"))
    send(engine, json{{"cmd", "load"}, {"record", saved["record"]}}.dump());
  send(engine, R"({"cmd":"results"})");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  tt::fuzz::init_games();
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  if (auto j = tt::fuzz::parse(data, size);
      j && j->is_object() && j->contains("game") && !j->contains("cmd")) {
    play_scenario(*j);
    return 0;
  }
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
