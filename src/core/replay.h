// A record stepped through decision by decision, forward and back, each
// decision shown as one viewer may see it (State::action_id_for): what
// `tabletop replay --as`, and the protocol's `save` with `as`, show a seat.
#pragma once
#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "core/match.h"

namespace tt {

// One decision of a record, as the viewer may see it.
struct ReplayStep {
  std::size_t index = 0;  // its place in the record's decisions
  Seat seat = 0;
  std::string option;  // the id, with what is hidden from the viewer left out
  std::string label;
  nlohmann::json log;  // the log lines the decision produced, as the viewer sees them
};

class Replay {
 public:
  // Loads the record's start (Match::from_record without its decisions),
  // shown as the referee sees it until view_as. Throws tt::Error when the
  // record is malformed or its start does not load.
  explicit Replay(const nlohmann::json& record);

  // Shows the decisions from now on as `viewer` (a seat or kReferee) sees
  // them. Throws tt::Error for a seat not in the game.
  void view_as(Seat viewer);

  std::size_t size() const { return decisions_.size(); }
  // Decisions applied so far.
  std::size_t position() const { return position_; }
  bool at_end() const { return position_ == decisions_.size(); }
  Seat viewer() const { return viewer_; }
  // The game after position() decisions.
  const Match& match() const { return *match_; }

  // Applies the next decision and returns it as the viewer sees it. Throws
  // tt::Error naming the decision when it does not apply (the replay then
  // stays where it was).
  ReplayStep next();
  // Goes back one decision. The game is re-derived by replaying the record
  // from its start (states keep no history; replays are not the playout path).
  void back();

 private:
  nlohmann::json start_;      // the record without decisions
  nlohmann::json decisions_;  // the record's decisions
  Seat viewer_ = kReferee;
  std::optional<Match> match_;
  std::size_t position_ = 0;
};

// The record as `viewer` may see it, to hand to that seat: each decision's
// id and label as action_id_for/action_label_for render them, the seed, the
// start state and the other seats' decks left out, and "seen_by" naming
// the viewer. Such a record shows a game; it cannot be replayed
// (Match::from_record refuses it). kReferee gets the record unchanged.
// Throws tt::Error as Replay does.
nlohmann::json record_seen_by(const nlohmann::json& record, Seat viewer);
// A setup (as JSON) as `viewer` may see it: without the seed, which decides
// every shuffle, and with the other seats' decks left out (null).
nlohmann::json setup_seen_by(nlohmann::json setup, Seat viewer);

}  // namespace tt
