#include "table.h"

namespace tt::loadgen {

using namespace std::chrono_literals;

Table::Table(Session& session, int slot, std::function<void(Table&)> over)
    : session_(session),
      slot_(slot),
      over_(std::move(over)),
      players_{Player(session, *this, 0), Player(session, *this, 1)} {}

void Table::start() {
  state_ = State::connecting;
  for (auto& player : players_) player.connect();
}

void Table::player_open(Player&) {
  if (state_ == State::connecting && players_[0].is_open() && players_[1].is_open()) begin_game();
}

void Table::begin_game() {
  if (session_.phase != Phase::playing) {
    state_ = State::idle;
    return;
  }
  state_ = State::creating;
  table_id_.clear();
  const auto& games = session_.options.games;
  players_[0].create(games[static_cast<std::size_t>(slot_ + games_) % games.size()]);
}

void Table::created(const std::string& table_id) {
  if (state_ != State::creating) return;
  ++session_.stats.tables_created;
  state_ = State::joining;
  table_id_ = table_id;
  for (auto& player : players_) player.join(table_id);
}

void Table::joined(Player&) {
  if (state_ != State::joining || !players_[0].seated() || !players_[1].seated()) return;
  state_ = State::playing;
  for (auto& player : players_) player.start_playing();
}

void Table::refused(Player&, const std::string& what) {
  ++session_.stats.errors;
  session_.stats.problem("slot " + std::to_string(slot_) + ": " + what);
  // Try a new game a little later (the server may be full).
  for (auto& player : players_) player.leave_game();
  state_ = State::connecting;
  session_.reactor.after(500ms, [this] {
    if (state_ == State::connecting) player_open(players_[0]);
  });
}

void Table::game_over(const std::string& table_id) {
  if (state_ != State::playing || table_id != table_id_) return;
  state_ = State::idle;
  ++games_;
  session_.ledger.finished(table_id_);
  for (auto& player : players_) player.leave_game();
  over_(*this);
}

void Table::next_game() {
  if (state_ != State::idle || session_.phase != Phase::playing) return;
  state_ = State::connecting;
  player_open(players_[0]);
}

// A player lost its connection before it held its seat: the join may or may
// not have happened, so the game is given up and a new one created once both
// players are connected again.
void Table::unseated_drop(Player&) {
  if (state_ != State::creating && state_ != State::joining) return;
  for (auto& player : players_) player.leave_game();
  state_ = State::connecting;
}

void Table::lost(Player&) {
  state_ = State::lost;
  close();
}

void Table::wind_down() {
  if (state_ == State::playing && session_.options.verify) {
    players_[1].stop_thinking();
    players_[0].concede();
    return;
  }
  if (state_ != State::lost) state_ = State::idle;
  close();
}

void Table::close() {
  for (auto& player : players_) player.close();
}

}  // namespace tt::loadgen
