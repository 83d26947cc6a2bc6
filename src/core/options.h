// Rule variants as named configuration options, and presets (variants) that
// set several options at once.
#pragma once
#include <map>
#include <string>
#include <vector>

namespace tt {

struct OptionSpec {
  std::string key;
  std::string default_value;
  std::string description;
  std::vector<std::string> allowed;  // empty: an integer (within kOptionIntegerLimit)
};

// Integer options are from -limit to limit: a bound that keeps a game's rule
// arithmetic (life, hand sizes, turn limits) far from overflow whatever a
// setup or record asks for.
inline constexpr int kOptionIntegerLimit = 1000000;

struct Variant {
  std::string name;
  std::string description;
  std::map<std::string, std::string> settings;
};

// Resolved option values: every declared key has a value.
class Options {
 public:
  Options() = default;
  // Defaults, then the variant's settings, then the overrides. Throws tt::Error
  // naming an unknown variant, key or value.
  static Options resolve(const std::vector<OptionSpec>& specs, const std::vector<Variant>& variants,
                         const std::string& variant,
                         const std::map<std::string, std::string>& overrides);

  const std::string& get(const std::string& key) const;
  int get_int(const std::string& key) const;
  bool get_bool(const std::string& key) const;
  const std::map<std::string, std::string>& values() const { return values_; }
  const std::string& variant() const { return variant_; }

 private:
  std::string variant_;
  std::map<std::string, std::string> values_;
};

}  // namespace tt
