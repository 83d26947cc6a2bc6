#include "server/chess_clock.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/match.h"
#include "server/table.h"

namespace tt::server {

using nlohmann::json;

namespace {

json parsed(const Table& table, const std::string& clocks) {
  json j = json::parse(clocks, nullptr, false);
  const std::size_t n = table.seats.size();
  if (!j.is_object() || !j["left_ms"].is_array() || !j["flag_fell"].is_array() ||
      j["left_ms"].size() != n || j["flag_fell"].size() != n)
    throw Error("its stored clocks do not fit its " + std::to_string(n) + " seats");
  for (std::size_t i = 0; i < n; ++i)
    if (!j["left_ms"][i].is_number_integer() || !j["flag_fell"][i].is_boolean())
      throw Error("its stored clock of seat " + std::to_string(i) + " is malformed");
  return j;
}

}  // namespace

std::string clocks_after(const Table& table, Seat seat, const std::string& option,
                         Loop::Clock::time_point now) {
  if (table.config.timer.mode != Timer::Mode::kClock) return "";
  json left = json::array(), fell = json::array();
  for (std::size_t i = 0; i < table.seats.size(); ++i) {
    const TableSeat& s = table.seats[i];
    std::int64_t ms = s.clock_ms;
    if (static_cast<Seat>(i) == seat && s.was_pending && option != kConcede) {
      const auto used =
          std::chrono::duration_cast<std::chrono::milliseconds>(now - s.pending_since).count();
      if (!s.flag_fell) ms = std::max<std::int64_t>(0, ms - used);
      ms += std::int64_t{table.config.timer.increment} * 1000;
    }
    left.push_back(ms);
    fell.push_back(s.flag_fell);
  }
  return json{{"left_ms", left}, {"flag_fell", fell}}.dump();
}

void set_seat_clock(Table& table, Seat seat, const std::string& clocks) {
  if (clocks.empty()) return;
  const json j = parsed(table, clocks);
  table.seats[static_cast<std::size_t>(seat)].clock_ms = j["left_ms"][seat].get<std::int64_t>();
}

void set_clocks(Table& table, const std::string& clocks) {
  if (clocks.empty()) return;
  const json j = parsed(table, clocks);
  for (std::size_t i = 0; i < table.seats.size(); ++i) {
    table.seats[i].clock_ms = j["left_ms"][i].get<std::int64_t>();
    table.seats[i].flag_fell = j["flag_fell"][i].get<bool>();
  }
}

}  // namespace tt::server
