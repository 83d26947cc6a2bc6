// tabletop check-data (docs/cli.md): every file of a card data folder checked
// at once, each problem one line naming the file and the field (issue 22).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli_fixture.h"
#include "core/data_file.h"

namespace tt::cli {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

void write_json(const fs::path& p, const json& j) {
  std::ofstream(p) << j.dump(2);
}

std::vector<std::string> report_lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

TEST_F(DataTest, CheckDataFindsNoProblemInTheShippedData) {
  EXPECT_EQ(run({"check-data", data.string()}), 0) << out.str();
  EXPECT_EQ(out.str(), data.string() + ": 24 files of 4 games, no problems\n");
  EXPECT_EQ(run({"check-data", data.string(), "--json"}), 0);
  const json report = json::parse(out.str());
  EXPECT_EQ(report["files"], 24);
  EXPECT_EQ(report["problems"], json::array());
}

TEST_F(DataTest, CheckDataNamesEveryBrokenFileByItsFieldAndGoesOn) {
  // A wrong type in a monster, by its JSON pointer.
  json pool = read_data_file((data / "ddm" / "pool.json").string());
  pool["monsters"][0]["atk"] = "strong";
  write_json(data / "ddm" / "pool.json", pool);
  // A misspelt field in a Magic deck, a deck that is no JSON, a deck naming an unknown card.
  json deck = read_data_file((data / "magic" / "decks" / "blue-green-tides.json").string());
  deck["nmae"] = deck["name"];
  deck.erase("name");
  write_json(data / "magic" / "decks" / "blue-green-tides.json", deck);
  std::ofstream(data / "magic" / "decks" / "torn.json") << "{ \"name\": ";
  json dawn = read_data_file((data / "suikoden" / "decks" / "dawn.json").string());
  dawn["cards"][0]["card"] = "no-such-card";
  write_json(data / "suikoden" / "decks" / "dawn.json", dawn);
  // A file of no known format, and a folder of no game.
  std::ofstream(data / "lastchronicle" / "card.json") << "{}";
  fs::create_directories(data / "chess");

  EXPECT_EQ(run({"check-data", data.string()}), 1);
  const std::string d = data.string();
  const auto lines = report_lines(out.str());
  const auto has = [&](const std::string& prefix) {
    for (const std::string& l : lines)
      if (l.rfind(prefix, 0) == 0) return true;
    return false;
  };
  EXPECT_TRUE(has(d + "/ddm/pool.json:/monsters/0/atk: expected an integer")) << out.str();
  EXPECT_TRUE(has(d + "/magic/decks/blue-green-tides.json:/nmae: unknown field")) << out.str();
  EXPECT_TRUE(has(d + "/magic/decks/torn.json: ")) << out.str();
  EXPECT_TRUE(has(d + "/suikoden/decks/dawn.json: not a legal deck for 2 seats: ")) << out.str();
  EXPECT_NE(out.str().find("no-such-card"), std::string::npos) << out.str();
  EXPECT_TRUE(has(d + "/lastchronicle/card.json: no data file of this name is known")) << out.str();
  EXPECT_TRUE(has(d + "/chess: no game of this name")) << out.str();
  // Every file was still checked (26: two more than shipped), and the games'
  // loaders ran: Suikoden's unknown card is found though other files are broken.
  EXPECT_EQ(lines.back(),
            d + ": 26 files of 4 games, " + std::to_string(lines.size() - 1) + " problems");
  // Nothing else: the broken files add no noise to the good ones.
  EXPECT_LE(lines.size(), 10u) << out.str();

  EXPECT_EQ(run({"check-data", (data / "nowhere").string()}), 2);
  EXPECT_NE(err.str().find("there is no folder"), std::string::npos);
}

}  // namespace
}  // namespace tt::cli
