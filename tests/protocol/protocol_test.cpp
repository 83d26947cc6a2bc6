// The engine protocol, driven line by line: every command, hostile input,
// refused decisions that change nothing, a whole game, save and load.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/match.h"
#include "core/registry.h"
#include "protocol/engine.h"
#include "protocol/limits.h"

namespace tt::protocol {
namespace {

using nlohmann::json;

class ProtocolTest : public ::testing::Test {
 protected:
  void SetUp() override { register_builtin_games(); }

  // Sends one line; the reply must always be one JSON object with "ok".
  json send(const std::string& line) {
    const std::string reply = engine.handle_line(line);
    EXPECT_EQ(reply.find('\n'), std::string::npos);
    json j = json::parse(reply);
    EXPECT_TRUE(j.is_object() && j.contains("ok")) << reply;
    return j;
  }
  json ok(const std::string& line) {
    json j = send(line);
    EXPECT_TRUE(j.value("ok", false)) << line << " -> " << j.dump();
    return j;
  }
  json refused(const std::string& line) {
    json j = send(line);
    EXPECT_FALSE(j.value("ok", true)) << line << " -> " << j.dump();
    EXPECT_TRUE(j.contains("error") && j["error"].is_string() &&
                !j["error"].get<std::string>().empty());
    return j;
  }
  json start(std::uint64_t seed = 3) {
    return ok(R"({"cmd":"new","game":"suikoden","seed":)" + std::to_string(seed) + "}");
  }
  json referee_view() { return ok(R"({"cmd":"view","seat":"referee"})")["view"]; }

