// Secret shuffles (docs/server.md "create"): at a table of two or more
// people the server draws the seed, no client learns it before the game is
// over, the commitment published at the start matches the seed and salt the
// record reveals at the end, and a table whose creator chose the seed says so.
#include <gtest/gtest.h>

#include "core/match.h"
#include "core/registry.h"
#include "hub_support.h"
#include "server/seed_commitment.h"
#include "server/tokens.h"

namespace tt::server::testing {
namespace {

class SecretSeed : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { register_builtin_games(); }

  static json create_request(json seats, json extra = json::object()) {
    json req = {{"cmd", "create"}, {"game", "suikoden"}, {"seats", seats}};
    req.update(extra);
    return req;
  }
  static std::uint64_t stored_seed(Harness& h, const std::string& table) {
    return json::parse(h.data->tables.at(table).table.setup_json)["setup"]["seed"]
        .get<std::uint64_t>();
  }
  // Whether `j` holds a field "seed" with a number, anywhere.
  static bool names_a_seed(const json& j) {
    if (j.is_object())
      for (auto& [k, v] : j.items())
        if ((k == "seed" && v.is_number()) || names_a_seed(v)) return true;
    if (j.is_array())
      for (auto& v : j)
        if (names_a_seed(v)) return true;
    return false;
  }
  // The connection whose last update offers it options, and its seat's token.
  static int deciding(const std::vector<FakeConnection*>& seats) {
    for (std::size_t i = 0; i < seats.size(); ++i)
      if (const json* u = seats[i]->last_update())
        for (auto& p : (*u)["pending"])
          if (p.contains("options")) return static_cast<int>(i);
    return -1;
  }
};

TEST_F(SecretSeed, ACreateThatNamesASeedForTwoPeopleIsRefused) {
  Harness h;
  auto& c = h.connect();
  json r = h.request(c, create_request({"human", "human"}, {{"seed", 7}}));
  EXPECT_EQ(r["ok"], false);
  EXPECT_NE(r.value("error", "").find("\"seed\""), std::string::npos) << r.dump();
  EXPECT_TRUE(h.data->tables.empty());
  // No "seats" means two people, too.
  EXPECT_EQ(h.request(c, {{"cmd", "create"}, {"game", "suikoden"}, {"seed", "7"}})["ok"], false);
  EXPECT_EQ(h.request(c, {{"cmd", "tables"}})["count"], 0);
}

// The reproduction in spirit (seat 0 of a 4-person Magic table
// rebuilt the other hands from its own updates and the seed it had chosen):
// the seed and the decisions rebuild every hand, and a seat at a table of
// people never has the seed until the game is over.
struct Played {
  const char* game;
  int people;
  friend void PrintTo(const Played& p, std::ostream* os) {
    *os << p.game << " with " << p.people << " people";
  }
};
class SecretSeedGames : public SecretSeed, public ::testing::WithParamInterface<Played> {};

TEST_P(SecretSeedGames, NoClientLearnsTheSeedBeforeTheEndAndTheRecordProvesTheCommitment) {
  const Played p = GetParam();
  constexpr int kDecisions = 30;
  Harness h;
  std::vector<FakeConnection*> seats;
  std::vector<std::string> tokens;
  for (int s = 0; s < p.people; ++s) seats.push_back(&h.connect());
  auto& watcher = h.connect();
  json created = h.request(*seats[0], {{"cmd", "create"},
                                       {"game", p.game},
                                       {"seats", std::vector<std::string>(p.people, "human")}});
  ASSERT_EQ(created["ok"], true) << created.dump();
  const std::string t = created["table"];
  const std::uint64_t seed = stored_seed(h, t);
  const std::string digits = std::to_string(seed);
  ASSERT_GE(digits.size(), 6u);  // long enough not to turn up by chance

  EXPECT_EQ(created["summary"].value("seed", ""), "secret");
  const std::string commitment = created["summary"].value("seed_commitment", "");
  EXPECT_EQ(commitment.size(), 64u);
  for (int s = 0; s < p.people; ++s) {
    tokens.push_back(h.join(*seats[static_cast<std::size_t>(s)], t, s));
    ASSERT_FALSE(tokens.back().empty()) << "seat " << s << " could not be taken";
  }
  h.request(watcher, {{"cmd", "watch"}, {"table", t}});
  ASSERT_EQ((*seats[0]->last_update()).value("seed", ""), "secret");
  EXPECT_EQ((*watcher.last_update()).value("seed_commitment", ""), commitment);

  std::vector<std::string> http;  // what the HTTP API says meanwhile
  for (int step = 0; step < kDecisions; ++step) {
    const int s = deciding(seats);
    ASSERT_GE(s, 0);
    const json& u = *seats[static_cast<std::size_t>(s)]->last_update();
    std::string option;
    for (auto& pending : u["pending"])
      if (pending.contains("options")) option = pending["options"][0]["id"];
    json r = h.request(*seats[static_cast<std::size_t>(s)], {{"cmd", "act"},
                                                             {"table", t},
                                                             {"token", tokens[s]},
                                                             {"option", option},
                                                             {"seq", u["seq"]}});
    ASSERT_EQ(r["ok"], true) << r.dump();
    if (step % 10 == 0)
      for (const std::string& path :
           std::vector<std::string>{"/api/tables", "/api/records/" + t, "/api/replay/" + t + "/1"})
        http.push_back(h.get(path).body);
  }
  ASSERT_FALSE((*watcher.last_update())["terminal"]);
  EXPECT_EQ(h.get("/api/records/" + t).status, 404);
  const json last_for_1 = (*seats[1]->last_update())["view"];

  for (FakeConnection* c : seats)
    for (const json& m : c->sent) {
      EXPECT_EQ(m.dump().find(digits), std::string::npos) << m.dump();
      EXPECT_FALSE(names_a_seed(m)) << m.dump();
    }
  for (const json& m : watcher.sent) EXPECT_EQ(m.dump().find(digits), std::string::npos);
  for (const std::string& body : http) EXPECT_EQ(body.find(digits), std::string::npos) << body;

  // Every seat but one concedes: the game is over and the record reveals seed and salt.
  for (int s = 0; s + 1 < p.people; ++s)
    h.request(*seats[static_cast<std::size_t>(s)], {{"cmd", "act"},
                                                    {"table", t},
                                                    {"token", tokens[s]},
                                                    {"option", kConcede},
                                                    {"seq", (*seats[0]->last_update())["seq"]}});
  ASSERT_EQ((*watcher.last_update())["terminal"], true);
  for (const json& m : watcher.sent) EXPECT_EQ(m.dump().find(digits), std::string::npos);
  const HttpReply rec = h.get("/api/records/" + t);
  ASSERT_EQ(rec.status, 200) << rec.body;
  const json record = json::parse(rec.body);
  const json reveal = record.value("seed_commitment", json::object());
  ASSERT_TRUE(reveal.contains("salt")) << rec.body;
  EXPECT_EQ(reveal["commitment"], commitment);
  EXPECT_EQ(reveal["seed"], digits);
  EXPECT_EQ(record["setup"]["seed"].get<std::uint64_t>(), seed);
  EXPECT_EQ(token_hash(reveal["salt"].get<std::string>() + ":" + digits), commitment);
  EXPECT_EQ(json::parse(h.get("/api/replay/" + t + "/0").body)["seed_commitment"].value("seed", ""),
            digits);

  // What the seed gives whoever has it: the record's seed and the first
  // decisions rebuild seat 1's view exactly.
  json upto = record;
  upto["decisions"] = json::array();
  for (int i = 0; i < kDecisions; ++i) upto["decisions"].push_back(record["decisions"][i]);
  EXPECT_EQ(Match::from_record(upto).view(1), last_for_1);
}

INSTANTIATE_TEST_SUITE_P(Games, SecretSeedGames,
                         ::testing::Values(Played{"suikoden", 2}, Played{"magic", 4},
                                           Played{"lastchronicle", 2}, Played{"ddm", 2}),
                         [](const auto& info) { return std::string(info.param.game); });

TEST_F(SecretSeed, ATableWhoseCreatorChoseTheSeedSaysSoToEveryone) {
  Harness h;
  auto& c = h.connect();
  // One person and a computer may name a seed: the table is marked fixed.
  json r = h.request(c, create_request({"human", "greedy"}, {{"seed", 7}}));
  ASSERT_EQ(r["ok"], true) << r.dump();
  EXPECT_EQ(r["summary"].value("seed", ""), "fixed");
  EXPECT_FALSE(r["summary"].contains("seed_commitment"));
  const std::string t = r["table"];
  auto& watcher = h.connect();
  h.request(watcher, {{"cmd", "watch"}, {"table", t}});
  EXPECT_EQ((*watcher.last_update()).value("seed", ""), "fixed");
  EXPECT_EQ(h.request(c, {{"cmd", "tables"}})["tables"][0].value("seed", ""), "fixed");
  EXPECT_EQ(json::parse(h.get("/api/tables").body)["tables"][0].value("seed", ""), "fixed");
  // ... and without a seed, the server draws a secret one.
  json drawn = h.request(c, create_request({"human", "greedy"}));
  EXPECT_EQ(drawn["summary"].value("seed", ""), "secret");

  // A server started for tests may allow a fixed seed at a table of people; it is marked too.
  Harness lenient({.allow_fixed_seeds = true});
  auto& d = lenient.connect();
  json people = lenient.request(d, create_request({"human", "human"}, {{"seed", 7}}));
  ASSERT_EQ(people["ok"], true) << people.dump();
  EXPECT_EQ(people["summary"].value("seed", ""), "fixed");
  EXPECT_EQ(stored_seed(lenient, people["table"]), 7u);

  // The table says so after a restart too.
  h.restart();
  auto& e = h.connect();
  h.request(e, {{"cmd", "watch"}, {"table", t}});
  EXPECT_EQ((*e.last_update()).value("seed", ""), "fixed");
}

TEST_F(SecretSeed, TheSecretAndTheCommitmentSurviveARestart) {
  Harness h;
  auto& c = h.connect();
  json r = h.request(c, create_request({"human", "human"}));
  const std::string t = r["table"];
  h.restart();
  auto& d = h.connect();
  h.request(d, {{"cmd", "watch"}, {"table", t}});
  EXPECT_EQ((*d.last_update()).value("seed", ""), "secret");
  EXPECT_EQ((*d.last_update()).value("seed_commitment", ""),
            r["summary"].value("seed_commitment", "-"));
}

// The commitment is SHA-256 of "SALT:SEED", as docs/server.md tells players
// to check it (`printf 'abc:1' | sha256sum`).
TEST(SeedCommitment, IsTheSha256OfSaltColonSeed) {
  EXPECT_EQ(seed_commitment("abc", 1),
            "bfcf0b9cbe9d8208b2cddd9a01c31a9a60698a106a0e4fc1664233a15f16acec");
  const SecretDeal deal = draw_secret_seed();
  EXPECT_FALSE(deal.secret.fixed);
  EXPECT_EQ(deal.secret.salt.size(), 48u);
  EXPECT_EQ(deal.secret.commitment, seed_commitment(deal.secret.salt, deal.seed));
  EXPECT_NE(draw_secret_seed().seed, deal.seed);
}

// A computer seat's draws: the same for the same table and decision (a
// restart plays on the same way), but at a secret table they depend on the
// salt, so knowing the seed does not predict them, and they are no simple
// function of the seed that would tell it (the old seed ^ k * (seq + 1)).
TEST(SeedCommitment, ComputerSeatsDrawFromAOneWayFunctionOfTheSecret) {
  const SecretDeal one = draw_secret_seed();
  SeedSecret other = one.secret;
  other.salt = new_token();
  EXPECT_EQ(agent_seed(one.secret, one.seed, 5), agent_seed(one.secret, one.seed, 5));
  EXPECT_NE(agent_seed(one.secret, one.seed, 5), agent_seed(other, one.seed, 5));
  EXPECT_NE(agent_seed(one.secret, one.seed, 5), agent_seed(one.secret, one.seed, 6));
  for (std::int64_t seq = 0; seq < 50; ++seq)
    EXPECT_NE(agent_seed(one.secret, one.seed, seq) ^ one.seed,
              0x9E3779B97F4A7C15ull * static_cast<std::uint64_t>(seq + 1));
  // A fixed seed: the same seed plays the same game every time.
  EXPECT_EQ(agent_seed(SeedSecret{}, 7, 3), agent_seed(SeedSecret{}, 7, 3));
}

}  // namespace
}  // namespace tt::server::testing
