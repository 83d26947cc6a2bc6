// One WebSocket client as the hub's Connection: messages in (within the size,
// depth and flood limits) and an ordered queue of frames out, one write at a
// time, bounded so that a client that stops reading is dropped.
#include <atomic>
#include <boost/asio/post.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>
#include <exception>
#include <iostream>

#include "protocol/limits.h"
#include "server/transport/sessions.h"
#include "server/transport/token_bucket.h"

namespace tt::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;

namespace {

std::atomic<std::uint64_t> next_connection_id{1};

// A frame that declares more than this many times the message limit is cut
// off by Beast at its header (close 1009 at once, no error message first):
// the server never reads more than that of a hostile message.
constexpr std::size_t kFrameCutOffFactor = 16;

// A connection's read buffer is kept up to this size between messages.
constexpr std::size_t kKeptBufferBytes = 16 * 1024;

std::string error_message(std::string_view text) {
  // The texts below hold no character JSON needs escaped.
  return std::string(R"({"type":"error","error":")") + std::string(text) + "\"}";
}

class WsSession final : public Connection,
                        public Session,
                        public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(std::shared_ptr<Shared> shared, beast::tcp_stream stream, Slot slot)
      : shared_(std::move(shared)),
        ws_(std::move(stream)),
        slot_(std::move(slot)),
        id_(next_connection_id++),
        bucket_(shared_->options.limits.rate, shared_->options.limits.burst, shared_->loop.now()) {
    ++shared_->open_websockets;
  }
  ~WsSession() override { --shared_->open_websockets; }

