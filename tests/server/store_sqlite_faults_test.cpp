// SQLite faults (docs/server.md, "Storage"): the WAL index is in this
// process's memory (the unix-excl VFS), so nothing done to a -shm file can
// bring the process down with SIGBUS; a file the store cannot write is
// refused when it opens; the reader connection reads while the writer holds
// its write transaction.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>

#include "core/error.h"
#include "server/store/store.h"

namespace tt::server {
namespace {

namespace fs = std::filesystem;

fs::path temp_folder() {
  std::string pattern = (fs::temp_directory_path() / "tt-sqlite-faults").string() + ".XXXXXX";
  if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  return pattern;
}

StoredTable fault_table(const std::string& id) {
  return {id, "ddm", R"({"game":"ddm","seed":1,"seats":2})", "{}", {{"human", "", ""}}, 1};
}

StoredDecision fault_decision(const std::string& table, std::int64_t index) {
  return {table, index, 0, "pass", 1795000000000 + index};
}

bool run(const std::string& command) {
  return std::system((command + " 2>/dev/null").c_str()) == 0;
}

// In a child process: decisions stored, the -shm file (if SQLite made one)
// shrunk to nothing or made immutable, more decisions stored. Before the WAL
// index left the -shm file, both ended the process with SIGBUS.
void store_then_spoil_shm_then_store(const fs::path& db, const std::string& spoil) {
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    int code = 0;
    try {
      auto store = open_store("sqlite:" + db.string());
      store->create_table(fault_table("t1"));
      for (int i = 0; i < 20; ++i) store->append({fault_decision("t1", i)});
      const fs::path shm = db.string() + "-shm";
      if (fs::exists(shm)) {
        if (spoil == "shrunk") fs::resize_file(shm, 0);
        if (spoil == "immutable") run("chattr +i " + shm.string());
      }
      for (int i = 20; i < 400; ++i) store->append({fault_decision("t1", i)});
      code = fs::exists(shm) ? 3 : 0;
    } catch (const std::exception& e) {
      std::fprintf(stderr, "child: %s\n", e.what());
      code = 2;
    }
    _exit(code);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  run("chattr -i " + db.string() + "-shm");
  ASSERT_FALSE(WIFSIGNALED(status)) << spoil << ": killed by signal " << WTERMSIG(status);
  EXPECT_EQ(WEXITSTATUS(status), 0) << spoil << ": 3 = a -shm file was used, 2 = an error";
}

TEST(SqliteFaults, NothingDoneToAShmFileCrashesTheStore) {
  const fs::path folder = temp_folder();
  store_then_spoil_shm_then_store(folder / "a.db", "shrunk");
  store_then_spoil_shm_then_store(folder / "b.db", "immutable");
  // What was stored is there.
  auto store = open_store("sqlite:" + (folder / "a.db").string());
  ASSERT_TRUE(store->load("t1").has_value());
  EXPECT_EQ(store->load("t1")->decisions.size(), 400u);
  store.reset();
  fs::remove_all(folder);
}

TEST(SqliteFaults, AFileTheStoreCannotWriteIsRefusedWhenItOpens) {
  const fs::path folder = temp_folder();
  const fs::path db = folder / "t.db";
  open_store("sqlite:" + db.string())->create_table(fault_table("t1"));
  if (!run("chattr +i " + db.string())) {
    fs::remove_all(folder);
    GTEST_SKIP() << "chattr +i is not supported here";
  }
  try {
    open_store("sqlite:" + db.string());
    ADD_FAILURE() << "a file that cannot be written was opened";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("t.db"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("cannot be written"), std::string::npos) << e.what();
  }
  run("chattr -i " + db.string());
  fs::remove_all(folder);
}

TEST(SqliteFaults, TheReaderReadsWhileTheWriterHoldsAWriteTransaction) {
  const fs::path folder = temp_folder();
  const fs::path db = folder / "t.db";
  auto store = open_store("sqlite:" + db.string());
  store->create_table(fault_table("t1"));
  store->finish("t1", "[]", R"({"r":1})", 5);
  auto reader = store->reader();
  // Another connection of this process (as the journal's would be) holds the write lock.
  sqlite3* writer = nullptr;
  ASSERT_EQ(sqlite3_open_v2(db.c_str(), &writer, SQLITE_OPEN_READWRITE, "unix-excl"), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(writer, "BEGIN IMMEDIATE; UPDATE tables SET game = 'x'", nullptr, nullptr,
                         nullptr),
            SQLITE_OK);
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(reader->record("t1").value_or(""), R"({"r":1})");
  EXPECT_EQ(reader->load("t1")->table.game, "ddm") << "the last committed state";
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
  sqlite3_exec(writer, "ROLLBACK", nullptr, nullptr, nullptr);
  sqlite3_close(writer);
  reader.reset();
  store.reset();
  fs::remove_all(folder);
}

}  // namespace
}  // namespace tt::server
