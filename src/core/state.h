// A game state: a plain value holding everything about one game in progress.
// It knows whose decision is pending and with which options, applies a chosen
// option, and says when the game is over and how it ended. Search clones it.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/event.h"
#include "core/game_summary.h"
#include "core/outcome.h"
#include "core/rng.h"
#include "core/types.h"

namespace tt {

class ViewWriter;  // core/view_writer.h

class State {
 public:
  virtual ~State() = default;

  // A full copy that shares nothing mutable with this one (no log attached).
  virtual std::unique_ptr<State> clone() const = 0;
  // Makes this state a copy of `other` (of the same game, else tt::Error),
  // reusing this state's buffers: search copies into one scratch state per
  // simulation instead of allocating a clone. No log stays attached.
  virtual void assign(const State& other) = 0;

  virtual int num_seats() const = 0;
  virtual bool is_terminal() const = 0;
  // Per seat, valid once is_terminal().
  virtual Outcomes outcomes() const = 0;

  // Seats that may decide now. Usually one; several for a simultaneous secret
  // choice (each seat's choice stays hidden from the others until revealed).
  virtual SeatMask pending_seats() const = 0;
  // The pending seat a playout asks first.
  virtual Seat to_act() const = 0;
  // What the pending decision asks, in a few words ("Choose a card to dispatch").
  virtual std::string prompt(Seat seat) const = 0;

  // Fills `out` (cleared first) with the seat's legal options; empty when the
  // seat has no pending decision.
  virtual void legal_actions(Seat seat, ActionList& out) const = 0;
  // Applies a legal option. Precondition: it is in legal_actions(seat).
  virtual void apply_action(Seat seat, Action action) = 0;

  // The seat leaves the game of its own accord (concedes, or gives up its
  // place after a disconnect), at any moment, pending or not. The game goes
  // on as its rules for a player leaving say (in a two-player game the other
  // seat wins). Returns an error and changes nothing when it cannot.
  virtual std::string concede(Seat seat);
  // Whether `seat` is still playing (has not left the game).
  virtual bool in_game(Seat seat) const { return seat >= 0 && seat < num_seats(); }

  // Checked apply: returns an error message and changes nothing when the seat
  // has no pending decision or the option is not among its legal ones.
  std::string try_apply(Seat seat, Action action);

  // Whether an option only takes back a half-made choice (cancelling a
  // payment) and leaves the game where it was. People need it; agents skip
  // it, since choosing it again and again would go round in circles.
  virtual bool is_undo(Seat /*seat*/, Action /*action*/) const { return false; }

  // The option taken for a seat that lets its time run out (a server's
  // timer): what a player who does nothing would do. By default the first
  // legal option that is not an undo; games name their own (docs/games/).
  // Precondition: the seat is pending.
  virtual Action default_action(Seat seat) const;

  // How games name their default: the first legal option of `seat` whose
  // kind is among `passive` (at most one of them is offered in any one
  // decision), else State::default_action's choice.
  template <typename Kind, std::size_t N>
  Action first_passive(Seat seat, const Kind (&passive)[N]) const {
    ActionList legal;
    legal_actions(seat, legal);
    for (Kind kind : passive)
      for (const Action& a : legal)
        if (a.kind == static_cast<std::uint16_t>(kind)) return a;
    return State::default_action(seat);
  }

  // Stable string id (e.g. "dispatch:c17:m2") and readable label of an option.
  virtual std::string action_id(Seat seat, Action action) const = 0;
  virtual std::string action_label(Seat seat, Action action) const = 0;

  // The id and label of an option `seat` chose, as `viewer` may see them: what
  // is hidden from viewer (a card played face down, cards put back at a
  // mulligan) is left out. kReferee and the choosing seat see the full id.
  virtual std::string action_id_for(Seat seat, Action action, Seat /*viewer*/) const {
    return action_id(seat, action);
  }
  virtual std::string action_label_for(Seat seat, Action action, Seat /*viewer*/) const {
    return action_label(seat, action);
  }

  // What `viewer` may see (a seat, or kReferee for everything). A game
  // overrides one of the two: write_view, value by value in key order
  // (core/view_writer.h; the server writes it straight to text), or view,
  // as a JSON tree. Each default is made of the other.
  virtual void view(Seat viewer, nlohmann::json& out) const;
  virtual void write_view(Seat viewer, ViewWriter& out) const;
  // Everything, restorable by Game::restore (including the RNG).
  virtual void save(nlohmann::json& out) const = 0;
  // One log line for `viewer`, hiding details that viewer may not see.
  virtual std::string describe(const Event& event, Seat viewer) const = 0;
  // What the event is to a person catching up (core/event.h LogWeight); the
  // same for every viewer, since it says nothing the line itself does not.
  virtual LogWeight log_weight(const Event& /*event*/) const { return LogWeight::kRoutine; }

