// Fresh games from a setup prepared once (Game::prepare, PreparedSetup::deal)
// are exactly the games the old one-step new_state made, for every game.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "ai/agent.h"
#include "core/error.h"
#include "core/registry.h"

namespace tt {
namespace {

using nlohmann::json;

// Setups over every game, variant and table size (and decks named out of turn).
const char* const kSetups[] = {
    R"({"game": "suikoden"})",
    R"({"game": "suikoden", "variant": "chain-links"})",
    R"({"game": "suikoden", "variant": "short"})",
    R"({"game": "suikoden", "options": {"mulligan_max": "0"}})",
    R"({"game": "suikoden", "decks": ["river", "iron"]})",
    R"({"game": "ddm"})",
    R"({"game": "ddm", "variant": "quick"})",
    R"({"game": "ddm", "decks": ["dragons", "arcane"]})",
    R"({"game": "lastchronicle"})",
    R"({"game": "lastchronicle", "seats": 3})",
    R"({"game": "lastchronicle", "seats": 4})",
    R"({"game": "lastchronicle", "variant": "multiplayer-duel"})",
    R"({"game": "lastchronicle", "seats": 3, "decks": ["night-court", "dawn-legion", "tide-circle"]})",
    R"({"game": "magic"})",
    R"({"game": "magic", "seats": 4})",
    R"({"game": "magic", "seats": 6})",
    R"({"game": "magic", "seats": 16})",
    R"({"game": "magic", "variant": "duel"})",
    R"({"game": "magic", "seats": 10, "variant": "grand-melee"})",
    R"({"game": "magic", "seats": 4, "variant": "team-vs-team"})",
    R"({"game": "magic", "seats": 6, "variant": "emperor"})",
    R"({"game": "magic", "seats": 4, "variant": "2hg"})",
    R"({"game": "magic", "seats": 6, "variant": "alternating-teams"})",
    R"({"game": "magic", "seats": 4, "options": {"ante": "on", "planechase": "on"}})",
    R"({"game": "magic", "seats": 3, "decks": ["white-blue-skies", null, "blue-green-tides"]})",
};

// The state at the first decision and its set-up events, as new_state made
// them before set-ups were prepared (for Dungeon Dice Monsters: its old
// new_state run against its current state, as the saved form changed since).
// If a change to a saved form or to a set-up is meant, print the new values
// with the failure message's lines.
struct Recorded {
  int setup;
  std::uint64_t seed;
  std::uint64_t fingerprint;
  std::uint64_t events;
};
const Recorded kRecorded[] = {
    {0, 1ull, 0x268578be9cbc4819ull, 0xbddfe42f7d6e9e59ull},
    {0, 2ull, 0xe2f13d730df75c52ull, 0x7273fcf59fc65757ull},
    {0, 3ull, 0x62aed779953bde2aull, 0x780596517ac3f393ull},
    {0, 42ull, 0x93ce51ce6c319d83ull, 0xb5ed5af1c13b0a54ull},
    {0, 987654321987ull, 0x024b0972fb72bba0ull, 0xec200f3867f10481ull},
    {1, 1ull, 0x268578be9cbc4819ull, 0xbddfe42f7d6e9e59ull},
    {1, 2ull, 0xe2f13d730df75c52ull, 0x7273fcf59fc65757ull},
    {1, 3ull, 0x62aed779953bde2aull, 0x780596517ac3f393ull},
    {1, 42ull, 0x93ce51ce6c319d83ull, 0xb5ed5af1c13b0a54ull},
    {1, 987654321987ull, 0x024b0972fb72bba0ull, 0xec200f3867f10481ull},
    {2, 1ull, 0x3597ec71b918d1a3ull, 0xbddfe42f7d6e9e59ull},
    {2, 2ull, 0x6214d7c37ae4e4b8ull, 0x7273fcf59fc65757ull},
    {2, 3ull, 0xe32564bbb909ca30ull, 0x780596517ac3f393ull},
    {2, 42ull, 0x1d7c52580d775af9ull, 0xb5ed5af1c13b0a54ull},
    {2, 987654321987ull, 0x6e064ece5c35cc5aull, 0xec200f3867f10481ull},
    {3, 1ull, 0x5fdd96eeb3f29f45ull, 0xda94869c623ea1a0ull},
    {3, 2ull, 0xda2a1fa0aaa6c9c6ull, 0x4540310b6cf4315aull},
    {3, 3ull, 0xbf5517da88f41ee2ull, 0xdb21023baef7ee57ull},
    {3, 42ull, 0x2b7aa00a0fd6302full, 0xfa892a1303fd727dull},
    {3, 987654321987ull, 0x6a7c19b0fc6fd4c4ull, 0xc2f3785900d164c8ull},
    {4, 1ull, 0xc3846c2c1b6d6ab6ull, 0xbddfe42f7d6e9e59ull},
    {4, 2ull, 0xfba8eb3063be99f5ull, 0x7273fcf59fc65757ull},
    {4, 3ull, 0xbb3f3fd90f85a5edull, 0x780596517ac3f393ull},
    {4, 42ull, 0x1a23d90175ae5046ull, 0xb5ed5af1c13b0a54ull},
    {4, 987654321987ull, 0x5401553230ea96ebull, 0xec200f3867f10481ull},
    {5, 1ull, 0xfa93ece9f77b7a1cull, 0x7b77c2a411b2c72eull},
    {5, 2ull, 0xbdb9681fa19c54e8ull, 0x7f92b57b80e797ceull},
    {5, 3ull, 0x426688a4a146b983ull, 0x7b77c2a411b2c72eull},
    {5, 42ull, 0xb841c1d64c79a5e8ull, 0x7f92b57b80e797ceull},
    {5, 987654321987ull, 0xf5c2ecfb3c7ca9a6ull, 0x7f92b57b80e797ceull},
    {6, 1ull, 0xd84de749bd3090daull, 0x7b77c2a411b2c72eull},
    {6, 2ull, 0xd18adafdbe59c12aull, 0x7f92b57b80e797ceull},
    {6, 3ull, 0x4f182b0c738efbb9ull, 0x7b77c2a411b2c72eull},
    {6, 42ull, 0xcc1334b46937122aull, 0x7f92b57b80e797ceull},
    {6, 987654321987ull, 0x882bca1a6a632724ull, 0x7f92b57b80e797ceull},
    {7, 1ull, 0x20828c4b68c0bf5dull, 0x7b77c2a411b2c72eull},
    {7, 2ull, 0x537de3abbfc74bb9ull, 0x7f92b57b80e797ceull},
    {7, 3ull, 0xccf385040d955abeull, 0x7b77c2a411b2c72eull},
    {7, 42ull, 0x83e8b1a2b21a84b9ull, 0x7f92b57b80e797ceull},
    {7, 987654321987ull, 0xb421e0fe3858792full, 0x7f92b57b80e797ceull},
    {8, 1ull, 0x01f51191fd0f1852ull, 0x14650fb0739d0383ull},
    {8, 2ull, 0xe4af9f41b36db4b9ull, 0x14650fb0739d0383ull},
    {8, 3ull, 0xcd52228c496118f9ull, 0x14650fb0739d0383ull},
    {8, 42ull, 0x3a3bcf1577a3cbf1ull, 0x14650fb0739d0383ull},
    {8, 987654321987ull, 0xd0c9ecd66edc37c7ull, 0x14650fb0739d0383ull},
    {9, 1ull, 0x570746e31f973468ull, 0x14650fb0739d0383ull},
    {9, 2ull, 0x62ff8b244f6c7d37ull, 0x14650fb0739d0383ull},
    {9, 3ull, 0x9f6673cfc91e2c77ull, 0x14650fb0739d0383ull},
    {9, 42ull, 0x76e661f09d2f474full, 0x14650fb0739d0383ull},
    {9, 987654321987ull, 0xbada8165c3cffb4dull, 0x14650fb0739d0383ull},
    {10, 1ull, 0x400fab8461834346ull, 0x14650fb0739d0383ull},
    {10, 2ull, 0x7d5a168c52115c35ull, 0x14650fb0739d0383ull},
    {10, 3ull, 0x66ed357380c75245ull, 0x14650fb0739d0383ull},
    {10, 42ull, 0x138dd4fb52d0580dull, 0x14650fb0739d0383ull},
    {10, 987654321987ull, 0xe413bc34dce1fe3bull, 0x14650fb0739d0383ull},
    {11, 1ull, 0xd46f97877e100875ull, 0x14650fb0739d0383ull},
    {11, 2ull, 0xbed0759abe5ba8a4ull, 0x14650fb0739d0383ull},
    {11, 3ull, 0x756b96b7a6484b94ull, 0x14650fb0739d0383ull},
    {11, 42ull, 0x7a1ebc71c26290f2ull, 0x14650fb0739d0383ull},
    {11, 987654321987ull, 0x702f9de7f2c47d8cull, 0x14650fb0739d0383ull},
    {12, 1ull, 0x2b761d7fa4598396ull, 0x14650fb0739d0383ull},
    {12, 2ull, 0xceb6ba6526ff0205ull, 0x14650fb0739d0383ull},
    {12, 3ull, 0xb5b9d8cc8875d715ull, 0x14650fb0739d0383ull},
    {12, 42ull, 0x74f4ff21f7c9ca9dull, 0x14650fb0739d0383ull},
    {12, 987654321987ull, 0xb86bf2cd4c33b20bull, 0x14650fb0739d0383ull},
    {13, 1ull, 0xab18ed4ebc93cf85ull, 0x07145680eb019874ull},
    {13, 2ull, 0x5735b9be75b34d54ull, 0x25b6634dc4c8a631ull},
    {13, 3ull, 0xd216b52ae9a3dbbeull, 0x9bfec38bfac1bf6aull},
    {13, 42ull, 0xe57c0663688cc522ull, 0x85948209ab023dccull},
    {13, 987654321987ull, 0xb0f8f06827d21db9ull, 0xb127bde320a70824ull},
    {14, 1ull, 0x12148c49e3fbb767ull, 0x3ada2aeb8299b271ull},
    {14, 2ull, 0x83e1308541b9d98cull, 0xf1ad3ba9ae8f0ed3ull},
    {14, 3ull, 0x4f709084589e0752ull, 0x0a61c8a3623c90fbull},
    {14, 42ull, 0x2fc8f53579af0640ull, 0x04f49ed90feeccabull},
    {14, 987654321987ull, 0x0fd5de336f9727cfull, 0x86f1159348a4f56eull},
    {15, 1ull, 0xe3e79aa49fc15c8cull, 0x4cc2b00642c1ee95ull},
    {15, 2ull, 0x97f5c0e9a59e29bfull, 0xe9018ba6e8bd4031ull},
    {15, 3ull, 0x180d4150e61ff333ull, 0xd15f8e47fc2b5160ull},
    {15, 42ull, 0x96734d0857a2b38cull, 0xf55a5c08f33833dfull},
    {15, 987654321987ull, 0xab12b234ea90edb2ull, 0xc217935608102bf4ull},
    {16, 1ull, 0x70d8769772846453ull, 0xb823400020791317ull},
    {16, 2ull, 0x2f4ee8fb7a5d200full, 0x9fdf88d05bc49f97ull},
    {16, 3ull, 0x4381746525a4e052ull, 0x9ef276bc80ca5ad9ull},
    {16, 42ull, 0xc724476f18aadeb7ull, 0x979d2f895c3511c5ull},
    {16, 987654321987ull, 0x8fbf51dc54540ae3ull, 0x3a30d24434236629ull},
    {17, 1ull, 0xab18ed4ebc93cf85ull, 0x07145680eb019874ull},
    {17, 2ull, 0x5735b9be75b34d54ull, 0x25b6634dc4c8a631ull},
    {17, 3ull, 0xd216b52ae9a3dbbeull, 0x9bfec38bfac1bf6aull},
    {17, 42ull, 0xe57c0663688cc522ull, 0x85948209ab023dccull},
    {17, 987654321987ull, 0xb0f8f06827d21db9ull, 0xb127bde320a70824ull},
    {18, 1ull, 0x7ccebe601008f85dull, 0x77fa0818eb2e36c6ull},
    {18, 2ull, 0xf5caf16f93620d7aull, 0x9d706401302cd0d6ull},
    {18, 3ull, 0xdb478e1316e47eb7ull, 0x4847272c53d71249ull},
    {18, 42ull, 0xc295a782c2366f25ull, 0x85d6f38b9310e1a5ull},
    {18, 987654321987ull, 0x639b509020052364ull, 0x38f3f1d9457d105dull},
    {19, 1ull, 0x7d06607e00dec57dull, 0x116b723655f62131ull},
    {19, 2ull, 0xae0789d9cd6d6777ull, 0x9bb655b072566413ull},
    {19, 3ull, 0xd0b68219375ac371ull, 0x1492d7526f050d3bull},
    {19, 42ull, 0x73a79bf408f054d7ull, 0xf416cd0345928aebull},
    {19, 987654321987ull, 0xd741b6a33f2e3868ull, 0xfee722f720021c2eull},
    {20, 1ull, 0x52d4d2197ef685ebull, 0x848db89acdf2f2d5ull},
    {20, 2ull, 0x707de5e73e9ac938ull, 0x7ac024512195c571ull},
    {20, 3ull, 0x735e4828d965e870ull, 0xe6a0531e373cbba0ull},
    {20, 42ull, 0x535031919f40a9fbull, 0x438be0d3871a731full},
    {20, 987654321987ull, 0x3f0841bec6d4eb93ull, 0x44e5761788aba620ull},
    {21, 1ull, 0x6b7d75f7cf72b8d5ull, 0x3ada2aeb8299b271ull},
    {21, 2ull, 0x7c0b2b36f47d3d5eull, 0xf1ad3ba9ae8f0ed3ull},
    {21, 3ull, 0x5ec87080b64631ccull, 0x0a61c8a3623c90fbull},
    {21, 42ull, 0xdef2a920f7070826ull, 0x04f49ed90feeccabull},
    {21, 987654321987ull, 0x9c206c3c8d0c6db1ull, 0x86f1159348a4f56eull},
    {22, 1ull, 0xe94618e87d1bbe44ull, 0x4cc2b00642c1ee95ull},
    {22, 2ull, 0xd84adc1bb4640e31ull, 0xe9018ba6e8bd4031ull},
    {22, 3ull, 0x5321fb2c4a9782adull, 0xd15f8e47fc2b5160ull},
    {22, 42ull, 0xfc395548ecd3c344ull, 0xf55a5c08f33833dfull},
    {22, 987654321987ull, 0xb1e72e587390017aull, 0xc217935608102bf4ull},
    {23, 1ull, 0x80827ee56f10c8f9ull, 0x1a1d3ad89abab7a3ull},
    {23, 2ull, 0xdcdb43cfff0feb07ull, 0x0eb94dd253501504ull},
    {23, 3ull, 0x4738827a32f9fd41ull, 0xf773cd243aa54b82ull},
    {23, 42ull, 0xa0878a41d8446d0eull, 0xd0c269b6f89a1884ull},
    {23, 987654321987ull, 0x7a6475d8a8649417ull, 0x79d6101f45f50638ull},
    {24, 1ull, 0x83e164ac0897a3ebull, 0x5f7cd7dc07f0740eull},
    {24, 2ull, 0x32425517c289d5c1ull, 0x4a720b8e168b8113ull},
    {24, 3ull, 0x7acd5df07f953085ull, 0x53d2be77306c7868ull},
    {24, 42ull, 0x41e6b606906ced38ull, 0x47a4cf2e5985aabcull},
    {24, 987654321987ull, 0xf4eb32f3a84eaddcull, 0xd32364a4fd425acdull},
};

tt::Setup setup_of(const json& j, std::uint64_t seed) {
  tt::Setup s;
  s.seats = j.value("seats", 2);
  s.variant = j.value("variant", "");
  if (j.contains("options"))
    for (auto& [k, v] : j["options"].items()) s.options[k] = v.get<std::string>();
  if (j.contains("decks")) s.decks = j["decks"];
  s.seed = seed;
  return s;
}

std::uint64_t events_hash(const EventLog& log) {
  std::uint64_t h = 1469598103934665603ull;
  for (const Event& e : log) {
    const std::int64_t words[7] = {e.kind,    e.seat,    static_cast<std::int64_t>(e.detail_to),
                                   e.args[0], e.args[1], e.args[2],
                                   e.args[3]};
    h = fnv1a(words, sizeof words, h);
  }
  return h;
}

std::string line(int setup, std::uint64_t seed, std::uint64_t fp, std::uint64_t events) {
  char buf[128];
  std::snprintf(buf, sizeof buf, "{%d, %lluull, 0x%016llxull, 0x%016llxull},", setup,
                static_cast<unsigned long long>(seed), static_cast<unsigned long long>(fp),
                static_cast<unsigned long long>(events));
  return buf;
}

class FreshDeal : public ::testing::Test {
 protected:
  void SetUp() override { register_builtin_games(); }
  const Game& game(const json& j) { return *Registry::instance().get(j["game"]); }
};

// Each setup prepared once and dealt for every seed, latest seed first: the
// states and set-up events are the recorded ones, and new_state agrees.
TEST_F(FreshDeal, DealsAreTheGamesNewStateMadeBefore) {
  for (int i = 0; i < static_cast<int>(std::size(kSetups)); ++i) {
    const json j = json::parse(kSetups[i]);
    const auto prepared = game(j).prepare(setup_of(j, 1));
    std::vector<Recorded> mine;
    for (const Recorded& r : kRecorded)
      if (r.setup == i) mine.push_back(r);
    ASSERT_FALSE(mine.empty()) << kSetups[i];
    std::reverse(mine.begin(), mine.end());
    for (const Recorded& r : mine) {
      EventLog log;
      const auto state = prepared->deal(r.seed, &log);
      const std::uint64_t fp = state->fingerprint(), events = events_hash(log);
      EXPECT_TRUE(fp == r.fingerprint && events == r.events)
          << kSetups[i] << " seed " << r.seed << "\n  recorded "
          << line(i, r.seed, r.fingerprint, r.events) << "\n  now      "
          << line(i, r.seed, fp, events);
      if (r.seed != 1) continue;
      EventLog again;
      EXPECT_EQ(game(j).new_state(setup_of(j, r.seed), &again)->fingerprint(), fp);
      EXPECT_EQ(again, log);
    }
  }
}

// A deal leaves the prepared setup as it was: a game played out from one
// deal changes nothing in the next deals with the same seed (tables of up to
// four, to keep the playouts short).
TEST_F(FreshDeal, DealsDoNotShareState) {
  for (const char* text : kSetups) {
    const json j = json::parse(text);
    if (j.value("seats", 2) > 4) continue;
    const auto prepared = game(j).prepare(setup_of(j, 1));
    const std::uint64_t first = prepared->deal(5)->fingerprint();
    auto played = prepared->deal(5);
    Rng rng(5);
    ActionList scratch;
    random_playout(*played, rng, scratch);
    EXPECT_NE(played->fingerprint(), first) << text;
    EXPECT_EQ(prepared->deal(5)->fingerprint(), first) << text;
    EXPECT_NE(prepared->deal(6)->fingerprint(), first) << text;
  }
}

// prepare refuses what new_state refused: a wrong table size, an unknown
// option, an illegal deck (naming its problems).
TEST_F(FreshDeal, PrepareRefusesBadSetups) {
  for (auto& g : Registry::instance().games()) {
    tt::Setup too_many;
    too_many.seats = g->max_seats() + 1;
    EXPECT_THROW(g->prepare(too_many), Error) << g->name();
    tt::Setup unknown_option;
    unknown_option.options["no_such_option"] = "1";
    EXPECT_THROW(g->prepare(unknown_option), Error) << g->name();
    tt::Setup bad_deck;
    bad_deck.decks = json::array({json{{"cards", json::array()}}});
    try {
      g->prepare(bad_deck);
      ADD_FAILURE() << g->name() << " accepted an empty deck";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("seat 0's deck is not legal"), std::string::npos)
          << e.what();
    }
  }
}

}  // namespace
}  // namespace tt
