// What a player reads of a server frame (docs/server.md, "WebSocket
// messages"): the few fields it acts on, read in one pass without building a
// tree. The views and their patches are not kept (a player reads no view),
// but each is checked well-formed enough to catch a broken server.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tt::loadgen {

struct Frame {
  enum class Type { update, reply, moved, other };
  Type type = Type::other;
  std::string type_name;  // as sent ("" when absent)

  // Replies.
  bool has_id = false;
  std::int64_t id = 0;
  bool ok = false;
  std::string error;
  std::string token;   // join
  std::string node;    // create, join: the node holding the table (a cluster)
  bool moved = false;  // a `moved` field: the rare path reads it whole (moved.h)

  // Updates (and the `seq` of an acknowledgement, the `table` of a create reply).
  std::int64_t seq = -1;
  std::string table;
  bool terminal = false;
  std::vector<std::string> options;  // the option ids the update offers `seat`
  bool has_view = false;             // a whole view
  bool has_patch = false;            // a patch of the last view, from `base` to `version`
  std::int64_t version = -1;
  std::int64_t base = -1;
  // An update acknowledging the receiver's act (`"ack":{"id":N,"seq":S}`,
  // asked for with acks_in_updates): the reply to request `ack_id`.
  bool has_ack = false;
  bool ack_has_id = false;
  std::int64_t ack_id = 0;
  std::int64_t ack_seq = -1;

  // What is wrong with the frame: not JSON, not an object, a field of the
  // wrong type, a patch that is not RFC 6902 as the server writes it
  // (add/remove/replace with a path, a value where the op needs one), an
  // update with both or neither of `view` and `patch`. "" when nothing.
  std::string malformed;
};

class FrameReader {
 public:
  FrameReader();
  ~FrameReader();
  FrameReader(const FrameReader&) = delete;
  FrameReader& operator=(const FrameReader&) = delete;

  // Reads `text` into `frame` (its buffers are reused). `text` must be
  // followed by at least kPadding readable bytes (WsClient's frames are).
  // `seat`: whose options to keep. False when the frame is malformed.
  bool read(std::string_view text, int seat, Frame& frame);

  static constexpr std::size_t kPadding = 64;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tt::loadgen
