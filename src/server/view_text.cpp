#include "server/view_text.h"

#include "server/json_text.h"

namespace tt::server {

using nlohmann::json;

void ViewText::clear() {
  text_.clear();
  nodes_.clear();
}

void ViewText::assign(const json& view) {
  clear();
  write(view);
}

void ViewText::write(const json& j) {
  const auto at = static_cast<std::uint32_t>(nodes_.size());
  nodes_.emplace_back();
  nodes_[at].begin = static_cast<std::uint32_t>(text_.size());
  std::uint32_t previous = 0;  // the last child written (0: none; the root is nobody's child)
  auto child = [&](auto&& write_key, const json& v) {
    if (previous) text_ += ',';
    const auto key_begin = static_cast<std::uint32_t>(text_.size());
    write_key();
    const auto key_end = static_cast<std::uint32_t>(text_.size());
    const auto index = static_cast<std::uint32_t>(nodes_.size());
    write(v);
    if (key_end > key_begin) {  // `"key":`: the key's text is inside the quotes
      nodes_[index].key_begin = key_begin + 1;
      nodes_[index].key_end = key_end - 2;
    }
    if (previous) nodes_[previous].next = index;
    previous = index;
  };
  if (j.is_object() && !j.empty()) {
    nodes_[at].kind = 'o';
    text_ += '{';
    for (const auto& [k, v] : j.get_ref<const json::object_t&>())
      child(
          [&] {
            json_text::string(text_, k);
            text_ += ':';
          },
          v);
    text_ += '}';
  } else if (j.is_array() && !j.empty()) {
    nodes_[at].kind = 'a';
    text_ += '[';
    for (const json& v : j.get_ref<const json::array_t&>()) child([] {}, v);
    text_ += ']';
  } else {
    nodes_[at].kind = 's';
    if (j.is_structured())
      text_ += j.is_object() ? "{}" : "[]";
    else
      json_text::scalar(text_, j);
  }
  nodes_[at].end = static_cast<std::uint32_t>(text_.size());
}

// Writes the operations, like nlohmann::json::diff's (add, remove, replace;
// arrays compared index by index), but skips every value whose text is the
// same in both views.
class PatchWriter {
 public:
  PatchWriter(const ViewText& from, const ViewText& to, std::string& out)
      : a_(from), b_(to), out_(out) {}

  void write() {
    out_ += '[';
    if (a_.nodes_.empty() || b_.nodes_.empty()) {
      if (!b_.nodes_.empty()) op("replace", &b_.nodes_[0]);
    } else {
      diff(0, 0);
    }
    out_ += ']';
  }

 private:
  using Node = ViewText::Node;

  void op(const char* name, const Node* value) {
    if (!first_) out_ += ',';
    first_ = false;
    out_ += "{\"op\":\"";
    out_ += name;
    out_ += "\",\"path\":\"";
    out_ += path_;
    out_ += '"';
    if (value) {
      out_ += ",\"value\":";
      out_ += b_.value(*value);
    }
    out_ += '}';
  }
  // "/" and a key as a JSON Pointer step (RFC 6901). The key's text is
  // already escaped for JSON, which never escapes '~' or '/'.
  void step(std::string_view key) {
    path_ += '/';
    for (char c : key) {
      if (c == '~')
        path_ += "~0";
      else if (c == '/')
        path_ += "~1";
      else
        path_ += c;
    }
  }
  void step(std::size_t index) {
    path_ += '/';
    json_text::integer(path_, static_cast<std::int64_t>(index));
  }

  void diff(std::uint32_t ai, std::uint32_t bi) {
    const Node& x = a_.nodes_[ai];
    const Node& y = b_.nodes_[bi];
    if (a_.value(x) == b_.value(y)) return;
    if (x.kind != y.kind || x.kind == 's') {
      op("replace", &y);
      return;
    }
    const std::size_t at = path_.size();
    std::uint32_t i = ai + 1;  // a's next child not yet matched
    if (x.kind == 'o') {
      // Members in key order on both sides: a member of `a` passed over
      // before the next match is not in `b`.
      for (std::uint32_t j = bi + 1; j; j = b_.nodes_[j].next) {
        const std::string_view key = b_.key(b_.nodes_[j]);
        std::uint32_t k = i;
        while (k && a_.key(a_.nodes_[k]) != key) k = a_.nodes_[k].next;
        if (k) {
          for (; i != k; i = a_.nodes_[i].next) {
            step(a_.key(a_.nodes_[i]));
            op("remove", nullptr);
            path_.resize(at);
          }
          step(key);
          diff(k, j);
          i = a_.nodes_[k].next;
        } else {
          step(key);
          op("add", &b_.nodes_[j]);
        }
        path_.resize(at);
      }
      for (; i; i = a_.nodes_[i].next) {
        step(a_.key(a_.nodes_[i]));
        op("remove", nullptr);
        path_.resize(at);
      }
      return;
    }
    std::size_t index = 0;
    std::uint32_t j = bi + 1;
    for (; i && j; i = a_.nodes_[i].next, j = b_.nodes_[j].next, ++index) {
      step(index);
      diff(i, j);
      path_.resize(at);
    }
    std::size_t extra = 0;  // items of `a` past the end of `b`
    for (; i; i = a_.nodes_[i].next) ++extra;
    for (std::size_t k = index + extra; k > index; --k) {  // from the end: each index still holds
      step(k - 1);
      op("remove", nullptr);
      path_.resize(at);
    }
    for (; j; j = b_.nodes_[j].next, ++index) {
      step(index);
      op("add", &b_.nodes_[j]);
      path_.resize(at);
    }
  }

  const ViewText& a_;
  const ViewText& b_;
  std::string& out_;
  std::string path_;
  bool first_ = true;
};

void ViewText::append_patch_from(const ViewText& from, std::string& out) const {
  PatchWriter(from, *this, out).write();
}

}  // namespace tt::server
