#include "server/table_config.h"

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "protocol/fields.h"

namespace tt::server {

using nlohmann::json;
using protocol::field;
using protocol::int_field;
using protocol::int_field_or;
using protocol::string_field;
using protocol::string_field_or;

const char* mode_name(Timer::Mode m) {
  switch (m) {
    case Timer::Mode::kMove:
      return "move";
    case Timer::Mode::kClock:
      return "clock";
    case Timer::Mode::kNone:
      break;
  }
  return "none";
}

namespace {

Timer timer_from(const json& t) {
  if (!t.is_object())
    throw Error("\"timer\" must be an object such as {\"mode\":\"move\",\"seconds\":60}");
  Timer timer;
  const std::string mode = string_field_or(t, "mode", "none");
  if (mode == "none") return timer;
  if (mode == "move")
    timer.mode = Timer::Mode::kMove;
  else if (mode == "clock")
    timer.mode = Timer::Mode::kClock;
  else
    throw Error("timer.mode must be none, move or clock, not '" + mode + "'");
  timer.seconds = static_cast<int>(int_field(t, "seconds", 1, kMaxTimerSeconds));
  if (timer.mode == Timer::Mode::kClock)
    timer.increment = static_cast<int>(int_field_or(t, "increment", 0, 3600, 0));
  return timer;
}

}  // namespace

TableConfig config_from_request(const json& request, const std::string& default_title,
                                int default_grace) {
  TableConfig config;
  config.title = string_field_or(request, "title", default_title);
  if (config.title.empty()) config.title = default_title;
  if (config.title.size() > 80) throw Error("\"title\" is longer than 80 characters");
  for (unsigned char ch : config.title)
    if (ch < 0x20) throw Error("\"title\" holds a control character");
  if (const json* t = field(request, "timer")) config.timer = timer_from(*t);
  config.grace_seconds =
      static_cast<int>(int_field_or(request, "grace", 0, kMaxTimerSeconds, default_grace));
  config.pace_ms = static_cast<int>(int_field_or(request, "pace", 0, kMaxPaceMs, -1));
  return config;
}

json timer_json(const Timer& timer) {
  json j = {{"mode", mode_name(timer.mode)}};
  if (timer.mode != Timer::Mode::kNone) j["seconds"] = timer.seconds;
  if (timer.mode == Timer::Mode::kClock) j["increment"] = timer.increment;
  return j;
}

json config_to_json(const TableConfig& config) {
  json j = {{"title", config.title},
            {"timer", timer_json(config.timer)},
            {"grace", config.grace_seconds},
            {"pace", config.pace_ms}};
  if (!config.creator.empty()) j["creator"] = config.creator;
  return j;
}

int pace_for_seats(bool any_person, int with_people) {
  return any_person ? with_people : 0;
}

TableConfig config_from_json(const json& j) {
  TableConfig config = config_from_request(j, "table");
  if (const json* creator = field(j, "creator"); creator && creator->is_string())
    config.creator = creator->get<std::string>();
  return config;
}

}  // namespace tt::server
