#include "http_get.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

namespace tt::loadgen {

namespace beast = boost::beast;
namespace http = beast::http;
using tcp = boost::asio::ip::tcp;

HttpResult http_get(const std::string& host, const std::string& port, const std::string& target,
                    int timeout_ms) {
  HttpResult result;
  boost::asio::io_context io;
  tcp::resolver resolver(io);
  beast::tcp_stream stream(io);
  http::request<http::empty_body> request{http::verb::get, target, 11};
  request.set(http::field::host, host);
  request.set(http::field::user_agent, "tabletop-loadgen");
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(64 * 1024 * 1024);
  auto fail = [&result](const char* what, beast::error_code ec) {
    if (result.error.empty()) result.error = std::string(what) + ": " + ec.message();
  };

  stream.expires_after(std::chrono::milliseconds(timeout_ms));
  resolver.async_resolve(
      host, port, [&](beast::error_code ec, tcp::resolver::results_type results) {
        if (ec) return fail("resolve", ec);
        stream.async_connect(results, [&](beast::error_code ec2, const tcp::endpoint&) {
          if (ec2) return fail("connect", ec2);
          http::async_write(stream, request, [&](beast::error_code ec3, std::size_t) {
            if (ec3) return fail("write", ec3);
            http::async_read(stream, buffer, parser, [&](beast::error_code ec4, std::size_t) {
              if (ec4) return fail("read", ec4);
              result.status = static_cast<int>(parser.get().result_int());
              result.body = std::move(parser.get().body());
            });
          });
        });
      });
  io.run();
  beast::error_code ignored;
  stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
  return result;
}

}  // namespace tt::loadgen
