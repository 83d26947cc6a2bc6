#include "cli/digest.h"

#include <algorithm>

namespace tt::cli {

namespace {

// One line for a run of passes: "seat 2 passes", "seat 2 passes (3 times)",
// "seats 1, 2, 3 pass", "seats 0, 1 pass (3 passes)".
std::string folded_passes(const std::vector<Seat>& seats, std::size_t passes) {
  std::vector<Seat> who;
  for (Seat s : seats)
    if (std::find(who.begin(), who.end(), s) == who.end()) who.push_back(s);
  if (who.size() == 1)
    return "seat " + std::to_string(who[0]) + " passes" +
           (passes > 1 ? " (" + std::to_string(passes) + " times)" : "");
  std::string out = "seats ";
  for (std::size_t i = 0; i < who.size(); ++i) out += (i ? ", " : "") + std::to_string(who[i]);
  out += " pass";
  if (passes > who.size()) out += " (" + std::to_string(passes) + " passes)";
  return out;
}

}  // namespace

std::vector<LogLine> digest(const Match& match, Seat viewer, std::size_t from) {
  const State& st = match.state();
  const EventLog& log = match.log();
  std::vector<LogLine> out;
  std::vector<Seat> passing;  // the run of passes being folded
  std::string single;         // its line, when it is one pass
  auto close_run = [&] {
    if (passing.size() == 1) out.push_back({single, false});
    if (passing.size() > 1) out.push_back({folded_passes(passing, passing.size()), false});
    passing.clear();
  };
  for (std::size_t i = from; i < log.size(); ++i) {
    const Event& e = log[i];
    const LogWeight weight = st.log_weight(e);
    std::string text = st.describe(e, viewer);
    if (weight == LogWeight::kPass && e.seat >= 0) {
      passing.push_back(e.seat);
      single = std::move(text);
      continue;
    }
    close_run();
    if (!text.empty()) out.push_back({std::move(text), weight == LogWeight::kKey});
  }
  close_run();
  return out;
}

}  // namespace tt::cli
