// A cluster's answer to a request for a table the process reached does not
// hold (docs/server.md, "Several processes"): which node holds it, and how
// long to wait before asking that node again when the proxy could not reach it.
#pragma once
#include <chrono>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace tt::loadgen {

struct Moved {
  std::string table;
  std::string node;  // the table's owner
  int retry_ms = 0;  // the server's hint for the wait
};

// A request is followed to at most this many nodes in a row; beyond, the
// cluster is broken and the table is reported lost rather than chased forever.
inline constexpr int kMaxMoves = 50;

// The reply's `moved` when it carries one with a valid node name (letters,
// digits, '-', '_'; at most 32), else nothing.
std::optional<Moved> read_moved(const nlohmann::json& reply);

// The pause before reconnecting to `moved.node`: none when it is another node
// than the one the connection asked for (`asked`); otherwise that node is down
// and its lease not yet expired, so its `retry_ms`, clamped to 200..5000 ms.
std::chrono::milliseconds move_wait(const Moved& moved, const std::string& asked);

// A node name as the cluster allows it (safe in a URL as it is).
bool valid_node(const std::string& node);

// The string at `key` of a JSON object; "" when absent or not a string.
std::string text_field(const nlohmann::json& object, const char* key);

}  // namespace tt::loadgen