  Engine engine;
};

TEST_F(ProtocolTest, GamesDescribesEveryGame) {
  json r = ok(R"({"cmd":"games","id":1})");
  EXPECT_EQ(r["id"], 1);
  ASSERT_FALSE(r["games"].empty());
  const json& g = r["games"][0];
  EXPECT_EQ(g["name"], "suikoden");
  for (const char* key :
       {"title", "min_seats", "max_seats", "variants", "options", "starter_decks", "agents"})
    EXPECT_TRUE(g.contains(key)) << key;
  EXPECT_FALSE(g["starter_decks"].empty());
  EXPECT_NE(std::find(g["agents"].begin(), g["agents"].end(), "greedy"), g["agents"].end());
}

TEST_F(ProtocolTest, TheCatalogueListsEveryAgentWithItsParameters) {
  const json g = ok(R"({"cmd":"games"})")["games"][0];
  ASSERT_TRUE(g.contains("agent_kinds"));
  ASSERT_EQ(g["agent_kinds"].size(), g["agents"].size());
  json ismcts;
  for (auto& k : g["agent_kinds"]) {
    EXPECT_TRUE(k["about"].is_string() && !k["about"].get<std::string>().empty());
    if (k["name"] == "ismcts") ismcts = k;
  }
  ASSERT_TRUE(ismcts.is_object()) << "suikoden determinizes, so IS-MCTS can play it";
  json sims, rollout;
  for (auto& p : ismcts["params"]) {
    if (p["name"] == "sims") sims = p;
    if (p["name"] == "rollout") rollout = p;
  }
  EXPECT_EQ(sims["default"], "1000");
  EXPECT_EQ(sims["min"], 1);
  EXPECT_EQ(sims["integer"], true);
  EXPECT_FALSE(sims.contains("choices"));
  EXPECT_EQ(rollout["choices"], json::array({"random", "greedy"}));
}

TEST_F(ProtocolTest, AiTakesAnAgentSpec) {
  start();
  json r = ok(R"({"cmd":"ai","agent":"ismcts:sims=30:depth=5"})");
  EXPECT_EQ(r["agent"], "ismcts:sims=30:depth=5");
  EXPECT_EQ(r["decisions"], 1);
  r = ok(R"({"cmd":"ai","agent":"greedy"})");
  EXPECT_EQ(r["agent"], "greedy");
  // Refused with the reason, and nothing decided.
  json no = refused(R"({"cmd":"ai","agent":"ismcts:sims=0"})");
  EXPECT_NE(no["error"].get<std::string>().find("ismcts:sims"), std::string::npos) << no.dump();
  no = refused(R"({"cmd":"ai","agent":"ismcts:wide=3"})");
  EXPECT_NE(no["error"].get<std::string>().find("no parameter 'wide'"), std::string::npos);
  EXPECT_EQ(ok(R"({"cmd":"save"})")["record"]["decisions"].size(), 2u);
}

TEST_F(ProtocolTest, NewStartsAMatchWithPendingDecisions) {
  json r =
      ok(R"({"cmd":"new","game":"suikoden","seats":2,"variant":"short","options":{"hand_size":7},
                  "decks":["dawn",null],"seed":42,"id":"x"})");
  EXPECT_EQ(r["id"], "x");
  EXPECT_EQ(r["setup"]["seed"], 42);
  EXPECT_EQ(r["setup"]["options"]["hand_size"], "7");
  EXPECT_FALSE(r["terminal"].get<bool>());
  ASSERT_FALSE(r["pending"].empty());
  const json& p = r["pending"][0];
  EXPECT_TRUE(p["seat"].is_number_integer());
  EXPECT_FALSE(p["prompt"].get<std::string>().empty());
  ASSERT_FALSE(p["options"].empty());
  EXPECT_TRUE(p["options"][0].contains("id") && p["options"][0].contains("label"));
  EXPECT_EQ(ok(R"({"cmd":"pending"})")["pending"], r["pending"]);
}

TEST_F(ProtocolTest, BadSetupsAreRefusedAndKeepTheCurrentMatch) {
  start(5);
  const json before = referee_view();
  for (const char* line :
       {R"({"cmd":"new"})", R"({"cmd":"new","game":"nope"})", R"({"cmd":"new","game":5})",
        R"({"cmd":"new","game":"suikoden","seats":3})",
        R"({"cmd":"new","game":"suikoden","seats":"2"})",
        R"({"cmd":"new","game":"suikoden","seats":1e300})",
        R"({"cmd":"new","game":"suikoden","seats":4294967298})",
        R"({"cmd":"new","game":"suikoden","seed":-1})",
        R"({"cmd":"new","game":"suikoden","seed":1.5})",
        R"({"cmd":"new","game":"suikoden","seed":"12x"})",
        R"({"cmd":"new","game":"suikoden","seed":123456789012345678901234567890})",
        R"({"cmd":"new","game":"suikoden","variant":"nope"})",
        R"({"cmd":"new","game":"suikoden","options":{"nope":"1"}})",
        R"({"cmd":"new","game":"suikoden","options":[1]})",
        R"({"cmd":"new","game":"suikoden","options":{"hand_size":[1]}})",
        R"({"cmd":"new","game":"suikoden","decks":{"a":1}})",
        R"({"cmd":"new","game":"suikoden","decks":["nope"]})",
        R"({"cmd":"new","game":"suikoden","decks":[{"cards":["aldo"]}]})",
        R"({"cmd":"new","game":"suikoden","decks":[7]})"})
    refused(line);
  EXPECT_EQ(referee_view(), before);
}

// Issue 19: decks past the last seat were ignored unread, numeric options
// were only bounded by +-1,000,000 (Magic's life wrapped at 16 bits), and an
// error naming a field with a NUL was cut short at it.
TEST_F(ProtocolTest, SetupsAreCheckedAgainstSeatsRangesAndKeepTheirWholeError) {
  start(5);
  const json before = referee_view();
  json r = refused(R"({"cmd":"new","game":"suikoden","decks":[null,null,"nosuchdeck"]})");
  EXPECT_NE(r["error"].get<std::string>().find("'decks' has 3 entries for 2 seats"),
            std::string::npos)
      << r.dump();
  r = refused(R"({"cmd":"new","game":"magic","seats":2,"decks":["nosuchdeck",null,null]})");
  EXPECT_NE(r["error"].get<std::string>().find("3 entries for 2 seats"), std::string::npos);
  r = refused(R"({"cmd":"new","game":"magic","options":{"starting_life":40000}})");
  EXPECT_NE(r["error"].get<std::string>().find("from 1 to 10000"), std::string::npos) << r.dump();
  r = refused(R"({"cmd":"new","game":"suikoden","options":{"hand_size":21}})");
  EXPECT_NE(r["error"].get<std::string>().find("from 1 to 20"), std::string::npos) << r.dump();
  r = refused(R"({"cmd":"new","game":"suiko\u0000den-and-more"})");
  EXPECT_NE(r["error"].get<std::string>().find("suiko\\u0000den-and-more"), std::string::npos)
      << r.dump();
  EXPECT_EQ(referee_view(), before);
  ok(R"({"cmd":"new","game":"magic","options":{"starting_life":10000}})");
  const json view = referee_view();  // kept: a range-for over a temporary's member dangles
  for (const json& p : view["players"]) EXPECT_EQ(p["life"], 10000);
}

TEST_F(ProtocolTest, TheCatalogueGivesEachNumericOptionItsRange) {
  const json games = ok(R"({"cmd":"games"})")["games"];
  for (const json& g : games)
    for (const json& o : g["options"])
      if (g["name"] == "magic" && o["key"] == "starting_life") {
        EXPECT_EQ(o["allowed"], json::array({"default"}));
        EXPECT_EQ(o["min"], 1);
        EXPECT_EQ(o["max"], 10000);
      } else if (o["allowed"].empty()) {
        EXPECT_TRUE(o.contains("min") && o.contains("max")) << g["name"] << " " << o.dump();
      }
}

TEST_F(ProtocolTest, EveryMatchCommandNeedsAMatchFirst) {
  for (const char* cmd : {"pending", "act", "ai", "view", "log", "save", "results"})
    refused(std::string(R"({"cmd":")") + cmd + R"(","seat":0,"option":"keep"})");
  EXPECT_EQ(engine.match(), nullptr);
}

TEST_F(ProtocolTest, GarbageIsAnsweredNeverFatal) {
  const std::vector<std::string> lines = {
      "",
      "garbage",
      "{",
      "}",
      "[]",
      "null",
      "42",
      "\"cmd\"",
      "{}",
      "{\"cmd\":null}",
      "{\"cmd\":[1]}",
      "{\"cmd\":{\"a\":1}}",
      "{\"cmd\":\"games\"",
      "{\"cmd\":\"GAMES\"}",
      "{\"cmd\":\"\"}",
      "\"\xff\xfe\"",
      "{\"cmd\":\"\xc3\x28\"}",
      std::string("{\"cmd\":\"ga\0mes\"}", 16),
      std::string(100000, '['),
      "{\"id\":" + std::string(70, '[') + std::string(70, ']') + ",\"cmd\":\"games\"}",
      std::string(kMaxLineBytes + 1, ' '),
      "{\"cmd\":\"games\"} trailing",
      "1e999999",
      "-"};
  for (auto& line : lines) refused(line);
  EXPECT_FALSE(engine.done());
  ok(R"({"cmd":"games"})");  // still serving
}

TEST_F(ProtocolTest, WrongTypesAndRangesAreRefusedAndChangeNothing) {
  start();
  const json before = referee_view();
  const std::string keep = R"(,"option":"keep"})";
  for (const std::string& line :
       std::vector<std::string>{R"({"cmd":"act","seat":"0")" + keep,
                                R"({"cmd":"act","seat":0.5)" + keep,
                                R"({"cmd":"act","seat":-1)" + keep,
                                R"({"cmd":"act","seat":2)" + keep,
                                R"({"cmd":"act","seat":4294967296)" + keep,
                                R"({"cmd":"act","seat":18446744073709551615)" + keep,
                                R"({"cmd":"act","seat":99999999999999999999999)" + keep,
                                R"({"cmd":"act","seat":true)" + keep,
                                R"({"cmd":"act","option":"keep"})",
                                R"({"cmd":"act","seat":0})",
                                R"({"cmd":"act","seat":0,"option":7})",
                                R"({"cmd":"act","seat":0,"option":"keep","as":"everyone"})",
                                R"({"cmd":"ai","seat":0,"agent":"bogus"})",
                                R"({"cmd":"ai","seat":9})",
                                R"({"cmd":"ai","agent":3})",
                                R"({"cmd":"ai","seat":0,"as":5})",
                                R"({"cmd":"view"})",
                                R"({"cmd":"view","seat":"x"})",
                                R"({"cmd":"view","seat":2})",
                                R"({"cmd":"view","seat":[0]})",
                                R"({"cmd":"log","since":-1})",
                                R"({"cmd":"log","since":"0"})",
                                R"({"cmd":"log","as":7})",
                                R"({"cmd":"load"})",
                                R"({"cmd":"load","record":5})",
                                R"({"cmd":"load","scenario":[]})",
                                R"({"cmd":"load","record":{},"scenario":{}})"})
    refused(line);
  EXPECT_EQ(referee_view(), before);
  EXPECT_TRUE(engine.match()->decisions().empty());
}

TEST_F(ProtocolTest, ActForASeatWithNothingPendingIsRefused) {
  json r = start();
  const int pending = r["pending"][0]["seat"];
  const int other = 1 - pending;
  const std::string id = r["pending"][0]["options"][0]["id"];
  const json before = referee_view();
  json e =
      refused(R"({"cmd":"act","seat":)" + std::to_string(other) + R"(,"option":")" + id + "\"}");
  EXPECT_NE(e["error"].get<std::string>().find("no decision pending"), std::string::npos);
  EXPECT_EQ(referee_view(), before);
}

TEST_F(ProtocolTest, UnknownOptionIsRefusedAndTheStateIsUnchanged) {
  json r = start();
  const int seat = r["pending"][0]["seat"];
  const json before = referee_view();
  const json log_before = ok(R"({"cmd":"log"})");
  for (const char* id : {"zzz", "", "dispatch:nobody:m9", "KEEP"})
    refused(R"({"cmd":"act","seat":)" + std::to_string(seat) + R"(,"option":")" + id + "\"}");
  EXPECT_EQ(referee_view(), before);
  EXPECT_EQ(ok(R"({"cmd":"log"})"), log_before);
  EXPECT_EQ(ok(R"({"cmd":"pending"})")["pending"], r["pending"]);
}

