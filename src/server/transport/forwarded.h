// A client behind a trusted proxy (TransportOptions::trusted_proxies): the
// address the proxy says it talks for, from the X-Forwarded-For it appended.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace tt::server {

// The normal form of an IP address ("127.0.0.1", "::1"); throws tt::Error
// naming `text` when it is not one (a malformed --trusted-proxy).
std::string normal_ip(std::string_view text);

// The last address of an X-Forwarded-For header (the one the proxy nearest
// the server added: the earlier ones are the client's word, not the
// proxy's), in normal form; "" when there is none or it is no IP address.
std::string forwarded_client(std::string_view header);

}  // namespace tt::server
