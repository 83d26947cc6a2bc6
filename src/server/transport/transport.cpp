// The listening socket and the HTTP side: static files, /healthz, /metrics,
// /api/... (the hub's), and the upgrade of /ws to a WebSocket (websocket.cpp).
#include "server/transport/transport.h"

#include <algorithm>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <exception>
#include <optional>
#include <sstream>

#include "core/error.h"
#include "server/transport/asio_context.h"
#include "server/transport/forwarded.h"
#include "server/transport/origin.h"
#include "server/transport/sessions.h"

namespace tt::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

namespace {

using Request = http::request<http::string_body>;
using Response = http::response<http::string_body>;

Response reply(const Request& req, http::status status, std::string_view content_type,
               std::string body) {
  Response res{status, req.version()};
  res.set(http::field::server, "tabletop");
  res.set(http::field::content_type, content_type);
  res.set("X-Content-Type-Options", "nosniff");
  res.keep_alive(req.keep_alive());
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

Response text_reply(const Request& req, http::status status, std::string body) {
  return reply(req, status, "text/plain; charset=utf-8", std::move(body) + "\n");
}

// One HTTP connection: requests in turn (kept alive) until it closes or asks
// for the WebSocket.
// Whether `ip` is one of the proxies whose X-Forwarded-For is believed.
bool trusted_proxy(const Shared& shared, const std::string& ip) {
  const auto& proxies = shared.options.trusted_proxies;
  return std::find(proxies.begin(), proxies.end(), ip) != proxies.end();
}

class HttpSession final : public Session, public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(std::shared_ptr<Shared> shared, tcp::socket socket, Slot slot)
      : shared_(std::move(shared)), stream_(std::move(socket)), slot_(std::move(slot)) {
    ++shared_->open_http;
  }
  ~HttpSession() override { --shared_->open_http; }

  void run() {
    shared_->live[this] = weak_from_this();
    read();
  }

  void close_for_shutdown() override { abort(); }
  void abort() override {
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ec);
    stream_.close();
  }

 private:
  // Behind a trusted proxy, the request counts for the client the proxy
  // names (each request: a proxy may send several clients' requests over one
  // connection). False when that client holds too many connections already:
  // refused (503) like at accept.
  bool count_forwarded_client(const Request& req) {
    if (!trusted_proxy(*shared_, slot_.peer())) return true;
    std::string client = forwarded_client(req["X-Forwarded-For"]);
    if (client.empty()) client = slot_.peer();
    if (client == slot_.ip()) return true;
    auto it = shared_->per_ip.find(client);
    if (it != shared_->per_ip.end() &&
        it->second >= shared_->options.limits.max_connections_per_ip) {
      ++shared_->counters.refused_per_ip_limit;
      Response res = text_reply(req, http::status::service_unavailable,
                                "too many connections from your address");
      res.keep_alive(false);
      send(std::move(res));
      return false;
    }
    slot_.rebind(client);
    return true;
  }

