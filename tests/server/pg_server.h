// The PostgreSQL server of a store test program (store_tests): started on
// first use with scripts/pg-temp.sh, stopped when the program ends (a watcher
// stops it too should the program crash).
#pragma once
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace tt::server {

namespace fs = std::filesystem;

inline fs::path make_temp_folder(const char* name) {
  std::string pattern = (fs::temp_directory_path() / name).string() + ".XXXXXX";
  if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  return pattern;
}

// The PostgreSQL server of this test program: started on first use, stopped
// when the program ends.
class PgServer {
 public:
  static PgServer& get() {
    static PgServer server;
    return server;
  }

  // The server's URL; fails the calling test when it could not be started.
  const std::string& url() {
    if (!started_) start();
    if (url_.empty()) throw std::runtime_error("no PostgreSQL server: " + problem_);
    return url_;
  }

  void stop() {
    if (folder_.empty()) return;
    const std::string command = std::string(PG_TEMP_SCRIPT) + " stop " + folder_.string();
    if (std::system(command.c_str()) != 0) std::fprintf(stderr, "pg-temp.sh stop failed\n");
    folder_.clear();
    url_.clear();
  }

 private:
  void start() {
    started_ = true;
    if (!fs::exists("/usr/lib/postgresql/15/bin/initdb")) {
      problem_ = "PostgreSQL 15 binaries are missing (run scripts/install-deps.sh)";
      return;
    }
    folder_ = make_temp_folder("tt-store-pg");
    const std::string command = std::string(PG_TEMP_SCRIPT) + " start " + folder_.string() +
                                " --watch " + std::to_string(getpid());
    FILE* out = popen(command.c_str(), "r");
    if (out == nullptr) {
      problem_ = "cannot run pg-temp.sh";
      return;
    }
    char line[512] = {};
    std::string text;
    while (std::fgets(line, sizeof line, out) != nullptr) text += line;
    const int status = pclose(out);
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
    if (status != 0 || !text.starts_with("postgresql://")) {
      problem_ = "pg-temp.sh start failed (its message is above): " + text;
      return;
    }
    url_ = text;
  }

  bool started_ = false;
  fs::path folder_;
  std::string url_;
  std::string problem_;
};

class StopPgServer : public ::testing::Environment {
 public:
  void TearDown() override { PgServer::get().stop(); }
};

inline const auto* const kStopPgServer = ::testing::AddGlobalTestEnvironment(new StopPgServer);

}  // namespace tt::server
