// Rows read back from either back end, gathered into the shapes store.h
// returns: tables with their seats, decisions and snapshot; past games with
// their players.
#pragma once
#include <string>
#include <unordered_map>
#include <vector>

#include "server/store/store.h"

namespace tt::server {

// Tables in the order they were read, found again by id as their seats,
// decisions and snapshots arrive.
class LoadedTables {
 public:
  LoadedTable& add(StoredTable table, bool finished);
  // nullptr for an id not added (a row of a table outside the selection).
  LoadedTable* find(const std::string& id);
  void add_seat(const std::string& id, int seat, StoredSeat stored);
  std::vector<LoadedTable> take() { return std::move(tables_); }

 private:
  std::vector<LoadedTable> tables_;
  std::unordered_map<std::string, std::size_t> by_id_;
};

// Past games in the order read, their players filled in seat by seat.
class PastGames {
 public:
  void add(PastGame game);
  // A seat's entry in `names`: a person's name, or the agent's kind.
  void add_seat(const std::string& id, int seat, const std::string& kind, const std::string& name);
  std::vector<PastGame> take() { return std::move(games_); }

 private:
  std::vector<PastGame> games_;
  std::unordered_map<std::string, std::size_t> by_id_;
};

}  // namespace tt::server
