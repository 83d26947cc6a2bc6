// The server's lobby and tables without a network (docs/server.md): seats
// and tokens, decisions stored before they are acknowledged, refusals that
// change nothing, restarts, timers and the grace of a disconnected seat;
// computer seats named by agent spec within the caps, deciding off the loop.
#include <gtest/gtest.h>
#include <unistd.h>

#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <thread>

#include "core/registry.h"
#include "hub_support.h"
#include "server/agent_workers.h"
#include "server/table_config.h"

namespace tt::server::testing {
namespace {

class Hub : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { register_builtin_games(); }

  // A table of `game` with these seats; returns its id.
  std::string create(FakeConnection& c, json extra = json::object(), std::string game = "suikoden",
                     json seats = {"human", "human"}) {
    // A seed only where its creator may choose one (one person at most).
    json req = {{"cmd", "create"}, {"game", game}, {"seats", seats}};
    if (std::count(seats.begin(), seats.end(), "human") < 2) req["seed"] = 7;
    req.update(extra);
    json r = h.request(c, req);
    EXPECT_EQ(r["ok"], true) << r.dump();
    return r.value("table", "");
  }
  std::string join(FakeConnection& c, const std::string& table, int seat,
                   std::string name = "Ana") {
    json r = h.request(c, {{"cmd", "join"}, {"table", table}, {"seat", seat}, {"name", name}});
    EXPECT_EQ(r["ok"], true) << r.dump();
    return r.value("token", "");
  }
  // The first pending seat in the connection's last update that lists options.
  static const json* own_pending(const FakeConnection& c) {
    const json* u = c.last_update();
    if (!u) return nullptr;
    for (auto& p : (*u)["pending"])
      if (p.contains("options")) return &p;
    return nullptr;
  }
  // Which of two seated connections has a decision (seat 0's first).
  static std::pair<FakeConnection*, FakeConnection*> decider_first(FakeConnection& a,
                                                                   FakeConnection& b) {
    return own_pending(a) ? std::pair{&a, &b} : std::pair{&b, &a};
  }
  // Two people seated at a new Suikoden table: the one who decides first and the other.
  struct Seated {
    std::string table;
    FakeConnection* decider = nullptr;
    std::string decider_token;
    FakeConnection* waiter = nullptr;
    std::string waiter_token;
    // The decider's first option and the decision count it saw.
    std::string option() const { return (*own_pending(*decider))["options"][0]["id"]; }
    std::int64_t seq() const { return (*decider->last_update())["seq"]; }
  };
  Seated seat_two(json extra = json::object()) {
    auto& a = h.connect();
    auto& b = h.connect();
    Seated s;
    s.table = create(a, extra);
    const std::string ta = join(a, s.table, 0);
    const std::string tb = join(b, s.table, 1, "Ben");
    const bool a_first = own_pending(a) != nullptr;
    s.decider = a_first ? &a : &b;
    s.waiter = a_first ? &b : &a;
    s.decider_token = a_first ? ta : tb;
    s.waiter_token = a_first ? tb : ta;
    return s;
  }
  json act(FakeConnection& c, const std::string& table, const std::string& token,
           const std::string& option, std::int64_t seq) {
    return h.request(
        c, {{"cmd", "act"}, {"table", table}, {"token", token}, {"option", option}, {"seq", seq}});
  }
  std::size_t stored_decisions(const std::string& table) {
    std::lock_guard<std::mutex> lock(h.data->mutex);
    return h.data->tables[table].decisions.size();
  }

