// A seat's view as JSON text, with where each value of it lies in the text
// (docs/server.md "update (pushed)"). The view is written once per place and
// decision, straight from the game's state through its view writer
// (core/view_writer.h), without building a JSON tree; the whole view is
// that text, and the RFC 6902 patch from the view sent before is found by comparing the texts of
// the two: a value whose text is the same is skipped whole, without walking it (view_diff walked
// both trees to every leaf). Its buffers are kept from one view to the next,
// so writing a view allocates nothing once they have grown.
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/match.h"
#include "core/view_writer.h"

namespace tt::server {

class ViewText {
 public:
  // Writes `viewer`'s view of the match, replacing what this held.
  void assign(const Match& match, Seat viewer);
  // Writes `view`, replacing what this held (the same text and places as
  // the view written directly).
  void assign(const nlohmann::json& view);
  // The whole view, as nlohmann's dump writes it.
  std::string_view text() const { return text_; }
  bool empty() const { return nodes_.empty(); }
  // Appends the RFC 6902 patch (a JSON array of add, remove and replace
  // operations) that turns `from` into this view.
  void append_patch_from(const ViewText& from, std::string& out) const;
  void clear();
  // The same text and the same places of its values.
  bool operator==(const ViewText& o) const { return text_ == o.text_ && nodes_ == o.nodes_; }

 private:
  // A value of the view (pre-order): the text of its key in its object
  // (escaped, without the quotes; empty in an array), the text of the value,
  // and where its next sibling is (0: none). Children follow their parent.
  struct Node {
    std::uint32_t key_begin = 0, key_end = 0;
    std::uint32_t begin = 0, end = 0;
    std::uint32_t next = 0;
    char kind = 0;  // 'o' an object with members, 'a' an array with items, 's' anything else
    bool operator==(const Node&) const = default;
  };
  class Writer;
  std::string_view key(const Node& n) const {
    return std::string_view(text_).substr(n.key_begin, n.key_end - n.key_begin);
  }
  std::string_view value(const Node& n) const {
    return std::string_view(text_).substr(n.begin, n.end - n.begin);
  }

  std::string text_;
  std::vector<Node> nodes_;
  // While writing: the open objects and arrays (kept, like the buffers).
  struct Open {
    std::uint32_t node = 0;
    std::uint32_t last = 0;  // its last child so far (0: none yet)
    bool object = false;
  };
  std::vector<Open> open_;

  friend class PatchWriter;
};

}  // namespace tt::server
