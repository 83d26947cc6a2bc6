// Replays and records as one seat sees them: `tabletop replay --as`, its
// --step mode (the table at each step, stepping back), and the protocol's
// `save` with `as`. No hidden choice of another seat is shown.
#include "core/replay.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "ai/agent.h"
#include "cli/commands.h"
#include "cli_fixture.h"
#include "core/match.h"
#include "core/registry.h"
#include "protocol/engine.h"

namespace tt::cli {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

// A random Suikoden game in which seat 1 returned cards at the mulligan and
// played a card face down in a duel.
json game_with_hidden_choices() {
  auto game = Registry::instance().get("suikoden");
  for (std::uint64_t seed = 1; seed < 400; ++seed) {
    Setup setup;
    setup.seed = seed;
    Match m(game, setup);
    Rng rng(seed);
    RandomAgent agent;
    while (!m.state().is_terminal()) {
      const Seat seat = m.state().to_act();
      if (!m.act(seat, agent.choose(m.state(), seat, rng)).empty()) break;
    }
    bool returned = false, dueled = false;
    for (auto& d : m.decisions()) {
      returned = returned || (d.seat == 1 && d.option.starts_with("return:"));
      dueled = dueled || (d.seat == 1 && d.option.starts_with("duel:"));
    }
    if (returned && dueled) return m.record();
  }
  ADD_FAILURE() << "no game with a mulligan and a duel by seat 1";
  return {};
}

// Seat 1's hidden choices: the ids naming the cards returned and dueled.
std::vector<std::string> hidden_choices(const json& record) {
  std::vector<std::string> out;
  for (auto& d : record["decisions"]) {
    const std::string id = d["option"];
    if (d["seat"] == 1 && (id.starts_with("return:") || id.starts_with("duel:"))) out.push_back(id);
  }
  return out;
}

class ReplayTest : public CliTest {
 protected:
  void SetUp() override {
    CliTest::SetUp();
    record = game_with_hidden_choices();
    path = write("game.json", record.dump());
  }