  void start(http::request<http::string_body> request) {
    const TransportLimits& limits = shared_->options.limits;
    beast::get_lowest_layer(ws_).expires_never();  // the WebSocket's own timeouts rule now
    websocket::stream_base::timeout timeouts{};
    timeouts.handshake_timeout = limits.handshake_timeout;
    timeouts.idle_timeout = limits.idle_timeout;
    timeouts.keep_alive_pings = true;
    ws_.set_option(timeouts);
    ws_.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& res) { res.set(http::field::server, "tabletop"); }));
    ws_.read_message_max(limits.max_message_bytes * kFrameCutOffFactor);
    ws_.auto_fragment(false);
    shared_->live[static_cast<Session*>(this)] = weak_from_this();
    ws_.async_accept(request,
                     [self = shared_from_this()](beast::error_code ec) { self->on_accept(ec); });
  }

  // Connection
  void send(std::string text) override {
    if (closing_) return;
    if (queued_bytes_ + text.size() > shared_->options.limits.max_send_queue_bytes) {
      // The client does not read what it is sent: drop it rather than hold
      // its frames. closed() follows from the loop, not inside this call.
      ++shared_->counters.dropped_send_queue;
      closing_ = true;
      asio::post(ws_.get_executor(), [self = shared_from_this()] { self->abort(); });
      return;
    }
    queued_bytes_ += text.size();
    queue_.push_back(std::move(text));
    if (!writing_) write_next();
  }

  void close(std::string_view reason) override {
    close_with(websocket::close_code::normal, reason);
  }

  std::uint64_t id() const override { return id_; }
  std::string_view address() const override { return slot_.ip(); }

  // Session
  void close_for_shutdown() override {
    close_with(websocket::close_code::going_away, "server stopping");
  }

  void abort() override {
    closing_ = true;
    finish();
  }

 private:
  void on_accept(beast::error_code ec) {
    if (ec) return finish();
    ++shared_->counters.websockets_opened;
    if (shared_->hub == nullptr || shared_->stopping) return close_for_shutdown();
    hub_open_ = true;
    guarded([&] { shared_->hub->opened(*this); });
    read_more();
  }

  void read_more() {
    if (closing_) return;
    const std::size_t room = shared_->options.limits.max_message_bytes + 1 - in_.size();
    ws_.async_read_some(in_, room, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      self->on_read(ec);
    });
  }

  void on_read(beast::error_code ec) {
    if (ec) {
      if (ec == beast::error::timeout) ++shared_->counters.dropped_idle;
      if (ec == websocket::error::message_too_big) ++shared_->counters.refused_too_big;
      return finish();
    }
    if (closing_) return;  // the closing handshake reads what still comes
    const TransportLimits& limits = shared_->options.limits;
    if (in_.size() > limits.max_message_bytes) {
      ++shared_->counters.refused_too_big;
      return refuse(
          websocket::close_code::too_big,
          "message too big: at most " + std::to_string(limits.max_message_bytes) + " bytes");
    }
    if (!ws_.is_message_done()) return read_more();
    ++shared_->counters.messages_received;
    std::string text = beast::buffers_to_string(in_.data());
    in_.clear();
    // One big message must not keep its buffer for the connection's life.
    if (in_.capacity() > kKeptBufferBytes) in_.shrink_to_fit();
    if (!bucket_.take(shared_->loop.now())) {
      ++shared_->counters.refused_flood;
      return refuse(websocket::close_code::policy_error,
                    "too many messages: at most " + std::to_string(int(limits.rate)) +
                        " a second, in bursts of " + std::to_string(int(limits.burst)));
    }
    if (ws_.got_binary()) {
      ++shared_->counters.refused_binary;
      send(error_message("binary frames are not accepted: send JSON text"));
    } else if (!protocol::nesting_within(text, limits.max_depth)) {
      ++shared_->counters.refused_depth;
      send(
          error_message("JSON nested deeper than " + std::to_string(limits.max_depth) + " levels"));
    } else if (shared_->hub != nullptr) {
      guarded([&] { shared_->hub->message(*this, text); });
    }
    read_more();
  }

  // A hub that throws (a bug) costs this one request, not the loop thread
  // that every table runs on.
  template <class F>
  void guarded(F call) {
    try {
      call();
    } catch (const std::exception& e) {
      ++shared_->counters.hub_errors;
      std::cerr << "tabletop: internal error in the hub: " << e.what() << std::endl;
      send(error_message("internal error"));
    }
  }

  // An error message, then the connection is closed for breaking a limit.
  void refuse(websocket::close_code code, const std::string& why) {
    send(error_message(why));
    close_with(code, why);
  }

  void close_with(websocket::close_code code, std::string_view reason) {
    if (closing_) return;
    closing_ = true;
    close_reason_ = websocket::close_reason(code);
    // A close frame's reason is at most 123 bytes.
    close_reason_.reason = std::string(reason.substr(0, 123));
    // Bounded: a client that neither reads nor answers is dropped.
    std::weak_ptr<WsSession> weak = shared_from_this();
    shared_->loop.after(shared_->options.limits.handshake_timeout, [weak] {
      if (auto self = weak.lock()) self->abort();
    });
    if (!writing_) start_close();
  }

  void start_close() {
    if (finished_ || close_started_) return;
    close_started_ = true;
    ws_.async_close(close_reason_,
                    [self = shared_from_this()](beast::error_code) { self->finish(); });
  }

  void write_next() {
    writing_ = true;
    ws_.text(true);
    ws_.async_write(
        asio::buffer(queue_.front()),
        [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_write(ec); });
  }

  void on_write(beast::error_code ec) {
    writing_ = false;
    if (finished_) return;
    if (ec) return finish();
    ++shared_->counters.messages_sent;
    shared_->counters.message_bytes_sent += queue_.front().size();
    queued_bytes_ -= queue_.front().size();
    queue_.pop_front();
    if (!queue_.empty()) return write_next();
    if (closing_) start_close();
  }

  // The connection is gone: the hub hears closed() exactly once.
  void finish() {
    if (finished_) return;
    finished_ = true;
    closing_ = true;
    shared_->live.erase(static_cast<Session*>(this));
    beast::get_lowest_layer(ws_).close();
    if (hub_open_) {
      hub_open_ = false;
      if (shared_->hub != nullptr) guarded([&] { shared_->hub->closed(*this); });
    }
  }

  std::shared_ptr<Shared> shared_;
  websocket::stream<beast::tcp_stream> ws_;
  Slot slot_;
  std::uint64_t id_;
  TokenBucket bucket_;
  beast::flat_buffer in_;
  std::deque<std::string> queue_;
  std::size_t queued_bytes_ = 0;
  bool writing_ = false;
  bool closing_ = false;
  bool close_started_ = false;
  bool finished_ = false;
  bool hub_open_ = false;
  websocket::close_reason close_reason_;
};

}  // namespace

void start_websocket(std::shared_ptr<Shared> shared, beast::tcp_stream stream,
                     http::request<http::string_body> request, Slot slot) {
  std::make_shared<WsSession>(std::move(shared), std::move(stream), std::move(slot))
      ->start(std::move(request));
}

}  // namespace tt::server
