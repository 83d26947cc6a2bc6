// The update written as text (update_text.h, view_text.h) is the update the
// server built as a JSON tree before (Table::update_base and the log lines,
// dumped), byte for byte, after every decision of a whole game of each game,
// for every receiver; and its patches, applied one after another, give each
// receiver's next view exactly.
#include "server/update_text.h"

#include <gtest/gtest.h>

#include <random>

#include "core/registry.h"
#include "protocol/match_json.h"

namespace tt::server {
namespace {

using nlohmann::json;

struct Case {
  std::string game;
  int seats;
};

class UpdateTexts : public ::testing::TestWithParam<Case> {
 protected:
  static void SetUpTestSuite() { register_builtin_games(); }
};

TEST_P(UpdateTexts, IsTheDumpOfTheTreeAndItsPatchesGiveTheNextView) {
  const Case c = GetParam();
  tt::Setup setup;
  setup.seats = c.seats;
  setup.seed = 7;
  Table t;
  t.id = "t\"1";
  t.config.title = "Ana's \"table\" \xc3\xa9 \x01";  // escapes and UTF-8
  t.config.timer = {Timer::Mode::kClock, 300, 5};
  t.seed_secret = {false, "salt", "commitment"};
  t.match.emplace(Registry::instance().get(c.game), setup);
  const auto start = Loop::Clock::now();
  for (int s = 0; s < c.seats; ++s) {
    TableSeat seat;
    seat.kind = "human";
    seat.name = s == 0 ? "bad \xff utf-8" : "P";
    seat.token_hash = "x";
    seat.clock_ms = 300000;
    seat.was_pending = s == 1;
    seat.pending_since = start;
    t.seats.push_back(seat);
  }
  std::vector<ViewText> sent(static_cast<std::size_t>(c.seats) + 1);
  std::vector<json> views(sent.size());
  std::vector<std::size_t> log_sent(sent.size(), 0);
  std::mt19937_64 rng(7);
  SharedUpdateText shared;
  PlaceUpdateText place;
  ViewText view;
  std::uint64_t version = 0;
  for (int decisions = 0; decisions < 80 && !t.over(); ++decisions) {
    const Seat s = protocol::pending_seats(*t.match).front();
    const auto options = t.match->options(s);
    t.match->act(s, options[rng() % options.size()].id);
    t.last_seat = s;
    t.last_shown.clear();
    for (int i = 0; i <= c.seats; ++i) t.last_shown.push_back("o\"" + std::to_string(i));
    const auto now = start + std::chrono::milliseconds(40 * decisions);
    shared.write(t, now);
    ++version;
    for (Seat r = kNoSeat; r < c.seats; ++r) {
      const auto i = static_cast<std::size_t>(r + 1);
      json tree = t.update_base(r, now);
      tree["log"] = t.match->log_json(r, log_sent[i]);
      place.write(t, r);
      view.assign(*t.match, r);  // written directly, as the server does
      const std::string plain = update_text(
          t, r, shared, place, {UpdateForm::kPlain, view.text(), {}, 0, 0}, log_sent[i]);
      ASSERT_EQ(plain, tree.dump(-1, ' ', false, json::error_handler_t::replace))
          << c.game << " decision " << decisions << " receiver " << r;
      std::string patch;
      const bool whole = sent[i].empty();
      if (!whole) view.append_patch_from(sent[i], patch);
      const json update = json::parse(update_text(t, r, shared, place,
                                                  {whole ? UpdateForm::kFull : UpdateForm::kPatch,
                                                   view.text(), patch, version - 1, version},
                                                  log_sent[i]));
      EXPECT_EQ(update["version"], version);
      if (whole) {
        views[i] = update["view"];
      } else {
        EXPECT_FALSE(update.contains("view"));
        EXPECT_EQ(update["base"], version - 1);
        views[i] = views[i].patch(update["patch"]);
      }
      ASSERT_EQ(views[i], tree["view"]) << c.game << " decision " << decisions;
      std::swap(sent[i], view);
      log_sent[i] = t.match->log().size();
    }
  }
}

// What every receiver shares (seats, clock, results: SharedUpdateText) is the
// tree's dump under every timer, for open, computer and disconnected seats,
// a fallen flag, and to the game's end.
TEST(SharedUpdateTexts, AreTheTreesDumpUnderEveryTimerAndSeating) {
  register_builtin_games();
  const Timer timers[] = {{Timer::Mode::kNone, 0, 0},
                          {Timer::Mode::kMove, 60, 0},
                          {Timer::Mode::kClock, 300, 5},
                          {Timer::Mode::kClock, 300, 9}};
  for (int config = 0; config < 12; ++config) {
    const Timer timer = timers[config % 4];
    const int seating = config / 4;  // seat 1: a computer's, open, a person's disconnected
    tt::Setup setup;
    setup.seats = 2;
    setup.seed = 11 + static_cast<std::uint64_t>(config);
    Table t;
    t.id = "t";
    t.config.title = "x";
    t.config.timer = timer;
    t.seed_secret = {config % 2 == 0, "salt", "c"};
    t.match.emplace(Registry::instance().get("suikoden"), setup);
    const auto start = Loop::Clock::now();
    t.seats.resize(2);
    t.seats[0].kind = "human";
    t.seats[0].name = "Ana \"\xc3\xa9\"";
    t.seats[0].token_hash = "x";
    t.seats[0].connections = 1;
    t.seats[0].clock_ms = 300000;
    t.seats[0].flag_fell = timer.increment == 9;
    t.seats[1].kind = seating == 0 ? "random" : "human";
    t.seats[1].name = seating == 0 ? "random" : seating == 1 ? "" : "Bo";
    t.seats[1].token_hash = seating == 2 ? "y" : "";
    t.seats[1].clock_ms = 120000;
    std::mt19937_64 rng(static_cast<std::uint64_t>(config));
    SharedUpdateText shared;
    PlaceUpdateText place;
    ViewText view;
    for (int decisions = 0;; ++decisions) {
      const auto now = start + std::chrono::milliseconds(700 * decisions);
      for (std::size_t i = 0; i < 2; ++i) {
        t.seats[i].was_pending = (decisions + i) % 3 != 0;
        t.seats[i].pending_since = start + std::chrono::milliseconds(650 * decisions);
      }
      shared.write(t, now);
      json tree = t.update_base(kNoSeat, now);
      tree["log"] = json::array();
      place.write(t, kNoSeat);
      view.assign(*t.match, kNoSeat);
      const std::size_t log_end = t.match->log().size();
      ASSERT_EQ(update_text(t, kNoSeat, shared, place, {UpdateForm::kPlain, view.text(), {}, 0, 0},
                            log_end),
                tree.dump(-1, ' ', false, json::error_handler_t::replace))
          << "config " << config << " decision " << decisions;
      if (t.over()) break;
      const Seat s = protocol::pending_seats(*t.match).front();
      const auto options = t.match->options(s);
      t.match->act(s, options[rng() % options.size()].id);
    }
    EXPECT_FALSE(t.match->results().empty());
  }
}

INSTANTIATE_TEST_SUITE_P(Games, UpdateTexts,
                         ::testing::Values(Case{"suikoden", 2}, Case{"ddm", 2},
                                           Case{"lastchronicle", 2}, Case{"magic", 3}),
                         [](const auto& info) { return info.param.game; });

}  // namespace
}  // namespace tt::server
