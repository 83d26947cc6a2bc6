// tabletop replay FILE: a record re-played decision by decision.
#include <istream>
#include <ostream>

#include "cli/commands.h"
#include "cli/errors.h"
#include "cli/setup_args.h"
#include "core/error.h"
#include "core/match.h"
#include "protocol/setup_json.h"

namespace tt::cli {

using nlohmann::json;

namespace {

Seat parse_viewer(const std::string& text, int seats) {
  if (text == "referee") return kReferee;
  try {
    std::size_t used = 0;
    const int seat = std::stoi(text, &used);
    if (used == text.size() && seat >= 0 && seat < seats) return seat;
  } catch (const std::exception&) {
  }
  usage_error("--as takes a seat from 0 to " + std::to_string(seats - 1) + " or 'referee', got '" +
              text + "'");
}

// The record's match before its first decision.
Match start_of(const json& record) {
  json start = record;
  start["decisions"] = json::array();
  return Match::from_record(start);
}

std::string results_text(const json& results) {
  std::string out;
  for (std::size_t s = 0; s < results.size(); ++s)
    out += "  seat " + std::to_string(s) + ": " + results[s]["result"].get<std::string>() +
           " (place " + std::to_string(results[s]["place"].get<int>()) + ")\n";
  return out;
}

}  // namespace

int cmd_replay(const ReplayArgs& args, Io& io) {
  const json record = read_json_file(args.file);
  std::optional<Match> match;
  try {
    protocol::check_record_shape(record);
    match.emplace(start_of(record));
  } catch (const Error& e) {
    bad_input(args.file + ": " + e.what());
  }
  Match& m = *match;
  const Seat viewer = parse_viewer(args.as, m.state().num_seats());
  const json& decisions = record.contains("decisions") ? record["decisions"] : json::array();
  json steps = json::array();
  if (!args.json)
    io.out << "Replaying " << args.file << ": " << m.game().name() << ", " << m.setup().seats
           << " seats, seed " << m.setup().seed << ", " << decisions.size() << " decisions\n";
  bool stepping = args.step && !args.json;
  for (std::size_t i = 0; i < decisions.size(); ++i) {
    const Seat seat = decisions[i]["seat"].get<int>();
    const std::string id = decisions[i]["option"].get<std::string>();
    std::string label = id;
    for (auto& o : m.options(seat))
      if (o.id == id) label = o.label;
    const std::size_t from = m.log().size();
    const std::string err = m.act(seat, id);
    if (!err.empty())
      bad_input(args.file + ": decision " + std::to_string(i) + " (seat " + std::to_string(seat) +
                ", " + id + "): " + err);
    const json log = m.log_json(viewer, from);
    if (args.json) {
      steps.push_back(
          {{"index", i}, {"seat", seat}, {"option", id}, {"label", label}, {"log", log}});
      continue;
    }
    io.out << "#" << i + 1 << " seat " << seat << ": " << label << "  [" << id << "]\n";
    for (auto& line : log) io.out << "    " << line["text"].get<std::string>() << "\n";
    if (stepping && i + 1 < decisions.size()) {
      io.out << "-- Enter for the next decision --" << std::flush;
      std::string ignored;
      if (!std::getline(io.in, ignored)) stepping = false;  // input ended: play the rest through
    }
  }
  const json results = m.results();
  const bool differs = record.contains("results") && record["results"] != results;
  if (args.json) {
    io.out << json{{"game", m.game().name()}, {"setup", setup_to_json(m.setup())},
                   {"steps", steps},          {"terminal", m.state().is_terminal()},
                   {"results", results},      {"results_match_record", !differs}}
                  .dump(2)
           << "\n";
  } else if (m.state().is_terminal()) {
    io.out << "Final results:\n" << results_text(results);
  } else {
    io.out << "The record ends before the game does (seats pending).\n";
  }
  if (differs) io.err << "warning: the results stored in the record differ from the replay\n";
  return kExitOk;
}

}  // namespace tt::cli
