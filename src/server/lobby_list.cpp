// The lobby's list, from its cache (lobby_list.h): GET /api/tables and the
// `tables` request both send the same text, built at most once per refresh.
#include "server/lobby_list.h"

#include "server/server_impl.h"

namespace tt::server {

using nlohmann::json;

const std::string& Server::Impl::lobby_body() {
  if (cluster) {
    // Every process's tables, as the store last listed them (cluster_play.cpp).
    static const std::string kNone = R"({"tables":[],"count":0})";
    return lobby_text.empty() ? kNone : lobby_text;
  }
  const auto now = loop.now();
  if (lobby.stale(tables.size(), now)) {
    ++metrics.lobby_builds;
    lobby.store(dump(cmd_tables()), tables.size(), now);
  }
  return lobby.body();
}

void Server::Impl::send_tables(Connection& conn, const json* id) {
  const std::string& body = lobby_body();
  // The reply's own fields, then the list's (its text after the opening brace).
  std::string text = R"({"type":"reply","ok":true,)";
  if (id) text += "\"id\":" + dump(*id) + ",";
  text.append(body, 1);
  conn.send(std::move(text));
}

}  // namespace tt::server
