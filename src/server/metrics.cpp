#include "server/metrics.h"

#include <sstream>

namespace tt::server {

void Histogram::observe(double ms) {
  for (std::size_t i = 0; i < kBounds.size(); ++i)
    if (ms <= kBounds[i]) ++counts_[i];
  ++count_;
  sum_ += ms;
}

std::string Histogram::text(const std::string& name, const std::string& help) const {
  std::ostringstream o;
  o << "# HELP " << name << " " << help << "\n# TYPE " << name << " histogram\n";
  for (std::size_t i = 0; i < kBounds.size(); ++i)
    o << name << "_bucket{le=\"" << kBounds[i] << "\"} " << counts_[i] << "\n";
  o << name << "_bucket{le=\"+Inf\"} " << count_ << "\n";
  o << name << "_sum " << sum_ << "\n" << name << "_count " << count_ << "\n";
  return o.str();
}

std::string metric_line(const std::string& name, const std::string& type, const std::string& help,
                        double value) {
  std::ostringstream o;
  o << "# HELP " << name << " " << help << "\n# TYPE " << name << " " << type << "\n"
    << name << " " << value << "\n";
  return o.str();
}

}  // namespace tt::server
