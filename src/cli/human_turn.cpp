// A human's decision at the terminal: one screen (cli/screen.h) with the
// table, what happened since their last decision, the prompt and a page of
// options; then commands until they choose.
#include <algorithm>
#include <cctype>
#include <istream>
#include <ostream>
#include <sstream>

#include "cli/digest.h"
#include "cli/play_session.h"
#include "cli/screen.h"

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

// A typed square ("6,3"): the one option whose id ends on it (a placement,
// a move or an attack to that square), or none when it is not one option.
std::size_t by_square(const std::vector<OptionInfo>& options, const std::string& text) {
  const auto comma = text.find(',');
  if (comma == std::string::npos || comma == 0 || comma + 1 == text.size() ||
      text.find_first_not_of("0123456789,") != std::string::npos)
    return 0;
  std::size_t found = 0, count = 0;
  for (std::size_t i = 0; i < options.size(); ++i) {
    const std::string& id = options[i].id;
    if (id.size() > text.size() && id.compare(id.size() - text.size(), text.size(), text) == 0 &&
        (id[id.size() - text.size() - 1] == ':' || id[id.size() - text.size() - 1] == '>')) {
      found = i + 1;
      ++count;
    }
  }
  return count == 1 ? found : 0;
}

}  // namespace

void PlaySession::show_options(Seat seat, const std::vector<OptionInfo>& options, bool with_ids) {
  if (with_ids) {
    io_.out << "Seat " << seat << ", " << match_.state().prompt(seat) << ":\n";
    for (std::size_t i = 0; i < options.size(); ++i) {
      const std::string& label = options[i].label;
      io_.out << "  " << (i + 1) << ") " << label.substr(0, label.find('\n')) << "  ["
              << options[i].id << "]\n";
    }
    return;
  }
  Screen screen;
  screen.table = match_.state().render(seat);
  screen.log = pending_log_;
  screen.prompt = "Seat " + std::to_string(seat) + ", " + match_.state().prompt(seat);
  for (std::size_t i = 0; i < options.size(); ++i)
    screen.options.push_back({i + 1, options[i].label});
  page_ = std::min(page_, screen.pages() - 1);
  screen.page = page_;
  io_.out << "\n" << screen.draw();
}

void PlaySession::show_help(Seat seat, const std::vector<OptionInfo>& options) {
  io_.out << "Type the number of an option (or its id, shown in brackets), then Enter.\n"
             "  words (e.g. 'l4', a name)  narrow a long list of options\n"
             "  6,3  the option that goes to that square, when there is one\n"
             "  n / p  next / previous page of options\n"
             "  all  list every option with its id\n"
             "  t  show the table again    i  more about the table\n"
             "  log  everything that happened since your last decision\n"
             "  s  save the record to "
          << record_path_
          << "\n"
             "  concede  leave the game (asks first; with 3+ seats the others play on)\n"
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
  pending_log_ = digest(match_, seat, seen_[seat]);
  seen_[seat] = match_.log().size();
  page_ = 0;
  show_options(seat, options, false);
  if (auto_single_ && all_options.size() == 1) {
    io_.out << "> " << all_options[0].label.substr(0, all_options[0].label.find('\n'))
            << " (the only option: taken)\n";
    if (choose(seat, all_options, 0)) return Turn::kActed;
  }
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
    // Any game can be conceded at any decision (Match::concede), though it is
    // never one of the listed options; a slip of the keyboard costs nothing.
    if (line == "concede") {
      io_.out << "Concede the game? Type yes to concede, anything else to go on.\n> " << std::flush;
      std::string answer;
      if (!std::getline(io_.in, answer)) return Turn::kQuit;
      if (trimmed(answer) != "yes") {
        io_.out << "Not conceded.\n";
        continue;
      }
      const std::string error = match_.act(seat, std::string(kConcede));
      if (error.empty()) return Turn::kActed;
      io_.out << "Refused: " << error << "\n";
      continue;
    }
    if (line == "all" || line == "*") {
      options = all_options;
      show_options(seat, options, true);
      continue;
    }
    if (line == "t" || line == "table") {
      show_options(seat, options, false);
      continue;
    }
    if (line == "i" || line == "info") {
      const std::string details = st.render_details(seat);
      io_.out << (details.empty() ? st.render(seat) : details);
      continue;
    }
    if (line == "log") {
      for (auto& l : pending_log_) io_.out << "  " << l.text << "\n";
      if (pending_log_.empty()) io_.out << "  (nothing since your last decision)\n";
      continue;
    }
    if (line == "n" || line == ">" || line == "p" || line == "<") {
      if (line == "n" || line == ">")
        ++page_;
      else if (page_ > 0)
        --page_;
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
    if (index == 0) {
      index = by_square(all_options, line);
      if (index != 0) options = all_options;
    }
    if (index == 0 && line.find_first_not_of("0123456789") != std::string::npos) {
      auto narrowed = matching(all_options, line);
      if (!narrowed.empty()) {
        options = std::move(narrowed);
        page_ = 0;
        show_options(seat, options, false);
        continue;
      }
    }
    if (index == 0) {
      io_.out << "'" << line << "' is not an option: type 1 to " << options.size()
              << ", an option id, words to narrow the list, or h for help\n";
      continue;
    }
    if (choose(seat, options, index - 1)) return Turn::kActed;
  }
}

}  // namespace tt::cli
