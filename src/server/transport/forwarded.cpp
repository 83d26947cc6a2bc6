#include "server/transport/forwarded.h"

#include <boost/asio/ip/address.hpp>

#include "core/error.h"

namespace tt::server {

std::string normal_ip(std::string_view text) {
  boost::system::error_code ec;
  const auto address = boost::asio::ip::make_address(std::string(text), ec);
  if (ec) throw Error("'" + std::string(text) + "' is not an IP address");
  return address.to_string();
}

std::string forwarded_client(std::string_view header) {
  const auto comma = header.rfind(',');
  std::string_view last = comma == std::string_view::npos ? header : header.substr(comma + 1);
  while (!last.empty() && (last.front() == ' ' || last.front() == '\t')) last.remove_prefix(1);
  while (!last.empty() && (last.back() == ' ' || last.back() == '\t')) last.remove_suffix(1);
  if (last.empty() || last.size() > 64) return "";
  try {
    return normal_ip(last);
  } catch (const Error&) {
    return "";
  }
}

}  // namespace tt::server