TEST_F(ProtocolTest, ActAppliesTheOptionAndReturnsNewLogLines) {
  json r = start();
  const int seat = r["pending"][0]["seat"];
  json a = ok(R"({"cmd":"act","seat":)" + std::to_string(seat) + R"(,"option":"keep","id":9})");
  EXPECT_EQ(a["id"], 9);
  EXPECT_EQ(a["decisions"], 1);
  EXPECT_FALSE(a["log"].empty());
  EXPECT_TRUE(a.contains("pending") && a.contains("terminal"));
  json log = ok(R"({"cmd":"log","since":0,"as":"referee"})");
  EXPECT_EQ(log["next"], log["log"].size());
  EXPECT_TRUE(ok(R"({"cmd":"log","since":1000000})")["log"].empty());
}

TEST_F(ProtocolTest, SeatViewsHideWhatTheRefereeSees) {
  start();
  json referee = ok(R"({"cmd":"view","seat":"referee"})");
  json seat0 = ok(R"({"cmd":"view","seat":0})");
  EXPECT_NE(referee["view"], seat0["view"]);
  EXPECT_FALSE(seat0["text"].get<std::string>().empty());
}

TEST_F(ProtocolTest, AFullGameDrivenByTheAiCommandEnds) {
  start(11);
  json r;
  int steps = 0;
  do {
    r = ok(R"({"cmd":"ai","agent":")" + std::string(steps % 2 ? "random" : "greedy") + "\"}");
    ASSERT_TRUE(r["option"].is_string());
    ASSERT_LT(++steps, 5000);
  } while (!r["terminal"].get<bool>());
  EXPECT_TRUE(r["pending"].empty());
  json results = ok(R"({"cmd":"results"})");
  EXPECT_TRUE(results["terminal"].get<bool>());
  EXPECT_EQ(results["results"].size(), 2u);
  refused(R"({"cmd":"ai"})");
  refused(R"({"cmd":"act","seat":0,"option":"keep"})");
  EXPECT_EQ(ok(R"({"cmd":"save"})")["record"]["decisions"].size(), static_cast<std::size_t>(steps));
}

