// A seat's view written value by value (State::write_view), so one piece of
// view code per game serves two readers: the JSON tree the CLI, the engine
// protocol, Python and the tests read (JsonTreeWriter), and the game
// server's text with the place of every value (server/view_text.h), written
// straight from the state without building a tree first.
//
// Keys come in strictly increasing byte order within each object: that is
// how a JSON tree (nlohmann's objects are sorted maps) dumps them, so the
// text written directly is the tree's dump byte for byte. Builds with
// assertions (Debug) check it and throw on a key out of order.
#pragma once
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace tt {

class ViewWriter {
 public:
  virtual ~ViewWriter() = default;

  void begin_object();
  void end_object();
  void begin_array();
  void end_array();
  // The next member's key; its value follows.
  ViewWriter& key(std::string_view k);

  void null() { on_null(); }
  void boolean(bool b) { on_boolean(b); }
  void integer(std::int64_t n) { on_integer(n); }
  void unsigned_integer(std::uint64_t n) { on_unsigned(n); }
  void string(std::string_view s) { on_string(s); }
  void real(double d) { on_real(d); }

  // The same, chosen by the value's type (an integer of any width is an integer).
  void value(std::nullptr_t) { null(); }
  void value(bool b) { boolean(b); }
  void value(std::string_view s) { string(s); }
  void value(const char* s) { string(s); }
  template <std::integral T>
  requires(!std::same_as<T, bool>) void value(T n) { integer(static_cast<std::int64_t>(n)); }
  // A member: key and value.
  template <typename T>
  void field(std::string_view k, const T& v) {
    key(k).value(v);
  }
  // A member whose value is a JSON integer or null (`none` means null).
  template <std::integral T>
  void field_or_null(std::string_view k, T v, T none) {
    key(k);
    if (v == none)
      null();
    else
      value(v);
  }

 protected:
  virtual void on_begin_object() = 0;
  virtual void on_end_object() = 0;
  virtual void on_begin_array() = 0;
  virtual void on_end_array() = 0;
  virtual void on_key(std::string_view k) = 0;
  virtual void on_null() = 0;
  virtual void on_boolean(bool b) = 0;
  virtual void on_integer(std::int64_t n) = 0;
  virtual void on_unsigned(std::uint64_t n) = 0;
  virtual void on_string(std::string_view s) = 0;
  virtual void on_real(double d) = 0;

 private:
#ifndef NDEBUG
  // Per open container: whether it is an object, and its last key so far.
  struct Level {
    bool object = false;
    bool has_key = false;
    std::string last_key;
  };
  std::vector<Level> levels_;
#endif
};

// Builds the view as a JSON tree: what State::view(Seat, json&) returns.
class JsonTreeWriter final : public ViewWriter {
 public:
  explicit JsonTreeWriter(nlohmann::json& out) : out_(out) {}

 private:
  void on_begin_object() override { open(nlohmann::json::object()); }
  void on_end_object() override { open_.pop_back(); }
  void on_begin_array() override { open(nlohmann::json::array()); }
  void on_end_array() override { open_.pop_back(); }
  void on_key(std::string_view k) override { key_ = k; }
  void on_null() override { put(nullptr); }
  void on_boolean(bool b) override { put(b); }
  void on_integer(std::int64_t n) override { put(n); }
  void on_unsigned(std::uint64_t n) override { put(n); }
  void on_string(std::string_view s) override { put(s); }
  void on_real(double d) override { put(d); }

  // Where the next value goes: the root, an array's end, or the key's member.
  nlohmann::json& slot();
  template <typename T>
  void put(T&& v) {
    slot() = std::forward<T>(v);
  }
  void open(nlohmann::json container) {
    nlohmann::json& at = slot();
    at = std::move(container);
    open_.push_back(&at);  // stays put: its parent takes nothing more until it closes
  }

  nlohmann::json& out_;
  std::vector<nlohmann::json*> open_;
  std::string key_;
};

// Writes a JSON tree through `out`, in its own (sorted) key order: the
// adapter for a view built as a tree.
void write_json(ViewWriter& out, const nlohmann::json& j);

}  // namespace tt
