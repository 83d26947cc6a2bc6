// A player's connection: opening it, sending requests and matching their
// replies, coming back after a drop, and following its table from node to node
// in a cluster (docs/server.md, "Load").
#include <algorithm>
#include <nlohmann/json.hpp>

#include "player.h"
#include "table.h"

namespace tt::loadgen {

namespace {

static_assert(WsClient::kPadding >= FrameReader::kPadding);

const char* kind_name(int kind) {
  static const char* const names[] = {"create", "join", "resume", "act", "leave"};
  return names[kind];
}

}  // namespace

void Player::connect() {
  closed_ = false;
  asked_node_ = node_;
  client_ = std::make_unique<WsClient>(
      session_.reactor, session_.next_endpoint(node_),
      WsClient::Handlers{[this] { opened(); }, [this](std::string_view text) { message(text); },
                         [this](const std::string& why) { dropped(why); }});
  client_->connect();
}

void Player::close() {
  closed_ = true;
  stop_thinking();
  if (client_) client_->close();
  forget_requests();
  resend_.reset();
}

void Player::opened() {
  connected_ = true;
  version_ = -1;  // a new connection is sent a whole view first
  if (failures_ > 0) ++session_.stats.reconnects;
  failures_ = 0;
  std::optional<Request> resend = std::move(resend_);
  resend_.reset();
  if (seated()) {
    // Back after a drop or a move: the token proves the seat. Every decision
    // acknowledged by now was stored before the server reads this resume, so
    // the update it answers with must be past them (one acknowledged later on
    // another connection may still be ahead of that update).
    check_resume_ = true;
    resume_floor_ = session_.ledger.last_acknowledged(table_id_);
    if (resend && resend->kind == Kind::resume) return send_again(std::move(*resend));
    send_again(resume_request());
    if (resend) send_again(std::move(*resend));  // an act moved here
    return;
  }
  if (resend) return send_again(std::move(*resend));  // a create or a join
  table_.player_open(*this);
}

void Player::send(std::string body, Request request) {
  if (!is_open()) {
    // Between connections (a move, a reconnect): a create or join waits for
    // the next one; anything else is decided again from the next update.
    if (request.kind == Kind::create || request.kind == Kind::join) {
      request.body = std::move(body);
      resend_ = std::move(request);
    }
    return;
  }
  std::int64_t id = next_id_++;
  // The id goes first: {"id":N, then the body's fields.
  std::string text = R"({"id":)" + std::to_string(id);
  if (body.size() > 2) text += ',';
  text.append(body, 1);
  request.body = std::move(body);
  if (request.sent == Reactor::Clock::time_point{}) request.sent = session_.reactor.now();
  if (session_.options.reply_timeout_ms > 0)
    request.timer =
        session_.reactor.after(std::chrono::milliseconds(session_.options.reply_timeout_ms),
                               [this, id] { timed_out(id); });
  requests_[id] = std::move(request);
  client_->send(std::move(text));
}

void Player::send_again(Request request) {
  std::string body = std::move(request.body);
  send(std::move(body), std::move(request));
}

void Player::forget_requests() {
  for (const auto& [id, request] : requests_)
    if (request.timer != 0) session_.reactor.cancel(request.timer);
  requests_.clear();
}

void Player::message(std::string_view text) {
  Frame& frame = session_.frame;
  if (!session_.reader.read(text, seat_, frame)) return broken(text, frame.malformed);
  if (frame.type == Frame::Type::update) {
    if (frame.has_ack) acknowledged_in(frame);
    return update(frame);
  }
  if (frame.type == Frame::Type::moved) return moved_away(frame);
  if (frame.type == Frame::Type::reply) {
    if (!frame.has_id) return;
    auto it = requests_.find(frame.id);
    if (it == requests_.end()) return;  // a request from before a drop or a new game
    Request request = std::move(it->second);
    requests_.erase(it);
    if (request.timer != 0) session_.reactor.cancel(request.timer);
    request.timer = 0;
    // Create is never moved (a table is created where it is asked for); a
    // leave needs no answer. A `moved` is rare: read whole.
    bool follows =
        request.kind == Kind::join || request.kind == Kind::resume || request.kind == Kind::act;
    if (frame.moved && follows) {
      if (auto moved = read_moved(nlohmann::json::parse(text, nullptr, false))) {
        if (request.table != table_id_ || table_id_.empty()) return;  // a game already over
        return follow(*moved, std::move(request));
      }
    }
    return reply(frame, request);
  }
  broken(text, "");
}

// An update carrying the acknowledgement of this player's act: that reply,
// read before the update as it came before it.
void Player::acknowledged_in(const Frame& frame) {
  if (!frame.ack_has_id) return;
  auto it = requests_.find(frame.ack_id);
  if (it == requests_.end()) return;  // a request from before a drop or a new game
  Request request = std::move(it->second);
  requests_.erase(it);
  if (request.timer != 0) session_.reactor.cancel(request.timer);
  if (request.kind != Kind::act) {
    ++session_.stats.errors;
    session_.stats.problem("seat " + name_ + ": an update acknowledges request " +
                           std::to_string(frame.ack_id) + ", which is no act");
    return;
  }
  act_replied(true, frame.ack_seq, {}, request);
}

// A frame loadgen cannot take: the server is broken (or speaks another protocol).
void Player::broken(std::string_view text, const std::string& what) {
  ++session_.stats.errors;
  session_.stats.problem("seat " + name_ + ": " + (what.empty() ? "" : what + ": ") +
                         std::string(text.substr(0, 200)));
}

// The table lives on another node: reconnect there and send the request again.
void Player::follow(const Moved& moved, Request request) {
  if (request.moves >= kMaxMoves) {
    ++session_.stats.errors;
    session_.stats.problem("table " + table_id_ + " seat " + std::to_string(seat_) + ": " +
                           kind_name(static_cast<int>(request.kind)) + " moved " +
                           std::to_string(request.moves) + " times, last to node " + moved.node);
    return table_.lost(*this);
  }
  ++request.moves;
  ++session_.stats.moves;
  auto wait = move_wait(moved, asked_node_);
  if (wait.count() > 0) ++session_.stats.move_waits;
  node_ = moved.node;
  // The other requests on this connection are given up as after a drop: an
  // act among them was not acknowledged and is decided again.
  if (client_) client_->close();
  connected_ = false;
  stop_thinking();
  forget_requests();
  if (request.kind != Kind::act) {
    act_in_flight_ = false;
    attempted_seq_ = -1;
  }
  resend_ = std::move(request);
  session_.reactor.after(wait, [this] {
    if (session_.phase == Phase::done || closed_) return;
    connect();
  });
}

// The table was taken over by another node: a drop like any other; the next
// connection goes wherever the proxy sends it and follows the table from there.
void Player::moved_away(const Frame& frame) {
  if (table_id_.empty() || frame.table != table_id_) return;
  ++session_.stats.moved_away;
  node_.clear();
  if (client_) client_->close();
  dropped("table moved");
}

void Player::timed_out(std::int64_t id) {
  auto it = requests_.find(id);
  if (it == requests_.end()) return;
  it->second.timer = 0;
  ++session_.stats.reply_timeouts;
  std::string why = std::string("no reply to ") + kind_name(static_cast<int>(it->second.kind)) +
                    " in " + std::to_string(session_.options.reply_timeout_ms) + " ms";
  if (client_) client_->close();
  recover(why);
}

void Player::dropped(const std::string& why) {
  // A connection silent for --reply-timeout-ms (its pings unanswered) is given
  // up like a request unanswered that long: the server may be stopped.
  if (client_ && client_->went_silent())
    ++session_.stats.silent_connections;
  else
    ++(connected_ ? session_.stats.drops : session_.stats.connect_failures);
  recover(why);
}

// The connection is gone (dropped, failed, or given up on a reply timeout).
void Player::recover(const std::string& why) {
  connected_ = false;
  stop_thinking();
  forget_requests();  // an act sent but not acknowledged is not counted: it may be sent again
  act_in_flight_ = false;
  attempted_seq_ = -1;
  if (resend_ && resend_->kind == Kind::act) resend_.reset();  // decided again after the resume
  if (!session_.options.reconnect) {
    ++session_.stats.errors;
    session_.stats.problem("seat " + name_ + " lost its connection: " + why);
    table_.lost(*this);
    return;
  }
  if (session_.phase == Phase::done) return;
  if (!seated()) table_.unseated_drop(*this);
  reconnect();
}

void Player::reconnect() {
  // Back off 25-50 ms, 50-100 ms, ... up to 0.5-1 s, with jitter so that thousands of
  // players do not come back in one burst.
  int base = std::min(1000, 50 << std::min(failures_, 5));
  std::uniform_int_distribution<int> jitter(base / 2, base);
  ++failures_;
  session_.reactor.after(std::chrono::milliseconds(jitter(session_.rng)), [this] {
    if (session_.phase == Phase::done || closed_) return;
    connect();
  });
}

}  // namespace tt::loadgen
