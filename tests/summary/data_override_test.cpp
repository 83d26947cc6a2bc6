// Card data overrides (games/load_game.h, docs/data-overrides.md): a private
// game with one card's numbers changed, checked by the game's own loader.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/registry.h"
#include "core/rng.h"
#include "games/ddm/game.h"
#include "games/load_game.h"
#include "games/suikoden/game.h"

namespace tt {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

// The message of the tt::Error that `load` throws ("" when none).
template <typename F>
std::string error_of(F&& load) {
  try {
    load();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(DataOverride, ASuikodenCardsAtkChangesItsViewInPlay) {
  const std::string dir = data_dir();
  const auto game = load_game("suikoden", dir, json::parse(R"([
      {"card": "aldo", "set": {"atk": 42}}])"));
  const auto& pool = dynamic_cast<const suikoden::SuikodenGame&>(*game).pool();
  EXPECT_EQ(pool.cards[static_cast<std::size_t>(pool.find("aldo"))].atk, 42);
  // A game dealt where Aldo is in hand shows the new number.
  for (std::uint64_t seed = 1; seed < 50; ++seed) {
    tt::Setup setup;
    setup.seed = seed;
    setup.decks = json::array({"dawn", "dawn"});
    json view;
    game->new_state(setup)->view(0, view);
    if (!view["cards"].contains("aldo")) continue;
    EXPECT_NE(view["cards"]["aldo"].get<std::string>().find("atk 42"), std::string::npos)
        << view["cards"]["aldo"];
    return;
  }
  ADD_FAILURE() << "Aldo never in the opening hand";
}

TEST(DataOverride, ADdmMonstersNumbers) {
  const auto game = load_game("ddm", data_dir(), json::parse(R"([
      {"card": "hedge-witch", "set": {"atk": 40, "hp": 50}}])"));
  const auto& pool = dynamic_cast<const ddm::DdmGame&>(*game).pool();
  const auto& witch = pool.pieces[static_cast<std::size_t>(pool.find_piece("hedge-witch"))];
  EXPECT_EQ(witch.atk, 40);
  EXPECT_EQ(witch.hp, 50);
  register_builtin_games();
  const auto& registered =
      dynamic_cast<const ddm::DdmGame&>(*Registry::instance().get("ddm")).pool();
  EXPECT_NE(registered.pieces[static_cast<std::size_t>(registered.find_piece("hedge-witch"))].atk,
            40)
      << "the registered game is unchanged";
}

// The overridden game plays differently: the same seed and decisions reach
// other states once the changed card matters.
TEST(DataOverride, AChangedCardChangesWhatTheGamePlays) {
  register_builtin_games();
  const auto plain = Registry::instance().get("suikoden");
  const auto changed = load_game("suikoden", data_dir(), json::parse(R"([
      {"card": "aldo", "set": {"atk": 9, "troops": 9000}},
      {"card": "kiri", "set": {"atk": 9, "troops": 9000}}])"));
  tt::Setup setup;
  setup.decks = json::array({"dawn", "dawn"});
  int differ = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    setup.seed = seed;
    auto a = plain->new_state(setup);
    auto b = changed->new_state(setup);
    Rng rng(seed);
    ActionList legal, other;
    bool apart = false;
    for (int n = 0; n < 3000 && !a->is_terminal() && !apart; ++n) {
      const Seat s = a->to_act();
      a->legal_actions(s, legal);
      b->legal_actions(s, other);
      apart = b->to_act() != s || other != legal;  // other options: the games went apart
      if (apart) break;
      const Action act = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
      a->apply_action(s, act);
      b->apply_action(s, act);
    }
    // The saved states hold no card data: they differ only by how play went.
    if (apart || a->fingerprint() != b->fingerprint()) ++differ;
  }
  EXPECT_GT(differ, 0);
}

TEST(DataOverride, EmptyOverridesAreTheRegisteredGame) {
  register_builtin_games();
  for (const auto& registered : Registry::instance().games()) {
    SCOPED_TRACE(registered->name());
    const auto game = load_game(registered->name(), data_dir(), json::array());
    EXPECT_NE(game, registered) << "a private instance";
    EXPECT_EQ(game->rules_version(), registered->rules_version());
    for (const int seats : {registered->min_seats(), registered->max_seats()}) {
      tt::Setup setup;
      setup.seats = seats;
      setup.seed = 17;
      auto a = registered->new_state(setup);
      auto b = game->new_state(setup);
      Rng rng(3);
      ActionList legal;
      for (int n = 0; n < 400 && !a->is_terminal(); ++n) {
        if (n % 100 == 0) {
          ASSERT_EQ(a->fingerprint(), b->fingerprint()) << "decision " << n;
        }
        const Seat s = a->to_act();
        a->legal_actions(s, legal);
        ActionList other;
        b->legal_actions(s, other);
        ASSERT_EQ(legal, other) << "decision " << n;
        const Action act = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
        a->apply_action(s, act);
        b->apply_action(s, act);
      }
      EXPECT_EQ(a->fingerprint(), b->fingerprint());
    }
  }
}

TEST(DataOverride, MalformedOverridesAreRefused) {
  const std::string dir = data_dir();
  const auto refused = [&](const std::string& game, const char* overrides) {
    return error_of([&] { load_game(game, dir, json::parse(overrides)); });
  };
  EXPECT_NE(refused("suikoden", R"({"card": "aldo"})").find("must be a JSON array"),
            std::string::npos);
  EXPECT_NE(refused("suikoden", R"([{"set": {"atk": 1}}])").find("\"card\" must name"),
            std::string::npos);
  EXPECT_NE(refused("suikoden", R"([{"card": "aldo"}])").find("\"set\" must be an object"),
            std::string::npos);
  EXPECT_NE(refused("suikoden", R"([{"card": "aldo", "set": 3}])").find("\"set\" must be"),
            std::string::npos);
  EXPECT_NE(refused("suikoden", R"([7])").find("override 1: expected an object"),
            std::string::npos);
  EXPECT_NE(refused("suikoden", R"([{"card": "aldo", "set": {}, "sett": {}}])")
                .find("unknown field \"sett\""),
            std::string::npos);
  EXPECT_NE(refused("suikoden", R"([{"card": "aldo", "set": {"id": "x"}}])")
                .find("cannot change a card's id"),
            std::string::npos);
  const std::string unknown = refused("suikoden", R"([
      {"card": "aldo", "set": {"atk": 3}}, {"card": "no-such-card", "set": {"atk": 3}}])");
  EXPECT_NE(unknown.find("override 2: no entry with id 'no-such-card'"), std::string::npos)
      << unknown;
  const std::string game = refused("chess", "[]");
  EXPECT_NE(game.find("unknown game 'chess'"), std::string::npos) << game;
  EXPECT_NE(game.find("suikoden"), std::string::npos) << game;
  EXPECT_NE(error_of([&] {
              load_game("suikoden", "/no/such/folder", json::array());
            }).find("no card data folder"),
            std::string::npos);
}

// A bad value gets the game's own data error naming the card (and, where
// the game's loader names fields, the field), in the data folder the caller
// named, not the private copy.
TEST(DataOverride, ABadValueIsTheGamesDataError) {
  const std::string dir = data_dir();
  const auto refused = [&](const std::string& game, const char* overrides) {
    try {
      load_game(game, dir, json::parse(overrides));
    } catch (const DataError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find(dir + "/" + game), std::string::npos) << what;
      EXPECT_EQ(what.find("tabletop-data-"), std::string::npos) << what;
      return what;
    }
    ADD_FAILURE() << overrides << " was accepted";
    return std::string();
  };
  // Suikoden's and Last Chronicle's pools are checked against their schemas
  // first: the field by its JSON pointer.
  const std::string sk = refused("suikoden", R"([{"card": "aldo", "set": {"atk": "x"}}])");
  EXPECT_NE(sk.find("/atk: expected an integer"), std::string::npos) << sk;
  const std::string lc =
      refused("lastchronicle", R"([{"card": "harbor-cadet", "set": {"atk": "x"}}])");
  EXPECT_NE(lc.find("/atk: expected an integer"), std::string::npos) << lc;
  const std::string ddm = refused("ddm", R"([{"card": "hedge-witch", "set": {"atk": 35}}])");
  EXPECT_NE(ddm.find("hedge-witch"), std::string::npos) << ddm;
}

