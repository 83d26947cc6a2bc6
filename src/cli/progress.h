// Progress on stderr: a bar redrawn in place on a terminal, otherwise a line
// every 10%.
#pragma once
#include <iosfwd>

namespace tt::cli {

class Progress {
 public:
  // `out` nullptr: silent.
  Progress(std::ostream* out, bool tty, long total) : out_(out), tty_(tty), total_(total) {}
  void update(long done);
  void finish();

 private:
  std::ostream* out_;
  bool tty_;
  long total_;
  long shown_ = -1;  // last percentage (tty) or decile (otherwise) shown
};

}  // namespace tt::cli
