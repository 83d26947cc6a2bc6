#include "server/view_text.h"

#include "server/json_text.h"

namespace tt::server {

using nlohmann::json;

void ViewText::clear() {
  text_.clear();
  nodes_.clear();
  open_.clear();
}

// Writes values as text where they come, each recorded as a Node: the
// view writer's backend for the server.
class ViewText::Writer final : public ViewWriter {
 public:
  explicit Writer(ViewText& v) : v_(v) {}

 private:
  void on_begin_object() override { open('{'); }
  void on_end_object() override { close('}', 'o'); }
  void on_begin_array() override { open('['); }
  void on_end_array() override { close(']', 'a'); }
  void on_key(std::string_view k) override {
    comma();
    key_begin_ = size();
    json_text::string(v_.text_, k);
    key_end_ = size();
    v_.text_ += ':';
  }
  void on_null() override {
    scalar([&] { v_.text_ += "null"; });
  }
  void on_boolean(bool b) override {
    scalar([&] { json_text::boolean(v_.text_, b); });
  }
  void on_integer(std::int64_t n) override {
    scalar([&] { json_text::integer(v_.text_, n); });
  }
  void on_unsigned(std::uint64_t n) override {
    scalar([&] { json_text::unsigned_integer(v_.text_, n); });
  }
  void on_string(std::string_view s) override {
    scalar([&] { json_text::string(v_.text_, s); });
  }
  void on_real(double d) override {
    scalar([&] { json_text::scalar(v_.text_, json(d)); });
  }

  std::uint32_t size() const { return static_cast<std::uint32_t>(v_.text_.size()); }
  bool in_object() const { return !v_.open_.empty() && v_.open_.back().object; }
  // Siblings are separated by commas: a member's before its key (on_key),
  // an item's before its value.
  void comma() {
    if (!v_.open_.empty() && v_.open_.back().last) v_.text_ += ',';
  }
  // A new value here: its node, linked to its previous sibling.
  std::uint32_t start() {
    if (!in_object()) comma();
    const auto at = static_cast<std::uint32_t>(v_.nodes_.size());
    Node& n = v_.nodes_.emplace_back();
    n.begin = size();
    if (!v_.open_.empty()) {
      Open& parent = v_.open_.back();
      if (parent.object) {  // the key's text is inside its quotes
        n.key_begin = key_begin_ + 1;
        n.key_end = key_end_ - 1;
      }
      if (parent.last) v_.nodes_[parent.last].next = at;
      parent.last = at;
    }
    return at;
  }
  template <typename WriteText>
  void scalar(WriteText&& write_text) {
    const std::uint32_t at = start();
    write_text();
    Node& n = v_.nodes_[at];
    n.kind = 's';
    n.end = size();
  }
  void open(char bracket) {
    const std::uint32_t at = start();
    v_.text_ += bracket;
    v_.open_.push_back({at, 0, bracket == '{'});
  }
  void close(char bracket, char kind) {
    const Open o = v_.open_.back();
    v_.open_.pop_back();
    v_.text_ += bracket;
    Node& n = v_.nodes_[o.node];
    n.kind = o.last ? kind : 's';  // an empty object or array is a plain value
    n.end = size();
  }

  ViewText& v_;
  std::uint32_t key_begin_ = 0, key_end_ = 0;
};

void ViewText::assign(const Match& match, Seat viewer) {
  clear();
  Writer w(*this);
  match.write_view(viewer, w);
}

void ViewText::assign(const json& view) {
  clear();
  Writer w(*this);
  write_json(w, view);
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
