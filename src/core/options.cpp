#include "core/options.h"

#include <algorithm>
#include <charconv>

#include "core/error.h"

namespace tt {

namespace {

// A whole decimal integer within [lo, hi] (no sign but '-', no spaces).
bool is_integer(const std::string& s, int lo, int hi) {
  int v = 0;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc() && ptr == s.data() + s.size() && !s.empty() && v >= lo && v <= hi;
}

bool accepts(const OptionSpec& spec, const std::string& value) {
  return std::find(spec.allowed.begin(), spec.allowed.end(), value) != spec.allowed.end() ||
         (spec.numeric() && is_integer(value, spec.min, spec.max));
}

void set_checked(std::map<std::string, std::string>& values, const std::vector<OptionSpec>& specs,
                 const std::string& key, const std::string& value) {
  auto spec = std::find_if(specs.begin(), specs.end(), [&](auto& s) { return s.key == key; });
  if (spec == specs.end()) throw Error("unknown option '" + key + "'");
  if (!accepts(*spec, value))
    throw Error("option '" + key + "' cannot be '" + value + "' (expected " + spec->expected() +
                ")");
  values[key] = value;
}

}  // namespace

std::string OptionSpec::expected() const {
  std::string words;
  for (auto& a : allowed) words += (words.empty() ? "" : "|") + a;
  if (!numeric()) return words;
  const std::string range = "an integer from " + std::to_string(min) + " to " + std::to_string(max);
  return words.empty() ? range : words + " or " + range;
}

Options Options::resolve(const std::vector<OptionSpec>& specs, const std::vector<Variant>& variants,
                         const std::string& variant,
                         const std::map<std::string, std::string>& overrides) {
  Options o;
  for (auto& s : specs) o.values_[s.key] = s.default_value;
  o.variant_ = variant.empty() ? (variants.empty() ? "" : variants.front().name) : variant;
  if (!o.variant_.empty()) {
    auto v = std::find_if(variants.begin(), variants.end(),
                          [&](auto& x) { return x.name == o.variant_; });
    if (v == variants.end()) throw Error("unknown variant '" + o.variant_ + "'");
    for (auto& [k, val] : v->settings) set_checked(o.values_, specs, k, val);
  }
  for (auto& [k, val] : overrides) set_checked(o.values_, specs, k, val);
  return o;
}

const std::string& Options::get(const std::string& key) const {
  auto it = values_.find(key);
  if (it == values_.end()) throw Error("option '" + key + "' is not declared");
  return it->second;
}

int Options::get_int(const std::string& key) const {
  return std::stoi(get(key));
}

bool Options::get_bool(const std::string& key) const {
  const auto& v = get(key);
  return v == "true" || v == "on" || v == "1" || v == "yes";
}

}  // namespace tt
