#include "core/view_writer.h"

#include "core/error.h"

namespace tt {

void ViewWriter::begin_object() {
#ifndef NDEBUG
  levels_.push_back({true, false, {}});
#endif
  on_begin_object();
}

void ViewWriter::end_object() {
#ifndef NDEBUG
  if (levels_.empty() || !levels_.back().object)
    throw Error("view writer: end_object outside an object");
  levels_.pop_back();
#endif
  on_end_object();
}

void ViewWriter::begin_array() {
#ifndef NDEBUG
  levels_.push_back({false, false, {}});
#endif
  on_begin_array();
}

void ViewWriter::end_array() {
#ifndef NDEBUG
  if (levels_.empty() || levels_.back().object)
    throw Error("view writer: end_array outside an array");
  levels_.pop_back();
#endif
  on_end_array();
}

ViewWriter& ViewWriter::key(std::string_view k) {
#ifndef NDEBUG
  // A JSON tree's objects are sorted maps: a key out of order would make the
  // text written directly differ from the tree's dump.
  if (levels_.empty() || !levels_.back().object)
    throw Error("view writer: a key outside an object");
  Level& o = levels_.back();
  if (o.has_key && !(std::string_view(o.last_key) < k))
    throw Error("view writer: key \"" + std::string(k) + "\" after \"" + o.last_key +
                "\" (keys must come in strictly increasing order)");
  o.has_key = true;
  o.last_key = k;
#endif
  on_key(k);
  return *this;
}

nlohmann::json& JsonTreeWriter::slot() {
  if (open_.empty()) return out_;
  nlohmann::json& top = *open_.back();
  if (top.is_array()) {
    top.push_back(nullptr);
    return top.back();
  }
  return top[key_];
}

void write_json(ViewWriter& out, const nlohmann::json& j) {
  using nlohmann::json;
  switch (j.type()) {
    case json::value_t::object:
      out.begin_object();
      for (const auto& [k, v] : j.get_ref<const json::object_t&>()) {
        out.key(k);
        write_json(out, v);
      }
      out.end_object();
      return;
    case json::value_t::array:
      out.begin_array();
      for (const json& v : j.get_ref<const json::array_t&>()) write_json(out, v);
      out.end_array();
      return;
    case json::value_t::boolean:
      out.boolean(j.get<bool>());
      return;
    case json::value_t::number_integer:
      out.integer(j.get<std::int64_t>());
      return;
    case json::value_t::number_unsigned:
      out.unsigned_integer(j.get<std::uint64_t>());
      return;
    case json::value_t::number_float:
      out.real(j.get<double>());
      return;
    case json::value_t::string:
      out.string(j.get_ref<const std::string&>());
      return;
    default:  // null (binary and discarded never occur in a view)
      out.null();
  }
}

}  // namespace tt
