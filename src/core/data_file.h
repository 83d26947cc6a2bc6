// Reading a game's JSON data files (card pools, starter decks): every
// error names the file, and nothing half-read is returned. A loader reports
// every problem it finds in a file, not only the first: it reads entry by
// entry (card by card) into a DataProblems, which then throws one error
// listing them all.
#pragma once
#include <exception>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <utility>
#include <vector>

namespace tt {

// The parsed file. Throws tt::Error naming the path when it cannot be read
// or is not JSON.
nlohmann::json read_data_file(const std::string& path);

// The problems found so far in one data file, each under the entry and
// field at fault ("card 'kael', field 'atk': expected an integer").
class DataProblems {
 public:
  void add(const std::string& where, const std::string& what);
  // Reads one entry: a tt::Error (or JSON type error) that `read` throws is
  // noted under `where`, and reading goes on with the next entry. Returns
  // true when the entry was read without a problem.
  template <typename Read>
  bool entry(const std::string& where, Read&& read) {
    try {
      std::forward<Read>(read)();
      return true;
    } catch (const std::exception& e) {
      add(where, e.what());
      return false;
    }
  }
  bool empty() const { return list_.empty(); }
  const std::vector<std::string>& list() const { return list_; }
  // Throws one tt::Error when there is any problem: the problem itself, or
  // "<what>: N problems" and then every problem, one a line.
  void throw_if_any(const std::string& what) const;

 private:
  std::vector<std::string> list_;
};

}  // namespace tt
