// An `act` request (docs/server.md "act") read without building a JSON tree:
// most requests a busy server reads are acts, and parsing each into a
// nlohmann tree, then copying its fields out, cost more than the rest of
// reading it. Only an act whose every field is exactly as the protocol asks
// is read here; anything else (malformed, a field of the wrong type, an
// unknown or repeated field, a number out of range or not an integer, an
// `id` that is no string or integer) is left to the general path, which
// answers it as it always did, so the errors are the same.
#pragma once
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>

namespace tt::server {

struct ActRequest {
  // Valid until the next read.
  std::string_view table, token, option;
  std::int64_t seq = 0;
  nlohmann::json id;  // null: none
};

class ActReader {
 public:
  ActReader();
  ~ActReader();
  ActReader(const ActReader&) = delete;
  ActReader& operator=(const ActReader&) = delete;

  // The act `text` holds, when it is a well-formed act read here; nullopt
  // for every other text (the general path's to answer).
  std::optional<ActRequest> read(std::string_view text);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tt::server
