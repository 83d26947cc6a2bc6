// Which web pages may open a WebSocket to this server (docs/server.md "Running
// it"). A browser sends every WebSocket upgrade with the Origin of the page
// that asked for it, and sends the player's cookies and network position
// along: without this check any site a player visits could play at their
// tables from their browser. Programs that are not browsers (the load
// generator, the tests, a bot) send no Origin and are let in: they act for
// whoever runs them, and could forge any Origin anyway.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace tt::server {

// An Origin as compared: "scheme://host[:port]", in lower case. Throws
// tt::Error when `text` is not of that form (a path, user info or spaces).
std::string normal_origin(std::string_view text);

// Whether an upgrade request with this Origin header (empty: none sent) and
// Host header may open a WebSocket: no Origin; an Origin whose host[:port] is
// the request's Host (the server's own pages); or one of `allowed` (normal
// forms, from --allowed-origin).
bool origin_allowed(std::string_view origin, std::string_view host,
                    const std::vector<std::string>& allowed);

}  // namespace tt::server
