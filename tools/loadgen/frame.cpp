// One pass of simdjson's On-Demand parser over a frame: the fields a player
// acts on are copied out, every other value is skipped unread (its brackets
// and UTF-8 are still checked by simdjson's first stage), and nothing is
// allocated once the frame's buffers have grown to their size.
#include "frame.h"

#include <simdjson.h>

namespace tt::loadgen {

namespace od = simdjson::ondemand;

static_assert(FrameReader::kPadding >= simdjson::SIMDJSON_PADDING);

struct FrameReader::Impl {
  od::parser parser;
  std::vector<std::string> entry_options;  // one `pending` entry's, before its seat is known
};

FrameReader::FrameReader() : impl_(std::make_unique<Impl>()) {}
FrameReader::~FrameReader() = default;

namespace {

bool text(od::value value, std::string& out) {
  std::string_view view;
  if (value.get_string().get(view)) return false;
  out.assign(view);
  return true;
}

// One `pending` entry: {"seat":N,"options":[{"id":"…",…},…],"prompt":…}.
bool read_entry(od::value value, int seat, std::vector<std::string>& scratch, Frame& frame) {
  od::object entry;
  if (value.get_object().get(entry)) return false;
  std::int64_t entry_seat = -1;
  std::size_t count = 0;
  for (auto item : entry) {
    od::field field;
    std::string_view key;
    if (std::move(item).get(field) || field.unescaped_key().get(key)) return false;
    if (key == "seat") {
      if (field.value().get_int64().get(entry_seat)) return false;
    } else if (key == "options") {
      od::array options;
      if (field.value().get_array().get(options)) return false;
      for (auto element : options) {
        od::object option;
        std::string_view id;
        if (element.get_object().get(option) ||
            option.find_field_unordered("id").get_string().get(id))
          return false;
        if (count == scratch.size()) scratch.emplace_back();
        scratch[count++].assign(id);
      }
    }
  }
  if (entry_seat == seat)
    frame.options.insert(frame.options.end(), scratch.begin(),
                         scratch.begin() + static_cast<std::ptrdiff_t>(count));
  return true;
}

// A patch as the server writes it (docs/server.md "Patches"): an array of
// add, remove and replace operations, each with a JSON Pointer path and, for
// add and replace, a value.
const char* patch_problem(od::value value) {
  od::array operations;
  if (value.get_array().get(operations)) return "a patch that is not an array";
  for (auto element : operations) {
    od::object operation;
    if (element.get_object().get(operation)) return "a patch operation that is not an object";
    std::string_view op, path;
    bool has_path = false, has_value = false;
    for (auto item : operation) {
      od::field field;
      std::string_view key;
      if (std::move(item).get(field) || field.unescaped_key().get(key))
        return "a broken patch operation";
      if (key == "op") {
        if (field.value().get_string().get(op)) return "a patch op that is not a string";
      } else if (key == "path") {
        if (field.value().get_string().get(path)) return "a patch path that is not a string";
        has_path = true;
      } else if (key == "value") {
        has_value = true;
      }
    }
    if (op != "add" && op != "remove" && op != "replace")
      return "a patch op not add/remove/replace";
    if (!has_path || (!path.empty() && path.front() != '/'))
      return "a patch operation without a JSON Pointer path";
    if (op != "remove" && !has_value) return "a patch add or replace without a value";
  }
  return nullptr;
}

void reset(Frame& frame) {
  frame.type = Frame::Type::other;
  frame.type_name.clear();
  frame.has_id = false;
  frame.id = 0;
  frame.ok = false;
  frame.error.clear();
  frame.token.clear();
  frame.node.clear();
  frame.moved = false;
  frame.seq = -1;
  frame.table.clear();
  frame.terminal = false;
  frame.options.clear();
  frame.has_view = frame.has_patch = false;
  frame.version = frame.base = -1;
  frame.has_ack = frame.ack_has_id = false;
  frame.ack_id = 0;
  frame.ack_seq = -1;
  frame.malformed.clear();
}

// Reads one top-level field; false (with `frame.malformed`) when its type is wrong.
bool read_field(std::string_view key, od::value value, int seat, std::vector<std::string>& scratch,
                Frame& frame) {
  auto wrong = [&](const char* what) {
    frame.malformed = std::string("`") + std::string(key) + "` " + what;
    return false;
  };
  if (key == "type") return text(value, frame.type_name) || wrong("is not a string");
  if (key == "id") {
    // Any JSON value is echoed; only the integers loadgen sends are its own.
    od::json_type type;
    if (value.type().get(type)) return wrong("is broken");
    if (type == od::json_type::number) frame.has_id = !value.get_int64().get(frame.id);
    return true;
  }
  if (key == "ok") return !value.get_bool().get(frame.ok) || wrong("is not a boolean");
  if (key == "error") return text(value, frame.error) || wrong("is not a string");
  if (key == "token") return text(value, frame.token) || wrong("is not a string");
  if (key == "node") return text(value, frame.node) || wrong("is not a string");
  if (key == "table") return text(value, frame.table) || wrong("is not a string");
  if (key == "seq") return !value.get_int64().get(frame.seq) || wrong("is not an integer");
  if (key == "terminal") return !value.get_bool().get(frame.terminal) || wrong("is not a boolean");
  if (key == "version") return !value.get_int64().get(frame.version) || wrong("is not an integer");
  if (key == "base") return !value.get_int64().get(frame.base) || wrong("is not an integer");
  if (key == "moved") return frame.moved = true;
  if (key == "ack") {
    od::object ack;
    if (value.get_object().get(ack)) return wrong("is not an object");
    frame.has_ack = true;
    for (auto item : ack) {
      od::field field;
      std::string_view name;
      if (std::move(item).get(field) || field.unescaped_key().get(name))
        return wrong("is not an object");
      if (name == "id") {
        od::json_type type;
        if (field.value().type().get(type)) return wrong("has a broken id");
        if (type == od::json_type::number)
          frame.ack_has_id = !field.value().get_int64().get(frame.ack_id);
      } else if (name == "seq") {
        if (field.value().get_int64().get(frame.ack_seq)) return wrong("has a seq not an integer");
      }
    }
    return frame.ack_seq >= 0 || wrong("has no seq");
  }
  if (key == "view") {
    od::object view;
    frame.has_view = true;
    return !value.get_object().get(view) || wrong("is not an object");
  }
  if (key == "patch") {
    frame.has_patch = true;
    if (const char* problem = patch_problem(value)) {
      frame.malformed = problem;
      return false;
    }
    return true;
  }
  if (key == "pending") {
    od::array entries;
    if (value.get_array().get(entries)) return wrong("is not an array");
    for (auto element : entries) {
      od::value entry;
      if (std::move(element).get(entry) || !read_entry(entry, seat, scratch, frame))
        return wrong("holds a broken entry");
    }
  }
  return true;
}

}  // namespace

bool FrameReader::read(std::string_view text, int seat, Frame& frame) {
  reset(frame);
  od::document document;
  simdjson::padded_string_view input(text.data(), text.size(), text.size() + kPadding);
  od::object object;
  if (impl_->parser.iterate(input).get(document) || document.get_object().get(object)) {
    frame.malformed = "not a JSON object";
    return false;
  }
  for (auto item : object) {
    od::field field;
    std::string_view key;
    if (std::move(item).get(field) || field.unescaped_key().get(key)) {
      frame.malformed = "not a JSON object";
      return false;
    }
    if (!read_field(key, field.value(), seat, impl_->entry_options, frame)) return false;
  }
  if (frame.type_name == "update") {
    frame.type = Frame::Type::update;
    if (frame.has_view == frame.has_patch) {
      frame.malformed = frame.has_view ? "an update with both a view and a patch"
                                       : "an update with neither a view nor a patch";
      return false;
    }
  } else if (frame.type_name == "reply") {
    frame.type = Frame::Type::reply;
  } else if (frame.type_name == "moved") {
    frame.type = Frame::Type::moved;
  }
  return true;
}

}  // namespace tt::loadgen
