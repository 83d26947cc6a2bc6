#include "protocol/limits.h"

namespace tt::protocol {

bool nesting_within(std::string_view text, int max_depth) {
  int depth = 0;
  bool in_string = false;
  bool escaped = false;
  for (char c : text) {
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > max_depth) return false;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return true;
}

LineStatus read_line(std::istream& in, std::string& line, std::size_t max_bytes) {
  line.clear();
  std::streambuf* buf = in.rdbuf();
  if (!buf) return LineStatus::kEnd;
  bool any = false;
  bool too_long = false;
  for (;;) {
    const int c = buf->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      if (!any) return LineStatus::kEnd;
      break;
    }
    any = true;
    if (c == '\n') break;
    if (line.size() < max_bytes)
      line.push_back(static_cast<char>(c));
    else
      too_long = true;
  }
  if (too_long) {
    line.clear();
    return LineStatus::kTooLong;
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return LineStatus::kLine;
}

}  // namespace tt::protocol