  void read() {
    parser_.emplace();
    parser_->header_limit(static_cast<std::uint32_t>(shared_->options.limits.max_header_bytes));
    parser_->body_limit(shared_->options.limits.max_body_bytes);
    stream_.expires_after(shared_->options.limits.http_timeout);
    http::async_read(
        stream_, buffer_, *parser_,
        [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
  }

  void on_read(beast::error_code ec) {
    if (ec == http::error::header_limit || ec == http::error::body_limit) {
      const bool header = ec == http::error::header_limit;
      Request req;
      req.version(11);
      req.keep_alive(false);
      send(text_reply(
          req,
          header ? http::status::request_header_fields_too_large : http::status::payload_too_large,
          header ? "request header too large" : "request body too large"));
      return;
    }
    if (ec) {
      if (ec == beast::error::timeout) ++shared_->counters.dropped_idle;
      finish();
      return;
    }
    Request req = parser_->release();
    if (shared_->stopping) {
      finish();
      return;
    }
    if (!count_forwarded_client(req)) return;
    if (beast::websocket::is_upgrade(req)) {
      if (!origin_allowed(req[http::field::origin], req[http::field::host],
                          shared_->options.allowed_origins)) {
        send(text_reply(req, http::status::forbidden,
                        "refused: a page from this origin may not connect (--allowed-origin)"));
        return;
      }
      if (path_of(req.target()) == "/ws") {
        shared_->live.erase(this);
        // The WebSocket session owns the socket and the slot from here.
        start_websocket(shared_, std::move(stream_), std::move(req), std::move(slot_));
        return;
      }
      send(text_reply(req, http::status::not_found, "no WebSocket here: connect to /ws"));
      return;
    }
    int retry_after = 0;
    if (!shared_->http_buckets.take(slot_.ip(), shared_->loop.now(), retry_after)) {
      // Refused before any work: the hub is not asked, no file is looked up.
      Response res = text_reply(
          req, http::status::too_many_requests,
          "too many requests from your address; retry after " + std::to_string(retry_after) + " s");
      res.set(http::field::retry_after, std::to_string(retry_after));
      send(std::move(res));
      return;
    }
    if (auto res = answer(req)) send(std::move(*res));  // else the hub answers later
  }

  static std::string_view path_of(std::string_view target) {
    return target.substr(0, target.find('?'));
  }

  // The response, or nothing when the hub will answer (ask_hub).
  std::optional<Response> answer(const Request& req) {
    if (req.method() != http::verb::get && req.method() != http::verb::head) {
      Response res = text_reply(req, http::status::method_not_allowed, "only GET and HEAD");
      res.set(http::field::allow, "GET, HEAD");
      return res;
    }
    req_is_head_ = req.method() == http::verb::head;
    const std::string_view target = req.target();
    const std::string_view path = path_of(target);
    if (path == "/ws")
      return text_reply(req, http::status::upgrade_required, "connect with a WebSocket");
    if (path == "/healthz" || path == "/metrics" || path == "/api" || path.starts_with("/api/")) {
      ask_hub(req, target, path == "/metrics");
      return std::nullopt;
    }
    return static_file(req);
  }

  // The hub answers on the loop thread, at once or once the store has read
  // (Hub::get); this session waits for it, reading nothing meanwhile, and the
  // loop goes on with everything else.
  void ask_hub(const Request& req, std::string_view target, bool metrics) {
    Request head;  // what the reply needs of the request
    head.version(req.version());
    head.keep_alive(req.keep_alive());
    auto answered = std::make_shared<bool>(false);
    try {
      if (shared_->hub == nullptr) throw std::runtime_error("stopping");
      shared_->hub->get(target,
                        [self = shared_from_this(), head, metrics, answered](HttpReply got) {
                          if (*answered) return;
                          *answered = true;
                          self->hub_answered(head, metrics, std::move(got));
                        });
    } catch (const std::exception& e) {
      ++shared_->counters.hub_errors;
      if (*answered) return;
      *answered = true;
      send(text_reply(head, http::status::internal_server_error,
                      std::string("internal error: ") + e.what()));
    }
  }

  void hub_answered(const Request& head, bool metrics, HttpReply got) {
    if (metrics) {
      if (!got.body.empty() && got.body.back() != '\n') got.body += '\n';
      got.body += transport_metrics(*shared_);
    }
    Response res =
        reply(head, static_cast<http::status>(got.status), got.content_type, std::move(got.body));
    res.set(http::field::cache_control, "no-store");
    send(std::move(res));
  }

  Response static_file(const Request& req) {
    if (!shared_->web.present())
      return text_reply(req, http::status::not_found,
                        "the web client is not built here (no web/dist): `make web` builds it");
    std::shared_ptr<const WebFile> file;
    switch (shared_->web.find(req.target(), file)) {
      case WebLookup::kRefused:
        return text_reply(req, http::status::forbidden, "refused: not a file of the web client");
      case WebLookup::kNotFound:
        return text_reply(req, http::status::not_found, "not found");
      case WebLookup::kTooLarge:
        return text_reply(req, http::status::payload_too_large, "file too large to serve");
      case WebLookup::kFound:
        break;
    }
    if (auto match = req[http::field::if_none_match]; !match.empty() && match == file->etag) {
      Response res = reply(req, http::status::not_modified, file->content_type, "");
      res.set(http::field::etag, file->etag);
      res.set(http::field::cache_control, file->cache_control);
      return res;
    }
    Response res = reply(req, http::status::ok, file->content_type, file->body);
    res.set(http::field::etag, file->etag);
    res.set(http::field::cache_control, file->cache_control);
    return res;
  }

  void send(Response res) {
    ++shared_->counters.http_requests[static_cast<int>(res.result_int())];
    const bool keep = res.keep_alive() && !shared_->stopping;
    if (req_is_head_) res.body().clear();
    out_ = std::make_shared<Response>(std::move(res));
    stream_.expires_after(shared_->options.limits.http_timeout);
    http::async_write(stream_, *out_,
                      [self = shared_from_this(), keep](beast::error_code ec, std::size_t) {
                        self->out_.reset();
                        if (ec || !keep) return self->finish();
                        self->read();
                      });
  }

  void finish() {
    shared_->live.erase(this);
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    stream_.close();
  }

  std::shared_ptr<Shared> shared_;
  beast::tcp_stream stream_;
  Slot slot_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  std::shared_ptr<Response> out_;
  bool req_is_head_ = false;
};

// Waits for the sessions to close at shutdown, polling, up to a deadline.
struct Drain : std::enable_shared_from_this<Drain> {
  std::shared_ptr<Shared> shared;
  std::chrono::steady_clock::time_point deadline;
  std::function<void()> done;

  void check() {
    if (!shared->live.empty() && std::chrono::steady_clock::now() < deadline) {
      shared->loop.after(std::chrono::milliseconds(10),
                         [self = shared_from_this()] { self->check(); });
      return;
    }
    for (auto& [raw, weak] : std::unordered_map(shared->live))
      if (auto session = weak.lock()) session->abort();
    auto finish = std::move(done);
    done = nullptr;
    if (finish) finish();
  }
};

void accept_next(const std::shared_ptr<Shared>& shared);

void on_accept(const std::shared_ptr<Shared>& shared, beast::error_code ec, tcp::socket socket) {
  if (ec == asio::error::operation_aborted || shared->stopping || !shared->acceptor) return;
  if (ec) {
    // Out of file descriptors (or another passing failure): pause rather
    // than spin, then accept again.
    shared->accept_pause = std::make_unique<asio::steady_timer>(io_context_of(shared->loop),
                                                                std::chrono::milliseconds(100));
    shared->accept_pause->async_wait([shared](beast::error_code wait_ec) {
      if (!wait_ec) accept_next(shared);
    });
    return;
  }
  ++shared->counters.accepted;
  beast::error_code ignored;
  socket.set_option(tcp::no_delay(true), ignored);
  const auto remote = socket.remote_endpoint(ignored);
  std::string ip = ignored ? std::string("?") : remote.address().to_string();
  const TransportLimits& limits = shared->options.limits;
  if (shared->open() >= limits.max_connections) {
    ++shared->counters.refused_total_limit;
    refuse_http(shared, std::move(socket), "the server holds as many connections as it may");
  } else if (auto it = shared->per_ip.find(ip); !trusted_proxy(*shared, ip) &&
                                                it != shared->per_ip.end() &&
                                                it->second >= limits.max_connections_per_ip) {
    // (A trusted proxy's connections are counted for its clients: on_read.)
    ++shared->counters.refused_per_ip_limit;
    refuse_http(shared, std::move(socket), "too many connections from your address");
  } else {
    start_http(shared, std::move(socket), Slot(shared, std::move(ip)));
  }
  accept_next(shared);
}

void accept_next(const std::shared_ptr<Shared>& shared) {
  if (!shared->acceptor || shared->stopping) return;
  shared->acceptor->async_accept([shared](beast::error_code ec, tcp::socket socket) {
    on_accept(shared, ec, std::move(socket));
  });
}

}  // namespace

void start_http(std::shared_ptr<Shared> shared, tcp::socket socket, Slot slot) {
  std::make_shared<HttpSession>(std::move(shared), std::move(socket), std::move(slot))->run();
}

void refuse_http(std::shared_ptr<Shared> shared, tcp::socket socket, std::string reason) {
  struct Refusal {
    tcp::socket socket;
    Response res;
  };
  Request req;
  req.version(11);
  req.keep_alive(false);
  auto refusal = std::make_shared<Refusal>(
      Refusal{std::move(socket), text_reply(req, http::status::service_unavailable, reason)});
  ++shared->counters.http_requests[503];
  http::async_write(refusal->socket, refusal->res, [refusal](beast::error_code, std::size_t) {
    beast::error_code ec;
    refusal->socket.shutdown(tcp::socket::shutdown_both, ec);
    refusal->socket.close(ec);
  });
}

Transport::Transport(AsioLoop& loop, Hub& hub, TransportOptions options)
    : shared_(std::make_shared<Shared>(loop, hub, std::move(options))) {}

Transport::~Transport() {
  shared_->stopping = true;
  beast::error_code ec;
  if (shared_->acceptor) shared_->acceptor->close(ec);
  // abort() tells the hub closed() at once, while it is still there.
  for (auto& [raw, weak] : std::unordered_map(shared_->live))
    if (auto session = weak.lock()) session->abort();
  shared_->hub = nullptr;
}

void Transport::start() {
  asio::io_context& io = io_context_of(shared_->loop);
  for (std::string& origin : shared_->options.allowed_origins) origin = normal_origin(origin);
  for (std::string& proxy : shared_->options.trusted_proxies) proxy = normal_ip(proxy);
  const TransportOptions& o = shared_->options;
  const std::string where = o.host + ":" + std::to_string(o.port);
  beast::error_code ec;
  tcp::resolver resolver(io);
  const auto endpoints = resolver.resolve(
      o.host, std::to_string(o.port), tcp::resolver::passive | tcp::resolver::numeric_service, ec);
  if (ec) throw Error("cannot listen on " + where + ": " + ec.message());
  for (const auto& entry : endpoints) {
    auto acceptor = std::make_unique<tcp::acceptor>(io);
    acceptor->open(entry.endpoint().protocol(), ec);
    if (!ec) acceptor->set_option(asio::socket_base::reuse_address(true), ec);
    if (!ec) acceptor->bind(entry.endpoint(), ec);
    if (!ec) acceptor->listen(asio::socket_base::max_listen_connections, ec);
    if (ec) continue;
    shared_->port = acceptor->local_endpoint().port();
    shared_->acceptor = std::move(acceptor);
    accept_next(shared_);
    return;
  }
  throw Error("cannot listen on " + where + ": " + (ec ? ec.message() : "no address"));
}

std::uint16_t Transport::port() const {
  return shared_->port;
}

std::string Transport::web_root() const {
  return shared_->web.dir().string();
}

void Transport::shutdown(std::chrono::milliseconds grace, std::function<void()> done) {
  Shared& s = *shared_;
  s.stopping = true;
  beast::error_code ec;
  if (s.acceptor) s.acceptor->close(ec);
  if (s.accept_pause) s.accept_pause->cancel();
  for (auto& [raw, weak] : std::unordered_map(s.live))
    if (auto session = weak.lock()) session->close_for_shutdown();
  auto drain = std::make_shared<Drain>();
  drain->shared = shared_;
  drain->deadline = std::chrono::steady_clock::now() + grace;
  drain->done = std::move(done);
  drain->check();
}

std::string Transport::metrics() const {
  return transport_metrics(*shared_);
}

std::string transport_metrics(const Shared& s) {
  const TransportCounters& c = s.counters;
  std::ostringstream out;
  auto family = [&out](const char* name, const char* type, const char* help) {
    out << "# HELP " << name << ' ' << help << "\n# TYPE " << name << ' ' << type << '\n';
  };
  family("tabletop_transport_connections", "gauge",
         "TCP connections open now, by what they speak.");
  out << "tabletop_transport_connections{kind=\"http\"} " << s.open_http << '\n'
      << "tabletop_transport_connections{kind=\"websocket\"} " << s.open_websockets << '\n';
  family("tabletop_transport_connections_accepted_total", "counter", "TCP connections accepted.");
  out << "tabletop_transport_connections_accepted_total " << c.accepted << '\n';
  family("tabletop_transport_websockets_opened_total", "counter",
         "WebSocket handshakes completed.");
  out << "tabletop_transport_websockets_opened_total " << c.websockets_opened << '\n';
  family("tabletop_transport_connections_refused_total", "counter",
         "Connections refused with 503 at accept, by the limit reached.");
  out << "tabletop_transport_connections_refused_total{limit=\"total\"} " << c.refused_total_limit
      << '\n'
      << "tabletop_transport_connections_refused_total{limit=\"per_ip\"} " << c.refused_per_ip_limit
      << '\n';
  family("tabletop_transport_frames_refused_total", "counter",
         "WebSocket messages refused, by reason (too_big and flood close the connection).");
  out << "tabletop_transport_frames_refused_total{reason=\"too_big\"} " << c.refused_too_big << '\n'
      << "tabletop_transport_frames_refused_total{reason=\"flood\"} " << c.refused_flood << '\n'
      << "tabletop_transport_frames_refused_total{reason=\"depth\"} " << c.refused_depth << '\n'
      << "tabletop_transport_frames_refused_total{reason=\"binary\"} " << c.refused_binary << '\n';
  family("tabletop_transport_closed_for_limits_total", "counter",
         "Connections the server closed for breaking a limit, by limit.");
  out << "tabletop_transport_closed_for_limits_total{limit=\"message_size\"} " << c.refused_too_big
      << '\n'
      << "tabletop_transport_closed_for_limits_total{limit=\"flood\"} " << c.refused_flood << '\n'
      << "tabletop_transport_closed_for_limits_total{limit=\"send_queue\"} " << c.dropped_send_queue
      << '\n'
      << "tabletop_transport_closed_for_limits_total{limit=\"timeout\"} " << c.dropped_idle << '\n';
  family("tabletop_transport_messages_received_total", "counter", "WebSocket messages received.");
  out << "tabletop_transport_messages_received_total " << c.messages_received << '\n';
  family("tabletop_transport_messages_sent_total", "counter", "WebSocket messages sent.");
  out << "tabletop_transport_messages_sent_total " << c.messages_sent << '\n';
  family("tabletop_transport_message_bytes_sent_total", "counter",
         "Bytes of the WebSocket messages sent (payloads, without frame headers).");
  out << "tabletop_transport_message_bytes_sent_total " << c.message_bytes_sent << '\n';
  family("tabletop_transport_hub_errors_total", "counter",
         "Exceptions out of the hub (bugs), answered with an internal error.");
  out << "tabletop_transport_hub_errors_total " << c.hub_errors << '\n';
  family("tabletop_transport_http_requests_total", "counter",
         "HTTP responses sent, by status code.");
  for (const auto& [code, n] : c.http_requests)
    out << "tabletop_transport_http_requests_total{code=\"" << code << "\"} " << n << '\n';
  return out.str();
}

}  // namespace tt::server