TEST_F(ProtocolTest, SaveThenLoadReproducesTheView) {
  start(21);
  for (int i = 0; i < 25; ++i) ok(R"({"cmd":"ai","agent":"random"})");
  const json record = ok(R"({"cmd":"save"})")["record"];
  EXPECT_EQ(record["format"], "tabletop-record");
  Engine other;
  json loaded = json::parse(other.handle_line(json{{"cmd", "load"}, {"record", record}}.dump()));
  ASSERT_TRUE(loaded["ok"].get<bool>()) << loaded.dump();
  EXPECT_EQ(loaded["decisions"], 25);
  for (const char* viewer : {"\"referee\"", "0", "1"}) {
    const std::string req = std::string(R"({"cmd":"view","seat":)") + viewer + "}";
    EXPECT_EQ(json::parse(other.handle_line(req)), ok(req));
  }
  EXPECT_EQ(json::parse(other.handle_line(R"({"cmd":"pending"})")), ok(R"({"cmd":"pending"})"));
}

TEST_F(ProtocolTest, BadRecordsAreRefusedAndKeepTheCurrentMatch) {
  start(4);
  ok(R"({"cmd":"ai"})");
  json record = ok(R"({"cmd":"save"})")["record"];
  const json before = referee_view();
  json no_format = record;
  no_format.erase("format");
  json bad_option = record;
  bad_option["decisions"][0]["option"] = "zzz";
  json huge_seat = record;
  huge_seat["decisions"][0]["seat"] = 4294967296ull;
  json bad_seed = record;
  bad_seed["setup"]["seed"] = -3;
  json bad_game = record;
  bad_game["game"] = "chess";
  for (auto& r : {no_format, bad_option, huge_seat, bad_seed, bad_game})
    refused(json{{"cmd", "load"}, {"record", r}}.dump());
  EXPECT_EQ(referee_view(), before);
}

