// The lobby's list of tables as `tables` and GET /api/tables answer it,
// kept built. Building it touches every table, so clients polling it could
// hold up the loop thread; instead it is built again only when a table came
// or went (a new table shows at once), and otherwise at most once per
// kLobbyRefresh (a table's status, seats, decisions and spectators show within
// that).
#pragma once
#include <chrono>
#include <cstddef>
#include <string>

#include "server/loop.h"

namespace tt::server {

inline constexpr std::chrono::milliseconds kLobbyRefresh{1000};
// The most tables the list names (newest first); `count` says how many there are.
inline constexpr std::size_t kMaxListedTables = 200;

class LobbyList {
 public:
  // Whether the list must be built again, given the tables held now.
  bool stale(std::size_t tables, Loop::Clock::time_point now) const {
    return !built_ || tables != tables_ || now - built_at_ >= kLobbyRefresh;
  }
  void store(std::string body, std::size_t tables, Loop::Clock::time_point now) {
    body_ = std::move(body);
    tables_ = tables;
    built_at_ = now;
    built_ = true;
  }
  // The reply's body: {"tables":[...],"count":N}.
  const std::string& body() const { return body_; }

 private:
  bool built_ = false;
  std::string body_;
  std::size_t tables_ = 0;
  Loop::Clock::time_point built_at_{};
};

}  // namespace tt::server
