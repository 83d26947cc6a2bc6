// The terminal as a new user found it at four seats (issue 20 §4): passes
// folded in "since your last decision", key lines kept on screen, the stack
// with its targets, who blocks, Two-Headed Giant's team life and teammates,
// a four-seat Magic screen within 80x24, and a hand-over that leaves nothing
// to scroll back to.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <optional>
#include <regex>
#include <sstream>

#include "ai/agent.h"
#include "cli/digest.h"
#include "cli/play_session.h"
#include "cli/screen.h"
#include "cli_fixture.h"
#include "core/match.h"
#include "core/registry.h"

namespace tt::cli {
namespace {

std::string digit_ones(int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += "1\n";
  return s;
}

std::vector<std::string> screen_lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

Match new_match(const std::string& game, int seats, std::uint64_t seed,
                const std::string& variant = "") {
  register_builtin_games();
  Setup setup;
  setup.seats = seats;
  setup.seed = seed;
  if (!variant.empty()) setup.variant = variant;
  return Match(Registry::instance().get(game), setup);
}

// Greedy seats play `m` on until `found` holds (true) or `limit` decisions.
template <typename F>
bool play_until(Match& m, int limit, F found) {
  GreedyAgent agent;
  Rng rng(m.setup().seed);
  for (int i = 0; i < limit && !m.state().is_terminal(); ++i) {
    if (found()) return true;
    const Seat s = m.state().to_act();
    if (m.act(s, agent.choose(m.state(), s, rng)) != "") return false;
  }
  return found();
}

// ---- "Since your last decision" ----

TEST_F(CliTest, FourSeatLastChronicleFoldsPasses) {
  ASSERT_EQ(run({"play", "lastchronicle", "--seats", "4", "--seed", "3", "--record",
                 (dir / "lc.json").string()},
                digit_ones(40) + "q\n"),
            0)
      << err.str();
  const auto lines = screen_lines(out.str());
  const std::regex one_pass("  seat [0-9] passes");
  int folded = 0;
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    EXPECT_FALSE(std::regex_match(lines[i], one_pass) && std::regex_match(lines[i + 1], one_pass))
        << "two passes on two lines:\n"
        << lines[i] << "\n"
        << lines[i + 1];
    folded += std::regex_match(lines[i], std::regex("  seats [0-9](, [0-9])+ pass( .*)?"));
  }
  EXPECT_GT(folded, 3) << out.str();
}

TEST(Digest, FoldsARunOfPassesIntoOneLineAndKeepsTheRest) {
  Match m = new_match("lastchronicle", 4, 3);
  // Until four passes in a row are in the log.
  auto run_of_passes = [&] {
    int run = 0;
    for (const Event& e : m.log()) {
      run = m.state().log_weight(e) == LogWeight::kPass ? run + 1 : 0;
      if (run >= 4) return true;
    }
    return false;
  };
  ASSERT_TRUE(play_until(m, 400, run_of_passes));
  const auto lines = digest(m, 0, 0);
  std::size_t passes = 0, others = 0;
  for (const Event& e : m.log()) (m.state().log_weight(e) == LogWeight::kPass ? passes : others)++;
  EXPECT_LT(lines.size(), passes + others);
  bool seen_fold = false;
  for (auto& l : lines)
    seen_fold = seen_fold || std::regex_match(l.text, std::regex("seats .* pass.*"));
  EXPECT_TRUE(seen_fold);
  // Every line that is not a pass is there, as seat 0 reads it.
  std::size_t i = 0;
  for (const auto& j : m.log_json(0, 0)) {
    if (m.state().log_weight(m.log()[j["index"].get<std::size_t>()]) == LogWeight::kPass) continue;
    const std::string text = j["text"].get<std::string>();
    while (i < lines.size() && lines[i].text != text) ++i;
    ASSERT_LT(i, lines.size()) << "missing: " << text;
  }
}

TEST(Screen, KeyLinesStayOnScreenBeforeRoutineOnes) {
  Screen s;
  s.table = std::string(16, '\n');  // a table that leaves room for four log lines
  s.prompt = "Seat 0, Your priority";
  s.log.push_back({"seat 1 attacks seat 0 with Kilnspark Raider", true});
  s.log.push_back({"seat 2 casts Searing Bolt", true});
  s.log.push_back({"Searing Bolt targets seat 0", true});
  for (int i = 0; i < 9; ++i) s.log.push_back({"seat 3 draws a card", false});
  s.options = {{1, "Pass priority"}};
  const std::string screen = s.draw();
  for (auto& key : {"attacks seat 0 with Kilnspark Raider", "casts Searing Bolt",
                    "Searing Bolt targets seat 0"})
    EXPECT_NE(screen.find(key), std::string::npos) << screen;
  EXPECT_NE(screen.find("more: type log"), std::string::npos) << screen;
  // In the order they happened: the attack before the draws shown.
  EXPECT_LT(screen.find("attacks seat 0"), screen.find("draws a card")) << screen;
}

TEST(Digest, MagicSpellsSayWhatTheyTarget) {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    Match m = new_match("magic", 4, seed);
    auto targeted = [&] {
      for (const auto& j : m.log_json(0, 0))
        if (j["text"].get<std::string>().find(" targets ") != std::string::npos) return true;
      return false;
    };
    if (!play_until(m, 3000, targeted)) continue;
    bool key = false;
    for (auto& l : digest(m, 0, 0))
      key = key || (l.key && l.text.find(" targets ") != std::string::npos);
    EXPECT_TRUE(key) << "a target is a key line";
    return;
  }
  FAIL() << "no targeted spell or ability in six 4-seat games";
}