  // The table as text for a person at a terminal, from `viewer`'s seat.
  virtual std::string render(Seat viewer) const = 0;
  // More of the table than fits a screen beside the options (every piece's
  // numbers, the seat's own dice), for a person who asks. Empty when render
  // already shows everything.
  virtual std::string render_details(Seat /*viewer*/) const { return {}; }

  // A quick estimate of how well `seat` is doing (higher is better), for
  // simple agents. Games without one return 0.
  virtual double heuristic(Seat /*seat*/) const { return 0.0; }
  // The heuristic's scale: search reads the seats' chances to win as
  // exp(heuristic(s) / (2 * scale)) normalised over the seats still in, which
  // for two seats with opposite heuristics is 1 / (1 + exp(-heuristic / scale)).
  // Each game fits it to the results of played games (docs/games/).
  virtual double heuristic_scale() const { return 1.0; }

  // ---- What a seat knows (search and learning agents; docs/ai.md) ----

  // Resamples in place everything `observer` cannot see, consistently with
  // everything it has seen: each unseen card goes uniformly at random to one
  // of the places it could be, hidden choices of other seats are redrawn
  // among those they could have made, and the state's random generator is
  // reseeded from `rng`, so no future chance outcome leaks. The observer's
  // view, its options and its information-state key stay exactly the same.
  // The result depends only on what the observer knows and on `rng`: two
  // states the observer cannot tell apart give the same state for the same
  // `rng` (agents built on it are fair by construction).
  virtual void determinize(Seat observer, Rng& rng) = 0;

  // An option `seat` took, as `viewer` saw it, in the compact form: equal for
  // two options viewer cannot tell apart (a card played face down), so a
  // search tree built for viewer does not branch on what it cannot see.
  // The default: viewer saw the option itself.
  virtual Action observed_action(Seat /*seat*/, Action action, Seat /*viewer*/) const {
    return action;
  }

  // A hash equal for any two states that `seat` cannot tell apart (the same
  // view and the same own options), different otherwise with high
  // probability. The default hashes information_state_text(seat).
  virtual std::uint64_t information_state_key(Seat seat) const;
  // Everything `seat` knows as text: its view (JSON) and, when it is
  // pending, its option ids, one a line (the Python API's information
  // state string).
  std::string information_state_text(Seat seat) const;

  // A fixed-size numeric encoding of what `seat` may see, for learning
  // agents: the shape depends only on the game, its variant and the number
  // of seats (docs/games/<game>.md documents each entry). Equal for two
  // states `seat` cannot tell apart.
  virtual std::vector<int> observation_shape() const = 0;
  // Writes product(observation_shape()) values to `out`.
  virtual void observation(Seat seat, float* out) const = 0;

  // What an event this game wrote says for a game summary (game_summary.h):
  // a card a seat drew or played, or a turn that began. Asked of the game's
  // last state for every event of its log; by default nothing.
  virtual SummaryFact summary_fact(const Event& /*event*/) const { return {}; }

  // A fingerprint of the whole state (hash of its saved form).
  virtual std::uint64_t fingerprint() const;

  // Events are written to `log` from now on; nullptr stops logging.
  void attach_log(EventLog* log) { log_ = log; }

 protected:
  State() = default;
  State(const State&) = default;
  State& operator=(const State&) = default;

  void emit(const Event& e) const {
    if (log_) log_->push_back(e);
  }
  // Writes an event with up to three arguments; `detail` names the seats
  // that may see its hidden details.
  void log(std::uint16_t kind, Seat seat, int a = 0, int b = 0, int c = 0,
           SeatMask detail = kAllSeats) const {
    if (log_) log_->push_back(Event{kind, static_cast<std::int8_t>(seat), detail, {a, b, c, 0}});
  }
  // For clone(): copies of a state never write into the original's log.
  void detach_log() { log_ = nullptr; }
  // For assign(): `*this = other` of the game's own type, then no log.
  template <typename Self>
  void assign_same(const State& other) {
    const auto* same = dynamic_cast<const Self*>(&other);
    if (!same) throw Error("assign: the states are of different games");
    static_cast<Self&>(*this) = *same;
    detach_log();
  }

 private:
  EventLog* log_ = nullptr;
};

std::uint64_t fnv1a(const void* data, std::size_t size, std::uint64_t h = 1469598103934665603ull);

// A loaded state's fields may each be in range and still leave a game
// nobody can go on with (every set-up pick made, yet the set-up not
// finished). Throws tt::Error when it is not over and no seat has a decision
// to make, or a seat with a decision to make has no option; every path that
// loads a state (Match, the Python package) calls it.
void check_can_go_on(const State& state);

}  // namespace tt
