#include "cli/progress.h"

#include <ostream>
#include <string>

namespace tt::cli {

void Progress::update(long done) {
  if (!out_ || total_ <= 0) return;
  const long percent = done * 100 / total_;
  if (tty_) {
    if (percent == shown_) return;
    shown_ = percent;
    const int width = 30;
    const int filled = static_cast<int>(percent * width / 100);
    *out_ << "\r[" << std::string(filled, '#') << std::string(width - filled, ' ') << "] "
          << percent << "% (" << done << "/" << total_ << ")" << std::flush;
  } else {
    const long decile = percent / 10;
    if (decile == shown_) return;
    shown_ = decile;
    *out_ << "simulated " << done << "/" << total_ << " games\n" << std::flush;
  }
}

void Progress::finish() {
  if (out_ && tty_ && shown_ >= 0) *out_ << "\n" << std::flush;
}

}  // namespace tt::cli
