// The text of one `update` (docs/server.md "update (pushed)") from the part
// every form shares (Table::update_base), without copying it: the view is
// dumped in place, or set aside for a patch, and the base is left as it was.
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

namespace tt::server {

// Plain: as to a client that takes no patches. Full: the whole view and its
// version. Patch: `patch` in place of the view, from version `from` to `to`.
enum class UpdateForm { kPlain, kFull, kPatch };

std::string update_text(nlohmann::json& base, UpdateForm form, const nlohmann::json* patch,
                        std::uint64_t from, std::uint64_t to, nlohmann::json log);

}  // namespace tt::server
