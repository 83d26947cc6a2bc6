#include "server/store/sqlite_checkpointer.h"

#include <iostream>

#include "server/store/sqlite_db.h"

namespace tt::server::sqlite {

Checkpointer::Checkpointer(std::string path, std::chrono::milliseconds every)
    : path_(std::move(path)), every_(every) {
  thread_ = std::thread([this] { run(); });
}

Checkpointer::~Checkpointer() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

void Checkpointer::run() {
  try {
    Db db(path_);
    sqlite3_busy_timeout(db.handle(), 100);
    std::unique_lock<std::mutex> lock(mutex_);
    while (!wake_.wait_for(lock, every_, [&] { return stopping_; })) {
      lock.unlock();
      try {
        db.exec("PRAGMA wal_checkpoint(PASSIVE)");
      } catch (const Failure&) {
        // Busy (another checkpoint) or failing: the next one tries again; a
        // store that fails is the journal's to report.
      }
      lock.lock();
    }
  } catch (const std::exception& e) {
    std::cerr << "tabletop serve: the SQLite checkpointer stopped: " << e.what() << "\n";
  }
}

}  // namespace tt::server::sqlite
