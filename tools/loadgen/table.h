// One table slot of the run: two players, and the life of each game played
// there — seat 0 creates a table, both seats join it, they play it to the
// end, and the slot starts the next game while the run is playing.
#pragma once
#include <array>
#include <functional>
#include <string>

#include "player.h"
#include "session.h"

namespace tt::loadgen {

class Table {
 public:
  // `over` runs after each finished game (the driver counts it).
  Table(Session& session, int slot, std::function<void(Table&)> over);

  int slot() const { return slot_; }
  // Connects both players; the first game starts once both are connected.
  void start();
  // Starts the next game (after `over`) while the run is playing.
  void next_game();
  // End of play: with --verify a game in progress is conceded, else dropped.
  void wind_down();
  void close();
  // Both seats taken and the game not over.
  bool playing() const { return state_ == State::playing; }
  // A game reached play here at least once (the ramp is over for this table).
  bool has_played() const { return games_ > 0 || state_ == State::playing; }
  // Nothing more will happen here: over, never seated, or lost.
  bool settled() const { return state_ == State::idle || state_ == State::lost; }

  // From the players.
  void player_open(Player& player);
  void created(const std::string& table_id);
  void joined(Player& player);
  void refused(Player& player, const std::string& what);
  void game_over(const std::string& table_id);
  void unseated_drop(Player& player);
  void lost(Player& player);

 private:
  enum class State { connecting, creating, joining, playing, idle, lost };
  void begin_game();

  Session& session_;
  int slot_;
  std::function<void(Table&)> over_;
  std::array<Player, 2> players_;
  State state_ = State::idle;
  std::string table_id_;
  int games_ = 0;
};

}  // namespace tt::loadgen
