// A match: one game being played, with its log and the record of every
// decision. This is what the CLI, the engine protocol and the server drive;
// decisions arrive as option ids and are checked before anything changes.
#pragma once
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"

namespace tt {

struct OptionInfo {
  std::string id;
  std::string label;
  Action action;
};

// The reserved option id of a concession, accepted from any seat in the game.
inline constexpr const char* kConcede = "concede";

struct Decision {
  Seat seat;
  std::string option;
};

class Match {
 public:
  // A new game. Throws tt::Error on a bad setup or deck.
  Match(std::shared_ptr<const Game> game, Setup setup);
  // The same game dealt from `prepared`, game->prepare(setup) made before
  // (for any seed): the server deals tables created alike from one.
  Match(std::shared_ptr<const Game> game, Setup setup, const PreparedSetup& prepared);
  // A game from an explicit state (a scenario). Throws tt::Error when malformed.
  Match(std::shared_ptr<const Game> game, Setup setup, const nlohmann::json& start_state);
  // Replays a record (see docs/protocol.md). Throws tt::Error when its pins
  // differ from the game's (pin_mismatch), or naming the first decision that
  // does not apply.
  static Match from_record(const nlohmann::json& record);

  Match(Match&&) = default;
  Match& operator=(Match&&) = default;

  const Game& game() const { return *game_; }
  const Setup& setup() const { return setup_; }
  const State& state() const { return *state_; }

  std::vector<OptionInfo> options(Seat seat) const;
  // Applies the option with this id for this seat. Returns "" on success, or
  // an error message and changes nothing.
  std::string act(Seat seat, const std::string& option_id);
  // Why act(seat, option_id) would be refused, or "" when it would be taken
  // (a concession is only checked for a seat still in the game). Changes nothing.
  // When it would be taken and is not a concession, `*found` (if given) is
  // set to the option's action, so the caller need not list the options again.
  std::string refusal(Seat seat, const std::string& option_id,
                      std::optional<Action>* found = nullptr) const;
  std::string act(Seat seat, Action action);
  // `seat` leaves the game (State::concede); recorded as the decision
  // kConcede, which any seat still in the game may send at any time.
  std::string concede(Seat seat);

  nlohmann::json view(Seat viewer) const;
  // The same view written through `out` (the server writes it as text).
  void write_view(Seat viewer, ViewWriter& out) const { state_->write_view(viewer, out); }
  const EventLog& log() const { return *log_; }
  // Log lines from index `from` on, as `viewer` may see them.
  nlohmann::json log_json(Seat viewer, std::size_t from = 0) const;
  const std::vector<Decision>& decisions() const { return decisions_; }
  // The shareable record: game, setup, seed, decisions (and the start state
  // for a game that began from a scenario), pinned to the rules version and
  // the card data's hash.
  nlohmann::json record() const;
  // Per-seat results as JSON (empty array while the game goes on).
  nlohmann::json results() const;

 private:
  std::shared_ptr<const Game> game_;
  Setup setup_;
  std::unique_ptr<EventLog> log_;
  std::unique_ptr<State> state_;
  nlohmann::json start_state_;  // null unless started from a scenario
  std::vector<Decision> decisions_;
};

// Records pin the content they were played with: the game's rules version
// and the hash of its card data (Registry::data_hash). "" when the record was
// played with this very content, or names what changed: "this record was
// played with other card data for ddm (hash X, now Y)". Match::from_record
// refuses a record whose pins differ.
std::string pin_mismatch(const nlohmann::json& record, const Game& game);
// A note for a record that has no pins (written before records were pinned):
// it replays only while the data and rules are still the same. "" otherwise.
std::string unpinned_note(const nlohmann::json& record);

// Throws tt::Error naming every malformed field of a record by its JSON
// pointer ("record:/decisions/5/seat: expected an integer (0 to 15) ..."),
// against data/schema/record.schema.json: the one description of the format.
void check_record_fields(const nlohmann::json& record);

// Setup <-> JSON, shared by records, scenarios and the protocol.
Setup setup_from_json(const nlohmann::json& j);
nlohmann::json setup_to_json(const Setup& setup);

}  // namespace tt
