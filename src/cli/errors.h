// Exit codes (docs/cli.md) and the failure a command throws to end with one.
#pragma once
#include <stdexcept>
#include <string>

#include "core/error.h"

namespace tt::cli {

enum ExitCode : int {
  kExitOk = 0,
  // bad arguments, unknown game/variant/option/agent; also "illegal deck" in
  // check-deck and "a scenario failed" in scenario
  kExitUsage = 1,
  kExitScenarioFailed = 1,
  kExitDataProblems = 1,  // check-data found a problem
  kExitBadInput = 2,      // an unreadable or illegal deck or record
  kExitInternal = 3,      // a bug, or a file that could not be written
  kExitBadData = 4,       // a game's card data cannot be read or is malformed (tt::DataError)
};

class Failure : public std::runtime_error {
 public:
  Failure(int code, const std::string& message)
      : std::runtime_error(Error::visible(message)), code_(code) {}
  int code() const { return code_; }

 private:
  int code_;
};

[[noreturn]] inline void usage_error(const std::string& message) {
  throw Failure(kExitUsage, message);
}
[[noreturn]] inline void bad_input(const std::string& message) {
  throw Failure(kExitBadInput, message);
}

}  // namespace tt::cli