TEST_F(ProtocolTest, LoadScenarioStartsFromTheGivenState) {
  auto game = Registry::instance().get("suikoden");
  tt::Setup setup;
  setup.seed = 8;
  Match m(game, setup);
  json state;
  m.state().save(state);
  ok(json{{"cmd", "load"},
          {"scenario", {{"game", "suikoden"}, {"setup", {{"seed", 8}}}, {"state", state}}}}
         .dump());
  EXPECT_EQ(referee_view(), m.view(kReferee));
  const json before = referee_view();
  refused(json{{"cmd", "load"}, {"scenario", {{"game", "suikoden"}, {"state", {{"players", "x"}}}}}}
              .dump());
  refused(json{{"cmd", "load"}, {"scenario", {{"game", "suikoden"}, {"state", 5}}}}.dump());
  refused(json{{"cmd", "load"}, {"scenario", {{"setup", {{"seed", 1}}}}}}.dump());
  EXPECT_EQ(referee_view(), before);
  // Without a state the scenario is a new game from its setup.
  ok(json{{"cmd", "load"}, {"scenario", {{"game", "suikoden"}, {"setup", {{"seed", 8}}}}}}.dump());
  EXPECT_EQ(referee_view(), m.view(kReferee));
}

TEST_F(ProtocolTest, ServeAnswersEachLineAndStopsAtQuit) {
  std::istringstream in("{\"cmd\":\"games\"}\n\n   \nnot json\r\n" +
                        std::string(kMaxLineBytes + 10, 'x') +
                        "\n{\"cmd\":\"quit\",\"id\":3}\n{\"cmd\":\"games\"}\n");
  std::ostringstream out;
  EXPECT_EQ(serve(in, out), 0);
  std::istringstream replies(out.str());
  std::vector<json> got;
  for (std::string line; std::getline(replies, line);) got.push_back(json::parse(line));
  ASSERT_EQ(got.size(), 4u);
  EXPECT_TRUE(got[0]["ok"].get<bool>());
  EXPECT_FALSE(got[1]["ok"].get<bool>());
  EXPECT_FALSE(got[2]["ok"].get<bool>());
  EXPECT_EQ(got[3], (json{{"ok", true}, {"bye", true}, {"id", 3}}));
}

TEST_F(ProtocolTest, ServeEndsAtEndOfInputWithoutQuit) {
  std::istringstream in("{\"cmd\":\"games\"}");  // no final newline
  std::ostringstream out;
  EXPECT_EQ(serve(in, out), 0);
  EXPECT_TRUE(json::parse(out.str())["ok"].get<bool>());
}

TEST_F(ProtocolTest, NegativeSeedsAreRefused) {
  for (const char* seed : {"-1", "-9223372036854775808", "\"-4\"", "-0.5"}) {
    const json e = refused(std::string(R"({"cmd":"new","game":"suikoden","seed":)") + seed + "}");
    EXPECT_NE(e["error"].get<std::string>().find("must not be negative"), std::string::npos)
        << e.dump();
  }
  const json e = refused(R"({"cmd":"load","scenario":{"game":"suikoden","setup":{"seed":-2}}})");
  EXPECT_NE(e["error"].get<std::string>().find("must not be negative"), std::string::npos);
  EXPECT_EQ(engine.match(), nullptr);
}

