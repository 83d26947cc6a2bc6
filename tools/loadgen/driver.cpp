#include "driver.h"

#include <memory>
#include <thread>
#include <vector>

#include "http_get.h"
#include "table.h"

namespace tt::loadgen {

namespace {

using namespace std::chrono_literals;
using Clock = Reactor::Clock;

class Driver {
 public:
  Driver(const LoadOptions& options, Stats& stats)
      : options_(options),
        stats_(stats),
        session_{
            reactor_, Endpoint{options.host, options.port, "/ws", ""},
            options,  std::mt19937_64(options.seed != 0 ? options.seed : std::random_device{}()),
            stats,    ledger_} {}

  void run() {
    start_ = reactor_.now();
    for (int slot = 0; slot < options_.tables; ++slot)
      tables_.push_back(
          std::make_unique<Table>(session_, slot, [this](Table& table) { over(table); }));
    ramp();
    sample();
    reactor_.after(std::chrono::milliseconds(static_cast<long>(options_.seconds * 1000)),
                   [this] { end_play(); });
    reactor_.run();
    for (auto& table : tables_) table->close();
    if (options_.verify) verify();
  }

 private:
  // Starts tables at options.ramp_per_second, in steps of 10 ms.
  void ramp() {
    int per_step = std::max(1, options_.ramp_per_second / 100);
    for (int i = 0; i < per_step && started_ < tables_.size(); ++i) tables_[started_++]->start();
    if (started_ < tables_.size()) {
      reactor_.after(10ms, [this] { ramp(); });
      return;
    }
    seated_deadline_ = reactor_.now() + 10s;
    await_seated();
  }

  // The measured window starts once every table has been seated (or 10 s
  // after the last one was started, on a server too slow for that).
  void await_seated() {
    if (session_.phase != Phase::playing) return;
    bool all = true;
    for (const auto& table : tables_) all = all && table->has_played();
    if (!all && reactor_.now() < seated_deadline_) {
      reactor_.after(20ms, [this] { await_seated(); });
      return;
    }
    window_start_ = reactor_.now();
    session_.measuring = true;
  }

  // Every 200 ms after the ramp: how many tables are playing at once.
  void sample() {
    if (session_.phase != Phase::playing) return;
    if (session_.measuring) {
      int playing = 0;
      for (const auto& table : tables_) playing += table->playing() ? 1 : 0;
      stats_.tables_held.push_back(playing);
    }
    reactor_.after(200ms, [this] { sample(); });
  }

  void over(Table& table) {
    ++stats_.games_finished;
    if (options_.games_limit > 0 && stats_.games_finished >= options_.games_limit) {
      end_play();
      return;
    }
    if (session_.phase == Phase::playing) table.next_game();
  }

  void end_play() {
    if (session_.phase != Phase::playing) return;
    session_.phase = Phase::draining;
    if (session_.measuring) {
      session_.measuring = false;
      stats_.window_seconds = std::chrono::duration<double>(reactor_.now() - window_start_).count();
    }
    for (auto& table : tables_) table->wind_down();
    if (!options_.verify) return finish();
    drain_deadline_ = reactor_.now() +
                      std::chrono::milliseconds(static_cast<long>(options_.drain_seconds * 1000));
    drain();
  }

  // --verify: waits for every conceded game to end, at most drain_seconds.
  void drain() {
    bool settled = true;
    for (const auto& table : tables_) settled = settled && table->settled();
    if (settled || reactor_.now() >= drain_deadline_) return finish();
    reactor_.after(50ms, [this] { drain(); });
  }

  void finish() {
    session_.phase = Phase::done;
    for (auto& table : tables_) table->close();
    reactor_.stop();
  }

  void verify() {
    ledger_.verify(
        [this](const std::string& table, std::string& body) {
          // The record opens once the server stored the game's end, a moment
          // after the last update: a 404 is asked again for up to 5 s.
          HttpResult result;
          for (int attempt = 0; attempt < 50; ++attempt) {
            result = http_get(options_.host, options_.port, "/api/records/" + table);
            if (result.status != 404) break;
            std::this_thread::sleep_for(100ms);
          }
          if (result.status == 200) {
            body = std::move(result.body);
            return true;
          }
          body = result.status == 0
                     ? result.error
                     : "HTTP " + std::to_string(result.status) + " " + result.body.substr(0, 200);
          return false;
        },
        stats_);
  }

  const LoadOptions& options_;
  Stats& stats_;
  Reactor reactor_;
  Ledger ledger_;
  Session session_;
  std::vector<std::unique_ptr<Table>> tables_;
  std::size_t started_ = 0;
  Clock::time_point start_;
  Clock::time_point window_start_;
  Clock::time_point drain_deadline_;
  Clock::time_point seated_deadline_;
};

}  // namespace

Stats run_load(const LoadOptions& options) {
  Stats stats;
  Driver driver(options, stats);
  driver.run();
  return stats;
}

}  // namespace tt::loadgen
