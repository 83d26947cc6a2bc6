// A table's server-side settings, chosen at creation: title, timers and the
// grace a disconnected seat gets before it concedes (docs/server.md).
#pragma once
#include <nlohmann/json_fwd.hpp>
#include <string>

namespace tt::server {

struct Timer {
  enum class Mode { kNone, kMove, kClock };
  Mode mode = Mode::kNone;
  int seconds = 0;    // per decision (kMove), or in all per seat (kClock)
  int increment = 0;  // seconds added to a seat's clock per decision (kClock)
};

// The grace of a table whose create request names none (`tabletop serve
// --grace` changes it): a player who lost the connection has two minutes to
// come back before their seat concedes, so a table left behind ends.
inline constexpr int kDefaultGraceSeconds = 120;

struct TableConfig {
  std::string title;
  Timer timer;
  int grace_seconds = kDefaultGraceSeconds;  // 0: a disconnected seat never concedes by itself
  // How long a computer seat waits before it decides, so people can follow
  // its moves; -1 until the server chooses (pace_for_seats).
  int pace_ms = -1;
  // The network address the table was created from: the tables one address
  // holds are limited (address_limits.cpp), restarts included, so it is
  // stored with the rest. Never sent to clients; "" for a table stored before.
  std::string creator;
};

// The longest pause a table may ask of its computer seats.
inline constexpr int kMaxPaceMs = 10000;

// A table's pace when its creator chose none: `with_people` at a table with a
// person (the server's --agent-delay-ms), none at a table of computers only.
int pace_for_seats(bool any_person, int with_people);

// The longest a timer or grace may be: a day.
inline constexpr int kMaxTimerSeconds = 86400;
// After a clock runs out, each further decision of that seat gets this long
// (or the increment, if longer) before its default option is taken.
inline constexpr int kFlagFallSeconds = 5;

// Reads "timer", "grace" and "title" of a create request (strict: types and
// ranges checked); a request without "grace" gets `default_grace`. Throws
// tt::Error naming the field. The creator is the server's to set, never the request's.
TableConfig config_from_request(const nlohmann::json& request, const std::string& default_title,
                                int default_grace = kDefaultGraceSeconds);
nlohmann::json config_to_json(const TableConfig& config);
TableConfig config_from_json(const nlohmann::json& j);
nlohmann::json timer_json(const Timer& timer);
// "none", "move" or "clock".
const char* mode_name(Timer::Mode m);

}  // namespace tt::server
