// The JSON Schemas of data/schema, as compiled in by CMake (schema_texts.cpp
// is generated from schema_texts.cpp.in). Internal to core/schema_check.
#pragma once
#include <string_view>
#include <vector>

namespace tt::detail {

struct SchemaText {
  std::string_view name;  // "ddm-pool" for data/schema/ddm-pool.schema.json
  std::string_view text;
};

const std::vector<SchemaText>& schema_texts();

}  // namespace tt::detail
