// One game at the terminal: humans type their choices, agents play the other
// seats, and the record is written after every human decision and at the end.
// With two or more people, a hand-off screen comes before each one's turn.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "ai/agent.h"
#include "cli/commands.h"
#include "cli/screen.h"
#include "core/match.h"

namespace tt::cli {

// Cursor home, clear the screen, then the scrollback (ncurses `clear`'s
// order: some terminals keep a cleared screen in the scrollback).
inline constexpr const char* kClearScreenAndScrollback = "\033[H\033[2J\033[3J";

class PlaySession {
 public:
  // seats[s]: "human" or an agent name.
  PlaySession(Match match, std::vector<std::string> seats, std::string record_path, Io& io);
  // Plays until the game ends or a human quits. Returns the exit code.
  int run();
  // A line printed after the seats (where a resumed game goes on, a puzzle's name).
  void set_intro(std::string intro) { intro_ = std::move(intro); }
  // Whether a decision with a single option is taken as soon as it is shown
  // (on by default; --confirm-forced turns it off).
  void set_auto_single(bool on) { auto_single_ = on; }
  // Log lines written before now are not shown again (a resumed game).
  void skip_past_log() { seen_.assign(seats_.size(), match_.log().size()); }

 private:
  enum class Turn { kActed, kQuit };
  Turn human_turn(Seat seat);
  void ai_turn(Seat seat);
  // Applies option `index` of `seat`'s list; false (and a message) if refused.
  bool choose(Seat seat, const std::vector<OptionInfo>& options, std::size_t index);
  void show_options(Seat seat, const std::vector<OptionInfo>& options, bool with_ids);
  void show_help(Seat seat, const std::vector<OptionInfo>& options);
  // Two people at one terminal: the screen is cleared and the next one is
  // asked to take it before their hand is shown. False when input ended.
  bool hand_off(Seat seat);
  bool save(bool announce);
  int finish(bool quit);
  bool is_human(Seat seat) const { return seats_[seat] == "human"; }

  Match match_;
  std::vector<std::string> seats_;
  std::vector<std::unique_ptr<Agent>> agents_;  // nullptr for humans
  std::vector<std::size_t> seen_;               // per seat: log lines already shown
  std::string record_path_;
  Io& io_;
  Rng rng_;
  bool all_ai_ = true;
  int humans_ = 0;
  Seat facing_ = kNoSeat;  // the human seat the screen last showed
  std::string intro_;
  bool auto_single_ = true;
  std::size_t page_ = 0;              // the page of options on screen
  std::vector<LogLine> pending_log_;  // what happened since the seat's last decision
};

}  // namespace tt::cli
