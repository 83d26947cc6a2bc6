// The one exception type the engine throws for bad input (a malformed deck, a
// broken scenario, an unknown option). Callers turn it into a clear message;
// nothing is changed when it is thrown.
#pragma once
#include <stdexcept>
#include <string>

namespace tt {

class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& what) : std::runtime_error(visible(what)) {}

  // what() is a C string, read up to its first NUL: a NUL a request smuggled
  // into a message (an option named "x\u0000y") is written as the text
  // "\u0000" so nothing after it is lost.
  static std::string visible(const std::string& text) {
    if (text.find('\0') == std::string::npos) return text;
    std::string out;
    for (char c : text)
      if (c == '\0')
        out += "\\u0000";
      else
        out += c;
    return out;
  }
};

// A game's card data (its card pool, a starter deck) could not be read or is
// malformed (the CLI's exit code 4).
class DataError : public Error {
 public:
  using Error::Error;
};

}  // namespace tt
