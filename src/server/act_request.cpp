// simdjson's DOM parser over a request that looks like an act: the whole
// text is checked (its UTF-8, every value, nothing after the object) into a
// flat tape its parser reuses, with no allocation per request once grown; at
// the first thing it does not take, the text goes to the general path
// (server.cpp).
#include "server/act_request.h"

#include <simdjson.h>

#include <string>

namespace tt::server {

struct ActReader::Impl {
  simdjson::dom::parser parser;
  std::string padded;  // the text with simdjson's padding after it
};

ActReader::ActReader() : impl_(std::make_unique<Impl>()) {}
ActReader::~ActReader() = default;

namespace {

// The most a seq may be (cmd_act's range).
constexpr std::int64_t kMaxSeq = std::int64_t{1} << 40;

// The fields of an act, each at most once.
enum Field : unsigned {
  kNone = 0,
  kCmd = 1,
  kTable = 2,
  kToken = 4,
  kOption = 8,
  kSeq = 16,
  kId = 32
};

Field field_named(std::string_view key) {
  if (key == "cmd") return kCmd;
  if (key == "table") return kTable;
  if (key == "token") return kToken;
  if (key == "option") return kOption;
  if (key == "seq") return kSeq;
  if (key == "id") return kId;
  return kNone;
}

// A string, or an integer: an id whose text is written back as it came
// (a float's might not be).
bool read_id(simdjson::dom::element value, nlohmann::json& id) {
  std::string_view s;
  std::int64_t n;
  std::uint64_t u;
  if (!value.get_string().get(s))
    id = std::string(s);
  else if (value.is_int64() && !value.get_int64().get(n))
    id = n;
  else if (value.is_uint64() && !value.get_uint64().get(u))
    id = u;
  else
    return false;
  return true;
}

}  // namespace

std::optional<ActRequest> ActReader::read(std::string_view text) {
  // Cheap refusals first: not an act, or bytes (control characters, which
  // JSON allows in no string) whose handling the general path decides.
  if (text.size() > 4096 || text.find("\"act\"") == std::string_view::npos) return std::nullopt;
  for (char c : text)
    if (static_cast<unsigned char>(c) < 0x20) return std::nullopt;
  std::string& padded = impl_->padded;
  padded.assign(text);
  padded.reserve(text.size() + simdjson::SIMDJSON_PADDING);
  // The DOM parser checks the whole text (nothing after the object either).
  simdjson::dom::object object;
  if (impl_->parser.parse(padded.data(), text.size(), false).get_object().get(object))
    return std::nullopt;
  ActRequest act;
  unsigned seen = 0;
  for (auto [key, value] : object) {
    const Field which = field_named(key);
    if (which == kNone || (seen & which)) return std::nullopt;  // unknown or repeated
    seen |= which;
    bool ok = true;
    std::string_view s;
    switch (which) {
      case kCmd:
        ok = !value.get_string().get(s) && s == "act";
        break;
      case kTable:
        ok = !value.get_string().get(act.table);
        break;
      case kToken:
        ok = !value.get_string().get(act.token);
        break;
      case kOption:
        ok = !value.get_string().get(act.option);
        break;
      case kSeq:
        ok = value.is_int64() && !value.get_int64().get(act.seq) && act.seq >= 0 &&
             act.seq <= kMaxSeq;
        break;
      case kId:
        ok = read_id(value, act.id);
        break;
      case kNone:
        break;
    }
    if (!ok) return std::nullopt;
  }
  if ((seen | kId) != (kCmd | kTable | kToken | kOption | kSeq | kId)) return std::nullopt;
  return act;
}

}  // namespace tt::server
