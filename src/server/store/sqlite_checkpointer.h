// The SQLite store's checkpoints, off the commit path: a thread with a
// connection of its own copies the write-ahead log back into the database
// every second (PRAGMA wal_checkpoint(PASSIVE): it never waits for the
// writer, and the writer never waits for it), so no commit pays for a
// checkpoint's copy and flush (the writer's wal_autocheckpoint is off).
#pragma once
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace tt::server::sqlite {

class Checkpointer {
 public:
  Checkpointer(std::string path, std::chrono::milliseconds every);
  ~Checkpointer();
  Checkpointer(const Checkpointer&) = delete;
  Checkpointer& operator=(const Checkpointer&) = delete;

 private:
  void run();

  std::string path_;
  std::chrono::milliseconds every_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace tt::server::sqlite
