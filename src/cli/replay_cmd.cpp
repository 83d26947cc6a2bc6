// tabletop replay FILE: a record re-played decision by decision, as one seat
// (or the referee) may see it; --step draws the table at each step and can
// step back.
#include <istream>
#include <ostream>

#include "cli/commands.h"
#include "cli/errors.h"
#include "cli/setup_args.h"
#include "core/error.h"
#include "core/registry.h"
#include "core/replay.h"
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

std::string viewer_name(Seat viewer) {
  return viewer == kReferee ? "the referee" : "seat " + std::to_string(viewer);
}

std::string results_text(const json& results) {
  std::string out;
  for (std::size_t s = 0; s < results.size(); ++s)
    out += "  seat " + std::to_string(s) + ": " + results[s]["result"].get<std::string>() +
           " (place " + std::to_string(results[s]["place"].get<int>()) + ")\n";
  return out;
}

// A decision and the log lines it produced, as the viewer sees them.
void print_step(const ReplayStep& step, std::ostream& out) {
  out << "#" << step.index + 1 << " seat " << step.seat << ": " << step.label << "  ["
      << step.option << "]\n";
  for (auto& line : step.log) out << "    " << line["text"].get<std::string>() << "\n";
}

// The table as the viewer sees it after the decisions so far.
void print_table(const Replay& r, std::ostream& out) {
  const std::string table = r.match().state().render(r.viewer());
  out << "---- after " << r.position() << " of " << r.size() << " decisions, as "
      << viewer_name(r.viewer()) << " sees the table ----\n"
      << table << (table.ends_with('\n') ? "" : "\n");
}

class ReplayCommand {
 public:
  ReplayCommand(const ReplayArgs& args, Io& io) : args_(args), io_(io) {}

  int run() {
    const json record = read_json_file(args_.file);
    try {
      protocol::check_record_shape(record);
      replay_.emplace(record);
    } catch (const DataError&) {
      throw;  // the game's card data is broken: exit 4, not bad input
    } catch (const Error& e) {
      bad_input(args_.file + ": " + e.what());
    }
    if (const std::string note = unpinned_note(record); !note.empty())
      io_.err << "note: " << args_.file << ": " << note << "\n";
    Replay& r = *replay_;
    const Seat viewer = parse_viewer(args_.as, r.match().state().num_seats());
    r.view_as(viewer);
    if (args_.json) return print_json(record);
    io_.out << "Replaying " << args_.file << ": " << r.match().game().name() << ", "
            << r.match().setup().seats << " seats, ";
    // The seed decides every shuffle: only the referee is told it.
    if (viewer == kReferee) io_.out << "seed " << r.match().setup().seed << ", ";
    io_.out << r.size() << " decisions, as " << viewer_name(viewer) << "\n";
    if (args_.step && !step_through()) return kExitOk;
    while (!r.at_end()) print_step(next(), io_.out);
    print_end(record);
    return kExitOk;
  }

 private:
  ReplayStep next() {
    try {
      return replay_->next();
    } catch (const Error& e) {
      bad_input(args_.file + ": " + e.what());
    }
  }

  // Enter or n: the next decision; b: one back; q: stop. Returns false when
  // the user quit, true when the input ended (the rest is played through)
  // or the end of the record was passed.
  bool step_through() {
    Replay& r = *replay_;
    print_table(r, io_.out);
    for (;;) {
      io_.out << (r.at_end() ? "-- End of the record: b back, Enter or q to finish --"
                             : "-- Enter for the next decision, b back, q quit --")
              << std::flush;
      std::string key;
      if (!std::getline(io_.in, key)) {
        io_.out << "\n";
        return true;  // input ended: play the rest through
      }
      if (key == "q") return false;
      if (key == "b") {
        if (r.position() == 0) {
          io_.out << "Already at the start.\n";
          continue;
        }
        try {
          r.back();
        } catch (const Error& e) {
          bad_input(args_.file + ": " + e.what());
        }
        io_.out << "Back one decision.\n";
        print_table(r, io_.out);
        continue;
      }
      if (key != "" && key != "n") {
        io_.out << "Keys: Enter or n for the next decision, b to step back, q to quit.\n";
        continue;
      }
      if (r.at_end()) return true;
      print_step(next(), io_.out);
      print_table(r, io_.out);
    }
  }

  void print_end(const json& record) {
    const Match& m = replay_->match();
    const json results = m.results();
    if (m.state().is_terminal()) {
      io_.out << "Final results:\n" << results_text(results);
    } else {
      io_.out << "The record ends before the game does (seats pending).\n";
    }
    if (record.contains("results") && record["results"] != results)
      io_.err << "warning: the results stored in the record differ from the replay\n";
  }

  int print_json(const json& record) {
    Replay& r = *replay_;
    json steps = json::array();
    while (!r.at_end()) {
      const ReplayStep step = next();
      steps.push_back({{"index", step.index},
                       {"seat", step.seat},
                       {"option", step.option},
                       {"label", step.label},
                       {"log", step.log}});
    }
    const Match& m = r.match();
    const json results = m.results();
    const bool differs = record.contains("results") && record["results"] != results;
    io_.out << json{{"game", m.game().name()},
                    {"setup", setup_seen_by(setup_to_json(m.setup()), r.viewer())},
                    {"as", r.viewer() == kReferee ? json("referee") : json(r.viewer())},
                    {"steps", steps},
                    {"terminal", m.state().is_terminal()},
                    {"results", results},
                    {"results_match_record", !differs}}
                   .dump(2)
            << "\n";
    if (differs) io_.err << "warning: the results stored in the record differ from the replay\n";
    return kExitOk;
  }

  const ReplayArgs& args_;
  Io& io_;
  std::optional<Replay> replay_;
};

}  // namespace

int cmd_replay(const ReplayArgs& args, Io& io) {
  return ReplayCommand(args, io).run();
}

}  // namespace tt::cli
