// The screen of one decision, sized for an 80x24 terminal: the table, what
// happened since the seat's last decision, the prompt and one page of
// options. A table whose first lines are narrow (a board) gets the log and
// the options beside it; a wide one gets them below. An option whose label
// has more lines (a small picture, e.g. a dungeon net) is drawn as a tile.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace tt::cli {

struct ScreenOption {
  std::size_t number = 0;  // what the person types (1-based, over all pages)
  std::string label;       // first line: the text; more lines: a picture
};

// A line of what happened since the seat's last decision (cli/digest.h).
struct LogLine {
  std::string text;
  bool key = false;  // an attack, a spell, a target, a life change: shown first
};

struct Screen {
  static constexpr int kWidth = 80;
  static constexpr int kHeight = 24;
  static constexpr int kNarrow = 32;      // a table this wide leaves room beside it
  static constexpr int kLogLines = 4;     // log lines shown at least (when there are)
  static constexpr int kWantOptions = 8;  // option rows the log leaves room for

  std::string table;         // State::render
  std::vector<LogLine> log;  // lines since the seat's last decision
  std::string prompt;        // "Seat 0, Dice roll 1 of 2: pick 3 dice"
  std::vector<ScreenOption> options;
  std::size_t page = 0;

  // Options are cut into pages that fit; page() is clamped to them.
  std::size_t pages() const;
  // The whole screen, ending with a newline (the input line is the caller's).
  std::string draw() const;

 private:
  struct Layout {
    std::vector<std::string> table;  // table lines
    std::size_t beside = 0;          // leading table lines with the panel beside them
    int panel_width = kWidth;
    int option_rows = 0;       // rows left for options on one page
    int log_rows = kLogLines;  // log lines shown
  };
  Layout layout() const;
  // The log lines (at most `log_rows` of them: key lines first, then the
  // latest, in their order) and the prompt, wrapped to `width`.
  std::vector<std::string> head_lines(int width, int log_rows) const;
  // Options split into pages of at most `rows` rows each, as lines.
  std::vector<std::vector<std::string>> paginate(int width, int rows) const;
};

}  // namespace tt::cli
