// Rule variants as named configuration options, and presets (variants) that
// set several options at once.
#pragma once
#include <map>
#include <string>
#include <vector>

namespace tt {

// One option of a game's catalogue: the words it may take, the integers it
// may take (from min to max), or both (Magic's starting_life: "default" or a
// number). A numeric option's bounds are what the game's state can hold and
// its rules allow, so a value outside them is refused at set-up, before any
// state is built, instead of wrapping in a narrow field.
struct OptionSpec {
  std::string key;
  std::string default_value;
  std::string description;
  std::vector<std::string> allowed;  // words it may take
  int min = 0;                       // integers it may take: min to max
  int max = -1;                      // (none when max < min)

  bool numeric() const { return min <= max; }
  // "an integer from 1 to 99", "union|chain", "default or an integer from 1 to 10000".
  std::string expected() const;
};

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
  // naming an unknown variant, key or value (and, for a value out of range,
  // the option's range).
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
