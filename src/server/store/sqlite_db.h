// Thin RAII over the SQLite C API: a connection, prepared statements kept for
// reuse, and a transaction that rolls back unless committed. Failures throw
// SqliteFailure carrying SQLite's message and extended result code.
#pragma once
#include <sqlite3.h>

#include <cstdint>
#include <stdexcept>
#include <string>

namespace tt::server::sqlite {

class Failure : public std::runtime_error {
 public:
  Failure(const std::string& what, int code) : std::runtime_error(what), code_(code) {}
  int code() const {
    return code_;
  }  // the extended result code (SQLITE_CONSTRAINT_PRIMARYKEY, ...)

 private:
  int code_;
};

class Db {
 public:
  // Opens or creates the file through SQLite's "unix-excl" VFS: the process
  // holds the file's lock for itself (no other process may open it while
  // any connection of this one has it open), and the WAL index lives in this
  // process's heap, shared by its connections, instead of a memory-mapped
  // -shm file (docs/server.md, "Storage": a -shm file shrunk or made
  // immutable under the mapping is a SIGBUS). Throws Failure.
  explicit Db(const std::string& path);
  ~Db();
  Db(const Db&) = delete;
  Db& operator=(const Db&) = delete;

  // Runs SQL text with no parameters and no rows wanted (pragmas, DDL).
  void exec(const std::string& sql);
  // A one-row, one-column answer as text ("" when NULL or no row).
  std::string text(const std::string& sql);
  std::int64_t changes() const { return sqlite3_changes64(db_); }
  sqlite3* handle() const { return db_; }
  [[noreturn]] void fail(int code) const;

 private:
  sqlite3* db_ = nullptr;
};

// A prepared statement, compiled once and run many times.
class Statement {
 public:
  Statement(Db& db, const std::string& sql);
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  // Binds 1-based parameters. The text is copied.
  Statement& bind(int index, const std::string& value);
  Statement& bind(int index, std::int64_t value);
  // One step: true while a row is there. Throws Failure.
  bool step();
  // Steps to the end (a statement with no rows).
  void run();
  std::string column_text(int index) const;
  std::int64_t column_int(int index) const;
  bool column_null(int index) const;
  // Ready for the next use; releases what a half-read query holds.
  void reset();

 private:
  Db& db_;
  sqlite3_stmt* stmt_ = nullptr;
};

// Resets a statement when the scope ends, whatever happened.
class Use {
 public:
  explicit Use(Statement& statement) : statement_(statement) { statement_.reset(); }
  ~Use() { statement_.reset(); }
  Use(const Use&) = delete;
  Use& operator=(const Use&) = delete;
  Statement* operator->() { return &statement_; }
  Statement& operator*() { return statement_; }

 private:
  Statement& statement_;
};

// BEGIN (IMMEDIATE for writers: the write lock is taken at once, waiting up to
// the busy timeout) ... COMMIT, or ROLLBACK when left without commit().
class Transaction {
 public:
  Transaction(Statement& begin, Statement& commit, Statement& rollback);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit();

 private:
  Statement& commit_;
  Statement& rollback_;
  bool open_ = true;
};

}  // namespace tt::server::sqlite
