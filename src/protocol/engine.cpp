#include "protocol/engine.h"

#include <istream>
#include <ostream>

#include "core/error.h"
#include "core/registry.h"
#include "protocol/catalog.h"
#include "protocol/fields.h"
#include "protocol/limits.h"
#include "protocol/match_json.h"
#include "protocol/setup_json.h"

namespace tt::protocol {

using nlohmann::json;

namespace {

json failure(const std::string& message) {
  return {{"ok", false}, {"error", message}};
}

std::string dump_line(const json& reply) {
  // Replace rather than throw on invalid UTF-8 (a parser message may quote
  // the offending bytes).
  return reply.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace

const char* command_list() {
  return "games, cards, new, load, pending, act, ai, view, log, save, results, quit";
}

std::string Engine::handle_line(const std::string& line) {
  if (line.size() > kMaxLineBytes)
    return dump_line(
        failure("request too long (limit " + std::to_string(kMaxLineBytes) + " bytes)"));
  if (!nesting_within(line, kMaxDepth))
    return dump_line(
        failure("request nested too deeply (limit " + std::to_string(kMaxDepth) + " levels)"));
  json request;
  try {
    request = json::parse(line);
  } catch (const json::exception& e) {
    return dump_line(failure(std::string("not JSON: ") + e.what()));
  }
  return dump_line(handle(request));
}

json Engine::handle(const json& request) {
  if (!request.is_object()) return failure("a request must be a JSON object with a \"cmd\" field");
  json reply;
  try {
    const json* cmd = field(request, "cmd");
    if (!cmd || !cmd->is_string())
      throw Error("a request needs a string \"cmd\" (one of " + std::string(command_list()) + ")");
    reply = dispatch(cmd->get<std::string>(), request);
    reply["ok"] = true;
  } catch (const DataError& e) {
    reply = failure(e.what());
    reply["bad_data"] = true;  // the game's card data is broken, not the request
  } catch (const Error& e) {
    reply = failure(e.what());
  } catch (const json::exception& e) {
    reply = failure(std::string("bad request: ") + e.what());
  } catch (const std::exception& e) {
    reply = failure(std::string("internal error: ") + e.what());
  }
  if (auto it = request.find("id"); it != request.end()) reply["id"] = *it;
  return reply;
}

json Engine::dispatch(const std::string& cmd, const json& req) {
  if (cmd == "games") return cmd_games(req);
  if (cmd == "cards") return cmd_cards(req);
  if (cmd == "new") return cmd_new(req);
  if (cmd == "load") return cmd_load(req);
  if (cmd == "pending") return cmd_pending(req);
  if (cmd == "act") return cmd_act(req);
  if (cmd == "ai") return cmd_ai(req);
  if (cmd == "view") return cmd_view(req);
  if (cmd == "log") return cmd_log(req);
  if (cmd == "save") return cmd_save(req);
  if (cmd == "results") return cmd_results(req);
  if (cmd == "quit") return cmd_quit(req);
  throw Error("unknown cmd '" + cmd + "' (known: " + command_list() + ")");
}

Match& Engine::current() {
  if (!match_) throw Error("no match yet: send \"new\" or \"load\" first");
  return *match_;
}

void Engine::start(Match match) {
  match_.emplace(std::move(match));
  // The agents draw from their own generator, seeded from the match, so a
  // controller that asks for the same AI moves gets the same game.
  agent_rng_.reseed(match_->setup().seed ^ 0xA5A5A5A55A5A5A5Aull);
}

json Engine::cmd_games(const json&) {
  return {{"games", games_json()}};
}

json Engine::cmd_cards(const json& req) {
  return cards_json(string_field(req, "game"));
}

json Engine::cmd_new(const json& req) {
  auto game = Registry::instance().get(string_field(req, "game"));
  Setup setup = strict_setup(req);
  if (!field(req, "seats")) setup.seats = game->min_seats();
  start(Match(game, std::move(setup)));
  json reply = {{"game", game->name()}, {"setup", setup_to_json(match_->setup())}};
  add_status(*match_, reply);
  return reply;
}

json Engine::cmd_load(const json& req) {
  const json* scenario = field(req, "scenario");
  const json* record = field(req, "record");
  if ((scenario != nullptr) == (record != nullptr))
    throw Error("load needs exactly one of \"scenario\" or \"record\"");
  if (record) {
    check_record_shape(*record);
    start(Match::from_record(*record));
  } else {
    if (!scenario->is_object()) throw Error("'scenario' must be an object");
    auto game = Registry::instance().get(string_field(*scenario, "game"));
    const json* setup_json = field(*scenario, "setup");
    Setup setup = strict_setup(setup_json ? *setup_json : json::object());
    if (!setup_json || !field(*setup_json, "seats")) setup.seats = game->min_seats();
    const json* state = field(*scenario, "state");
    if (state && !state->is_object()) throw Error("scenario 'state' must be an object");
    start(state ? Match(game, setup, *state) : Match(game, setup));
  }
  json reply = {{"game", match_->game().name()},
                {"setup", setup_to_json(match_->setup())},
                {"decisions", match_->decisions().size()}};
  if (record)
    if (const std::string note = unpinned_note(*record); !note.empty()) reply["note"] = note;
  add_status(*match_, reply);
  return reply;
}

json Engine::cmd_quit(const json&) {
  done_ = true;
  return {{"bye", true}};
}

int serve(std::istream& in, std::ostream& out) {
  Engine engine;
  std::string line;
  while (!engine.done()) {
    const LineStatus status = read_line(in, line);
    if (status == LineStatus::kEnd) break;
    if (status == LineStatus::kTooLong) {
      out << dump_line(
                 failure("request too long (limit " + std::to_string(kMaxLineBytes) + " bytes)"))
          << '\n';
    } else {
      if (line.find_first_not_of(" \t") == std::string::npos) continue;  // blank lines get no reply
      out << engine.handle_line(line) << '\n';
    }
    out.flush();
  }
  return 0;
}

}  // namespace tt::protocol
