// Guards for hostile input: a bounded line reader and a nesting check that
// runs before the JSON parser ever sees the text.
#pragma once
#include <cstddef>
#include <istream>
#include <string>
#include <string_view>

namespace tt::protocol {

// The longest request line accepted (bytes, without the newline).
inline constexpr std::size_t kMaxLineBytes = std::size_t{4} << 20;
// The deepest nesting of arrays and objects accepted in a request.
inline constexpr int kMaxDepth = 64;

// True when `text` nests arrays/objects no deeper than max_depth (brackets
// inside JSON strings do not count).
bool nesting_within(std::string_view text, int max_depth);

enum class LineStatus { kLine, kTooLong, kEnd };

// Reads one line (a trailing "\r" is dropped). A line longer than max_bytes
// is read to its end and discarded (kTooLong), so memory stays bounded.
// kEnd: the stream ended before any character.
LineStatus read_line(std::istream& in, std::string& line, std::size_t max_bytes = kMaxLineBytes);

}  // namespace tt::protocol