TEST_F(ProtocolTest, SavedRecordsArePinnedAndMismatchesAreNamed) {
  start(5);
  const json record = ok(R"({"cmd":"save"})")["record"];
  const auto game = Registry::instance().get("suikoden");
  EXPECT_EQ(record["rules_version"], game->rules_version());
  EXPECT_EQ(record["data_hash"], Registry::instance().data_hash("suikoden"));
  EXPECT_EQ(record["data_hash"].get<std::string>().size(), 16u);
  json r = ok(json{{"cmd", "load"}, {"record", record}}.dump());
  EXPECT_FALSE(r.contains("note"));
  json other = record;
  other["data_hash"] = "0123456789abcdef";
  json e = refused(json{{"cmd", "load"}, {"record", other}}.dump());
  EXPECT_NE(e["error"].get<std::string>().find(
                "this record was played with other card data for suikoden (hash "
                "0123456789abcdef, now " +
                record["data_hash"].get<std::string>() + ")"),
            std::string::npos)
      << e.dump();
  other["data_hash"] = 7;
  refused(json{{"cmd", "load"}, {"record", other}}.dump());
  // A record from before pinning loads, with a note.
  other.erase("data_hash");
  other.erase("rules_version");
  r = ok(json{{"cmd", "load"}, {"record", other}}.dump());
  EXPECT_NE(r["note"].get<std::string>().find("unpinned"), std::string::npos);
}

TEST_F(ProtocolTest, CardsListsAGamesCatalogueAndRefusesAnUnknownGame) {
  for (const char* name : {"suikoden", "ddm", "lastchronicle", "magic"}) {
    const json r = ok(json{{"cmd", "cards"}, {"game", name}, {"id", 5}}.dump());
    EXPECT_EQ(r["game"], name);
    EXPECT_EQ(r["id"], 5);
    ASSERT_FALSE(r["cards"].empty()) << name;
    EXPECT_EQ(r["cards"], Registry::instance().get(name)->card_catalog()["cards"]);
  }
  const json unknown = refused(R"({"cmd":"cards","game":"chess"})");
  EXPECT_NE(unknown["error"].get<std::string>().find("unknown game 'chess'"), std::string::npos)
      << unknown.dump();
  const json missing = refused(R"({"cmd":"cards"})");
  EXPECT_NE(missing["error"].get<std::string>().find("game"), std::string::npos) << missing.dump();
}

// A game whose card data is broken: listed with its error, refused with a
// JSON error; the other games still play.
TEST_F(ProtocolTest, ABrokenGameIsListedAndRefused) {
  namespace fs = std::filesystem;
  const fs::path data =
      fs::temp_directory_path() / ("tt_protocol_data_" + std::to_string(getpid()));
  fs::remove_all(data);
  fs::copy(tt::source_data_dir(), data, fs::copy_options::recursive);
  std::ofstream(data / "lastchronicle" / "cards.json") << "{ not json";
  load_builtin_games(data.string());
  const json games = ok(R"({"cmd":"games"})")["games"];
  bool listed = false;
  for (auto& g : games)
    if (g["name"] == "lastchronicle") {
      listed = g.value("broken", false);
      EXPECT_NE(g["error"].get<std::string>().find("cards.json"), std::string::npos) << g.dump();
    }
  EXPECT_TRUE(listed);
  const json e = refused(R"({"cmd":"new","game":"lastchronicle"})");
  EXPECT_TRUE(e.value("bad_data", false));
  EXPECT_NE(e["error"].get<std::string>().find("card data of lastchronicle"), std::string::npos);
  refused(R"({"cmd":"load","scenario":{"game":"lastchronicle"}})");
  EXPECT_TRUE(refused(R"({"cmd":"cards","game":"lastchronicle"})").value("bad_data", false));
  start(2);  // suikoden plays
  ok(R"({"cmd":"ai"})");
  load_builtin_games(data_dir());
  fs::remove_all(data);
}

}  // namespace
}  // namespace tt::protocol
