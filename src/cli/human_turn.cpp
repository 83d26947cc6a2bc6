// A human's decision at the terminal: the table, what happened since their
// last decision, the prompt and a numbered list of options.
#include <algorithm>
#include <cctype>
#include <istream>
#include <ostream>
#include <sstream>

#include "cli/play_session.h"

namespace tt::cli {

namespace {

std::string trimmed(std::string s) {
  s.erase(0, s.find_first_not_of(" \t\r"));
  s.erase(s.find_last_not_of(" \t\r") + 1);
  return s;
}

// A number from 1 to n, or 0.
std::size_t as_choice(const std::string& text, std::size_t n) {
  if (text.empty() || text.size() > 9 || text.find_first_not_of("0123456789") != std::string::npos)
    return 0;
  const std::size_t k = std::stoul(text);
  return k >= 1 && k <= n ? k : 0;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Options whose label or id contains every word of `text` (any case).
std::vector<OptionInfo> matching(const std::vector<OptionInfo>& options, const std::string& text) {
  std::vector<std::string> words;
  std::istringstream in(lower(text));
  for (std::string w; in >> w;) words.push_back(w);
  std::vector<OptionInfo> out;
  for (auto& o : options) {
    const std::string hay = lower(o.label + " " + o.id);
    bool all = true;
    for (auto& w : words) all = all && hay.find(w) != std::string::npos;
    if (all) out.push_back(o);
  }
  return out;
}

// Long lists (dice choices, dungeon placements) show their first lines only.
constexpr std::size_t kShown = 30;

}  // namespace

void PlaySession::show_options(Seat seat, const std::vector<OptionInfo>& options, bool with_ids) {
  io_.out << "Seat " << seat << ", " << match_.state().prompt(seat) << ":\n";
  const std::size_t shown = with_ids ? options.size() : std::min(options.size(), kShown);
  for (std::size_t i = 0; i < shown; ++i) {
    io_.out << "  " << (i + 1) << ") " << options[i].label;
    if (with_ids) io_.out << "  [" << options[i].id << "]";
    io_.out << "\n";
  }
  if (shown < options.size())
    io_.out << "  ... and " << (options.size() - shown)
            << " more: type words to narrow the list (part of a name, a square such as 6,3, "
               "a die such as l4), 'all' to list every option\n";
}

void PlaySession::show_help(Seat seat, const std::vector<OptionInfo>& options) {
  io_.out << "Type the number of an option (or its id, shown in brackets), then Enter.\n"
             "  words (e.g. 'l4', '6,3', a name)  narrow a long list of options\n"
             "  all  list every option with its id\n"
             "  t  show the table again\n  s  save the record to "
          << record_path_
          << "\n"
             "  q  quit (the record is saved)\n  h  this help\n";
  show_options(seat, options, true);
}

bool PlaySession::choose(Seat seat, const std::vector<OptionInfo>& options, std::size_t index) {
  const std::string error = match_.act(seat, options[index].action);
  if (error.empty()) return true;
  io_.out << "Refused: " << error << "\n";
  return false;
}

PlaySession::Turn PlaySession::human_turn(Seat seat) {
  const State& st = match_.state();
  const auto all_options = match_.options(seat);
  auto options = all_options;  // the list the numbers refer to (narrowed by typed words)
  io_.out << "\n" << st.render(seat);
  const auto log = match_.log_json(seat, seen_[seat]);
  if (!log.empty()) {
    io_.out << "Since your last decision:\n";
    for (auto& line : log) io_.out << "  " << line["text"].get<std::string>() << "\n";
  }
  seen_[seat] = match_.log().size();
  show_options(seat, options, false);
  for (;;) {
    io_.out << "> " << std::flush;
    std::string line;
    if (!std::getline(io_.in, line)) return Turn::kQuit;  // end of input: leave, keeping the record
    line = trimmed(line);
    if (line.empty()) continue;
    if (line == "q" || line == "quit") return Turn::kQuit;
    if (line == "h" || line == "help" || line == "?") {
      show_help(seat, options);
      continue;
    }
    if (line == "s" || line == "save") {
      save(true);
      continue;
    }
    if (line == "all" || line == "*") {
      options = all_options;
      show_options(seat, options, true);
      continue;
    }
    if (line == "t" || line == "table") {
      io_.out << st.render(seat);
      show_options(seat, options, false);
      continue;
    }
    std::size_t index = as_choice(line, options.size());
    if (index == 0)
      for (std::size_t i = 0; i < options.size(); ++i)
        if (options[i].id == line) index = i + 1;
    if (index == 0)
      for (std::size_t i = 0; i < all_options.size() && index == 0; ++i)
        if (all_options[i].id == line) {
          options = all_options;
          index = i + 1;
        }
    if (index == 0 && line.find_first_not_of("0123456789") != std::string::npos) {
      auto narrowed = matching(all_options, line);
      if (!narrowed.empty()) {
        options = std::move(narrowed);
        show_options(seat, options, false);
        continue;
      }
    }
    if (index == 0) {
      io_.out << "'" << line << "' is not an option: type 1 to " << std::min(options.size(), kShown)
              << ", an option id, words to narrow the list, or h for help\n";
      continue;
    }
    if (choose(seat, options, index - 1)) return Turn::kActed;
  }
}

}  // namespace tt::cli
