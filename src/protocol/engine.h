// The engine protocol (docs/protocol.md): one JSON request per line in, one
// JSON reply per line out. A controller drives one match per process; the
// engine trusts it with every seat (it is the referee's channel), and `view`
// and `log` let it see the game as any single seat would.
//
// Nothing a request contains can stop the process or change the match unless
// the request is a valid command: every failure is an {"ok": false} reply.
#pragma once
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "core/match.h"
#include "core/rng.h"

namespace tt::protocol {

class Engine {
 public:
  Engine() = default;

  // One request line in, one reply line out (no trailing newline).
  std::string handle_line(const std::string& line);
  // One parsed request in, one reply out.
  nlohmann::json handle(const nlohmann::json& request);

  // True once `quit` was handled.
  bool done() const { return done_; }
  // The current match, or nullptr before `new`/`load`.
  const Match* match() const { return match_ ? &*match_ : nullptr; }

 private:
  using json = nlohmann::json;
  json dispatch(const std::string& cmd, const json& req);

  json cmd_games(const json& req);
  json cmd_cards(const json& req);
  json cmd_new(const json& req);
  json cmd_load(const json& req);
  json cmd_pending(const json& req);
  json cmd_act(const json& req);
  json cmd_ai(const json& req);
  json cmd_view(const json& req);
  json cmd_log(const json& req);
  json cmd_save(const json& req);
  json cmd_results(const json& req);
  json cmd_quit(const json& req);

  // The current match; throws tt::Error before `new`/`load`.
  Match& current();
  // Replaces the match and reseeds the agents' generator from its seed.
  void start(Match match);
  // The reply after a decision: status plus the log lines from `log_from` on.
  json after_decision(std::size_t log_from, Seat viewer);

  std::optional<Match> match_;
  Rng agent_rng_;
  bool done_ = false;
};

// Serves requests from `in` until `quit` or the end of input. Returns 0.
int serve(std::istream& in, std::ostream& out);

// The names of every command, for error messages and docs.
const char* command_list();

}  // namespace tt::protocol
