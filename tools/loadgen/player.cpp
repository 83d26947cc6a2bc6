// A player's game: seats taken, updates read, decisions made and acknowledged
// (the connection and its moves are in player_link.cpp).
#include "player.h"

#include <cstdio>
#include <nlohmann/json.hpp>

#include "table.h"

namespace tt::loadgen {

namespace {

using nlohmann::json;
using namespace std::chrono_literals;

// Refused because the other seat moved first: the position changed (stale) or
// the other seat's decision ended the game meanwhile (a concession at the end
// of play may end it under a decision in flight; no act is sent on a position
// known to be over).
bool lost_race(const std::string& error) {
  return error.find("stale") != std::string::npos ||
         error.find("the game is over") != std::string::npos;
}

// `text` as a JSON string, quoted and escaped.
void append_quoted(std::string& out, std::string_view text) {
  out += '"';
  for (char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
      out += escaped;
    } else {
      out += c;
    }
  }
  out += '"';
}

}  // namespace

Player::Player(Session& session, Table& table, int seat)
    : session_(session),
      table_(table),
      seat_(seat),
      name_("lg" + std::to_string(table.slot()) + "s" + std::to_string(seat)) {}

void Player::create(const std::string& game) {
  // No seed: at a table of people the server draws it and keeps it secret.
  send(json{{"cmd", "create"}, {"game", game}, {"seats", {"human", "human"}}}.dump(),
       {Kind::create, {}, 0, {}, {}, 0, 0, {}});
}

void Player::join(const std::string& table_id) {
  table_id_ = table_id;
  // Patches, as the browser asks (docs/server.md "Patches"): the player reads
  // no view, and a patch is a fraction of a whole view to receive and parse.
  // Acks in updates: an accepted act's acknowledgement comes inside the update
  // that follows it, one frame instead of two (docs/server.md "act").
  send(json{{"cmd", "join"},
            {"table", table_id},
            {"seat", seat_},
            {"name", name_},
            {"patches", true},
            {"acks_in_updates", true}}
           .dump(),
       {Kind::join, {}, 0, {}, table_id, 0, 0, {}});
}

Player::Request Player::resume_request() const {
  return {Kind::resume,
          {},
          0,
          {},
          table_id_,
          0,
          0,
          json{{"cmd", "resume"},
               {"table", table_id_},
               {"token", token_},
               {"patches", true},
               {"acks_in_updates", true}}
              .dump()};
}

void Player::leave_game() {
  stop_thinking();
  if (!table_id_.empty() && is_open())
    send(json{{"cmd", "leave"}, {"table", table_id_}}.dump(),
         {Kind::leave, {}, 0, {}, {}, 0, 0, {}});
  table_id_.clear();
  token_.clear();
  node_.clear();
  resend_.reset();
  playing_ = false;
  seq_ = -1;
  version_ = -1;
  options_.clear();
  terminal_ = false;
  attempted_seq_ = -1;
  act_in_flight_ = false;
  conceding_ = false;
  check_resume_ = false;
  resume_refusals_ = 0;
}

void Player::start_playing() {
  playing_ = true;
  consider();
}

void Player::concede() {
  conceding_ = true;
  if (!act_in_flight_) attempted_seq_ = -1;  // even on a position an act was refused at
  stop_thinking();
  consider();
}

void Player::stop_thinking() {
  if (think_timer_ != 0) session_.reactor.cancel(think_timer_);
  think_timer_ = 0;
}

void Player::reply(const Frame& frame, const Request& request) {
  bool ok = frame.ok;
  // In a cluster the create and join replies name the node that holds the table.
  if (ok && valid_node(frame.node)) node_ = frame.node;
  switch (request.kind) {
    case Kind::create:
      if (ok) return table_.created(frame.table);
      return table_.refused(*this, "create: " + frame.error);
    case Kind::join:
      if (!ok) return table_.refused(*this, "join: " + frame.error);
      token_ = frame.token;
      return table_.joined(*this);
    case Kind::resume:
      if (ok) {
        ++session_.stats.resumes;
        resume_refusals_ = 0;
        return consider();
      }
      // A wrong or forgotten token, or a table the server no longer knows.
      if (++resume_refusals_ < 3) {
        session_.reactor.after(200ms, [this] {
          if (is_open() && seated()) send_again(resume_request());
        });
        return;
      }
      ++session_.stats.resume_failures;
      session_.stats.problem("table " + table_id_ + " seat " + std::to_string(seat_) +
                             ": resume refused: " + frame.error);
      return table_.lost(*this);
    case Kind::act:
      return act_replied(frame.ok, frame.seq, frame.error, request);
    case Kind::leave:
      return;
  }
}