// ---- The Magic table ----

// A 4-seat Magic game (seeds 1 to 8 tried in turn) played until seat 0's
// view satisfies `found`; nullopt when no game gets there.
template <typename F>
std::optional<Match> magic_until(F found) {
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    Match m = new_match("magic", 4, seed);
    auto seen = [&] {
      nlohmann::json v;
      m.state().view(0, v);
      return found(v);
    };
    if (play_until(m, 3000, seen)) return m;
  }
  return std::nullopt;
}

TEST(MagicTable, TheStackShowsEachObjectsTargets) {
  nlohmann::json target;
  const auto m = magic_until([&](const nlohmann::json& v) {
    for (const auto& item : v["stack"])
      if (!item["targets"].empty()) {
        target = item["targets"][0];
        return true;
      }
    return false;
  });
  ASSERT_TRUE(m) << "no targeted object on the stack in eight 4-seat games";
  const std::string table = m->state().render(0);
  const auto at = table.find("Stack (top first):");
  ASSERT_NE(at, std::string::npos) << table;
  const std::string want = target.contains("player")
                               ? "-> seat " + std::to_string(target["player"].get<int>())
                               : std::string("-> ");
  EXPECT_NE(table.find(want, at), std::string::npos) << table;
}

TEST(MagicTable, ABlockedAttackerSaysWhatBlocksIt) {
  std::string blocker;
  const auto m = magic_until([&](const nlohmann::json& v) {
    for (const auto& c : v["combat"])
      if (!c["blockers"].empty()) {
        const std::string ref = c["blockers"][0].get<std::string>();
        for (const auto& b : v["battlefield"])
          if (b["card"] == ref) blocker = b["name"].get<std::string>();
        return true;
      }
    return false;
  });
  ASSERT_TRUE(m) << "no block in eight 4-seat games";
  const std::string table = m->state().render(0);
  EXPECT_NE(table.find("blocked by"), std::string::npos) << table;
  EXPECT_NE(table.find("blocked by " + blocker), std::string::npos) << blocker << "\n" << table;
}

TEST(MagicTable, TwoHeadedGiantShowsTeamLifeOnceAndMarksTheTeammate) {
  Match m = new_match("magic", 4, 4, "2hg");
  const Seat teammate = [&] {
    for (Seat s = 1; s < 4; ++s)
      if (m.state().render(0).find("seat " + std::to_string(s) + " (teammate)") !=
          std::string::npos)
        return s;
    return kNoSeat;
  }();
  ASSERT_NE(teammate, kNoSeat) << m.state().render(0);
  const std::string table = m.state().render(0);
  std::size_t lifes = 0;
  for (std::size_t at = table.find("life "); at != std::string::npos;
       at = table.find("life ", at + 1))
    ++lifes;
  EXPECT_EQ(lifes, 2u) << "one life total per team (810.4)\n" << table;
  EXPECT_NE(table.find("Team 0 (yours): life 30"), std::string::npos) << table;
  // A block with the teammate's creature says whose it is.
  auto teammate_blocks = [&] {
    if (!has_seat(m.state().pending_seats(), 0)) return false;
    for (auto& o : m.options(0))
      if (o.label.rfind("Block ", 0) == 0 &&
          o.label.find("(seat " + std::to_string(teammate) + "'s)") != std::string::npos)
        return true;
    return false;
  };
  EXPECT_TRUE(play_until(m, 3000, teammate_blocks));
}

