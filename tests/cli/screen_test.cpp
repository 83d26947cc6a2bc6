// The screen of a decision fits an 80x24 terminal (issue: Dungeon Dice
// Monsters playable by hand): at every decision of whole DDM games the board
// stays on screen with the log, the prompt and a page of options.
#include "cli/screen.h"

#include <gtest/gtest.h>

#include <sstream>

#include "ai/agent.h"
#include "core/match.h"
#include "core/registry.h"

namespace tt::cli {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

Screen decision_screen(const Match& m, Seat seat, std::size_t page) {
  Screen s;
  s.table = m.state().render(seat);
  for (auto& line : m.log_json(seat, m.log().size() > 12 ? m.log().size() - 12 : 0))
    s.log.push_back({line["text"].get<std::string>()});
  s.prompt = "Seat " + std::to_string(seat) + ", " + m.state().prompt(seat);
  const auto options = m.options(seat);
  for (std::size_t i = 0; i < options.size(); ++i) s.options.push_back({i + 1, options[i].label});
  s.page = page;
  return s;
}

TEST(Screen, EveryDdmDecisionFitsAn80By24Terminal) {
  register_builtin_games();
  auto game = Registry::instance().get("ddm");
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    tt::Setup setup;
    setup.seed = seed;
    Match m(game, setup);
    Rng rng(seed);
    RandomAgent agent;
    int checked = 0;
    while (!m.state().is_terminal() && checked < 400) {
      const Seat seat = m.state().to_act();
      const Screen first = decision_screen(m, seat, 0);
      for (std::size_t page = 0; page < first.pages(); ++page) {
        const auto lines = lines_of(decision_screen(m, seat, page).draw());
        ASSERT_LE(lines.size(), 23u) << decision_screen(m, seat, page).draw();
        for (auto& line : lines) ASSERT_LE(line.size(), 80u) << line;
        // The whole board is on screen: its 19 rows and the column numbers.
        EXPECT_NE(first.draw().find("18 "), std::string::npos);
      }
      ASSERT_EQ(m.act(seat, agent.choose(m.state(), seat, rng)), "");
      ++checked;
    }
  }
}

TEST(Screen, OptionsAreCutIntoPagesThatKeepEveryNumber) {
  Screen s;
  s.table = "a wide table line that is longer than thirty-two columns\n";
  s.prompt = "Seat 0, choose";
  for (std::size_t i = 1; i <= 60; ++i) s.options.push_back({i, "option " + std::to_string(i)});
  ASSERT_GT(s.pages(), 1u);
  std::string all;
  for (std::size_t p = 0; p < s.pages(); ++p) {
    s.page = p;
    const auto lines = lines_of(s.draw());
    EXPECT_LE(lines.size(), 23u);
    all += s.draw();
  }
  for (std::size_t i = 1; i <= 60; ++i)
    EXPECT_NE(all.find(std::to_string(i) + ") option " + std::to_string(i) + "\n"),
              std::string::npos)
        << i;
}

TEST(Screen, PicturesAreDrawnAsTilesSideBySide) {
  Screen s;
  s.table = std::string(20, '\n');
  s.prompt = "Seat 0, choose a net";
  s.options = {{1, "Shape T\n###\n.M.\n.#."}, {2, "Shape X\n.#.\n#M#\n.#."}};
  const std::string screen = s.draw();
  EXPECT_NE(screen.find("1) Shape T  2) Shape X"), std::string::npos) << screen;
  EXPECT_NE(screen.find("###"), std::string::npos);
}

}  // namespace
}  // namespace tt::cli
