// The RFC 6902 JSON Patch that turns one view into the next (docs/server.md
// "update (pushed)"): add, remove and replace only, like
// nlohmann::json::diff, in one walk of both views (the library's diff
// compares each subtree whole again at every level, which costs more than
// dumping the view it saves).
#pragma once
#include <nlohmann/json.hpp>

namespace tt::server {

nlohmann::json view_diff(const nlohmann::json& from, const nlohmann::json& to);

}  // namespace tt::server