  Harness h;
};

TEST_F(Hub, CreateListsTheTableAndGivesAJoinLinkPerHumanSeat) {
  auto& c = h.connect();
  json r = h.request(c, {{"cmd", "create"}, {"game", "ddm"}, {"seats", {"human", "greedy"}}});
  ASSERT_EQ(r["ok"], true) << r.dump();
  ASSERT_EQ(r["links"].size(), 1u);
  EXPECT_EQ(r["links"][0]["seat"], 0);
  json list = h.request(c, {{"cmd", "tables"}});
  ASSERT_EQ(list["tables"].size(), 1u);
  EXPECT_EQ(list["tables"][0]["status"], "waiting");
  EXPECT_EQ(list["tables"][0]["seats"][1]["kind"], "greedy");
}

TEST_F(Hub, BadCreateRequestsAreRefusedAndCreateNothing) {
  auto& c = h.connect();
  for (json bad :
       {json{{"cmd", "create"}, {"game", "nope"}},
        json{{"cmd", "create"}, {"game", "suikoden"}, {"seats", {"human"}}},
        json{{"cmd", "create"}, {"game", "suikoden"}, {"seats", {"human", "wizard"}}},
        json{{"cmd", "create"}, {"game", "suikoden"}, {"timer", {{"mode", "hourglass"}}}},
        json{{"cmd", "create"}, {"game", "suikoden"}, {"grace", -1}},
        json{{"cmd", "create"}, {"game", "suikoden"}, {"decks", {"no-such-deck", nullptr}}}}) {
    json r = h.request(c, bad);
    EXPECT_EQ(r["ok"], false) << bad.dump();
    EXPECT_FALSE(r.value("error", "").empty());
  }
  EXPECT_TRUE(h.request(c, {{"cmd", "tables"}})["tables"].empty());
  EXPECT_TRUE(h.data->tables.empty());
}

TEST_F(Hub, JoiningGivesASecretTokenAndOnlyTheSeatsOwnOptions) {
  auto& a = h.connect();
  auto& b = h.connect();
  const std::string t = create(a);
  const std::string token = join(a, t, 0, "Ana");
  EXPECT_GE(token.size(), 32u);
  join(b, t, 1, "Ben");
  const json* ua = a.last_update();
  ASSERT_TRUE(ua);
  EXPECT_EQ((*ua)["as"], 0);
  EXPECT_EQ((*ua)["status"], "playing");
  for (auto& p : (*ua)["pending"]) EXPECT_EQ(p.contains("options"), p["seat"] == 0) << p.dump();
  // A taken seat cannot be taken again; the token is stored only as a hash.
  json again = h.request(b, {{"cmd", "join"}, {"table", t}, {"seat", 0}, {"name", "Eve"}});
  EXPECT_EQ(again["ok"], false);
  EXPECT_EQ(h.data->tables[t].table.seats[0].token_hash.size(), 64u);
  EXPECT_NE(h.data->tables[t].table.seats[0].token_hash, token);
}

TEST_F(Hub, ForgedStaleOtherSeatAndOutOfTurnDecisionsAreRefusedAndChangeNothing) {
  const Seated s = seat_two();
  FakeConnection& d = *s.decider;
  const std::string& t = s.table;
  const std::string& td = s.decider_token;
  const std::string option = s.option();
  const std::int64_t seq = s.seq();
  const std::size_t before = stored_decisions(t);
  EXPECT_EQ(act(d, t, std::string(td.size(), 'f'), option, seq)["ok"], false) << "forged token";
  EXPECT_EQ(act(d, t, "", option, seq)["ok"], false) << "no token";
  EXPECT_EQ(act(d, t, td, option, seq + 1)["ok"], false) << "a seq from the future";
  EXPECT_EQ(act(d, t, td, option, seq - 1)["ok"], false) << "a stale seq";
  EXPECT_EQ(act(d, t, td, "zzz", seq)["ok"], false) << "not an option";
  EXPECT_EQ(act(d, "other", td, option, seq)["ok"], false) << "another table";
  json no_seq = h.request(d, {{"cmd", "act"}, {"table", t}, {"token", td}, {"option", option}});
  EXPECT_EQ(no_seq["ok"], false) << "no seq";
  // The other seat acting out of turn, with its own token, while only one seat is pending.
  if (!own_pending(*s.waiter)) {
    json r = act(*s.waiter, t, s.waiter_token, option, seq);
    EXPECT_EQ(r["ok"], false);
    EXPECT_NE(r["error"].get<std::string>().find("no decision pending"), std::string::npos)
        << r.dump();
  }
  EXPECT_EQ(stored_decisions(t), before);
  EXPECT_EQ(h.request(d, {{"cmd", "tables"}})["tables"][0]["decisions"], seq);
  // The real thing is accepted.
  json ok = act(d, t, td, option, seq);
  EXPECT_EQ(ok["ok"], true) << ok.dump();
  EXPECT_EQ(ok["seq"], seq + 1);
  EXPECT_EQ(stored_decisions(t), before + 1);
}

TEST_F(Hub, ADecisionIsAcknowledgedOnlyOnceStoredAndAFailedStoreChangesNothing) {
  const Seated s = seat_two();
  const std::string option = s.option();
  const std::int64_t seq = s.seq();
  h.data->fail_appends = true;
  json r = act(*s.decider, s.table, s.decider_token, option, seq);
  EXPECT_EQ(r["ok"], false);
  EXPECT_NE(r["error"].get<std::string>().find("could not be stored"), std::string::npos);
  EXPECT_EQ((*s.decider->last_update())["seq"], seq)
      << "no update announced a decision that was not stored";
  EXPECT_EQ((*s.waiter->last_update())["seq"], seq);
  h.data->fail_appends = false;
  r = act(*s.decider, s.table, s.decider_token, option, seq);
  EXPECT_EQ(r["ok"], true) << r.dump();
  EXPECT_EQ(stored_decisions(s.table), static_cast<std::size_t>(seq + 1));
}

TEST_F(Hub, ARestartedServerResumesEveryTableAtItsLastDecisionAndTokensStillHold) {
  auto& a = h.connect();
  auto& b = h.connect();
  const std::string t = create(a);
  const std::string ta = join(a, t, 0);
  const std::string tb = join(b, t, 1, "Ben");
  // A few decisions by whoever is pending.
  for (int i = 0; i < 6; ++i) {
    for (auto* c : {&a, &b}) {
      const json* p = own_pending(*c);
      if (!p) continue;
      json r = h.request(*c, {{"cmd", "act"},
                              {"table", t},
                              {"token", c == &a ? ta : tb},
                              {"option", (*p)["options"][0]["id"]},
                              {"seq", (*c->last_update())["seq"]}});
      ASSERT_EQ(r["ok"], true) << r.dump();
      break;
    }
  }
  const json before = *a.last_update();
  h.restart();
  auto& a2 = h.connect();
  json r = h.request(a2, {{"cmd", "resume"}, {"table", t}, {"token", ta}});
  ASSERT_EQ(r["ok"], true) << r.dump();
  EXPECT_EQ(r["seat"], 0);
  const json* after = a2.last_update();
  ASSERT_TRUE(after);
  EXPECT_EQ((*after)["seq"], before["seq"]);
  EXPECT_EQ((*after)["view"], before["view"]);
  EXPECT_EQ((*after)["pending"], before["pending"]);
  json wrong = h.request(a2, {{"cmd", "resume"}, {"table", t}, {"token", std::string(48, '0')}});
  EXPECT_EQ(wrong["ok"], false);
}

TEST_F(Hub, AComputerSeatPlaysAndTheFinishedGameOpensItsRecord) {
  auto& c = h.connect();
  const std::string t = create(c, json::object(), "ddm", {"random", "random"});
  h.loop.settle(*h.server);
  // Nobody sits at an all-computer table; it plays to the end by itself.
  for (int i = 0; i < 100000 && !h.data->tables[t].finished; ++i) h.loop.settle(*h.server);
  ASSERT_TRUE(h.data->tables[t].finished);
  HttpReply rec = h.get("/api/records/" + t);
  ASSERT_EQ(rec.status, 200) << rec.body;
  json record = json::parse(rec.body);
  EXPECT_EQ(record["decisions"].size(), h.data->tables[t].decisions.size());
  // Who sat where is kept, so replays name seats as the table did.
  EXPECT_EQ(record["seats"][1]["kind"], "random");
  HttpReply step = h.get("/api/replay/" + t + "/3?as=0");
  ASSERT_EQ(step.status, 200) << step.body;
  EXPECT_EQ(json::parse(step.body)["step"], 3);
  EXPECT_EQ(json::parse(step.body)["seats"][0]["kind"], "random");
}

TEST_F(Hub, TheRecordOfAGameInPlayStaysClosed) {
  auto& c = h.connect();
  const std::string t = create(c);
  EXPECT_EQ(h.get("/api/records/" + t).status, 404);
  EXPECT_EQ(h.get("/api/replay/" + t + "/0").status, 404);
}

TEST_F(Hub, AMoveTimerTakesTheSeatsDefaultOptionWhenItRunsOut) {
  const Seated s = seat_two({{"timer", {{"mode", "move"}, {"seconds", 30}}}});
  const std::int64_t seq = s.seq();
  // The update shows the deciding seat's clock running with its full time.
  const json& clock = (*s.decider->last_update())["clock"];
  const int deciding = (*s.decider->last_update())["as"];
  EXPECT_EQ(clock["running"][deciding], true) << clock.dump();
  EXPECT_EQ(clock["remaining_ms"][deciding], 30000) << clock.dump();
  h.loop.advance(std::chrono::seconds(29), *h.server);
  EXPECT_EQ((*s.decider->last_update())["seq"], seq);
  h.loop.advance(std::chrono::seconds(2), *h.server);
  EXPECT_GT((*s.decider->last_update())["seq"].get<std::int64_t>(), seq);
  // After the default was taken, whoever decides next sees its own clock running.
  FakeConnection* next = decider_first(*s.decider, *s.waiter).first;
  const json& after = (*next->last_update())["clock"];
  EXPECT_EQ(after["running"][(*next->last_update())["as"].get<int>()], true) << after.dump();
}

TEST_F(Hub, ASeatAwayLongerThanItsGraceConcedesWhenItMustDecide) {
  const Seated s = seat_two({{"grace", 60}});
  const int stays_seat = (*s.waiter->last_update())["as"];
  h.disconnect(*s.decider);
  h.loop.advance(std::chrono::seconds(59), *h.server);
  EXPECT_EQ((*s.waiter->last_update())["terminal"], false);
  h.loop.advance(std::chrono::seconds(2), *h.server);
  const json* u = s.waiter->last_update();
  EXPECT_EQ((*u)["terminal"], true);
  EXPECT_EQ((*u)["results"][stays_seat]["result"], "win") << u->dump();
}

TEST_F(Hub, MessagesThatAreNotRequestsGetAnErrorAndTheConnectionGoesOn) {
  auto& c = h.connect();
  const std::vector<std::string> bad_messages = {"not json", "[1,2]", "{\"cmd\":5}",
                                                 "{\"cmd\":\"fly\"}",
                                                 std::string(100, '[') + std::string(100, ']')};
  for (const std::string& bad : bad_messages) {
    h.server->message(c, bad);
    h.loop.settle(*h.server);
    ASSERT_FALSE(c.sent.empty());
    EXPECT_TRUE(c.sent.back().contains("error")) << bad;
  }
  EXPECT_EQ(h.request(c, {{"cmd", "ping"}})["ok"], true);
}

TEST_F(Hub, MetricsAndHealth) {
  EXPECT_EQ(h.get("/healthz").status, 200);
  HttpReply m = h.get("/metrics");
  EXPECT_NE(m.body.find("tabletop_tables "), std::string::npos);
  EXPECT_NE(m.body.find("tabletop_ack_milliseconds_bucket"), std::string::npos);
}

// /api/cards/GAME: the catalogue the browser's card component reads.
TEST_F(Hub, EachGamesCardCatalogueIsServedAndAnUnknownGameIs404) {
  for (const char* name : {"suikoden", "ddm", "lastchronicle", "magic"}) {
    HttpReply r = h.get(std::string("/api/cards/") + name);
    ASSERT_EQ(r.status, 200) << name << ": " << r.body;
    EXPECT_EQ(r.content_type, "application/json");
    const json body = json::parse(r.body);
    EXPECT_EQ(body["game"], name);
    EXPECT_EQ(body["cards"], Registry::instance().get(name)->card_catalog()["cards"]);
    // Every starter deck as its file says: the deck builder's templates.
    const auto game = Registry::instance().get(name);
    ASSERT_EQ(body.value("starter_decks", json::object()).size(), game->starter_decks().size());
    for (const std::string& deck : game->starter_decks())
      EXPECT_EQ(body["starter_decks"][deck], game->starter_deck(deck)) << deck;
  }
  HttpReply unknown = h.get("/api/cards/chess");
  EXPECT_EQ(unknown.status, 404);
  EXPECT_NE(json::parse(unknown.body)["error"].get<std::string>().find("unknown game 'chess'"),
            std::string::npos)
      << unknown.body;
  EXPECT_EQ(h.get("/api/cards/").status, 404);
}

// A game whose card data could not be loaded: 503 naming the error; the
// other games' catalogues are still served.
TEST_F(Hub, ABrokenGamesCardCatalogueIs503) {
  namespace fs = std::filesystem;
  const fs::path data = fs::temp_directory_path() / ("tt_hub_data_" + std::to_string(getpid()));
  fs::remove_all(data);
  fs::copy(tt::source_data_dir(), data, fs::copy_options::recursive);
  std::ofstream(data / "ddm" / "pool.json") << "{ not json";
  load_builtin_games(data.string());
  HttpReply broken = h.get("/api/cards/ddm");
  HttpReply magic = h.get("/api/cards/magic");
  load_builtin_games(data_dir());
  fs::remove_all(data);
  EXPECT_EQ(broken.status, 503);
  EXPECT_NE(json::parse(broken.body)["error"].get<std::string>().find("pool.json"),
            std::string::npos)
      << broken.body;
  EXPECT_EQ(magic.status, 200);
}

TEST_F(Hub, ComputerSeatsAreAgentSpecsWithinTheServersCaps) {
  auto& c = h.connect();
  json r = h.request(
      c, {{"cmd", "create"}, {"game", "suikoden"}, {"seats", {"human", "ismcts:c=1:sims=50"}}});
  ASSERT_EQ(r["ok"], true) << r.dump();
  EXPECT_EQ(r["summary"]["seats"][1]["kind"], "ismcts:sims=50:c=1");  // written back in full
  // Refused, each with its reason, and no table made.
  const std::pair<const char*, const char*> refused[] = {
      {"wizard", "unknown agent 'wizard'"},
      {"ismcts:sims=0", "ismcts:sims: 0 is not in 1 to"},
      {"ismcts:sims=50000", "ismcts:sims=50000 is more than this server allows (at most 20000)"},
      {"ismcts:ms=9000", "(at most 5000)"},
      {"ismcts:depth=500", "(at most 100)"},
      {"ismcts:threads=2", "ismcts:threads=2 is more than this server allows (at most 1)"},
      {"ismcts:rollout=greedy:sims=5000", "(at most 2000)"},
      {"greedy:evals=1000000",
       "greedy:evals=1000000 is more than this server allows (at most 20000)"},
  };
  const auto before = h.get("/api/tables").body;
  for (auto& [spec, why] : refused) {
    json no = h.request(c, {{"cmd", "create"}, {"game", "suikoden"}, {"seats", {"human", spec}}});
    EXPECT_EQ(no["ok"], false) << spec;
    EXPECT_NE(no.value("error", "").find(why), std::string::npos) << no.dump();
    EXPECT_NE(no.value("error", "").find("seat 1"), std::string::npos) << no.dump();
  }
  json long_spec = h.request(c, {{"cmd", "create"},
                                 {"game", "suikoden"},
                                 {"seats", {"human", "ismcts:" + std::string(300, 'x')}}});
  EXPECT_EQ(long_spec["ok"], false);
  EXPECT_EQ(h.get("/api/tables").body, before);
  // A server started with more search threads allows them.
  h.restart({.agent_threads = 2});
  auto& c2 = h.connect();
  json two = h.request(
      c2,
      {{"cmd", "create"}, {"game", "suikoden"}, {"seats", {"human", "ismcts:threads=2:sims=40"}}});
  EXPECT_EQ(two["ok"], true) << two.dump();
}

// The decisions of an all-computer table from create to the end.
std::vector<std::string> computer_game(ServerOptions options, json seats) {
  Harness h(options);
  auto& c = h.connect();
  json r = h.request(c, {{"cmd", "create"}, {"game", "suikoden"}, {"seats", seats}, {"seed", 11}});
  EXPECT_EQ(r["ok"], true) << r.dump();
  const std::string t = r.value("table", "");
  for (int i = 0; i < 1000 && !h.data->tables[t].finished; ++i) h.loop.settle(*h.server);
  EXPECT_TRUE(h.data->tables[t].finished);
  std::vector<std::string> decisions;
  for (auto& d : h.data->tables[t].decisions)
    decisions.push_back(std::to_string(d.seat) + ":" + d.option);
  return decisions;
}

TEST_F(Hub, ComputerSeatsDecideOffTheLoopAndASeededTablePlaysTheSameWay) {
  const json seats = {"ismcts:sims=20", "greedy"};
  const auto on_workers = computer_game({}, seats);
  ASSERT_GT(on_workers.size(), 10u);
  EXPECT_EQ(computer_game({.agent_workers = 3}, seats), on_workers);
  EXPECT_EQ(computer_game({.agent_workers = 0}, seats), on_workers);  // on the loop thread
}

// Computer seats wait the table's pace before they decide, so people can
// follow them: the server's --agent-delay-ms at a table with a person when
// the creator chose none, nothing at a table of computers, or the table's own.
TEST(HubPace, ComputerSeatsWaitTheTablesPaceBeforeTheyDecide) {
  register_builtin_games();
  Harness h({.agent_delay_ms = 600});
  auto& c = h.connect();
  auto create = [&](json extra, json seats) {
    json req = {{"cmd", "create"}, {"game", "suikoden"}, {"seats", seats}, {"seed", 7}};
    req.update(extra);
    json r = h.request(c, req);
    EXPECT_EQ(r["ok"], true) << r.dump();
    return r;
  };
  EXPECT_EQ(create(json::object(), {"human", "greedy"})["summary"]["pace"], 600);
  EXPECT_EQ(create(json::object(), {"greedy", "random"})["summary"]["pace"], 0);
  EXPECT_EQ(create({{"pace", 0}}, {"human", "greedy"})["summary"]["pace"], 0);
  for (json bad : {json(-1), json(kMaxPaceMs + 1), json("fast")}) {
    json r = h.request(c, {{"cmd", "create"}, {"game", "suikoden"}, {"pace", bad}});
    EXPECT_EQ(r["ok"], false) << bad.dump();
  }

  // Seated against a computer at the default pace: the computer's mulligan
  // waits 600 ms of the table's clock, then is stored.
  const std::string t = create(json::object(), {"human", "greedy"})["table"];
  json joined = h.request(c, {{"cmd", "join"}, {"table", t}, {"seat", 0}, {"name", "Ana"}});
  ASSERT_EQ(joined["ok"], true) << joined.dump();
  auto by_computer = [&] {
    int n = 0;
    for (auto& d : h.data->tables[t].decisions) n += d.seat == 1;
    return n;
  };
  EXPECT_EQ(by_computer(), 0);
  h.loop.advance(std::chrono::milliseconds(500), *h.server);
  EXPECT_EQ(by_computer(), 0);
  h.loop.advance(std::chrono::milliseconds(200), *h.server);
  EXPECT_EQ(by_computer(), 1);
}

TEST(AgentWorkers, RunJobsOffTheCallersThreadAndSayWhenIdle) {
  AgentWorkers workers(2);
  EXPECT_TRUE(workers.idle());
  std::mutex m;
  std::condition_variable cv;
  bool release = false;
  std::thread::id ran_on;
  workers.run([&] {
    std::unique_lock<std::mutex> lock(m);
    ran_on = std::this_thread::get_id();
    cv.wait(lock, [&] { return release; });
  });
  EXPECT_FALSE(workers.idle());  // still deciding: a ManualLoop keeps settling
  {
    std::lock_guard<std::mutex> lock(m);
    release = true;
  }
  cv.notify_all();
  while (!workers.idle()) std::this_thread::yield();
  EXPECT_NE(ran_on, std::this_thread::get_id());
  AgentWorkers inline_workers(0);  // no threads: at once, on the caller's
  inline_workers.run([&] { ran_on = std::this_thread::get_id(); });
  EXPECT_EQ(ran_on, std::this_thread::get_id());
  EXPECT_TRUE(inline_workers.idle());
}

}  // namespace
}  // namespace tt::server::testing
