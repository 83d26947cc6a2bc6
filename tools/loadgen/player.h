// One simulated person at one seat: a WebSocket connection of its own, the
// seat's secret token, and the habit of answering each update that offers it
// options with a random one after a think time. With --reconnect it comes back
// after a drop and resumes its seat with the token. Against a cluster it
// follows its table to the node that holds it (player_link.cpp).
#pragma once
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "frame.h"
#include "moved.h"
#include "session.h"
#include "ws_client.h"

namespace tt::loadgen {

class Table;

class Player {
 public:
  Player(Session& session, Table& table, int seat);

  void connect();
  void close();
  bool is_open() const { return client_ && client_->is_open(); }
  bool seated() const { return !token_.empty(); }

  // Seat 0 creates each game's table; both seats then join it. Either is sent
  // once the connection is open, when the player is between connections.
  void create(const std::string& game);
  void join(const std::string& table_id);
  // Forgets the last game (its table, token and pending decision).
  void leave_game();
  // The table is playing: decide when the latest update asks to.
  void start_playing();
  // Leaves the game with the reserved option `concede`, retrying on a newer
  // position until it is acknowledged.
  void concede();
  void stop_thinking();

 private:
  enum class Kind { create, join, resume, act, leave };
  struct Request {
    Kind kind;
    Reactor::Clock::time_point sent;  // the first sending (a move does not reset it)
    std::int64_t seq = 0;
    std::string option;
    std::string table;        // the game's table (the reply may come after the game is over)
    int moves = 0;            // nodes this request was sent on to after a `moved` reply
    std::uint64_t timer = 0;  // --reply-timeout-ms
    std::string body;         // the JSON object sent, without its id: sent again after a move
  };

  // The connection (player_link.cpp).
  void opened();
  void message(std::string_view text);
  void dropped(const std::string& why);
  void recover(const std::string& why);
  void reconnect();
  void send(std::string body, Request request);
  void send_again(Request request);
  void forget_requests();
  void timed_out(std::int64_t id);
  void follow(const Moved& moved, Request request);
  void moved_away(const Frame& frame);
  void broken(std::string_view text, const std::string& what);

  // The game (player.cpp).
  void reply(const Frame& frame, const Request& request);
  void acknowledged_in(const Frame& frame);
  // An act's acknowledgement (a reply, or an update's `ack`) or refusal.
  void act_replied(bool ok, std::int64_t seq, const std::string& error, const Request& request);
  void update(const Frame& frame);
  void consider();
  void decide();
  void send_act(const std::string& option);
  Request resume_request() const;

  Session& session_;
  Table& table_;
  int seat_;
  std::string name_;
  std::unique_ptr<WsClient> client_;
  std::int64_t next_id_ = 1;
  std::unordered_map<std::int64_t, Request> requests_;
  bool closed_ = false;     // closed for good (the table is lost or the run over): no reconnect
  bool connected_ = false;  // the current connection was opened (a drop, not a failed attempt)
  int failures_ = 0;        // connection attempts failed in a row (backoff)
  // The node that holds the current table ("": not known) and the node the
  // current connection asked the proxy for; a request to send on the next
  // connection (moved, or asked for between connections).
  std::string node_;
  std::string asked_node_;
  std::optional<Request> resend_;

  // The current game, as this seat sees it.
  std::string table_id_;
  std::string token_;
  bool playing_ = false;
  std::int64_t seq_ = -1;             // the latest update's seq
  std::int64_t version_ = -1;         // its view's version on this connection (-1: no view yet)
  std::vector<std::string> options_;  // this seat's options in it
  bool terminal_ = false;
  std::int64_t attempted_seq_ =
      -1;  // the seq of the last act sent (not to decide twice on one position)
  bool act_in_flight_ = false;
  std::uint64_t think_timer_ = 0;
  bool conceding_ = false;
  // After a resume, the next update must be past resume_floor_: the table's
  // last acknowledged decision when the resume was sent.
  bool check_resume_ = false;
  std::int64_t resume_floor_ = -1;
  int resume_refusals_ = 0;
};

}  // namespace tt::loadgen