// A private folder for one test's data or temporary files, removed after.
struct Folder {
  fs::path path;
  Folder() {
    std::string pattern = (fs::temp_directory_path() / "override-test-XXXXXX").string();
    path = mkdtemp(pattern.data());
  }
  ~Folder() { fs::remove_all(path); }
};

// An id in two lists of a data file needs "in" to say which entry.
TEST(DataOverride, AnIdInTwoListsIsAmbiguousUntilNamed) {
  const Folder data;
  fs::copy(fs::path(data_dir()) / "suikoden", data.path / "suikoden", fs::copy_options::recursive);
  const fs::path cards = data.path / "suikoden" / "cards.json";
  json j = json::parse(std::ifstream(cards));
  j["camps"].push_back({{"id", "aldo"}, {"name", "Aldo's camp"}});
  std::ofstream(cards) << j.dump(2);
  const std::string both = error_of([&] {
    load_game("suikoden", data.path.string(),
              json::parse(R"([{"card": "aldo", "set": {"atk": 3}}])"));
  });
  EXPECT_NE(both.find("names 2 entries"), std::string::npos) << both;
  EXPECT_NE(both.find("\"camps\""), std::string::npos) << both;
  const std::string named = error_of([&] {
    load_game("suikoden", data.path.string(),
              json::parse(R"([{"card": "aldo", "in": "cards", "set": {"atk": 3}}])"));
  });
  EXPECT_EQ(named.find("names 2 entries"), std::string::npos) << named;
}

