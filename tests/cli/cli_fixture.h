// The fixture of the command-line tests: the commands called as functions
// over string streams, in a temporary folder of the test's own.
#pragma once
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "core/registry.h"

namespace tt::cli {

class CliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    register_builtin_games();
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    dir =
        std::filesystem::temp_directory_path() / ("tt_cli_test_" + std::to_string(getpid()) + "_" +
                                                  test->test_suite_name() + "_" + test->name());
    std::filesystem::create_directories(dir);
  }
  void TearDown() override { std::filesystem::remove_all(dir); }

  // Runs a command line with `input` on stdin; fills out/err.
  int run(const std::vector<std::string>& args, const std::string& input = "") {
    in.str(input);
    in.clear();
    out.str("");
    err.str("");
    return run_cli(args, io);
  }
  std::string write(const std::string& name, const std::string& text) {
    const std::filesystem::path p = dir / name;
    std::ofstream(p) << text;
    return p.string();
  }
  // A 50-card deck made from a starter deck's cards, as a deck object.
  nlohmann::json starter(const std::string& name) {
    return Registry::instance().get("suikoden")->starter_deck(name);
  }

  std::filesystem::path dir;
  std::istringstream in;
  std::ostringstream out, err;
  Io io{in, out, err, false};
};

// A copy of data/ (in `data`) to break or change; the registry is loaded
// back from data/ afterwards.
class DataTest : public CliTest {
 protected:
  void SetUp() override {
    CliTest::SetUp();
    data = dir / "data";
    std::filesystem::copy(tt::source_data_dir(), data, std::filesystem::copy_options::recursive);
  }
  void TearDown() override {
    unsetenv("TABLETOP_DATA");
    set_data_dir("");
    register_builtin_games();
    CliTest::TearDown();
  }
  std::filesystem::path data;
};

}  // namespace tt::cli
