// The one exception type the engine throws for bad input (a malformed deck, a
// broken scenario, an unknown option). Callers turn it into a clear message;
// nothing is changed when it is thrown.
#pragma once
#include <stdexcept>
#include <string>

namespace tt {

class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& what) : std::runtime_error(what) {}
};

}  // namespace tt