// The private copy is gone once the game is loaded, or refused.
TEST(DataOverride, TheCopyIsRemoved) {
  const Folder temp;
  const char* before = std::getenv("TMPDIR");
  const std::string saved = before ? before : "";
  setenv("TMPDIR", temp.path.c_str(), 1);
  load_game("magic", data_dir(), json::array());
  error_of([&] {
    load_game("magic", data_dir(), json::parse(R"([{"card": "ashfen", "set": {"types": 5}}])"));
  });
  if (before)
    setenv("TMPDIR", saved.c_str(), 1);
  else
    unsetenv("TMPDIR");
  EXPECT_TRUE(fs::is_empty(temp.path));
}

// A field that no entry of the list has is a misspelling: refused before
// any loader runs (some loaders skip fields they do not know, and a study
// would then measure nothing), naming the field, in every game.
TEST(DataOverride, AMisspeltFieldIsRefusedInEveryGame) {
  const std::pair<const char*, const char*> typos[] = {
      {"suikoden", R"([{"card": "aldo", "set": {"akt": 3}}])"},
      {"ddm", R"([{"card": "hedge-witch", "set": {"atack": 30}}])"},
      {"lastchronicle", R"([{"card": "harbor-cadet", "set": {"akt": 3}}])"},
      {"magic", R"([{"card": "dawnmeadow", "set": {"powr": 3}}])"},
  };
  for (const auto& [game, overrides] : typos) {
    try {
      load_game(game, data_dir(), json::parse(overrides));
      ADD_FAILURE() << game << ": " << overrides << " was accepted";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("has a field"), std::string::npos) << e.what();
    }
  }
  // A field only some entries have (an optional one) may still be set.
  EXPECT_NO_THROW(
      load_game("suikoden", data_dir(), json::parse(R"([{"card": "aldo", "set": {"atk": 3}}])")));
}

}  // namespace
}  // namespace tt
