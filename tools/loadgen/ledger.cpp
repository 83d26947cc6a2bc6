#include "ledger.h"

#include <nlohmann/json.hpp>

namespace tt::loadgen {

void Ledger::acknowledged(const std::string& table, std::int64_t index, int seat,
                          const std::string& option, Stats& stats) {
  auto& decisions = tables_[table].decisions;
  auto [it, inserted] = decisions.emplace(index, Decision{seat, option});
  if (!inserted && (it->second.seat != seat || it->second.option != option)) {
    ++stats.errors;
    stats.problem("table " + table + ": decision " + std::to_string(index) +
                  " acknowledged twice (seat " + std::to_string(it->second.seat) + " '" +
                  it->second.option + "', then seat " + std::to_string(seat) + " '" + option +
                  "')");
  }
}

void Ledger::finished(const std::string& table) {
  tables_[table].finished = true;
}

std::int64_t Ledger::last_acknowledged(const std::string& table) const {
  auto it = tables_.find(table);
  if (it == tables_.end() || it->second.decisions.empty()) return -1;
  return it->second.decisions.rbegin()->first;
}

bool Ledger::has_unfinished() const {
  return unfinished() > 0;
}

std::int64_t Ledger::unfinished() const {
  std::int64_t count = 0;
  for (const auto& [id, table] : tables_)
    if (!table.finished && !table.decisions.empty()) ++count;
  return count;
}

void Ledger::verify(const Fetch& fetch, Stats& stats) const {
  for (const auto& [id, table] : tables_) {
    if (table.decisions.empty()) continue;
    if (!table.finished) {
      ++stats.unfinished;
      stats.lost += static_cast<std::int64_t>(table.decisions.size());
      stats.problem("table " + id + ": not finished, its " +
                    std::to_string(table.decisions.size()) + " acknowledged decisions unchecked");
      continue;
    }
    std::string body;
    if (!fetch(id, body)) {
      stats.lost += static_cast<std::int64_t>(table.decisions.size());
      stats.problem("table " + id + ": record not read: " + body);
      continue;
    }
    nlohmann::json record = nlohmann::json::parse(body, nullptr, false);
    if (record.is_object() && record.contains("record")) record = record["record"];
    if (!record.is_object() || !record.contains("decisions") || !record["decisions"].is_array()) {
      stats.lost += static_cast<std::int64_t>(table.decisions.size());
      stats.problem("table " + id + ": the record has no decisions list");
      continue;
    }
    ++stats.records;
    const auto& stored = record["decisions"];
    for (const auto& [index, decision] : table.decisions) {
      bool same = index < static_cast<std::int64_t>(stored.size()) &&
                  stored[static_cast<std::size_t>(index)].value("option", "") == decision.option &&
                  stored[static_cast<std::size_t>(index)].value("seat", -1) == decision.seat;
      if (same) {
        ++stats.checked;
        continue;
      }
      ++stats.lost;
      std::string found =
          index < static_cast<std::int64_t>(stored.size())
              ? stored[static_cast<std::size_t>(index)].dump()
              : "nothing (the record has " + std::to_string(stored.size()) + " decisions)";
      stats.problem("table " + id + ": decision " + std::to_string(index) +
                    " acknowledged as seat " + std::to_string(decision.seat) + " '" +
                    decision.option + "', the record has " + found);
    }
  }
}

}  // namespace tt::loadgen