void Player::act_replied(bool ok, std::int64_t seq, const std::string& error,
                         const Request& request) {
  const bool current = request.table == table_id_;  // not a reply from a game already over
  if (current) act_in_flight_ = false;
  if (ok) {
    double ms =
        std::chrono::duration<double, std::milli>(session_.reactor.now() - request.sent).count();
    session_.stats.ack_ms.push_back(ms);
    ++session_.stats.acks;
    if (session_.measuring) ++session_.stats.acks_in_window;
    std::int64_t acked = seq - 1;
    if (acked != request.seq) {
      ++session_.stats.errors;
      session_.stats.problem("table " + request.table + ": act at seq " +
                             std::to_string(request.seq) + " acknowledged with seq " +
                             std::to_string(acked + 1));
    }
    session_.ledger.acknowledged(request.table, request.seq, seat_, request.option, session_.stats);
    if (request.option == "concede") conceding_ = false;
  } else if (lost_race(error)) {
    ++session_.stats.stale;
  } else {
    ++session_.stats.errors;
    session_.stats.problem("table " + request.table + " seat " + std::to_string(seat_) + ": act '" +
                           request.option + "' at seq " + std::to_string(request.seq) +
                           " refused: " + error);
  }
  if (current) consider();
}

void Player::update(const Frame& frame) {
  if (frame.table != table_id_ || table_id_.empty()) return;
  // A patch applies to the view this connection was sent last: its `base`
  // must be that view's version (the first update after a join or resume
  // holds the whole view).
  if (frame.has_patch && (version_ < 0 || frame.base != version_)) {
    ++session_.stats.errors;
    session_.stats.problem("table " + table_id_ + " seat " + std::to_string(seat_) +
                           ": a patch from version " + std::to_string(frame.base) +
                           " on a connection whose last view is version " +
                           std::to_string(version_));
  }
  version_ = frame.version;
  seq_ = frame.seq;
  terminal_ = frame.terminal;
  options_.assign(frame.options.begin(), frame.options.end());
  if (check_resume_) {
    check_resume_ = false;
    std::int64_t last = resume_floor_;
    if (seq_ <= last) {
      ++session_.stats.resume_failures;
      session_.stats.problem("table " + table_id_ + " resumed at seq " + std::to_string(seq_) +
                             " but decision " + std::to_string(last) + " was acknowledged");
    }
  }
  if (terminal_) {
    stop_thinking();
    return table_.game_over(table_id_);
  }
  consider();
}

// Decides whether to act now: on a newer position than the last act, with
// nothing in flight, while playing (or to concede while draining).
void Player::consider() {
  if (!playing_ || terminal_ || act_in_flight_ || think_timer_ != 0 || !is_open()) return;
  if (seq_ <= attempted_seq_) return;
  if (conceding_) return send_act("concede");
  if (session_.phase != Phase::playing || options_.empty()) return;
  if (seq_ >= session_.options.max_decisions && seat_ == 0) return send_act("concede");
  think_timer_ = session_.reactor.after(std::chrono::milliseconds(session_.think_ms()), [this] {
    think_timer_ = 0;
    decide();
  });
}

void Player::decide() {
  if (!playing_ || terminal_ || act_in_flight_ || options_.empty() || seq_ <= attempted_seq_ ||
      !is_open())
    return;
  if (session_.phase != Phase::playing) return consider();
  std::uniform_int_distribution<std::size_t> pick(0, options_.size() - 1);
  send_act(options_[pick(session_.rng)]);
}

void Player::send_act(const std::string& option) {
  attempted_seq_ = seq_;
  act_in_flight_ = true;
  // Written by hand: an act is most of what players send.
  std::string body;
  body.reserve(96 + table_id_.size() + token_.size() + option.size());
  body += R"({"cmd":"act","table":)";
  append_quoted(body, table_id_);
  body += R"(,"token":)";
  append_quoted(body, token_);
  body += R"(,"option":)";
  append_quoted(body, option);
  body += R"(,"seq":)";
  body += std::to_string(seq_);
  body += '}';
  send(std::move(body), {Kind::act, {}, seq_, option, table_id_, 0, 0, {}});
}

}  // namespace tt::loadgen
