// Wording for people: counted nouns in labels, log lines and tables.
#pragma once
#include <string>
#include <string_view>

namespace tt {

// "1 card", "2 cards", "0 cards"; a noun with an irregular plural names it:
// plural(n, "die", "dice").
inline std::string plural(long long n, std::string_view singular,
                          std::string_view plural_form = {}) {
  std::string s = std::to_string(n);
  s += ' ';
  if (n == 1 || n == -1) {
    s += singular;
  } else if (!plural_form.empty()) {
    s += plural_form;
  } else {
    s += singular;
    s += 's';
  }
  return s;
}

}  // namespace tt
