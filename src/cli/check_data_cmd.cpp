// tabletop check-data [DIR]: every file of a card data folder checked at once,
// each problem on one line naming the file and the field. First each file
// against its schema (data/schema: the schema of GAME/X.json is GAME-X, of
// GAME/decks/*.json GAME-deck); then, for a game whose files conform, what a
// schema cannot say: the game's own loader (references between cards, effect
// semantics) and each deck against the deck rules at the table sizes it is
// meant for. One broken file never stops the checking of the others.
#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <sstream>

#include "cli/commands.h"
#include "cli/errors.h"
#include "core/data_file.h"
#include "core/deck_verdict.h"
#include "core/error.h"
#include "core/registry.h"
#include "core/schema_check.h"
#include "games/load_game.h"

namespace tt::cli {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct Problem {
  std::string file, pointer, message;
  std::string line() const { return schema_problem_line(file, {pointer, message}); }
};

struct Report {
  std::vector<Problem> problems;
  int files = 0;
  void add(const std::string& file, const std::string& pointer, const std::string& message) {
    problems.push_back({file, pointer, message});
  }
};

std::vector<fs::path> json_files(const fs::path& folder) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(folder, ec))
    if (e.is_regular_file() && e.path().extension() == ".json") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

bool has_schema(const std::string& name) {
  const auto names = schema_names();
  return std::find(names.begin(), names.end(), name) != names.end();
}

// The file read and checked against `schema`; nullopt (the problems noted)
// when it cannot be read, is not JSON or does not conform.
std::optional<json> conforming(const fs::path& file, const std::string& schema, Report& r) {
  ++r.files;
  const std::string name = file.string();
  if (!has_schema(schema)) {
    r.add(name, "", "no data file of this name is known (there is no schema " + schema + ")");
    return std::nullopt;
  }
  json doc;
  try {
    doc = read_data_file(name);
  } catch (const Error& e) {
    std::string what = e.what();
    if (what.rfind(name + ": ", 0) == 0) what.erase(0, name.size() + 2);
    r.add(name, "", what);
    return std::nullopt;
  }
  const auto problems = schema_problems(doc, schema);
  for (const SchemaProblem& p : problems) r.add(name, p.pointer, p.message);
  if (!problems.empty()) return std::nullopt;
  return doc;
}

// What the game's loader says of files that conform to their schemas: one
// line each ("FILE: card 'x', field 'y': ...").
void loader_problems(const std::string& error, const std::string& fallback_file, Report& r) {
  std::istringstream lines(error);
  std::string line;
  bool first = true;
  while (std::getline(lines, line)) {
    // A list of problems: "<what>: N problems" and then "  - <problem>" lines.
    if (line.rfind("  - ", 0) == 0)
      line.erase(0, 4);
    else if (first && error.find("\n  - ") != std::string::npos)
      continue;
    first = false;
    const auto colon = line.find(": ");
    const bool names_file = colon != std::string::npos && line.rfind(fallback_file, 0) == 0;
    if (names_file)
      r.add(line.substr(0, colon), "", line.substr(colon + 2));
    else
      r.add(fallback_file, "", line);
  }
}

void check_game(const fs::path& dir, const std::string& game_name, Report& r) {
  const fs::path folder = dir / game_name;
  bool pool_ok = true;
  for (const fs::path& f : json_files(folder))
    pool_ok = conforming(f, game_name + "-" + f.stem().string(), r).has_value() && pool_ok;
  std::shared_ptr<const Game> game;
  if (pool_ok) {
    try {
      game = construct_builtin_game(game_name, dir.string());
    } catch (const std::exception& e) {
      loader_problems(e.what(), folder.string(), r);
    }
  }
  for (const fs::path& f : json_files(folder / "decks")) {
    const auto deck = conforming(f, game_name + "-deck", r);
    if (!deck || !game) continue;
    const DeckVerdict v = judge_deck(*game, *deck, Setup{}, 0);
    for (const DeckProblem& p : v.problems())
      r.add(f.string(), "",
            "not a legal deck for " + v.judged_text() + ": [" + p.rule + "] " + p.message);
  }
}

}  // namespace

int cmd_check_data(const CheckDataArgs& args, Io& io) {
  const fs::path dir = args.dir.empty() ? fs::path(data_dir()) : fs::path(args.dir);
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw Failure(kExitBadInput, "there is no folder " + dir.string());
  const auto games = builtin_game_names();
  Report r;
  std::vector<std::string> checked;
  std::vector<fs::path> folders;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.is_directory()) folders.push_back(e.path());
  std::sort(folders.begin(), folders.end());
  for (const fs::path& f : folders) {
    const std::string name = f.filename().string();
    if (name == "schema") continue;  // the schemas themselves (compiled in)
    if (std::find(games.begin(), games.end(), name) == games.end()) {
      std::string known;
      for (const auto& g : games) known += (known.empty() ? "" : ", ") + g;
      r.add(f.string(), "", "no game of this name (known: " + known + ")");
      continue;
    }
    check_game(dir, name, r);
    checked.push_back(name);
  }
  if (args.json) {
    json list = json::array();
    for (const Problem& p : r.problems)
      list.push_back({{"file", p.file}, {"pointer", p.pointer}, {"message", p.message}});
    io.out << json{{"folder", dir.string()},
                   {"games", checked},
                   {"files", r.files},
                   {"problems", list}}
                  .dump(2)
           << "\n";
  } else {
    for (const Problem& p : r.problems) io.out << p.line() << "\n";
    io.out << dir.string() << ": " << r.files << " files of " << checked.size() << " games, "
           << (r.problems.empty() ? "no problems"
                                  : std::to_string(r.problems.size()) +
                                        (r.problems.size() == 1 ? " problem" : " problems"))
           << "\n";
  }
  return r.problems.empty() ? kExitOk : kExitDataProblems;
}

}  // namespace tt::cli
