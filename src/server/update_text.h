// The text of one `update` (docs/server.md "update (pushed)"), written
// straight into a string: no JSON tree is built but the game's view. The
// fields are written in key order, so the text is exactly the dump of
// Table::update_base with the log added (update_text_test.cpp checks it).
// What every receiver shares (seats, clock, results, ...) is written once
// per broadcast; what a place sees (its options, the last decision as it
// may see it) once per place.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include "server/table.h"

namespace tt::server {

// Plain: as to a client that takes no patches. Full: the whole view and its
// version. Patch: `patch` in place of the view, from version `from` to `to`.
enum class UpdateForm { kPlain, kFull, kPatch };

// The fields of an update the same for every receiver at this moment.
struct SharedUpdateText {
  std::string clock_game;  // ,"clock":...,"game":...
  std::string rest;        // ,"results":... to ,"type":"update"
  void write(const Table& table, Loop::Clock::time_point now);
};

// The fields one place (a seat, or the spectators) sees of its own.
struct PlaceUpdateText {
  std::string last;     // ,"last":{...} or nothing
  std::string pending;  // the array
  void write(const Table& table, Seat seat);
};

struct UpdateText {
  UpdateForm form = UpdateForm::kPlain;
  std::string_view view;   // the whole view (plain, full)
  std::string_view patch;  // the patch (patch)
  std::uint64_t from = 0, to = 0;
};

// The update for `seat` with the log lines from `log_from` on.
std::string update_text(const Table& table, Seat seat, const SharedUpdateText& shared,
                        const PlaceUpdateText& place, const UpdateText& body, std::size_t log_from);

}  // namespace tt::server
