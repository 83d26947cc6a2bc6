#include "moved.h"

#include <algorithm>

namespace tt::loadgen {

bool valid_node(const std::string& node) {
  if (node.empty() || node.size() > 32) return false;
  return std::all_of(node.begin(), node.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_';
  });
}

std::string text_field(const nlohmann::json& object, const char* key) {
  auto it = object.find(key);
  return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::optional<Moved> read_moved(const nlohmann::json& reply) {
  auto it = reply.find("moved");
  if (it == reply.end() || !it->is_object()) return std::nullopt;
  Moved moved;
  moved.table = text_field(*it, "table");
  moved.node = text_field(*it, "node");
  const auto retry = it->find("retry_ms");
  if (retry != it->end() && retry->is_number())
    moved.retry_ms = static_cast<int>(std::clamp(retry->get<double>(), 0.0, 1e6));
  if (!valid_node(moved.node)) return std::nullopt;
  return moved;
}

std::chrono::milliseconds move_wait(const Moved& moved, const std::string& asked) {
  if (moved.node != asked) return std::chrono::milliseconds(0);
  return std::chrono::milliseconds(std::clamp(moved.retry_ms, 200, 5000));
}

}  // namespace tt::loadgen
