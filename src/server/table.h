// A table: one match being played on the server, its seats (who holds each,
// by the hash of a secret token), the connections watching it, and the
// state of its timers. Plain data plus what it says about itself as JSON
// (the lobby summary, the update a seat may see); server.cpp drives it.
#pragma once
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "ai/agent.h"
#include "core/match.h"
#include "core/rng.h"
#include "server/hub.h"
#include "server/loop.h"
#include "server/seed_commitment.h"
#include "server/table_config.h"
#include "server/view_text.h"

namespace tt::server {

struct TableSeat {
  std::string kind;        // "human" or an agent spec ("ismcts:sims=2000")
  std::string name;        // the person's name once taken; the agent's spec
  std::string token_hash;  // "" while a human seat is open
  // The last token found to hash to token_hash, and that hash: every `act`
  // names its token, and hashing it (SHA-256) each time cost more than the
  // rest of reading the request. In memory only; a new token_hash (a claim,
  // a new holder) makes it stale, since `verified_hash` then differs.
  mutable std::string verified_token;
  mutable std::string verified_hash;
  int connections = 0;                   // connections subscribed as this seat
  Loop::Clock::time_point away_since{};  // when its last connection went
  // Timers: when its current decision became pending, and its clock.
  Loop::Clock::time_point pending_since{};
  bool was_pending = false;
  std::int64_t clock_ms = 0;  // kClock: time left
  bool flag_fell = false;     // kClock: its clock ran out once
  std::uint64_t timer = 0;    // the loop timer of its deadline or grace (0: none)
  // Computer seats; shared with the worker deciding for it (table_play.cpp).
  std::shared_ptr<Agent> agent;

  bool human() const { return kind == "human"; }
  bool taken() const { return !human() || !token_hash.empty(); }
  // Shown as connected: a computer seat always is.
  bool connected() const { return !human() || connections > 0; }
};

// A connection's place at a table.
struct Subscriber {
  Connection* conn = nullptr;
  Seat seat = kNoSeat;       // kNoSeat: a spectator
  std::size_t log_sent = 0;  // log lines already sent
  bool updated = false;      // sent an update since it subscribed
  // Asked for patches (docs/server.md "update (pushed)"): after a full view,
  // its updates carry what changed against the view of version `version`.
  bool patches = false;
  std::uint64_t version = 0;  // the view version last sent to it (0: none yet)
  // Asked for the acknowledgement of its accepted acts inside the update that
  // follows them (docs/server.md "act"): one message instead of two.
  bool acks_in_updates = false;
};

// How a connection follows a table: what join, resume, watch and claim ask for.
struct Following {
  bool patches = false;
  bool acks_in_updates = false;
};

// The view last sent to the connections of one place (a seat, or the
// spectators) that take patches: the base the next patch is computed against.
struct SentView {
  ViewText view;
  std::uint64_t version = 0;  // 0: none
};

// A decision waiting for the one before it to be stored.
struct QueuedAct {
  Seat seat = 0;
  std::string option;
  std::int64_t seq = -1;  // -1: not checked (agents, timers)
  std::function<void(const std::string& error, std::int64_t seq)> reply;
  std::string clocks = {};  // every seat's clock once it is taken (chess_clock.h), set on submit
  // A person's act: the connection that sent it and the request's `id`
  // (null: none), for an acknowledgement riding that connection's update.
  std::optional<std::uint64_t> conn = {};
  nlohmann::json id = {};
  // Checked against the table as it stands (submit; the table does not move
  // until it is stored): the option's action, none for a concession.
  bool checked = false;
  std::optional<Action> action = {};
};

struct Table {
  std::string id;
  TableConfig config;
  SeedSecret seed_secret;  // whether the seed is secret, and what proves it afterwards
  std::int64_t created_ms = 0;
  std::optional<Match> match;
  std::vector<TableSeat> seats;
  std::map<std::uint64_t, Subscriber> subscribers;  // by connection id
  bool storing = false;                             // a decision is on its way to the store
  std::deque<QueuedAct> queue;
  // The last decision as each seat saw it (index = seat; the last entry is
  // for spectators): a card played face down is not named to the others.
  Seat last_seat = kNoSeat;
  std::vector<std::string> last_shown;
  // By place (index seat + 1; 0: spectators), kept only while the place has
  // a connection taking patches. Versions are numbered across the table, so
  // a connection moved to another place never matches its new base.
  std::vector<SentView> sent_views;
  std::uint64_t versions = 0;      // the last version given
  std::int64_t last_snapshot = 0;  // decisions at the last snapshot
  std::string published_summary;   // several processes: the lobby summary last stored
  bool finished_stored = false;
  std::uint64_t removal_timer = 0;
  std::uint64_t waiting_timer = 0;  // ends the table if it is still waiting for people
  std::uint64_t pace_timer = 0;     // a computer seat waiting the table's pace
  // A decision that could not be stored: computer seats and timers try
  // again after this timer (store_retry.cpp); failures in a row, for the backoff.
  std::uint64_t retry_timer = 0;
  int store_failures = 0;
  // The computer seat deciding now, off the loop (kNoSeat: none). One at a
  // time, lowest seat first, so a table of computers plays the same way
  // whatever the workers' timing.
  Seat thinking = kNoSeat;

  std::int64_t seq() const { return static_cast<std::int64_t>(match->decisions().size()); }
  bool full() const;  // every human seat taken
  bool over() const { return match->state().is_terminal(); }
  // "waiting", "playing" or "over".
  const char* status() const;
  // The seat a token holds, or kNoSeat (an absurdly long token is not hashed).
  Seat seat_of_token(const std::string& token) const;

  // The lobby's summary of the table.
  nlohmann::json summary() const;
  nlohmann::json seats_json() const;
  // The clock as `now` stands.
  nlohmann::json clock_json(Loop::Clock::time_point now) const;
  // Whether the clock shows each seat's time left (`remaining_ms`, `running`).
  bool clock_runs() const;
  // A seat's time left as `now` stands, in ms (-1: not deciding now under
  // kMove, no clock running).
  std::int64_t clock_left(const TableSeat& s, Loop::Clock::time_point now) const;
  // Everything a push to `seat` holds but the log (view, pending, last, ...).
  nlohmann::json update_base(Seat seat, Loop::Clock::time_point now) const;
};

// The most log lines an update carries; older ones are left out of a first update.
inline constexpr std::size_t kMaxLogLines = 300;

}  // namespace tt::server
