#include "server/store/rows.h"

#include <utility>

namespace tt::server {

LoadedTable& LoadedTables::add(StoredTable table, bool finished) {
  by_id_[table.id] = tables_.size();
  LoadedTable& loaded = tables_.emplace_back();
  loaded.table = std::move(table);
  loaded.finished = finished;
  return loaded;
}

LoadedTable* LoadedTables::find(const std::string& id) {
  auto it = by_id_.find(id);
  return it == by_id_.end() ? nullptr : &tables_[it->second];
}

void LoadedTables::add_seat(const std::string& id, int seat, StoredSeat stored) {
  LoadedTable* loaded = find(id);
  if (loaded == nullptr || seat < 0) return;
  auto& seats = loaded->table.seats;
  if (seats.size() <= static_cast<std::size_t>(seat)) seats.resize(seat + 1);
  seats[seat] = std::move(stored);
}

void PastGames::add(PastGame game) {
  by_id_[game.table] = games_.size();
  games_.push_back(std::move(game));
}

void PastGames::add_seat(const std::string& id, int seat, const std::string& kind,
                         const std::string& name) {
  auto it = by_id_.find(id);
  if (it == by_id_.end() || seat < 0) return;
  auto& names = games_[it->second].names;
  auto& kinds = games_[it->second].kinds;
  if (names.size() <= static_cast<std::size_t>(seat)) names.resize(seat + 1);
  if (kinds.size() <= static_cast<std::size_t>(seat)) kinds.resize(seat + 1, "human");
  names[seat] = kind == "human" ? name : kind;
  kinds[seat] = kind;
}

}  // namespace tt::server