// What seat 0's screen is at this decision, as human_turn draws it.
Screen screen_of(const Match& m, Seat seat, std::size_t from) {
  Screen s;
  s.table = m.state().render(seat);
  s.log = digest(m, seat, from);
  s.prompt = "Seat " + std::to_string(seat) + ", " + m.state().prompt(seat);
  const auto options = m.options(seat);
  for (std::size_t i = 0; i < options.size(); ++i) s.options.push_back({i + 1, options[i].label});
  return s;
}

// Rows an 80-column terminal needs for `text`.
std::size_t rows(const std::string& text) {
  std::size_t n = 0;
  for (auto& line : screen_lines(text)) n += std::max<std::size_t>(1, (line.size() + 79) / 80);
  return n;
}

// Every decision of seat 0 from turn 5 to 12 of three 4-seat games (greedy
// seats): the screen with the log since seat 0's last decision, the prompt
// and the first page of options, plus the input line, in 24 rows of 80.
TEST(MagicTable, AFourSeatMidGameScreenFitsEightyByTwentyFour) {
  std::vector<std::size_t> heights;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    Match m = new_match("magic", 4, seed);
    GreedyAgent agent;
    Rng rng(seed);
    std::size_t seen = 0;
    nlohmann::json v;
    for (int i = 0; i < 4000 && !m.state().is_terminal(); ++i) {
      const Seat s = m.state().to_act();
      m.state().view(0, v);
      const int turn = v["turn"].get<int>();
      if (turn > 12) break;
      if (s == 0) {
        if (turn >= 5) {
          const std::string screen = screen_of(m, 0, seen).draw();
          heights.push_back(rows(screen) + 1);
          EXPECT_LE(rows(screen) + 1, 24u) << "seed " << seed << ", turn " << turn << "\n"
                                           << screen;
          for (auto& line : screen_lines(screen)) EXPECT_LE(line.size(), 80u) << line;
        }
        seen = m.log().size();
      }
      ASSERT_EQ(m.act(s, agent.choose(m.state(), s, rng)), "");
    }
  }
  ASSERT_GT(heights.size(), 20u);
  std::sort(heights.begin(), heights.end());
  std::cout << "[ measured ] " << heights.size() << " screens, rows: median "
            << heights[heights.size() / 2] << ", max " << heights.back() << "\n";
}

// ---- Two people at one terminal ----

TEST_F(CliTest, TheHandOverClearsTheScrollbackOnATerminal) {
  io.out_is_tty = true;
  ASSERT_EQ(run({"play", "suikoden", "--seats", "human,human", "--seed", "5", "--record",
                 (dir / "two.json").string()},
                digit_ones(60) + "q\n"),
            0)
      << err.str();
  const std::string text = out.str();
  std::size_t handovers = 0;
  for (std::size_t at = text.find("Pass to seat"); at != std::string::npos;
       at = text.find("Pass to seat", at + 1)) {
    ++handovers;
    // Right before it: home, clear the screen, clear the scrollback.
    ASSERT_GE(at, 11u);
    EXPECT_EQ(text.substr(at - 11, 11), "\033[H\033[2J\033[3J");
  }
  EXPECT_GE(handovers, 2u);
  // Not a terminal: no escape sequences in the output.
  io.out_is_tty = false;
  ASSERT_EQ(run({"play", "suikoden", "--seats", "human,human", "--seed", "5", "--record",
                 (dir / "two.json").string()},
                digit_ones(60) + "q\n"),
            0);
  EXPECT_EQ(out.str().find('\033'), std::string::npos);
}

}  // namespace
}  // namespace tt::cli
