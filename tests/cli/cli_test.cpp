// The command line's commands, called as functions over string streams:
// check-deck, simulate, bench, replay, play with scripted input, usage errors.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "ai/agent.h"
#include "ai/ismcts.h"
#include "cli/bench.h"
#include "cli/commands.h"
#include "cli/record_file.h"
#include "cli/search_bench.h"
#include "cli/stats.h"
#include "cli_fixture.h"
#include "core/match.h"
#include "core/registry.h"

namespace tt::cli {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

TEST_F(CliTest, HelpAndUsageErrors) {
  EXPECT_EQ(run({"--help"}), 0);
  EXPECT_NE(out.str().find("simulate"), std::string::npos);
  for (const char* sub :
       {"games", "play", "simulate", "replay", "check-deck", "bench", "scenario", "engine"}) {
    EXPECT_EQ(run({sub, "--help"}), 0) << sub;
    EXPECT_NE(out.str().find("Usage"), std::string::npos) << sub;
  }
  EXPECT_EQ(run({}), 1);
  EXPECT_EQ(run({"frobnicate"}), 1);
  EXPECT_EQ(run({"play"}), 1);
  EXPECT_EQ(run({"simulate", "suikoden", "-n", "x"}), 1);
  EXPECT_EQ(run({"simulate", "chess", "-n", "2", "-q"}), 1);
  EXPECT_NE(err.str().find("unknown game"), std::string::npos);
  EXPECT_EQ(run({"simulate", "suikoden", "-n", "2", "-q", "--agents", "greedy,bogus"}), 1);
  EXPECT_EQ(run({"simulate", "suikoden", "-n", "2", "-q", "--variant", "nope"}), 1);
  EXPECT_EQ(run({"simulate", "suikoden", "-n", "2", "-q", "--option", "hand_size"}), 1);
  EXPECT_EQ(run({"simulate", "suikoden", "-n", "0", "-q"}), 1);
  EXPECT_EQ(run({"play", "suikoden", "--seats", "3"}), 1);
  EXPECT_EQ(run({"play", "suikoden", "--seats", "human,wizard"}), 1);
}

TEST_F(CliTest, GamesListsVariantsAndOptions) {
  EXPECT_EQ(run({"games"}), 0);
  EXPECT_NE(out.str().find("suikoden"), std::string::npos);
  EXPECT_NE(out.str().find("chain-links"), std::string::npos);
  EXPECT_EQ(run({"games", "--json"}), 0);
  json games = json::parse(out.str());
  EXPECT_EQ(games[0]["name"], "suikoden");
}

// Each numeric option is listed with its range, and a value outside it is a
// usage error naming the option and the range (issue 19).
TEST_F(CliTest, NumericOptionsShowAndKeepTheirRange) {
  EXPECT_EQ(run({"games"}), 0);
  EXPECT_NE(out.str().find("starting_life = default (default or an integer from 1 to 10000)"),
            std::string::npos)
      << out.str();
  EXPECT_NE(out.str().find("turn_limit = 30 (an integer from 1 to 16383)"), std::string::npos);
  EXPECT_EQ(run({"simulate", "magic", "-n", "1", "-q", "--option", "starting_life=40000"}), 1);
  EXPECT_NE(err.str().find("option 'starting_life' cannot be '40000' (expected default or an "
                           "integer from 1 to 10000)"),
            std::string::npos)
      << err.str();
  EXPECT_EQ(run({"simulate", "suikoden", "-n", "1", "-q", "--option", "hand_size=21"}), 1);
  EXPECT_NE(err.str().find("from 1 to 20"), std::string::npos) << err.str();
}

TEST_F(CliTest, CheckDeckAcceptsLegalDecks) {
  EXPECT_EQ(run({"check-deck", "suikoden", "dawn"}), 0);
  EXPECT_NE(out.str().find("legal"), std::string::npos);
  const std::string file = write("deck.json", starter("ember").dump());
  CheckDeckArgs args{"suikoden", file, true};
  out.str("");
  EXPECT_EQ(cmd_check_deck(args, io), 0);
  EXPECT_TRUE(json::parse(out.str())["legal"].get<bool>());
}

TEST_F(CliTest, CheckDeckListsEveryBrokenRule) {
  json deck = starter("dawn");
  deck["cards"].push_back({{"card", "aldo"}, {"count", 3}});  // too many cards and copies
  const std::string file = write("bad.json", deck.dump());
  EXPECT_EQ(run({"check-deck", "suikoden", file}), 1);
  EXPECT_NE(out.str().find("[deck size]"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("[copies]"), std::string::npos) << out.str();
  EXPECT_EQ(run({"check-deck", "suikoden", file, "--json"}), 1);
  json r = json::parse(out.str());
  EXPECT_FALSE(r["legal"].get<bool>());
  std::set<std::string> rules;
  for (auto& p : r["problems"]) rules.insert(p["rule"].get<std::string>());
  EXPECT_TRUE(rules.count("deck size") && rules.count("copies"));
}

TEST_F(CliTest, CheckDeckUnreadableIsExitTwo) {
  EXPECT_EQ(run({"check-deck", "suikoden", (dir / "missing.json").string()}), 2);
  EXPECT_EQ(run({"check-deck", "suikoden", write("broken.json", "{\"cards\": [")}), 2);
  EXPECT_EQ(run({"check-deck", "suikoden", "no-such-starter"}), 2);
  EXPECT_EQ(run({"check-deck", "nogame", "dawn"}), 1);
}

TEST_F(CliTest, SimulateReportsSeatsAgentsAndLengths) {
  SimulateArgs args;
  args.match.game = "suikoden";
  args.match.seed = 7;
  args.games = 12;
  args.json = true;
  args.quiet = true;
  out.str("");
  ASSERT_EQ(cmd_simulate(args, io), 0);
  json r = json::parse(out.str());
  ASSERT_EQ(r["per_seat"].size(), 2u);
  ASSERT_EQ(r["per_agent"].size(), 2u);
  for (auto& t : r["per_seat"]) EXPECT_EQ(t["games"], 12);
  for (auto& t : r["per_agent"]) {
    EXPECT_EQ(t["games"], 12);
    EXPECT_LE(t["ci95"][0].get<double>(), t["win_rate"].get<double>());
    EXPECT_GE(t["ci95"][1].get<double>(), t["win_rate"].get<double>());
  }
  EXPECT_TRUE(r["per_seat"][0]["agent"].is_null());  // seats rotate
  EXPECT_GT(r["length"]["decisions"]["min"].get<double>(), 0);
  EXPECT_TRUE(r["length"]["turns"].is_object());
  // Same seed, same games.
  const std::string first = r["per_agent"].dump();
  out.str("");
  ASSERT_EQ(cmd_simulate(args, io), 0);
  EXPECT_EQ(json::parse(out.str())["per_agent"].dump(), first);
}

TEST_F(CliTest, SimulateTextAndFixedSeats) {
  ASSERT_EQ(
      run({"simulate", "suikoden", "-n", "4", "--agents", "random", "--no-swap", "--seed", "3"}),
      0);
  EXPECT_NE(out.str().find("seat 0 (random#1)"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("95% CI"), std::string::npos);
  EXPECT_NE(err.str().find("simulated 4/4"), std::string::npos);  // progress unless --quiet
}

TEST_F(CliTest, WilsonInterval) {
  auto [lo, hi] = wilson95(50, 100);
  EXPECT_NEAR(lo, 0.4038, 1e-3);
  EXPECT_NEAR(hi, 0.5962, 1e-3);
  EXPECT_EQ(wilson95(0, 0), std::make_pair(0.0, 1.0));
  EXPECT_EQ(wilson95(0, 10).first, 0.0);
  EXPECT_EQ(wilson95(10, 10).second, 1.0);
  EXPECT_NEAR(summarize({3, 1, 2, 10}).median, 2.5, 1e-12);
}

TEST_F(CliTest, BenchSignatureIsAFixedFunctionOfTheSeeds) {
  auto game = Registry::instance().get("suikoden");
  const BenchResult a = run_bench(*game, 30, 1), b = run_bench(*game, 30, 1),
                    c = run_bench(*game, 30, 2);
  EXPECT_EQ(a.games, 30);
  EXPECT_GT(a.decisions, 30);
  EXPECT_EQ(a.signature, b.signature);
  EXPECT_EQ(a.decisions, b.decisions);
  EXPECT_NE(a.signature, c.signature);
  ASSERT_EQ(
      run({"bench", "suikoden", "-n", "30", "--search-positions", "3", "--search-sims", "40"}), 0);
  char sig[17];
  std::snprintf(sig, sizeof sig, "%016llx", static_cast<unsigned long long>(a.signature));
  EXPECT_NE(out.str().find(std::string("signature ") + sig), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("games/s"), std::string::npos);
  // IS-MCTS's speed on one thread and on every thread, from positions of random play;
  // each line names the clock it read (one thread: its CPU time; several: the wall clock).
  for (const char* seen :
       {"IS-MCTS (ismcts:sims=40, one decision at each of 3 positions",
        "IsmctsDecision: 1 thread, ", "a 40-simulation decision takes ", "(median; mean ",
        "; CPU time of the thread)\n", "IsmctsDecisionThreads: ", "(median; wall-clock time)\n",
        // Full playouts beside the cost of one playout from the same positions.
        "IsmctsFullPlayouts (ismcts:sims=40:depth=100000, 1 thread): ",
        "(0 of 120 playouts cut off)",
        "random playouts from the same positions (copied, determinized, played to the end): ",
        "a simulation costs "})
    EXPECT_NE(out.str().find(seen), std::string::npos) << seen << "\n" << out.str();
  EXPECT_EQ(out.str().find("; wall-clock time):"), std::string::npos) << out.str();
  EXPECT_EQ(run({"bench", "suikoden", "--search-sims", "0"}), 1);
  // --search-depth sets IsmctsDecision's cut-off (100000: full playouts) and names it.
  out.str("");
  ASSERT_EQ(run({"bench", "suikoden", "-n", "3", "--search-positions", "2", "--search-sims", "20",
                 "--search-depth", "100000"}),
            0);
  EXPECT_NE(out.str().find("IS-MCTS (ismcts:sims=20:depth=100000, one decision at each of 2 "),
            std::string::npos)
      << out.str();
  EXPECT_EQ(run({"bench", "suikoden", "--search-depth", "100001"}), 1);
}

TEST(SearchBench, PositionsHaveAChoiceAndDifferFromOneAnother) {
  register_builtin_games();
  const auto game = Registry::instance().get("suikoden");
  tt::Setup setup;
  const auto positions = search_positions(*game->prepare(setup), 5, 1);
  ASSERT_EQ(positions.size(), 5u);
  ActionList options;
  for (auto& p : positions) {
    EXPECT_FALSE(p->is_terminal());
    tt::playable_options(*p, p->to_act(), options);
    EXPECT_GE(options.size(), 2u);
  }
  EXPECT_NE(positions[1]->fingerprint(), positions[4]->fingerprint());
  const SearchBench b = run_search_bench(*game, 0, 2, 1, 30);
  ASSERT_EQ(b.skipped, "");
  EXPECT_EQ(b.one.decision_seconds.size(), 2u);
  EXPECT_EQ(b.one.sims, 60);
  EXPECT_EQ(b.all.sims, 60L * b.all.threads);
  EXPECT_GT(b.one.sims_per_second(), 0);
  // The default depth cuts playouts off early in a game; full ones never are.
  EXPECT_GT(b.one.cut_off, 0);
  EXPECT_EQ(b.full.sims, 60);
  EXPECT_EQ(b.full.cut_off, 0);
  EXPECT_EQ(b.playout.playouts, 60);
  EXPECT_GT(b.playout.decisions, 60);
  EXPECT_GT(b.playout.per_second(), 0);
  const SearchBench full = run_search_bench(*game, 0, 2, 1, 30, tt::IsmctsConfig::kFullPlayout);
  EXPECT_EQ(full.one.sims, 60);
  EXPECT_EQ(full.one.cut_off, 0);
}

TEST_F(CliTest, PlayWithScriptedNumbersRunsToTheEndAndWritesTheRecord) {
  const std::string path = (dir / "recs" / "game.json").string();
  std::string input;
  for (int i = 0; i < 3000; ++i) input += (i % 3 == 0 ? "2\n" : "1\n");
  ASSERT_EQ(run({"play", "suikoden", "--seed", "5", "--record", path}, input), 0) << err.str();
  EXPECT_NE(out.str().find("Game over"), std::string::npos);
  EXPECT_NE(out.str().find("Record written to " + path), std::string::npos);
  ASSERT_TRUE(fs::exists(path));
  std::ifstream f(path);
  Match replayed = Match::from_record(json::parse(f));
  EXPECT_TRUE(replayed.state().is_terminal());
  // And replay prints every decision and the results.
  ASSERT_EQ(run({"replay", path}), 0);
  EXPECT_NE(out.str().find("Final results"), std::string::npos);
  ASSERT_EQ(run({"replay", path, "--json", "--as", "1"}), 0);
  EXPECT_EQ(json::parse(out.str())["steps"].size(), replayed.decisions().size());
}

TEST_F(CliTest, PlayQuitAndEndOfInputKeepTheRecord) {
  const std::string path = (dir / "quit.json").string();
  ASSERT_EQ(
      run({"play", "suikoden", "--seed", "6", "--record", path}, "h\n42\nnonsense\n1\ns\n1\nq\n"),
      0);
  EXPECT_NE(out.str().find("not an option"), std::string::npos);
  EXPECT_NE(out.str().find("Record saved to"), std::string::npos);
  std::ifstream f(path);
  json record = json::parse(f);
  int mine = 0;
  for (auto& d : record["decisions"]) mine += d["seat"] == 0;
  EXPECT_EQ(mine, 2);
  // End of input in the middle of a game also leaves.
  ASSERT_EQ(run({"play", "suikoden", "--seed", "6", "--record", path}, "keep\n"), 0);
  std::ifstream g(path);
  EXPECT_FALSE(json::parse(g)["decisions"].empty());
  EXPECT_EQ(default_record_path("suikoden", 12), "records/suikoden-12.json");
}

// "concede" at the terminal (README: any game can be conceded at any
// moment): asked once more, then the seat leaves and the game ends for two.
TEST_F(CliTest, PlayConcedeAsksThenLeavesTheGame) {
  const std::string path = (dir / "concede.json").string();
  ASSERT_EQ(run({"play", "suikoden", "--seats", "human,random", "--seed", "6", "--record", path},
                "concede\nno\nconcede\nyes\n"),
            0)
      << err.str();
  EXPECT_NE(out.str().find("Not conceded."), std::string::npos) << out.str();
  EXPECT_EQ(out.str().find("is not an option"), std::string::npos) << out.str();
  std::ifstream f(path);
  const Match replayed = Match::from_record(json::parse(f));
  ASSERT_TRUE(replayed.state().is_terminal());
  EXPECT_EQ(replayed.results()[0]["result"], "loss");
  EXPECT_EQ(replayed.results()[1]["result"], "win");
}

TEST_F(CliTest, PlayAllAiSeatsPlaysThrough) {
  const std::string path = (dir / "ai.json").string();
  ASSERT_EQ(run({"play", "suikoden", "--seats", "greedy,random", "--seed", "2", "--record", path}),
            0);
  EXPECT_NE(out.str().find("Game over"), std::string::npos);
  EXPECT_TRUE(fs::exists(path));
}

// Seats named by agent spec: played, written back in full in the record's
// "players", seated again by --resume; a bad spec is refused with its reason.
TEST_F(CliTest, PlaySeatsAgentSpecs) {
  const std::string path = (dir / "specs.json").string();
  ASSERT_EQ(run({"play", "suikoden", "--seats", "ismcts:depth=4:sims=20,ai", "--agent", "random",
                 "--seed", "2", "--record", path}),
            0)
      << err.str();
  EXPECT_NE(out.str().find("seat 0: ismcts:sims=20:depth=4"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("Game over"), std::string::npos);
  std::ifstream f(path);
  EXPECT_EQ(json::parse(f)["players"], json::array({"ismcts:sims=20:depth=4", "random"}));

  EXPECT_EQ(run({"play", "suikoden", "--seats", "human,ismcts:sims=-1"}), 1);
  EXPECT_NE(err.str().find("--seats: 'ismcts:sims=-1'"), std::string::npos) << err.str();
  EXPECT_NE(err.str().find("is not in 1 to"), std::string::npos) << err.str();
  EXPECT_EQ(run({"play", "suikoden", "--agent", "ismcts:turbo=1"}), 1);
  EXPECT_NE(err.str().find("no parameter 'turbo'"), std::string::npos) << err.str();
  EXPECT_EQ(run({"simulate", "suikoden", "-n", "1", "-q", "--agents", "greedy,ismcts:c=x"}), 1);
  EXPECT_NE(err.str().find("'x' is not a number"), std::string::npos) << err.str();
}

TEST_F(CliTest, GamesListsEveryAgentWithItsParameters) {
  ASSERT_EQ(run({"games"}), 0);
  for (const char* seen :
       {"agents (a seat's agent spec",
        "  ismcts: ", "    sims = 1000 (1 to 10000000, whole number)",
        "    rollout = random (random, greedy)", "  agents: random, greedy, ismcts"})
    EXPECT_NE(out.str().find(seen), std::string::npos) << seen;
}

// A four-seat Last Chronicle game at the terminal: one person, three agents;
// the screen shows every seat, and the record replays.
TEST_F(CliTest, PlayFourSeatLastChronicleAgainstThreeAgents) {
  const std::string path = (dir / "lc.json").string();
  std::string input;
  for (int i = 0; i < 6000; ++i) input += (i % 4 == 0 ? "2\n" : "1\n");
  ASSERT_EQ(
      run({"play", "lastchronicle", "--seats", "human,ai,ai,ai", "--seed", "3", "--record", path},
          input),
      0)
      << err.str();
  for (const char* seen : {"Seat 3: life", "leader: ", "Quick window", "Your hand:"})
    EXPECT_NE(out.str().find(seen), std::string::npos) << seen;
  std::ifstream f(path);
  Match replayed = Match::from_record(json::parse(f));
  EXPECT_EQ(replayed.state().num_seats(), 4);
}

TEST_F(CliTest, SimulateDefaultsToGreedyThenRandomAtEverySeat) {
  ASSERT_EQ(run({"simulate", "lastchronicle", "--seats", "4", "-n", "6", "-q", "--json"}), 0)
      << err.str();
  const json r = json::parse(out.str());
  EXPECT_EQ(r["agents"], json::array({"greedy", "random", "random", "random"}));
  EXPECT_EQ(r["per_seat"].size(), 4u);
  EXPECT_EQ(r["unfinished"], 0);
  EXPECT_EQ(run({"simulate", "lastchronicle", "--seats", "5", "-n", "1", "-q"}), 1);
  EXPECT_EQ(run({"bench", "lastchronicle", "--seats", "3", "-n", "3", "--search-positions", "0"}),
            0);
  EXPECT_NE(out.str().find("lastchronicle (3 seats): 3 games"), std::string::npos);
  EXPECT_EQ(run({"check-deck", "lastchronicle", "duel-sunfire", "--seats", "4"}), 1);
  EXPECT_NE(out.str().find("[deck building: leader]"), std::string::npos);
  EXPECT_EQ(run({"check-deck", "lastchronicle", "duel-sunfire"}), 0);
}

TEST_F(CliTest, PlayRefusesIllegalDecks) {
  json deck = starter("dawn");
  deck["cards"] = json::array({"aldo"});
  EXPECT_EQ(run({"play", "suikoden", "--deck", write("d.json", deck.dump()), "--record",
                 (dir / "x.json").string()}),
            2);
  EXPECT_NE(err.str().find("[deck size]"), std::string::npos);
  EXPECT_EQ(run({"play", "suikoden", "--deck", "nope"}), 2);
  EXPECT_EQ(run({"play", "suikoden", "--deck", "dawn", "--deck", "iron", "--deck", "river"}), 1);
}

TEST_F(CliTest, ReplayRefusesBadRecords) {
  EXPECT_EQ(run({"replay", (dir / "none.json").string()}), 2);
  EXPECT_EQ(run({"replay", write("a.json", "[1,2]")}), 2);
  const std::string path = (dir / "r.json").string();
  ASSERT_EQ(run({"play", "suikoden", "--seats", "random,random", "--seed", "3", "--record", path}),
            0);
  std::ifstream f(path);
  json record = json::parse(f);
  record["decisions"][3]["option"] = "zzz";
  EXPECT_EQ(run({"replay", write("t.json", record.dump())}), 2);
  EXPECT_NE(err.str().find("decision 3"), std::string::npos) << err.str();
  // A malformed field is named by its JSON pointer (data/schema/record.schema.json).
  record["decisions"][3]["option"] = record["decisions"][2]["option"];
  record["decisions"][5]["seat"] = "1";
  EXPECT_EQ(run({"replay", write("u.json", record.dump())}), 2);
  EXPECT_NE(err.str().find("record:/decisions/5/seat: expected an integer (0 to 15), found \"1\""),
            std::string::npos)
      << err.str();
  EXPECT_EQ(run({"replay", path, "--as", "7"}), 1);
}

TEST_F(CliTest, ReplayStepWaitsForEnter) {
  const std::string path = (dir / "s.json").string();
  ASSERT_EQ(run({"play", "suikoden", "--seats", "random,random", "--seed", "4", "--record", path}),
            0);
  ASSERT_EQ(run({"replay", path, "--step"}, "\n\n"),
            0);  // two Enters, then input ends: runs through
  EXPECT_NE(out.str().find("Enter for the next decision"), std::string::npos);
  EXPECT_NE(out.str().find("Final results"), std::string::npos);
}

TEST_F(CliTest, EngineCommandServesTheProtocol) {
  ASSERT_EQ(run({"engine"}, "{\"cmd\":\"games\"}\n{\"cmd\":\"quit\"}\n"), 0);
  std::istringstream lines(out.str());
  std::string first;
  std::getline(lines, first);
  EXPECT_TRUE(json::parse(first)["ok"].get<bool>());
}

// --- issue 8: continue, resume, your own data ---

// Plays every decision of seat 0 with option 1 (and 2 now and then).
std::string ones(int n) {
  std::string input;
  for (int i = 0; i < n; ++i) input += (i % 3 == 0 ? "2\n" : "1\n");
  return input;
}

json read_json(const std::string& path) {
  std::ifstream f(path);
  return json::parse(f);
}

TEST_F(CliTest, ResumeContinuesAtTheRightDecisionAndFinishes) {
  const std::string path = (dir / "resume.json").string();
  ASSERT_EQ(run({"play", "suikoden", "--seed", "6", "--record", path}, "1\n1\n1\nq\n"), 0);
  const json before = read_json(path);
  const std::size_t made = before["decisions"].size();
  ASSERT_GE(made, 3u);
  EXPECT_EQ(before["players"], json::array({"human", "greedy"}));
  // The game goes on from where it stopped, with the record's own seats.
  ASSERT_EQ(run({"play", "--resume", path}, ones(3000)), 0) << err.str();
  EXPECT_NE(out.str().find("Continuing " + path + " after decision " + std::to_string(made)),
            std::string::npos)
      << out.str();
  EXPECT_NE(out.str().find("Game over"), std::string::npos);
  const json after = read_json(path);
  ASSERT_GT(after["decisions"].size(), made);
  for (std::size_t i = 0; i < made; ++i) EXPECT_EQ(after["decisions"][i], before["decisions"][i]);
  EXPECT_TRUE(Match::from_record(after).state().is_terminal());
  // A finished game cannot be continued; the record's setup cannot be changed.
  EXPECT_EQ(run({"play", "--resume", path}), 2);
  EXPECT_NE(err.str().find("already over"), std::string::npos) << err.str();
  EXPECT_EQ(run({"play", "--resume", path, "--seed", "3"}), 1);
  EXPECT_EQ(run({"play", "ddm", "--resume", path}), 1);
  EXPECT_EQ(run({"play", "--resume", (dir / "none.json").string()}), 2);
  EXPECT_EQ(run({"play"}), 1);
  EXPECT_NE(err.str().find("--resume RECORD"), std::string::npos);
}

TEST_F(CliTest, ResumeTakesOtherSeatsWhenAsked) {
  const std::string path = (dir / "r2.json").string();
  ASSERT_EQ(run({"play", "suikoden", "--seed", "8", "--record", path}, "1\nq\n"), 0);
  const std::size_t made = read_json(path)["decisions"].size();
  EXPECT_EQ(run({"play", "--resume", path, "--seats", "human,ai,ai"}), 1);
  ASSERT_EQ(run({"play", "--resume", path, "--seats", "random,random"}), 0) << err.str();
  EXPECT_GT(read_json(path)["decisions"].size(), made);
  EXPECT_EQ(read_json(path)["players"], json::array({"random", "random"}));
}

TEST_F(CliTest, PlayFromAScenarioPosition) {
  const std::string file =
      std::string(TABLETOP_TESTS_DIR) + "/suikoden/scenarios/win-vp-to-win-option.json";
  const std::string path = (dir / "puzzle.json").string();
  // The puzzle's solution: the steps of the scenario, typed as option ids by
  // two people (each turn after a hand-off).
  ASSERT_EQ(run({"play", "--scenario", file, "--record", path, "--seats", "human,human"},
                "\nmission:scouting-run:m0\n\npass\n\ndispatch:raen:m0\nstation:raen\n"),
            0)
      << err.str();
  EXPECT_NE(out.str().find("Scenario: the vp_to_win option changes the winning total"),
            std::string::npos)
      << out.str();
  EXPECT_NE(out.str().find("seat 0 (human): win"), std::string::npos) << out.str();
  const json record = read_json(path);
  EXPECT_TRUE(record.contains("start_state"));
  EXPECT_TRUE(Match::from_record(record).state().is_terminal());
  EXPECT_EQ(run({"play", "--scenario", write("bad.json", "{\"name\": \"x\"}")}), 2);
  EXPECT_EQ(run({"play", "--scenario", file, "--deck", "dawn"}), 1);
  EXPECT_EQ(run({"play", "--scenario", file, "--resume", path}), 1);
}

TEST_F(CliTest, ScenarioCommandReportsPassAndEveryFailure) {
  const std::string good =
      std::string(TABLETOP_TESTS_DIR) + "/suikoden/scenarios/win-vp-to-win-option.json";
  ASSERT_EQ(run({"scenario", good}), 0) << out.str();
  EXPECT_NE(out.str().find("PASS " + good), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("1 passed, 0 failed"), std::string::npos);
  json broken = read_json(good);
  broken["expect"][2]["equals"] = 4;
  broken["expect"].push_back({{"results", {"loss", "win"}}});
  const std::string bad = write("bad.json", broken.dump());
  EXPECT_EQ(run({"scenario", good, bad}), 1);
  EXPECT_NE(out.str().find("FAIL " + bad), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("expected 4, found 3"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("expected results [\"loss\",\"win\"]"), std::string::npos);
  EXPECT_NE(out.str().find("1 passed, 1 failed"), std::string::npos);
  ASSERT_EQ(run({"scenario", bad, "--json"}), 1);
  const json r = json::parse(out.str());
  EXPECT_EQ(r["failed"], 1);
  EXPECT_EQ(r["scenarios"][0]["failures"].size(), 2u);
  // An unreadable file is reported too, and the others still run.
  EXPECT_EQ(run({"scenario", write("nojson.json", "{"), good}), 2);
  EXPECT_NE(out.str().find("not valid JSON"), std::string::npos);
  EXPECT_NE(out.str().find("PASS " + good), std::string::npos);
  // A folder runs every .json file in it.
  fs::create_directories(dir / "set");
  fs::copy_file(good, dir / "set" / "a.json");
  ASSERT_EQ(run({"scenario", (dir / "set").string()}), 0);
  EXPECT_NE(out.str().find("1 passed, 0 failed"), std::string::npos);
  // An empty folder is bad input, reported, and the other folders still run.
  fs::create_directories(dir / "empty");
  EXPECT_EQ(run({"scenario", (dir / "empty").string(), (dir / "set").string()}), 2);
  EXPECT_NE(out.str().find("holds no .json scenario files"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("1 passed, 1 failed"), std::string::npos) << out.str();
}

TEST_F(DataTest, ABrokenDataFileBreaksOnlyItsGame) {
  // A record of the game, played while its data was sound.
  const std::string record = (dir / "d.json").string();
  ASSERT_EQ(run({"play", "ddm", "--seats", "random,random", "--seed", "3", "--record", record}), 0)
      << err.str();
  std::ofstream(data / "ddm" / "pool.json") << "{\"monsters\": [";
  const std::string d = data.string();
  // Replaying it under the broken data is bad data too, not bad input.
  EXPECT_EQ(run({"replay", record, "--data", d}), 4) << err.str();
  ASSERT_EQ(run({"--data", d, "games"}), 0) << err.str();
  EXPECT_NE(out.str().find("ddm - cannot be played: its card data is broken"), std::string::npos)
      << out.str();
  EXPECT_NE(out.str().find("pool.json"), std::string::npos);
  EXPECT_NE(out.str().find("suikoden - "), std::string::npos);
  EXPECT_NE(out.str().find("card data: " + d), std::string::npos);
  ASSERT_EQ(run({"games", "--json", "--data", d}), 0);
  const json games = json::parse(out.str());
  bool listed = false;
  for (auto& g : games) listed = listed || (g["name"] == "ddm" && g.value("broken", false));
  EXPECT_TRUE(listed);
  // The broken game: its own exit code and a clear message.
  EXPECT_EQ(run({"play", "ddm", "--data", d}), 4);
  EXPECT_NE(err.str().find("the card data of ddm cannot be loaded"), std::string::npos)
      << err.str();
  EXPECT_EQ(run({"simulate", "ddm", "-n", "1", "-q", "--data", d}), 4);
  // The others play.
  EXPECT_EQ(run({"play", "suikoden", "--seats", "random,random", "--seed", "2", "--record",
                 (dir / "s.json").string(), "--data", d}),
            0)
      << err.str();
  EXPECT_EQ(run({"simulate", "lastchronicle", "-n", "1", "-q", "--data", d}), 0);
  // The protocol answers with a JSON error.
  ASSERT_EQ(run({"--data", d, "engine"}, "{\"cmd\":\"new\",\"game\":\"ddm\"}\n"), 0);
  const json reply = json::parse(out.str());
  EXPECT_FALSE(reply["ok"].get<bool>());
  EXPECT_TRUE(reply["bad_data"].get<bool>());
  EXPECT_NE(reply["error"].get<std::string>().find("ddm"), std::string::npos);
  // A scenario of the broken game is bad data (4), not a failed scenario (1).
  const std::string scenario =
      std::string(TABLETOP_TESTS_DIR) + "/ddm/scenarios/" +
      fs::directory_iterator(std::string(TABLETOP_TESTS_DIR) + "/ddm/scenarios")
          ->path()
          .filename()
          .string();
  EXPECT_EQ(run({"scenario", scenario, "--data", d}), 4) << out.str();
  EXPECT_NE(out.str().find("card data"), std::string::npos) << out.str();
  // No such folder.
  EXPECT_EQ(run({"--data", (dir / "nowhere").string(), "games"}), 4);
}

TEST_F(DataTest, TabletopDataChoosesTheCardData) {
  std::ofstream(data / "magic" / "cards.json") << "[]]";
  setenv("TABLETOP_DATA", data.c_str(), 1);
  ASSERT_EQ(run({"games"}), 0);
  EXPECT_NE(out.str().find("magic - cannot be played"), std::string::npos) << out.str();
  EXPECT_EQ(run({"check-deck", "magic", "ffa-1"}), 4);
  // --data wins over the environment.
  ASSERT_EQ(run({"games", "--data", tt::source_data_dir()}), 0);
  EXPECT_EQ(out.str().find("cannot be played"), std::string::npos) << out.str();
}

TEST_F(DataTest, WhereTheDataIsLooked) {
  // --data, then TABLETOP_DATA, then beside an installed binary, then the source tree.
  EXPECT_EQ(resolve_data_dir("a", "b", "/usr/bin/tabletop", "src"), "a");
  EXPECT_EQ(resolve_data_dir("", "b", "/usr/bin/tabletop", "src"), "b");
  fs::create_directories(dir / "prefix" / "bin");
  fs::create_directories(dir / "prefix" / "share" / "tabletop" / "data");
  EXPECT_EQ(resolve_data_dir("", "", (dir / "prefix" / "bin" / "tabletop").string(), "src"),
            (dir / "prefix" / "share" / "tabletop" / "data").string());
  EXPECT_EQ(resolve_data_dir("", "", (dir / "elsewhere" / "tabletop").string(), "src"), "src");
}

TEST_F(DataTest, RecordsPinTheirRulesAndData) {
  const std::string path = (dir / "pinned.json").string();
  ASSERT_EQ(run({"play", "suikoden", "--seats", "random,random", "--seed", "3", "--record", path}),
            0);
  json record = read_json(path);
  const std::string hash = record["data_hash"];
  EXPECT_EQ(hash, content_hash((data / "suikoden").string()));
  EXPECT_EQ(hash.size(), 16u);
  EXPECT_EQ(record["rules_version"], Registry::instance().get("suikoden")->rules_version());
  EXPECT_EQ(run({"replay", path}), 0);
  // The same cards with a changed file: the record says what changed.
  std::ofstream(data / "suikoden" / "cards.json", std::ios::app) << "\n";
  const std::string now = content_hash((data / "suikoden").string());
  EXPECT_EQ(run({"replay", path, "--data", data.string()}), 2);
  EXPECT_NE(err.str().find("this record was played with other card data for suikoden (hash " +
                           hash + ", now " + now + ")"),
            std::string::npos)
      << err.str();
  // Other games' data does not matter to it.
  std::ofstream(data / "ddm" / "pool.json", std::ios::app) << "\n";
  EXPECT_EQ(run({"replay", path}), 0);
  record["rules_version"] = "0";
  EXPECT_EQ(run({"replay", write("old-rules.json", record.dump())}), 2);
  EXPECT_NE(err.str().find("this record was played under other rules for suikoden (rules "
                           "version 0, now "),
            std::string::npos)
      << err.str();
  // A record from before pinning still replays.
  record.erase("rules_version");
  record.erase("data_hash");
  EXPECT_EQ(run({"replay", write("unpinned.json", record.dump())}), 0) << err.str();
  const std::string left = (dir / "left.json").string();
  ASSERT_EQ(run({"play", "suikoden", "--seed", "4", "--record", left}, "1\nq\n"), 0);
  json unfinished = read_json(left);
  unfinished.erase("rules_version");
  unfinished.erase("data_hash");
  EXPECT_EQ(run({"play", "--resume", write("left-unpinned.json", unfinished.dump())}, "q\n"), 0);
  EXPECT_NE(err.str().find("this record is unpinned"), std::string::npos) << err.str();
}

TEST_F(CliTest, PlayingASeedAgainKeepsTheEarlierRecord) {
  const fs::path cwd = fs::current_path();
  fs::current_path(dir);
  const std::vector<std::string> args = {"play",          "suikoden", "--seats",
                                         "random,random", "--seed",   "9"};
  EXPECT_EQ(run(args), 0);
  EXPECT_NE(out.str().find("Record written to records/suikoden-9.json"), std::string::npos);
  EXPECT_EQ(run(args), 0);
  EXPECT_NE(out.str().find("Record written to records/suikoden-9-2.json"), std::string::npos)
      << out.str();
  EXPECT_EQ(run(args), 0);
  EXPECT_NE(out.str().find("Record written to records/suikoden-9-3.json"), std::string::npos);
  EXPECT_TRUE(fs::exists("records/suikoden-9.json") && fs::exists("records/suikoden-9-2.json"));
  EXPECT_EQ(unused_record_path("suikoden", 9), "records/suikoden-9-4.json");
  // A file named with --record is replaced, with a note.
  EXPECT_EQ(run({"play", "suikoden", "--seats", "random,random", "--seed", "9", "--record",
                 "records/suikoden-9.json"}),
            0);
  EXPECT_NE(err.str().find("exists and will be replaced"), std::string::npos);
  fs::current_path(cwd);
}

TEST_F(CliTest, NegativeSeedsAreRefused) {
  for (auto seed : {"-5", "-1"}) {
    EXPECT_EQ(run({"play", "suikoden", "--seed", seed}), 1) << seed;
    EXPECT_NE(err.str().find("must not be negative"), std::string::npos) << err.str();
    EXPECT_EQ(run({"simulate", "suikoden", "-n", "1", std::string("--seed=") + seed}), 1);
    EXPECT_NE(err.str().find("must not be negative"), std::string::npos) << err.str();
    EXPECT_EQ(run({"bench", "suikoden", "-n", "1", "--search-positions", "0", "--seed", seed}), 1);
  }
  ASSERT_EQ(run({"engine"}, "{\"cmd\":\"new\",\"game\":\"suikoden\",\"seed\":-3}\n"), 0);
  EXPECT_NE(out.str().find("must not be negative"), std::string::npos) << out.str();
}

TEST_F(CliTest, SeatCountsReadNaturally) {
  EXPECT_EQ(run({"play", "suikoden", "--seats", "3"}), 1);
  EXPECT_NE(err.str().find("suikoden is for 2 seats, not 3"), std::string::npos) << err.str();
  EXPECT_EQ(run({"play", "lastchronicle", "--seats", "5"}), 1);
  EXPECT_NE(err.str().find("for 2 to 4 seats"), std::string::npos) << err.str();
  ASSERT_EQ(run({"games"}), 0);
  EXPECT_EQ(out.str().find(" 2 to 2 "), std::string::npos);
  EXPECT_NE(out.str().find("(for 2 seats)"), std::string::npos) << out.str();
}

// Two people at one terminal: before each one's turn the screen asks to
// pass it, so neither sees the other's hand; one person never gets it.
TEST_F(CliTest, TwoPeopleAtOneTerminalGetAHandOffScreen) {
  const std::string path = (dir / "two.json").string();
  ASSERT_EQ(run({"play", "suikoden", "--seats", "human,human", "--seed", "5", "--record", path},
                ones(400) + "q\n"),
            0)
      << err.str();
  const std::string text = out.str();
  // Every time the seat asked changes, the hand-off to that seat came first.
  int facing = -1, handoffs = 0, turns = 0;
  int handed = -1;
  for (std::size_t at = 0;;) {
    const std::size_t pass = text.find("Pass to seat ", at), table = text.find("\nSeat ", at);
    if (pass == std::string::npos && table == std::string::npos) break;
    if (pass < table) {
      handed = text[pass + 13] - '0';
      ++handoffs;
      at = pass + 1;
    } else {
      const int seat = text[table + 6] - '0';
      if (text[table + 7] != ',') {  // not a prompt ("Seat 0, choose ...:")
        at = table + 1;
        continue;
      }
      if (seat != facing) {
        EXPECT_EQ(handed, seat) << "seat " << seat << " shown without a hand-off";
        ++turns;
      }
      facing = seat;
      at = table + 1;
    }
  }
  EXPECT_GE(turns, 4);
  EXPECT_EQ(handoffs, turns);
  // One person: no hand-off.
  ASSERT_EQ(run({"play", "suikoden", "--seed", "5", "--record", path}, ones(400) + "q\n"), 0);
  EXPECT_EQ(out.str().find("Pass to seat"), std::string::npos);
}

}  // namespace
}  // namespace tt::cli
