// tabletop scenario FILE...: runs scenario files (docs/scenario-format.md) as
// the test suite does, so card designers and puzzle authors can check their
// own rules and positions: PASS or FAIL per file, with every failure.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <ostream>

#include "cli/commands.h"
#include "cli/errors.h"
#include "core/scenario.h"

namespace tt::cli {

using nlohmann::json;
namespace fs = std::filesystem;

namespace {

// The files named, a folder standing for its *.json files (sorted). A
// folder with none stands for itself: it is reported as unreadable, and the
// other folders still run.
std::vector<std::string> scenario_files(const std::vector<std::string>& args) {
  std::vector<std::string> files;
  for (auto& arg : args) {
    std::error_code ec;
    if (!fs::is_directory(arg, ec)) {
      files.push_back(arg);
      continue;
    }
    std::vector<std::string> inside;
    for (auto& entry : fs::directory_iterator(arg, ec))
      if (entry.path().extension() == ".json" && entry.is_regular_file(ec))
        inside.push_back(entry.path().string());
    if (inside.empty()) inside.push_back(arg);
    std::sort(inside.begin(), inside.end());
    files.insert(files.end(), inside.begin(), inside.end());
  }
  return files;
}

// The file's JSON, or an error message in `problem`.
json read_scenario(const std::string& path, std::string& problem) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    problem = "the folder holds no .json scenario files";
    return {};
  }
  if (!fs::is_regular_file(path, ec)) {
    problem = "cannot read: no such file";
    return {};
  }
  std::ifstream in(path);
  try {
    return json::parse(in);
  } catch (const json::exception& e) {
    problem = std::string("not valid JSON: ") + e.what();
    return {};
  }
}

}  // namespace

int cmd_scenario(const ScenarioArgs& args, Io& io) {
  int passed = 0, failed = 0, unreadable = 0, bad_data = 0;
  json list = json::array();
  for (auto& path : scenario_files(args.files)) {
    std::string problem;
    const json scenario = read_scenario(path, problem);
    ScenarioReport report;
    if (problem.empty())
      report = run_scenario(scenario);
    else
      report.failures.push_back(problem);
    unreadable += !problem.empty();
    bad_data += report.bad_data;
    (report.passed() ? passed : failed) += 1;
    if (args.json) {
      list.push_back({{"file", path},
                      {"name", report.name},
                      {"rule", report.rule},
                      {"passed", report.passed()},
                      {"failures", report.failures}});
      continue;
    }
    io.out << (report.passed() ? "PASS " : "FAIL ") << path;
    if (!report.name.empty()) io.out << ": " << report.name;
    io.out << "\n";
    for (auto& f : report.failures) io.out << "    " << f << "\n";
  }
  if (args.json)
    io.out << json{{"passed", passed}, {"failed", failed}, {"scenarios", list}}.dump(2) << "\n";
  else
    io.out << passed << " passed, " << failed << " failed\n";
  // The worst outcome decides (docs/cli.md): broken card data, then an
  // unreadable file, then a failed scenario.
  return bad_data     ? kExitBadData
         : unreadable ? kExitBadInput
         : failed     ? kExitScenarioFailed
                      : kExitOk;
}

}  // namespace tt::cli