  json record;
  std::string path;
};

TEST_F(ReplayTest, AsASeatTheOtherSeatsHiddenChoicesAreNotNamed) {
  const auto hidden = hidden_choices(record);
  ASSERT_FALSE(hidden.empty());
  ASSERT_EQ(run({"replay", path, "--as", "0"}), 0) << err.str();
  for (auto& id : hidden) EXPECT_EQ(out.str().find("[" + id + "]"), std::string::npos) << id;
  EXPECT_NE(out.str().find("[return:card-1]"), std::string::npos);
  EXPECT_NE(out.str().find("Return a card to the deck (card 1)"), std::string::npos);
  EXPECT_NE(out.str().find("[duel:face-down]"), std::string::npos);
  EXPECT_NE(out.str().find("Play a card face down"), std::string::npos);
  EXPECT_EQ(out.str().find("seed"), std::string::npos) << "the seed decides every shuffle";
  // Seat 1 and the referee see seat 1's own choices in full.
  for (const char* viewer : {"1", "referee"}) {
    ASSERT_EQ(run({"replay", path, "--as", viewer}), 0);
    for (auto& id : hidden) EXPECT_NE(out.str().find("[" + id + "]"), std::string::npos) << id;
  }
  // The same in JSON.
  ASSERT_EQ(run({"replay", path, "--json", "--as", "0"}), 0);
  const json j = json::parse(out.str());
  EXPECT_EQ(j["as"], 0);
  EXPECT_FALSE(j["setup"].contains("seed"));
  for (auto& step : j["steps"]) {
    const std::string option = step["option"];
    for (auto& id : hidden) EXPECT_NE(option, id);
  }
}

TEST_F(ReplayTest, StepDrawsTheTableAsTheSeatSeesItAndStepsBack) {
  // next, next, back, an unknown key, quit.
  ASSERT_EQ(run({"replay", path, "--step", "--as", "0"}, "n\n\nb\nx\nq\n"), 0) << err.str();
  const std::string text = out.str();
  const std::string table = "as seat 0 sees the table ----\n";
  EXPECT_NE(text.find("---- after 0 of"), std::string::npos);
  EXPECT_NE(text.find("---- after 2 of"), std::string::npos);
  const auto back = text.find("Back one decision.\n---- after 1 of");
  ASSERT_NE(back, std::string::npos) << text;
  EXPECT_NE(text.find("Keys: Enter or n"), std::string::npos);
  EXPECT_EQ(text.find("Final results"), std::string::npos) << "q stops the replay";
  // The table is seat 0's: its own hand is listed, seat 1's is not.
  Replay r(record);
  r.view_as(0);
  EXPECT_NE(text.find(r.match().state().render(0)), std::string::npos);
  EXPECT_EQ(text.find(r.match().state().render(1)), std::string::npos);
  EXPECT_NE(text.find(table), std::string::npos);
  // Stepping back at the start says so; the end of input plays the rest through.
  ASSERT_EQ(run({"replay", path, "--step"}, "b\n"), 0);
  EXPECT_NE(out.str().find("Already at the start."), std::string::npos);
  EXPECT_NE(out.str().find("Final results"), std::string::npos);
}

TEST_F(ReplayTest, StepsBackToTheSameGame) {
  Replay r(record);
  for (int i = 0; i < 10; ++i) r.next();
  const auto at10 = r.match().state().fingerprint();
  r.next();
  r.next();
  r.back();
  r.back();
  EXPECT_EQ(r.position(), 10u);
  EXPECT_EQ(r.match().state().fingerprint(), at10);
  EXPECT_EQ(r.match().log().size(), Match::from_record([&] {
                                      json part = record;
                                      part["decisions"] = json::array();
                                      for (int i = 0; i < 10; ++i)
                                        part["decisions"].push_back(record["decisions"][i]);
                                      return part;
                                    }())
                                        .log()
                                        .size());
}

TEST_F(ReplayTest, ASeatsRecordLeavesOutHiddenChoicesAndCannotBeReplayed) {
  protocol::Engine engine;
  json reply = engine.handle({{"cmd", "load"}, {"record", record}});
  ASSERT_TRUE(reply["ok"]) << reply.dump();
  reply = engine.handle({{"cmd", "save"}, {"as", 0}});
  ASSERT_TRUE(reply["ok"]) << reply.dump();
  const json seen = reply["record"];
  EXPECT_EQ(seen["seen_by"], 0);
  EXPECT_FALSE(seen["setup"].contains("seed"));
  EXPECT_FALSE(seen.contains("start_state"));
  ASSERT_EQ(seen["decisions"].size(), record["decisions"].size());
  const auto hidden = hidden_choices(record);
  for (auto& d : seen["decisions"])
    for (auto& id : hidden) EXPECT_NE(d["option"], id);
  // The referee's record is the full one; a seat's cannot be replayed.
  reply = engine.handle({{"cmd", "save"}});
  EXPECT_EQ(hidden_choices(reply["record"]), hidden);
  reply = engine.handle({{"cmd", "load"}, {"record", seen}});
  EXPECT_FALSE(reply["ok"]);
  EXPECT_NE(reply["error"].get<std::string>().find("cannot be replayed"), std::string::npos)
      << reply.dump();
  EXPECT_FALSE(engine.handle({{"cmd", "save"}, {"as", 5}})["ok"]);
}

TEST_F(ReplayTest, TheProtocolShowsAnotherSeatsFaceDownChoiceRedacted) {
  protocol::Engine engine;
  json start = record;
  json decisions = json::array();
  // Play up to seat 1's first returned card, then act it with "as": 0.
  std::size_t at = 0;
  while (!(record["decisions"][at]["seat"] == 1 &&
           record["decisions"][at]["option"].get<std::string>().starts_with("return:")))
    decisions.push_back(record["decisions"][at++]);
  start["decisions"] = decisions;
  start.erase("results");
  ASSERT_TRUE(engine.handle({{"cmd", "load"}, {"record", start}})["ok"]);
  const json reply = engine.handle(
      {{"cmd", "act"}, {"seat", 1}, {"option", record["decisions"][at]["option"]}, {"as", 0}});
  ASSERT_TRUE(reply["ok"]) << reply.dump();
  EXPECT_EQ(reply["option"], "return:card-1");
}

}  // namespace
}  // namespace tt::cli
