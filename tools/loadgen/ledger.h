// Every decision the server acknowledged, by table and index, so the run can
// prove afterwards that none was lost: each must be in the finished table's
// record at its index with the same option.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <unordered_map>

#include "stats.h"

namespace tt::loadgen {

class Ledger {
 public:
  // The server acknowledged `option` for `seat` as decision `index` (0-based).
  // A second, different acknowledgement of one index is a problem in itself.
  void acknowledged(const std::string& table, std::int64_t index, int seat,
                    const std::string& option, Stats& stats);
  void finished(const std::string& table);
  // The highest acknowledged index of the table; -1 when none.
  std::int64_t last_acknowledged(const std::string& table) const;
  bool has_unfinished() const;
  std::int64_t unfinished() const;

  // Reads each finished table's record (`fetch` returns the body of
  // GET /api/records/ID, or an error) and counts checked and lost decisions.
  using Fetch = std::function<bool(const std::string& table, std::string& body_or_error)>;
  void verify(const Fetch& fetch, Stats& stats) const;

 private:
  struct Decision {
    int seat = 0;
    std::string option;
  };
  struct Table {
    std::map<std::int64_t, Decision> decisions;
    bool finished = false;
  };
  std::unordered_map<std::string, Table> tables_;
};

}  // namespace tt::loadgen
