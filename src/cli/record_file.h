// Where play keeps a match's record, and writing it.
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

namespace tt::cli {

// records/<game>-<seed>.json
std::string default_record_path(const std::string& game, std::uint64_t seed);

// records/<game>-<seed>.json, or when that file exists the first free one of
// records/<game>-<seed>-2.json, -3, ...: playing a seed again never
// overwrites the earlier record.
std::string unused_record_path(const std::string& game, std::uint64_t seed);

// Writes the record (creating the directory). Returns "" or an error message.
std::string write_record(const std::string& path, const nlohmann::json& record);

}  // namespace tt::cli
