#include "cli/play_session.h"

#include <istream>
#include <ostream>

#include "cli/errors.h"
#include "cli/record_file.h"

namespace tt::cli {

PlaySession::PlaySession(Match match, std::vector<std::string> seats, std::string record_path,
                         Io& io)
    : match_(std::move(match)),
      seats_(std::move(seats)),
      seen_(seats_.size(), 0),
      record_path_(std::move(record_path)),
      io_(io),
      rng_(match_.setup().seed ^ 0x5EA7ED5EA7ED5EA7ull) {
  for (auto& kind : seats_) {
    agents_.push_back(kind == "human" ? nullptr : make_agent(kind));
    if (kind == "human") ++humans_;
  }
  all_ai_ = humans_ == 0;
}

int PlaySession::run() {
  const State& st = match_.state();
  io_.out << match_.game().title() << ", seed " << match_.setup().seed << "\n";
  for (std::size_t s = 0; s < seats_.size(); ++s)
    io_.out << "  seat " << s << ": "
            << (!is_human(static_cast<Seat>(s)) ? seats_[s]
                : humans_ > 1                   ? "a person (human)"
                                                : "you (human)")
            << "\n";
  if (!intro_.empty()) io_.out << intro_ << "\n";
  io_.out << "Record: " << record_path_ << "\n";
  while (!st.is_terminal()) {
    // Agents decide first, so a human is only asked when no agent is pending.
    Seat human = kNoSeat, agent = kNoSeat;
    for (Seat s = 0; s < st.num_seats(); ++s) {
      if (!has_seat(st.pending_seats(), s)) continue;
      if (is_human(s))
        human = human == kNoSeat ? s : human;
      else
        agent = agent == kNoSeat ? s : agent;
    }
    if (agent != kNoSeat) {
      ai_turn(agent);
    } else if (human != kNoSeat) {
      if (humans_ > 1 && human != facing_ && !hand_off(human)) return finish(true);
      facing_ = human;
      if (human_turn(human) == Turn::kQuit) return finish(true);
      save(false);
    } else {
      throw Failure(kExitInternal, "the game is not over but no seat has a decision pending");
    }
  }
  return finish(false);
}

void PlaySession::ai_turn(Seat seat) {
  const std::size_t from = match_.log().size();
  const Action action = agents_[seat]->choose(match_.state(), seat, rng_);
  const std::string error = match_.act(seat, action);
  if (!error.empty())
    throw Failure(kExitInternal, "agent " + seats_[seat] + " chose an illegal option: " + error);
  if (all_ai_)
    for (auto& line : match_.log_json(kReferee, from))
      io_.out << "  " << line["text"].get<std::string>() << "\n";
}

bool PlaySession::hand_off(Seat seat) {
  // On a terminal the last screen (the other person's hand) is wiped first,
  // and the scrollback with it, so it cannot be scrolled back to: cursor
  // home, clear the screen, clear the scrollback (ESC[3J), as `clear` does.
  io_.out << (io_.out_is_tty ? kClearScreenAndScrollback : "\n") << "Pass to seat " << seat
          << " \u2014 press Enter (q quits)" << std::flush;
  std::string line;
  if (!std::getline(io_.in, line)) return false;
  return line != "q" && line != "quit";
}

bool PlaySession::save(bool announce) {
  nlohmann::json record = match_.record();
  record["players"] = seats_;  // who played which seat, for --resume
  const std::string error = write_record(record_path_, record);
  if (!error.empty()) {
    io_.err << "could not save the record: " << error << "\n";
    return false;
  }
  if (announce) io_.out << "Record saved to " << record_path_ << "\n";
  return true;
}

int PlaySession::finish(bool quit) {
  const State& st = match_.state();
  // One person sees the end from their seat; several see the whole table.
  Seat me = kReferee;
  for (Seat s = 0; s < st.num_seats() && humans_ == 1; ++s)
    if (is_human(s)) {
      me = s;
      break;
    }
  if (st.is_terminal()) {
    if (me != kReferee) {
      for (auto& line : match_.log_json(me, seen_[me]))
        io_.out << "  " << line["text"].get<std::string>() << "\n";
      io_.out << "\n" << st.render(me);
    } else if (humans_ > 1) {
      io_.out << "\n" << st.render(kReferee);
    }
    io_.out << "\nGame over.\n";
    const auto results = match_.results();
    for (std::size_t s = 0; s < results.size(); ++s)
      io_.out << "  seat " << s
              << (!is_human(static_cast<Seat>(s)) ? " (" + seats_[s] + ")"
                  : humans_ > 1                   ? " (human)"
                                                  : " (you)")
              << ": " << results[s]["result"].get<std::string>() << ", place "
              << results[s]["place"].get<int>() << "\n";
  } else if (quit) {
    io_.out << "\nYou left the game after " << match_.decisions().size() << " decisions.\n";
  }
  if (!save(false)) return kExitInternal;
  io_.out << "Record written to " << record_path_ << " (replay it with: tabletop replay "
          << record_path_ << ")\n";
  return kExitOk;
}

}  // namespace tt::cli
