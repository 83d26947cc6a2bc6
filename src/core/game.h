// A game: its rules, options and card pool. Immutable and shared by every
// state and match of that game.
#pragma once
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <tuple>
#include <vector>

#include "core/options.h"
#include "core/state.h"

namespace tt {

// Everything needed to start a game: with the same Setup, new_state gives the
// same state. decks holds one game-specific deck description per seat (a
// starter deck's name as a string, or an object); missing decks are chosen by
// the game.
struct Setup {
  int seats = 2;
  std::string variant;
  std::map<std::string, std::string> options;  // overrides on top of the variant
  nlohmann::json decks = nlohmann::json::array();
  std::uint64_t seed = 1;
};

// A deck check's verdict: every violated rule, each with the rule it breaks.
struct DeckProblem {
  std::string rule;     // section of the rule text, e.g. "deck building: copies"
  std::string message;  // what is wrong, naming the cards
};

// A setup made ready once (Game::prepare): options resolved, decks checked
// and parsed, the shared rules built, a starting state laid out. Immutable and
// safe to share; deal() makes each new game from it with no parsing and no
// JSON, so games with a fresh shuffle each cost about as much as a copy.
class PreparedSetup {
 public:
  virtual ~PreparedSetup() = default;
  // A new game at its very first decision: a copy of the prepared state plus
  // what the seed decides (shuffles, first player, opening draws). The same
  // state as Game::new_state with this setup and `seed`. With a log, set-up
  // events are written to it too.
  virtual std::unique_ptr<State> deal(std::uint64_t seed, EventLog* log = nullptr) const = 0;
};

// The prepared setup every game makes: a state holding only the rules, and
// what the seats bring (decks, commanders, leaders...); each deal copies the
// state and calls its start(parts..., seed).
template <typename StateT, typename... Parts>
class PreparedStart final : public PreparedSetup {
 public:
  PreparedStart(StateT empty, Parts... parts)
      : empty_(std::move(empty)), parts_(std::move(parts)...) {}

  std::unique_ptr<State> deal(std::uint64_t seed, EventLog* log = nullptr) const override {
    auto state = std::make_unique<StateT>(empty_);
    state->attach_log(log);
    std::apply([&](const Parts&... part) { state->start(part..., seed); }, parts_);
    return state;
  }

 private:
  StateT empty_;
  std::tuple<Parts...> parts_;
};

class Game {
 public:
  virtual ~Game() = default;
  virtual std::string name() const = 0;  // registry key, e.g. "suikoden"
  virtual std::string title() const = 0;
  virtual std::string summary() const = 0;
  virtual int min_seats() const = 0;
  virtual int max_seats() const = 0;
  virtual std::vector<OptionSpec> option_specs() const = 0;
  virtual std::vector<Variant> variants() const = 0;
  virtual std::vector<std::string> starter_decks() const = 0;
  // Changes whenever the rules change what a record's decisions mean (option
  // ids, the order of random draws); records pin it with the data's hash.
  virtual std::string rules_version() const { return "1"; }

  // Resolves setup.variant and setup.options against this game's specs, once
  // the setup is known to name no more decks than it has seats (every game's
  // prepare and restore call this first, as do the CLI and Python set-ups).
  // Throws tt::Error naming the problem.
  Options resolve_options(const Setup& setup) const;

  // Checks and parses everything in `setup` but its seed, once, for any
  // number of deals. Throws tt::Error on a bad seat count, option or deck
  // (naming every problem of an illegal deck).
  virtual std::shared_ptr<const PreparedSetup> prepare(const Setup& setup) const = 0;
  // A new game at its very first decision: prepare(setup), dealt with
  // setup.seed. Throws as prepare does. With a log, set-up events (first
  // player, opening draws) are written to it too.
  std::unique_ptr<State> new_state(const Setup& setup, EventLog* log = nullptr) const {
    return prepare(setup)->deal(setup.seed, log);
  }
  // A state described explicitly (a scenario's "state", or State::save output).
  // Fields a scenario leaves out take defaults. Throws tt::Error when malformed.
  virtual std::unique_ptr<State> restore(const nlohmann::json& state, const Setup& setup) const = 0;
  // Deck legality; an empty list means legal.
  virtual std::vector<DeckProblem> check_deck(const nlohmann::json& deck,
                                              const Setup& setup) const = 0;
  // A deck description as stored in data/ (by starter name). Throws tt::Error
  // for an unknown name, DataError (naming the file) for a broken deck file.
  virtual nlohmann::json starter_deck(const std::string& name) const = 0;
  // The file a starter deck was read from, for messages ("" when unknown).
  virtual std::string starter_deck_file(const std::string& /*name*/) const { return {}; }
  // The table sizes a deck is meant for, where it is judged when no table
  // size is given (check-deck without --seats, `games` on the starter decks;
  // core/deck_verdict.h): by default every seat count the game is played with.
  // A game whose deck rules depend on the table says which the deck is for.
  virtual std::vector<int> deck_seat_counts(const nlohmann::json& deck) const;

  // Every card (and token) of the game's pool as people read it, for the
  // browser's card component and the `cards` command: {"cards": [{"id",
  // "name", "kind", "cost" (text or null), "colours", "stats" ([label, value]
  // pairs), "text", "tags", "token"}, ...]} (docs/server.md). Built from the
  // loaded pool, so data overrides and --data folders show.
  virtual nlohmann::json card_catalog() const;

  // How many seats a variant is played with when the user names none.
  virtual int default_seats(const std::string& /*variant*/) const { return min_seats(); }

  // The starter deck a seat plays when the setup names none (by default the
  // starter decks in turn, by seat).
  virtual nlohmann::json default_deck(const Setup& setup, Seat seat) const;
  // The deck `seat` plays: its deck in the setup, else a starter deck by seat
  // order. Throws tt::Error listing every violated rule when it is illegal.
  nlohmann::json legal_deck(const Setup& setup, Seat seat) const;
  // A scenario state without a saved generator gets one seeded from the setup.
  static nlohmann::json with_seeded_rng(const nlohmann::json& state, const Setup& setup);
};

}  // namespace tt
